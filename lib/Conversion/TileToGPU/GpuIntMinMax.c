/* i32 min and max as PTX `vmin`/`vmax`, after the kernel is lowered.
 * Declared in GpuOps.h.
 *
 * Why: ptxas of CUDA 13.0 (-O1 to -O3, and the driver's JIT of PTX for a
 * Hopper) fuses chains of `max.s32`/`min.s32` into three-input VIMNMX3
 * and, where an operand was negated (`neg.s32`, `sub 0, x`), can pass it
 * the register without its negation: a 64x32 max-reduce of `0 - x` over 4
 * warps gave the maxima of x over one row group (docs/difftest.md,
 * test/Run/reduce-max-negated.test; found by the random-kernel campaign).
 * The same PTX with the min/max as the video instructions `vmin`/`vmax`
 * (one VIMNMX each, never fused into VIMNMX3) is right, so every scalar
 * i32 arith.{max,min}{si,ui} of the lowered kernel becomes one: its
 * elementwise ops and the reductions', scans' and shuffles' combines.
 * i16 and i8 ones too, extended to i32 and the result truncated back: an
 * i16 max-reduce of a negated tile over 2 warps (`neg.s16`, `max.s16`)
 * was wrong on sm_90a and sm_80 code alike (random kernel 110145 of
 * gen2). The signed ones arrive here widened already, their operands
 * sign-extended by bfe.s32 (GpuNarrowSigned.c: ptxas's extension of a
 * negated 16-bit value is another bug); the unsigned ones are zero-
 * extended here. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include "lib/Conversion/TileToGPU/GpuValues.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "mlir-c/BuiltinTypes.h"

static const char *videoInstruction(MlirOperation op) {
  static const struct {
    const char *name, *ptx;
  } table[] = {{"arith.maxsi", "vmax.s32.s32.s32 $0, $1, $2;"},
               {"arith.minsi", "vmin.s32.s32.s32 $0, $1, $2;"},
               {"arith.maxui", "vmax.u32.u32.u32 $0, $1, $2;"},
               {"arith.minui", "vmin.u32.u32.u32 $0, $1, $2;"}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (tileOpIsNamed(op, table[i].name)) {
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
      return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) <= 32 &&
                     mlirIntegerTypeGetWidth(t) > 1
                 ? table[i].ptx
                 : NULL;
    }
  return NULL;
}

static bool isMinMax(MlirOperation op) { return videoInstruction(op); }

void gpuIntMinMaxAsVideo(MlirOperation func) {
  TileOpList found = {0};
  tileOpListCollect(&found, func, MlirWalkPostOrder, isMinMax);
  for (int i = 0; i < found.count; ++i) {
    MlirOperation op = found.ops[i];
    TileBuilder b = tileBuilderBefore(op);
    MlirValue operands[2] = {mlirOperationGetOperand(op, 0),
                             mlirOperationGetOperand(op, 1)};
    MlirValue old = mlirOperationGetResult(op, 0), r;
    MlirType t = mlirValueGetType(old);
    MlirType i32 = mlirIntegerTypeGet(b.ctx, 32);
    bool narrow = mlirIntegerTypeGetWidth(t) < 32;
    for (int k = 0; k < 2 && narrow; ++k) /* unsigned: see above */
      operands[k] = bCast(&b, "arith.extui", operands[k], i32);
    gpuInlinePtx(&b, videoInstruction(op), "=r,r,r", 2, operands, 1, i32,
                 false, &r);
    if (narrow)
      r = bCast(&b, "arith.trunci", r, t);
    mlirValueReplaceAllUsesOfWith(old, r);
    mlirOperationDestroy(op);
  }
  tileOpListFree(&found);
}
