/* mma.sync instruction selection; see Mma.h. */
#include "lib/Analysis/Mma.h"

#include <string.h>

#include "lib/Analysis/SmemLayout.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

static MlirType elemOf(MlirValue v) {
  return mlirShapedTypeGetElementType(mlirValueGetType(v));
}

static bool isInt(MlirType t, unsigned width) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == width;
}

/* A dot's M x N result and its K. */
void tileMmaDotShape(MlirOperation dot, int64_t *m, int64_t *n, int64_t *k) {
  MlirType at = mlirValueGetType(mlirOperationGetOperand(dot, 0));
  MlirType ct = mlirValueGetType(mlirOperationGetResult(dot, 0));
  *m = mlirShapedTypeGetDimSize(ct, 0);
  *n = mlirShapedTypeGetDimSize(ct, 1);
  *k = mlirShapedTypeGetDimSize(at, 1);
}

static TileMmaInput fp8Input(MlirType t) {
  return mlirTypeIsAFloat8E4M3FN(t) ? MMA_E4M3 : MMA_E5M2;
}

bool tileDotIsTf32(MlirOperation dot) {
  MlirStringRef precision;
  return mlirTypeIsAF32(elemOf(mlirOperationGetOperand(dot, 0))) &&
         !(tileOpStrAttr(dot, "precision", &precision) &&
           mlirStringRefEqual(precision, tileStr("ieee")));
}

bool tileDotPromotesF8(MlirOperation dot) {
  MlirStringRef precision;
  if (!tileTypeIsF8(elemOf(mlirOperationGetOperand(dot, 0))) ||
      (tileOpStrAttr(dot, "precision", &precision) &&
       mlirStringRefEqual(precision, tileStr("fast"))))
    return false;
  /* A sum of at most TILE_F8_PROMOTE_K products from zero (attention's
   * scores) is one run already. */
  int64_t m, n, k;
  tileMmaDotShape(dot, &m, &n, &k);
  double acc;
  return k > TILE_F8_PROMOTE_K ||
         !tileConstantFloat(mlirOperationGetOperand(dot, 2), &acc) ||
         acc != 0.0;
}

bool tileMmaInstrFor(MlirOperation dot, TileMmaInstr *out, const char **why) {
  MlirType a = elemOf(mlirOperationGetOperand(dot, 0));
  MlirType b = elemOf(mlirOperationGetOperand(dot, 1));
  MlirType c = elemOf(mlirOperationGetResult(dot, 0));
  *why = NULL;
  bool fp8 = tileTypeIsF8(a) && tileTypeIsF8(b);
  if (!mlirTypeEqual(a, b) && !fp8) {
    *why = "A and B have different element types";
    return false;
  }
  if (fp8 && mlirTypeIsAF32(c)) {
    /* The two formats mix: wgmma takes e4m3 x e5m2. */
    *out = (TileMmaInstr){fp8Input(a), 32, 1, false, fp8Input(b), true};
  } else if (mlirTypeIsAF16(a) && (mlirTypeIsAF32(c) || mlirTypeIsAF16(c))) {
    *out = (TileMmaInstr){MMA_F16, 16, 2, mlirTypeIsAF16(c), MMA_F16, false};
  } else if (mlirTypeIsABF16(a) && mlirTypeIsAF32(c)) {
    *out = (TileMmaInstr){MMA_BF16, 16, 2, false, MMA_BF16, false};
  } else if (mlirTypeIsAF32(a) && mlirTypeIsAF32(c)) {
    if (!tileDotIsTf32(dot)) {
      *why = "precision = \"ieee\" has no tensor-core instruction";
      return false;
    }
    *out = (TileMmaInstr){MMA_TF32, 8, 4, false, MMA_TF32, false};
  } else if (isInt(a, 8) && isInt(c, 32)) {
    *out = (TileMmaInstr){MMA_S8, 32, 1, false, MMA_S8, false};
  } else {
    *why = "no mma.sync instruction for these element types";
    return false;
  }
  int64_t m, n, k;
  tileMmaDotShape(dot, &m, &n, &k);
  if (m % 16 != 0 || n % 8 != 0 || k % out->k != 0) {
    *why = "the shape is not a multiple of the instruction's";
    return false;
  }
  return true;
}

