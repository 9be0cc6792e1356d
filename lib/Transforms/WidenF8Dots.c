/* tile-widen-f8-dots; see WidenF8Dots.h. */
#include "lib/Transforms/WidenF8Dots.h"

#include <stdio.h>
#include <string.h>

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

/* Whether fp8 dot `op` runs on an fp8 tensor-core instruction; if not,
 * *why says why not. One whose shape is no multiple of the instruction's
 * (K = 16, where fp8 takes 32) would be an FMA loop over fp8 values, which
 * the GPU lowering cannot extend; widened, it runs on f16's (mma.sync
 * m16n8k16). */
static bool onFp8TensorCores(MlirOperation op, const Widen *w,
                             const char **why) {
  TileMmaInstr instr;
  int n;
  if (!tileMmaInstrFor(op, &instr, why))
    return false;
  if (!instr.wgmmaOnly)
    return true;
  if (!w->chip || !(strcmp(w->chip, "sm_90a") == 0 ||
                    tileChipHasTcgen05(w->chip))) {
    *why = "fp8 dots run on wgmma (sm_90a) and tcgen05 (sm_100a) only, "
           "and this chip has neither";
    return false;
  }
  if (!tileChipHasTcgen05(w->chip))
    return tileWgmmaFor(op, w->chip, w->numWarps, &n, why);
  const char *tcgen05Why;
  if (tileTcgen05For(op, w->chip, w->numWarps, &n, &tcgen05Why) ||
      tileWgmmaFor(op, w->chip, w->numWarps, &n, why))
    return true;
  *why = tcgen05Why; /* the chip's own instruction's reason */
  return false;
}

/* The widening is a cliff (f16's tensor-core rate, half of fp8's, and
 * twice the operand bytes in shared memory): the lowering says it as a
 * remark at the dot (tile.widen_f8_why). */
static void sayWhy(MlirOperation dot, const char *why) {
  char msg[320];
  snprintf(msg, sizeof msg,
           "fp8 tile.dot widened to f16 (f16's tensor-core rate, half of "
           "fp8's): %s",
           why ? why : "no fp8 instruction fits it");
  tileOpSetStrAttr(dot, "tile.widen_f8_why", msg);
}

static MlirWalkResult widenDot(MlirOperation op, void *userData) {
  const Widen *w = userData;
  const char *why = NULL;
  if (!tileOpIsNamed(op, "tile.dot") ||
      !tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, 1))) ||
      onFp8TensorCores(op, w, &why))
    return MlirWalkResultAdvance;
  sayWhy(op, why);
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
