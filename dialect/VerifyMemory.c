/* Rules of the global-memory ops, tile.load, load_masked, store and
 * store_masked: the box they move has one offset per memref dimension and
 * the tile's rank and element type; a mask covers the tile exactly; a load's
 * `padding` (the value of out-of-bounds or masked-off elements) has the
 * element type, and stores take none since they write nothing there.
 * Also the upstream memref ops a kernel may use: memref.dim, and
 * memref.load/memref.store of one element of a kernel argument. */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "dialect/Dialect.h"

/* Where each piece sits in the operand list; -1 when the op has none. */
typedef struct {
  const char *name;
  int value;  /* stored tile; -1: the result is the tile */
  int mem;
  int mask;
  int offsets;
} MemoryOpShape;

static const MemoryOpShape memoryOps[] = {
    {"tile.load", -1, 0, -1, 1},
    {"tile.load_masked", -1, 0, 1, 2},
    {"tile.store", 0, 1, -1, 2},
    {"tile.store_masked", 0, 1, 2, 3},
};

static bool verifyMask(MlirOperation op, MlirType mask, MlirType tile) {
  char ms[TILE_TYPE_STR], ts[TILE_TYPE_STR];
  if (!tileIsTileType(mask))
    return true; /* reported as a value */
  bool ok = true;
  MlirType elem = mlirShapedTypeGetElementType(mask);
  if (!tileIsSignlessInt(elem, 1)) {
    tileEmitOpError(op, "mask element type %s must be i1",
                    tileTypeStr(elem, ms, sizeof ms));
    ok = false;
  }
  if (tileIsTileType(tile) && !tileSameShape(mask, tile)) {
    tileEmitOpError(op, "mask shape %s does not match tile shape %s",
                    tileShapeStr(mask, ms, sizeof ms),
                    tileShapeStr(tile, ts, sizeof ts));
    ok = false;
  }
  return ok;
}

bool tileVerifyPadding(MlirOperation op, bool allowed, MlirType elem) {
  char as[TILE_TYPE_STR], es[TILE_TYPE_STR];
  MlirAttribute pad = tileOpAttr(op, "padding");
  if (mlirAttributeIsNull(pad))
    return true;
  tileAttrStr(pad, as, sizeof as);
  if (!allowed) {
    tileEmitOpError(op, "padding (%s) is only allowed on loads and gathers",
                    as);
    return false;
  }
  if (!mlirAttributeIsAInteger(pad) && !mlirAttributeIsAFloat(pad)) {
    tileEmitOpError(op, "padding must be an integer or float attribute, got %s",
                    as);
    return false;
  }
  if (!mlirTypeEqual(mlirAttributeGetType(pad), elem)) {
    tileEmitOpError(op, "padding %s must have the memref element type %s", as,
                    tileTypeStr(elem, es, sizeof es));
    return false;
  }
  return true;
}

static bool verify(MlirOperation op, const MemoryOpShape *s) {
  bool isLoad = s->value < 0;
  if (!tileVerifyArity(op, s->offsets, isLoad ? 1 : 0))
    return false;
  MlirType mem = mlirValueGetType(mlirOperationGetOperand(op, s->mem));
  MlirType tile = isLoad
                      ? mlirValueGetType(mlirOperationGetResult(op, 0))
                      : mlirValueGetType(mlirOperationGetOperand(op, s->value));
  bool ok = true;
  if (s->mask >= 0)
    ok &= verifyMask(
        op, mlirValueGetType(mlirOperationGetOperand(op, s->mask)), tile);
  if (!tileIsGlobalMemRefType(mem))
    return ok; /* reported as a value; the rules below need a valid one */

  intptr_t rank = mlirShapedTypeGetRank(mem);
  intptr_t nOffsets = mlirOperationGetNumOperands(op) - s->offsets;
  if (nOffsets != rank) {
    tileEmitOpError(op, "number of offsets (%ld) does not match memref rank "
                    "(%ld)", (long)nOffsets, (long)rank);
    ok = false;
  }
  if (tileIsTileType(tile)) {
    if (mlirShapedTypeGetRank(tile) != rank) {
      tileEmitOpError(op, "tile rank (%ld) does not match memref rank (%ld)",
                      (long)mlirShapedTypeGetRank(tile), (long)rank);
      ok = false;
    }
    ok &= tileVerifySameElementType(op, "tile", tile, "memref", mem);
  }
  ok &= tileVerifyPadding(op, isLoad, mlirShapedTypeGetElementType(mem));
  return ok;
}

bool tileVerifyMemoryOp(MlirOperation op) {
  for (size_t i = 0; i < sizeof memoryOps / sizeof memoryOps[0]; ++i)
    if (tileOpIsNamed(op, memoryOps[i].name))
      return verify(op, &memoryOps[i]);
  return true;
}

/* memref.dim in a kernel: a constant dimension inside the memref's rank.
 * Another index would read past the memref's descriptor on the CPU, and
 * the GPU lowering knows the sizes only by constant dimension. */
bool tileVerifyMemrefDim(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 2)
    return true; /* upstream's verifier says what is wrong */
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsAMemRef(t))
    return true;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t d;
  if (!tileConstantInt(mlirOperationGetOperand(op, 1), &d)) {
    tileEmitOpError(op, "the dimension must be a constant (0 to %ld)",
                    (long)rank - 1);
    return false;
  }
  if (d < 0 || d >= rank) {
    tileEmitOpError(op, "dimension %lld is out of range for a rank-%ld "
                        "memref (0 to %ld)",
                    (long long)d, (long)rank, (long)rank - 1);
    return false;
  }
  return true;
}

/* Whether `v` is an argument of the kernel that holds it (not a block
 * argument of a loop inside it). */
static bool isKernelArgument(MlirValue v) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  return !mlirOperationIsNull(parent) && tileOpIsKernel(parent) &&
         mlirBlockEqual(block, mlirRegionGetFirstBlock(
                                   mlirOperationGetRegion(parent, 0)));
}

/* memref.load and memref.store in a kernel read and write one element of a
 * kernel argument (a block table, an expert offset). Upstream checks the
 * indices and the element type; bounds are the user's (upstream's rule). */
bool tileVerifyScalarAccess(MlirOperation op) {
  int memOperand = tileOpIsNamed(op, "memref.store") ? 1 : 0;
  if (mlirOperationGetNumOperands(op) <= memOperand)
    return true; /* upstream's verifier says what is wrong */
  MlirValue mem = mlirOperationGetOperand(op, memOperand);
  if (!mlirTypeIsAMemRef(mlirValueGetType(mem)) || isKernelArgument(mem))
    return true;
  tileEmitOpError(op, "the memref must be an argument of the kernel");
  return false;
}