bool tileMmaAFromRegisters(const TileLayout *a, const TileLayout *result,
                           const TileMmaInstr *in) {
  /* fp8 on wgmma too: its register fragments are four bytes of a row
   * where the accumulator holds pairs, which lane shuffles within each
   * quad rearrange (gpuMmaAFragments). */
  bool bytesOnWgmma = in->wgmmaOnly && result->wgmmaN > 0;
  return (in->inputBytes == 2 || bytesOnWgmma) && a->kind == LAYOUT_MMA &&
         result->kind == LAYOUT_MMA && a->blocked.warpsPerCTA[1] == 1 &&
         result->blocked.warpsPerCTA[1] == 1 &&
         a->blocked.warpsPerCTA[0] == result->blocked.warpsPerCTA[0];
}

bool tileMmaLayoutFor(int64_t m, int64_t n, int numWarps, TileLayout *out) {
  int wm = 1, wn = 1;
  for (int left = numWarps; left > 1; left /= 2) {
    bool rowsSplit = m % (16 * wm * 2) == 0;
    bool colsSplit = n % (8 * wn * 2) == 0;
    /* The larger per-warp extent first: squarer warp tiles reuse more
     * fragments per mma. */
    if (rowsSplit && (!colsSplit || m / wm >= n / wn))
      wm *= 2;
    else if (colsSplit)
      wn *= 2;
    else
      return false;
  }
  if (wm * wn != numWarps)
    return false; /* not a power of two */
  *out = tileLayoutMma(wm, wn);
  return true;
}

MlirOperation tileMmaTransposedB(MlirOperation dot) {
  MlirValue b = mlirOperationGetOperand(dot, 1);
  MlirOperation trans = tileDefiningOp(b);
  if (mlirOperationIsNull(trans) || !tileOpIsNamed(trans, "tile.trans") ||
      mlirShapedTypeGetRank(mlirValueGetType(b)) != 2)
    return (MlirOperation){NULL};
  /* One use: the dot's B. */
  MlirOpOperand use = tileOnlyUse(b);
  if (mlirOpOperandIsNull(use) ||
      !mlirOperationEqual(mlirOpOperandGetOwner(use), dot) ||
      mlirOpOperandGetOperandNumber(use) != 1)
    return (MlirOperation){NULL};
  return trans;
}

int tileMmaInstrWidth(int64_t n, int step) {
  if (n <= 256)
    return (int)n;
  int width = 256;
  while (width > 0 && n % width != 0)
    width -= step;
  return width;
}

bool tileMmaDescriptorOperands(int64_t M, int64_t N, int64_t K,
                               const TileMmaInstr *in, bool bTransposed) {
  TileSmemLayout s;
  int eb = in->inputBytes;
  return K % in->k == 0 && tileSmemLayoutForWgmma(M, K, eb, false, &s) &&
         tileSmemLayoutForWgmma(K, N, eb, bTransposed, &s);
}

bool tileMmaAsyncInstrFor(MlirOperation dot, TileMmaInstr *in,
                          const char *refusal, const char **why) {
  if (!tileMmaInstrFor(dot, in, why))
    return false;
  if ((in->input != MMA_F16 && in->input != MMA_BF16 && !in->wgmmaOnly &&
       in->input != MMA_TF32) ||
      in->accF16) {
    *why = refusal;
    return false;
  }
  return true;
}

bool tileWgmmaFor(MlirOperation dot, const char *chip, int numWarps, int *n,
                  const char **why) {
  TileMmaInstr in;
  *why = NULL;
  if (!chip || strcmp(chip, "sm_90a") != 0) {
    *why = "wgmma needs chip=sm_90a";
    return false;
  }
  if (!tileMmaAsyncInstrFor(dot, &in,
                            "wgmma is used for f16, bf16, tf32 and fp8 "
                            "inputs with f32 accumulators",
                            why))
    return false;
  bool fp8 = in.wgmmaOnly, tf32 = in.input == MMA_TF32;
  int64_t M, N, K;
  tileMmaDotShape(dot, &M, &N, &K);
  if (numWarps % 4 != 0 || M % (16 * numWarps) != 0) {
    *why = "the warpgroups cannot each own 64-row blocks of the result";
    return false;
  }
  bool bTransposed = !mlirOperationIsNull(tileMmaTransposedB(dot));
  if (fp8 && !bTransposed) {
    *why = "fp8 wgmma reads B only K-major: store B as [N][K] and "
           "tile.trans it (as torch._scaled_mm's column-major B)";
    return false;
  }
  if (tf32 && !bTransposed) {
    *why = "tf32 wgmma reads B only K-major: store B as [N][K] and "
           "tile.trans it (as a linear layer's weight)";
    return false;
  }
  if (!tileMmaDescriptorOperands(M, N, K, &in, bTransposed)) {
    *why = "the operands' rows are not a width wgmma's shared-memory "
           "layouts describe";
    return false;
  }
  int instrN = tileMmaInstrWidth(N, 64);
  if (instrN <= 0 || N % 8 != 0) {
    *why = "N has no wgmma instruction width";
    return false;
  }
  *n = instrN;
  return true;
}

