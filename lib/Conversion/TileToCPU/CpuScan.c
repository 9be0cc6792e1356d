/* tile.scan on the CPU: an scf.for nest over the lines along `axis`, each
 * line one loop carrying the running value and the result tile, which
 * starts as the source (element 0 of a line, or n-1 with `reverse`, is its
 * own prefix). Kinds and their combiners are tile.reduce's (Combiner.h);
 * f16/bf16 add and mul accumulate in f32 and each element is rounded once
 * (docs/dialect.md, "Numerics"). */
#include "lib/Conversion/TileToCPU/CpuOps.h"

#include "lib/Conversion/Combiner.h"
#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxRank = 3 };

static MlirValue insertAt(TileBuilder *b, MlirValue v, MlirValue tile,
                          intptr_t rank, const MlirValue *idx) {
  MlirValue operands[2 + kMaxRank] = {v, tile};
  for (intptr_t d = 0; d < rank; ++d)
    operands[2 + d] = idx[d];
  MlirType type = mlirValueGetType(tile);
  return bInsert(b, tileOpCreate(b->loc, "tensor.insert", 2 + rank, operands,
                                 1, &type, 0, NULL));
}

/* Scans the line at the other coordinates of `idx` (idx[axis] is set
 * here) in `tile`, reading `x`; returns the updated tile. */
static MlirValue scanLine(TileBuilder *b, MlirValue x, MlirValue tile,
                          intptr_t axis, MlirValue *idx,
                          const char *combiner, bool wide, bool reverse) {
  MlirType type = mlirValueGetType(x);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t n = mlirShapedTypeGetDimSize(type, axis);
  idx[axis] = bConstIndex(b, reverse ? n - 1 : 0);
  MlirValue first = bExtract(b, x, rank, idx);
  if (wide)
    first = bCast(b, "arith.extf", first, f32);
  MlirValue inits[] = {tile, first};
  TileBuilder loop;
  MlirOperation forOp = bFor(b, bConstIndex(b, 1), bConstIndex(b, n),
                             bConstIndex(b, 1), 2, inits, &loop);
  MlirValue j = mlirBlockGetArgument(loop.block, 0);
  idx[axis] =
      reverse ? bBinary(&loop, "arith.subi", bConstIndex(&loop, n - 1), j) : j;
  MlirValue acc = mlirBlockGetArgument(loop.block, 2);
  MlirValue v = bExtract(&loop, x, rank, idx);
  if (wide)
    v = bCast(&loop, "arith.extf", v, f32);
  MlirValue next = bBinary(&loop, combiner, acc, v);
  MlirValue out = wide ? bCast(&loop, "arith.truncf", next, elem) : next;
  MlirValue yields[] = {
      insertAt(&loop, out, mlirBlockGetArgument(loop.block, 1), rank, idx),
      next};
  bYield(&loop, "scf.yield", 2, yields);
  return mlirOperationGetResult(forOp, 0);
}

MlirValue tileCpuLowerScan(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x);
  MlirType elem = mlirShapedTypeGetElementType(type);
  int64_t axis = 0;
  MlirStringRef kind = {"", 0};
  tileOpIntAttr(op, "axis", &axis);
  tileOpStrAttr(op, "kind", &kind);
  const char *combiner = tileReduceCombiner(kind, elem);
  if (!combiner) {
    tileEmitOpError(op, "kind \"%.*s\" has no CPU lowering for this type",
                    (int)kind.length, kind.data);
    return (MlirValue){NULL};
  }
  bool wide = tileReduceAccumulatesWide(kind, elem);
  bool reverse = !mlirAttributeIsNull(tileOpAttr(op, "reverse"));
  intptr_t rank = mlirShapedTypeGetRank(type);
  /* One loop per dimension other than the axis, carrying the tile. */
  TileBuilder loops[kMaxRank + 1];
  MlirOperation fors[kMaxRank];
  MlirValue idx[kMaxRank], tile = x;
  loops[0] = b;
  intptr_t depth = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    if (d == axis)
      continue;
    TileBuilder *at = &loops[depth];
    fors[depth] = bFor(at, bConstIndex(at, 0),
                       bConstIndex(at, mlirShapedTypeGetDimSize(type, d)),
                       bConstIndex(at, 1), 1, &tile, &loops[depth + 1]);
    idx[d] = mlirBlockGetArgument(loops[depth + 1].block, 0);
    tile = mlirBlockGetArgument(loops[depth + 1].block, 1);
    ++depth;
  }
  MlirValue result = scanLine(&loops[depth], x, tile, axis, idx, combiner,
                              wide, reverse);
  for (intptr_t k = depth; k >= 1; --k) {
    bYield(&loops[k], "scf.yield", 1, &result);
    result = mlirOperationGetResult(fors[k - 1], 0);
  }
  return result;
}
