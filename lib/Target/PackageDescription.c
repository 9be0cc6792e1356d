/* The package's description of a kernel: its launch facts (warps, shared
 * memory, arguments, tensor maps) and its flops per program; see
 * PackageDescription.h. */
#include "lib/Target/PackageDescription.h"

#include <stdio.h>
#include <string.h>

#include "lib/Analysis/Multicast.h"
#include "lib/Analysis/StreamK.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Support/Error.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* A kernel's floating-point operations per program, while its dots are
 * counted; unknown once a loop's trip count is. */
typedef struct {
  MlirOperation kernel;
  double flops;
  bool unknown;
} FlopCount;

/* 2*M*N*K per dot, times the trip counts of the scf.for loops around it;
 * a loop with bounds known only at run time makes the count unknown. */
static MlirWalkResult countDot(MlirOperation op, void *userData) {
  FlopCount *c = userData;
  if (!tileOpIsNamed(op, "tile.dot"))
    return MlirWalkResultAdvance;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetOperand(op, 1));
  double f = 2.0 * (double)mlirShapedTypeGetDimSize(a, 0) *
             (double)mlirShapedTypeGetDimSize(a, 1) *
             (double)mlirShapedTypeGetDimSize(b, 1);
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, c->kernel);
       p = mlirOperationGetParentOperation(p)) {
    if (!tileOpIsNamed(p, "scf.for"))
      continue;
    int64_t lb, ub, step;
    if (!tileConstantInt(mlirOperationGetOperand(p, 0), &lb) ||
        !tileConstantInt(mlirOperationGetOperand(p, 1), &ub) ||
        !tileConstantInt(mlirOperationGetOperand(p, 2), &step) || step <= 0) {
      c->unknown = true;
      return MlirWalkResultInterrupt;
    }
    f *= ub > lb ? (double)((ub - lb + step - 1) / step) : 0.0;
  }
  c->flops += f;
  return MlirWalkResultAdvance;
}

/* Flops per program for TFLOP/s reports; 0 when unknown or too large. */
static int flopsPerProgram(MlirOperation kernel) {
  FlopCount c = {kernel, 0.0, false};
  mlirOperationWalk(kernel, countDot, &c, MlirWalkPreOrder);
  return c.unknown || c.flops > 2147483647.0 ? 0 : (int)c.flops;
}

int tileGpuDescribePackage(MlirOperation kernel, const char *name,
                           const TileGpuOptions *o, int numWarps, int64_t smem,
                           TilePackage *p, char *err, size_t errSize) {
  memset(p, 0, sizeof *p);
  snprintf(p->kernelName, sizeof p->kernelName, "%s", name);
  snprintf(p->chip, sizeof p->chip, "%s", o->options.chip);
  p->numWarps = numWarps;
  p->producerWarps = tileKernelProducerWarps(kernel);
  /* 2: stream-K, whose launch may add blocks for the parts of programs
   * (Package.h). */
  p->persistent = tileKernelStreamK(kernel)      ? 2
                  : tileKernelPersistent(kernel) ? 1
                                                 : 0;
  p->indexBits = o->options.indexBits;
  /* Clusters of two blocks along x: CTA pairs or TMA multicast. */
  p->ctaPairs = tileKernelCtaPairs(kernel) || tileKernelMulticast(kernel);
  p->sharedBytes = (int)smem;
  p->flopsPerProgram = flopsPerProgram(kernel);
  MlirType fnType = mlirTypeAttrGetValue(tileOpAttr(kernel, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  if (n > TILE_PACKAGE_MAX_ARGS)
    return tileFail(err, errSize, "kernel '%s' has %ld arguments (at most %d)",
                    name, (long)n, TILE_PACKAGE_MAX_ARGS);
  p->numArgs = (int)n;
  for (intptr_t i = 0; i < n; ++i) {
    TileKernelArg k;
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fnType, i), &k))
      return tileFail(err, errSize,
                      "kernel '%s': argument #%ld has type %s, which a package "
                      "cannot describe",
                      name, (long)i, k.type);
    TilePackageArg *a = &p->args[i];
    a->isMemref = k.kind == TILE_ARG_MEMREF;
    a->isIndex = k.kind == TILE_ARG_INDEX;
    a->dtype = k.dtype;
    a->rank = k.rank;
    memcpy(a->shape, k.shape, sizeof a->shape);
  }
  /* The aligned entry's tensor maps, in its parameters' order. */
  TileTmaMap maps[TILE_TMA_MAX_MAPS];
  p->numTensorMaps = tileTmaMaps(kernel, maps);
  for (int i = 0; i < p->numTensorMaps; ++i)
    p->tensorMaps[i] = (TilePackageTensorMap){
        maps[i].arg, maps[i].boxRows, maps[i].boxCols, maps[i].swizzleBytes};
  return 0;
}