bool tileMmaUnitReshape(MlirOperation op) {
  if (!tileOpIsNamed(op, "tile.reshape"))
    return false;
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t fr = mlirShapedTypeGetRank(from), tr = mlirShapedTypeGetRank(to);
  if (fr < tr || fr > TILE_MAX_LAYOUT_RANK)
    return false;
  for (intptr_t d = 0; d < fr; ++d) {
    int64_t n = mlirShapedTypeGetDimSize(from, d);
    if (d < fr - tr ? n != 1
                    : n != mlirShapedTypeGetDimSize(to, d - (fr - tr)))
      return false;
  }
  TileLayout l;
  if (!tileTypeLayout(from, &l) && !tileTypeLayout(to, &l))
    return true;
  return tileTypesSameRegisters(from, to);
}

/* The dot `use` reaches, directly or as B through a tile.trans whose only
 * use it is, and the layout it recorded for the operand, as the tile
 * before the trans lies in it. */
static bool dotOfUse(MlirOpOperand use, MlirOperation *dot, int *operand,
                     TileSmemLayout *stored) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  bool throughTrans = false;
  if (tileOpIsNamed(user, "tile.trans")) {
    use = tileOnlyUse(mlirOperationGetResult(user, 0));
    if (mlirOpOperandIsNull(use))
      return false;
    MlirOperation d = mlirOpOperandGetOwner(use);
    if (!tileOpIsNamed(d, "tile.dot") ||
        !mlirOperationEqual(tileMmaTransposedB(d), user))
      return false;
    user = d;
    throughTrans = true;
  }
  unsigned i = mlirOpOperandGetOperandNumber(use);
  if (!tileOpIsNamed(user, "tile.dot") || i > 1 ||
      !tileSmemLayoutFromAttr(
          tileOpAttr(user, i == 0 ? "tile.smem_a" : "tile.smem_b"), stored) ||
      stored->transposed != throughTrans)
    return false;
  /* Through the trans the stored rows are the loaded tile's. */
  stored->transposed = false;
  *dot = user;
  *operand = (int)i;
  return true;
}

int tileMmaLoadDots(MlirOperation load, MlirOperation *dots, int maxDots,
                    int *operand, TileSmemLayout *stored) {
  MlirValue v = mlirOperationGetResult(load, 0);
  MlirOpOperand only = tileOnlyUse(v);
  if (!mlirOpOperandIsNull(only) &&
      tileMmaUnitReshape(mlirOpOperandGetOwner(only)))
    v = mlirOperationGetResult(mlirOpOperandGetOwner(only), 0);
  int n = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation dot;
    int which;
    TileSmemLayout s;
    /* Every use a dot's, as the same operand, reading one stored copy. */
    if (n == maxDots || !dotOfUse(use, &dot, &which, &s) ||
        (n > 0 && (which != *operand || !tileSmemLayoutEqual(&s, stored))))
      return 0;
    dots[n++] = dot;
    *operand = which;
    *stored = s;
  }
  return n;
}

bool tileMmaLoadOperand(MlirOperation load, MlirOperation *dot, int *operand,
                        TileSmemLayout *stored) {
  MlirOperation dots[TILE_MMA_MAX_LOAD_DOTS];
  if (tileMmaLoadDots(load, dots, TILE_MMA_MAX_LOAD_DOTS, operand, stored) ==
      0)
    return false;
  *dot = dots[0];
  return true;
}
