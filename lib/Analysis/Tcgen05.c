/* tcgen05 instruction selection; see Tcgen05.h. */
#include "lib/Analysis/Tcgen05.h"

#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "mlir-c/BuiltinTypes.h"

bool tileChipHasTcgen05(const char *chip) {
  return chip && strcmp(chip, "sm_100a") == 0;
}

static int64_t dim(MlirValue v, intptr_t d) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), d);
}

bool tileTcgen05For(MlirOperation dot, const char *chip, int numWarps, int *n,
                    const char **why) {
  TileMmaInstr in;
  *why = NULL;
  if (!tileChipHasTcgen05(chip)) {
    *why = "tcgen05 needs chip=sm_100a";
    return false;
  }
  if (!tileMmaInstrFor(dot, &in, why))
    return false;
  bool fp8 = in.wgmmaOnly, tf32 = in.input == MMA_TF32;
  if ((in.input != MMA_F16 && in.input != MMA_BF16 && !fp8 && !tf32) ||
      in.accF16) {
    *why = "tcgen05 is used for f16, bf16, tf32 and fp8 inputs with f32 "
           "accumulators";
    return false;
  }
  MlirValue result = mlirOperationGetResult(dot, 0);
  int64_t M = dim(result, 0), N = dim(result, 1);
  int64_t K = dim(mlirOperationGetOperand(dot, 0), 1);
  if (M % 128 != 0 || numWarps % 4 != 0) {
    *why = "tcgen05 (cta_group::1) needs M a multiple of 128 and warps in "
           "groups of 4 (one accumulator row per tensor-memory lane)";
    return false;
  }
  bool bTransposed = !mlirOperationIsNull(tileMmaTransposedB(dot));
  if ((fp8 || tf32) && !bTransposed) {
    *why = "tf32 and fp8 dots read B only K-major here: store B as [N][K] "
           "and tile.trans it";
    return false;
  }
  TileSmemLayout s;
  int eb = in.inputBytes;
  if (K % in.k != 0 || !tileSmemLayoutForWgmma(M, K, eb, false, &s) ||
      !tileSmemLayoutForWgmma(K, N, eb, bTransposed, &s)) {
    *why = "the operands' rows are not a width the shared-memory "
           "descriptors' swizzles describe";
    return false;
  }
  int instrN = tileMmaInstrWidth(N, 16);
  /* M = 128: N a multiple of 16 from 16 to 256 (PTX ISA, tcgen05 "Matrix
   * shape"); each warp column block of the accumulator whole columns. */
  if (instrN <= 0 || N % 16 != 0 || N % (numWarps / 4) != 0) {
    *why = "N has no tcgen05 instruction width (a multiple of 16)";
    return false;
  }
  *n = instrN;
  return true;
}

int64_t tileTcgen05AccumulatorColumns(MlirOperation dot) {
  MlirValue result = mlirOperationGetResult(dot, 0);
  return dim(result, 0) / 128 * dim(result, 1);
}

int64_t tileTcgen05AllocColumns(int64_t columns) {
  int64_t c = 32;
  while (c < columns)
    c *= 2;
  return c;
}
