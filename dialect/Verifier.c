/* tileVerify: the rules of the tile dialect that IRDL cannot state.
 *
 * One pre-order walk. Every tensor a kernel computes with must be a tile, so
 * each tensor value is checked once, where it is defined: results of ops in
 * kernels and of tile ops, arguments of blocks inside kernels (scf.for
 * iter_args), and operands of tile ops defined elsewhere (outside a kernel
 * or outside the op tileVerify was given). Memrefs are checked as kernel
 * arguments, or where a memory op uses them when they come from elsewhere.
 * Then each tile op gets its own rules (dialect/Verify<Family>.c), which
 * only look at operands that are already valid tiles, so one bad value
 * gives one error, not a cascade. */
#include "dialect/Dialect.h"

#include <stdio.h>

#include "dialect/Verify.h"
#include "lib/IR/IR.h"
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
    {"tile.gather", tileVerifyIndirectOp},
    {"tile.scatter", tileVerifyIndirectOp},
    {"tile.atomic_rmw", tileVerifyIndirectOp},
    {"tile.atomic_cas", tileVerifyIndirectOp},
    {"tile.scan", tileVerifyScan},
    {"tile.rand", tileVerifyRandom},
    {"tile.randint", tileVerifyRandom},
    {"tile.print", tileVerifyPrint},
    {"tile.assert", tileVerifyAssert},
};

/* The rules of a user-facing tile op; null for others. */
static OpVerifier findVerifier(MlirOperation op) {
  for (size_t i = 0; i < sizeof opVerifiers / sizeof opVerifiers[0]; ++i)
    if (tileOpIsNamed(op, opVerifiers[i].name))
      return opVerifiers[i].verify;
  return NULL;
}

/* Whether a proper ancestor of `op` is a kernel. */
static bool isInsideKernel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (tileOpIsKernel(p))
      return true;
  return false;
}

/* Whether `op` is `root` or nested in it. */
static bool isWithin(MlirOperation op, MlirOperation root) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, root))
      return true;
  return false;
}

/* Whether the walk under `root` checks tensor `v` where it is defined (see
 * the file comment); kernel arguments count, as tileVerifyKernel rejects
 * tensor ones. */
static bool isCheckedAtDefinition(MlirValue v, MlirOperation root) {
  if (mlirValueIsAOpResult(v)) {
    MlirOperation owner = mlirOpResultGetOwner(v);
    return (tileOpIsTile(owner) || isInsideKernel(owner)) &&
           isWithin(owner, root);
  }
  MlirOperation parent =
      mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return !mlirOperationIsNull(parent) &&
         (tileOpIsKernel(parent) || isInsideKernel(parent)) &&
         isWithin(parent, root);
}

/* Whether `v` is an argument of a kernel within `root`. */
static bool isKernelArgument(MlirValue v, MlirOperation root) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  return !mlirOperationIsNull(parent) && tileOpIsKernel(parent) &&
         isWithin(parent, root) &&
         mlirBlockEqual(block, mlirRegionGetFirstBlock(
                                   mlirOperationGetRegion(parent, 0)));
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
  bool kernel = tileOpIsKernel(op);
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

/* Operands of tile op `op` not checked where they were defined: tensors
 * must be tiles, and memrefs of the memory ops global memrefs (kernel
 * arguments were checked at the kernel). */
static bool verifyOperandsFromOutside(MlirOperation op, MlirOperation root) {
  bool ok = true;
  OpVerifier verify = findVerifier(op);
  bool memoryOp =
      verify == tileVerifyMemoryOp || verify == tileVerifyIndirectOp;
  char what[64];
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirType t = mlirValueGetType(v);
    snprintf(what, sizeof what, "operand #%ld", (long)i);
    if (mlirTypeIsATensor(t) && !isCheckedAtDefinition(v, root))
      ok &= tileVerifyTileType(op, what, t);
    else if (memoryOp && mlirTypeIsAMemRef(t) && !isKernelArgument(v, root))
      ok &= tileVerifyGlobalMemRefType(op, what, t);
  }
  return ok;
}

static bool verifyTileOp(MlirOperation op) {
  OpVerifier verify = findVerifier(op);
  return verify ? verify(op) : true; /* internal ops: only the value rules */
}

typedef struct {
  MlirOperation root;
  bool ok;
} Walk;

static MlirWalkResult visit(MlirOperation op, void *userData) {
  Walk *w = userData;
  bool tile = tileOpIsTile(op);
  bool inKernel = isInsideKernel(op);
  bool kernel = tileOpIsKernel(op);
  if (kernel)
    w->ok &= tileVerifyKernel(op);
  if (tile || inKernel)
    w->ok &= verifyResults(op);
  if (inKernel)
    w->ok &= tileVerifyUpstreamOp(op);
  if (inKernel && tileOpIsNamed(op, "memref.dim"))
    w->ok &= tileVerifyMemrefDim(op);
  if (inKernel &&
      (tileOpIsNamed(op, "memref.load") || tileOpIsNamed(op, "memref.store")))
    w->ok &= tileVerifyScalarAccess(op);
  if (inKernel || kernel)
    w->ok &= verifyBlockArguments(op);
  if (tile) {
    w->ok &= verifyOperandsFromOutside(op, w->root);
    w->ok &= verifyTileOp(op);
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult tileVerifyOp(MlirOperation op) {
  Walk w = {op, true};
  mlirOperationWalk(op, visit, &w, MlirWalkPreOrder);
  return w.ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
