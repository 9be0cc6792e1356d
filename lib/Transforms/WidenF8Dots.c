/* tile-widen-f8-dots; see WidenF8Dots.h. */
#include "lib/Transforms/WidenF8Dots.h"

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "mlir-c/BuiltinTypes.h"
#include "dialect/Dialect.h"

typedef struct {
  int numWarps;
  const char *chip;
} Widen;

static void widenOperand(MlirOperation dot, intptr_t i) {
  MlirValue v = mlirOperationGetOperand(dot, i);
  TileBuilder b = tileBuilderBefore(dot);
  MlirType f16 = tileShapedLike(mlirValueGetType(v), mlirF16TypeGet(b.ctx));
  mlirOperationSetOperand(dot, i, bCast(&b, "arith.extf", v, f16));
}

/* Whether fp8 dot `op` runs on an fp8 tensor-core instruction. One whose
 * shape is no multiple of the instruction's (K = 16, where fp8 takes 32)
 * would be an FMA loop over fp8 values, which the GPU lowering cannot
 * extend; widened, it runs on f16's (mma.sync m16n8k16). */
static bool onFp8TensorCores(MlirOperation op, const Widen *w) {
  TileMmaInstr instr;
  const char *why;
  int n;
  return tileMmaInstrFor(op, &instr, &why) &&
         (!instr.wgmmaOnly ||
          tileWgmmaFor(op, w->chip, w->numWarps, &n, &why) ||
          tileTcgen05For(op, w->chip, w->numWarps, &n, &why));
}

static MlirWalkResult widenDot(MlirOperation op, void *userData) {
  const Widen *w = userData;
  if (!tileOpIsNamed(op, "tile.dot") ||
      !tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, 1))) ||
      onFp8TensorCores(op, w))
    return MlirWalkResultAdvance;
  widenOperand(op, 0);
  widenOperand(op, 1);
  return MlirWalkResultAdvance;
}

static MlirWalkResult widenKernel(MlirOperation op, void *userData) {
  const Widen *outer = userData;
  if (!tileOpIsKernel(op))
    return MlirWalkResultAdvance;
  Widen w = {tileKernelNumWarps(op, outer->numWarps), outer->chip};
  mlirOperationWalk(op, widenDot, &w, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

MlirLogicalResult tileWidenF8Dots(MlirOperation op, int numWarps,
                                  const char *chip) {
  Widen w = {numWarps, chip && chip[0] ? chip : NULL};
  mlirOperationWalk(op, widenKernel, &w, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
