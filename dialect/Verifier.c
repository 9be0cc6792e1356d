/* tileVerify: the rules of the tile dialect that IRDL cannot state.
 *
 * One pre-order walk. Every tensor a kernel computes with must be a tile, so
 * each tensor value is checked once, where it is defined: results of ops in
 * kernels and of tile ops, arguments of blocks inside kernels (scf.for
 * iter_args), and operands of tile ops that come from outside a kernel.
 * Then each tile op gets its own rules (dialect/Verify<Family>.c), which
 * only look at operands that are already valid tiles, so one bad value
 * gives one error, not a cascade. */
#include "tile-c/Dialect.h"

#include <stdio.h>

#include "dialect/Verify.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinTypes.h"

typedef bool (*OpVerifier)(MlirOperation op);

static const struct {
  const char *name;
  OpVerifier verify;
} opVerifiers[] = {
    {"tile.program_id", tileVerifyProgramAxisOp},
    {"tile.num_programs", tileVerifyProgramAxisOp},
    {"tile.range", tileVerifyRange},
    {"tile.splat", tileVerifySplat},
    {"tile.broadcast", tileVerifyBroadcast},
    {"tile.expand_dims", tileVerifyExpandDims},
    {"tile.reshape", tileVerifyReshape},
    {"tile.trans", tileVerifyTrans},
    {"tile.load", tileVerifyMemoryOp},
    {"tile.load_masked", tileVerifyMemoryOp},
    {"tile.store", tileVerifyMemoryOp},
    {"tile.store_masked", tileVerifyMemoryOp},
    {"tile.dot", tileVerifyDot},
    {"tile.reduce", tileVerifyReduce},
};

/* Whether a proper ancestor of `op` is a kernel. */
static bool isInsideKernel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (tileIsKernel(p))
      return true;
  return false;
}

/* Whether the walk checks `v` where it is defined (see the file comment);
 * kernel arguments count, since tileVerifyKernel rejects tensor ones. */
static bool isCheckedAtDefinition(MlirValue v) {
  if (mlirValueIsAOpResult(v)) {
    MlirOperation owner = mlirOpResultGetOwner(v);
    return tileOpIsTile(owner) || isInsideKernel(owner);
  }
  MlirOperation parent = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return !mlirOperationIsNull(parent) &&
         (tileIsKernel(parent) || isInsideKernel(parent));
}

static bool verifyIfTensor(MlirOperation op, const char *what, MlirType t) {
  return !mlirTypeIsATensor(t) || tileVerifyTileType(op, what, t);
}

static bool verifyResults(MlirOperation op) {
  bool ok = true;
  char what[64];
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i) {
    snprintf(what, sizeof what, "result #%ld", (long)i);
    ok &= verifyIfTensor(op, what,
                         mlirValueGetType(mlirOperationGetResult(op, i)));
  }
  return ok;
}

/* Arguments of the blocks in `op`'s regions, skipping the entry block of a
 * kernel (its arguments are the kernel's, checked by tileVerifyKernel). */
static bool verifyBlockArguments(MlirOperation op) {
  bool ok = true;
  bool kernel = tileIsKernel(op);
  char what[96];
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    for (intptr_t bi = 0; !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b), ++bi) {
      if (kernel && bi == 0)
        continue;
      for (intptr_t i = 0, n = mlirBlockGetNumArguments(b); i < n; ++i) {
        snprintf(what, sizeof what, "region #%ld block #%ld argument #%ld",
                 (long)r, (long)bi, (long)i);
        ok &= verifyIfTensor(op, what,
                             mlirValueGetType(mlirBlockGetArgument(b, i)));
      }
    }
  }
  return ok;
}

static bool verifyOperandsFromOutside(MlirOperation op) {
  bool ok = true;
  char what[64];
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isCheckedAtDefinition(v))
      continue;
    snprintf(what, sizeof what, "operand #%ld", (long)i);
    ok &= verifyIfTensor(op, what, mlirValueGetType(v));
  }
  return ok;
}

static bool verifyTileOp(MlirOperation op) {
  for (size_t i = 0; i < sizeof opVerifiers / sizeof opVerifiers[0]; ++i)
    if (tileOpIsNamed(op, opVerifiers[i].name))
      return opVerifiers[i].verify(op);
  return true; /* internal ops that passes insert: only the value rules */
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  bool *ok = userData;
  bool tile = tileOpIsTile(op);
  bool inKernel = isInsideKernel(op);
  bool kernel = tileIsKernel(op);
  if (kernel)
    *ok &= tileVerifyKernel(op);
  if (tile || inKernel)
    *ok &= verifyResults(op);
  if (inKernel || kernel)
    *ok &= verifyBlockArguments(op);
  if (tile) {
    *ok &= verifyOperandsFromOutside(op);
    *ok &= verifyTileOp(op);
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult tileVerify(MlirOperation op) {
  bool ok = true;
  mlirOperationWalk(op, visit, &ok, MlirWalkPreOrder);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
