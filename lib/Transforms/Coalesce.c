/* tile-coalesce; see Coalesce.h. */
#include "lib/Transforms/Coalesce.h"

#include "dialect/Dialect.h"
#include "lib/Analysis/Contiguity.h"
#include "lib/Analysis/Layout.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "mlir-c/BuiltinTypes.h"

static MlirWalkResult coalesceLoad(MlirOperation op, void *userData) {
  int numWarps = *(const int *)userData;
  if (!tileOpIsNamed(op, "tile.load") && !tileOpIsNamed(op, "tile.load_masked"))
    return MlirWalkResultAdvance;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  bool contiguous =
      tileMemrefInnerContiguous(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  TileLayout l = tileLayoutDefaultFor(t, contiguous ? 0 : 1, numWarps);
  mlirOperationSetAttributeByName(
      op, tileStr("tile.layout"),
      tileLayoutToAttr(mlirOperationGetContext(op), &l));
  return MlirWalkResultAdvance;
}

static MlirWalkResult coalesceKernel(MlirOperation op, void *userData) {
  if (!tileOpIsKernel(op))
    return MlirWalkResultAdvance;
  int numWarps = tileKernelNumWarps(op, *(const int *)userData);
  mlirOperationWalk(op, coalesceLoad, &numWarps, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

MlirLogicalResult tileCoalesce(MlirOperation op, int numWarps) {
  mlirOperationWalk(op, coalesceKernel, &numWarps, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
