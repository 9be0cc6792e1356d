/* tile-numerics; see Numerics.h. Each rewrite builds, before the op, the
 * ops that compute docs/dialect.md's answer, replaces the op's result and erases
 * the op. The ops are collected first, so the ops a rewrite builds (a
 * division by a divisor made safe, say) are not rewritten again. */
#include "lib/Transforms/Numerics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/UniformDivision.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* --- Types and constants that follow the op's shape ------------------- */

static unsigned widthOf(MlirType elem) {
  if (mlirTypeIsAIndex(elem))
    return 64;
  if (mlirTypeIsAInteger(elem))
    return mlirIntegerTypeGetWidth(elem);
  if (mlirTypeIsAF32(elem))
    return 32;
  if (mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem))
    return 16;
  return 8;
}

/* A unary op whose result has x's type (math.absf, math.exp). */
static MlirValue op1(TileBuilder *b, const char *name, MlirValue x) {
  return bCast(b, name, x, mlirValueGetType(x));
}

/* A cast to `elem`, keeping x's shape. */
static MlirValue cast(TileBuilder *b, const char *name, MlirValue x,
                      MlirType elem) {
  return bCast(b, name, x, tileShapedLike(mlirValueGetType(x), elem));
}

/* f64 x in f32 rounded to odd: toward zero, the last bit set where that
 * was inexact. Rounding that again to a type of at most 22 bits (f8)
 * gives what rounding x once would (rounding to nearest in both steps
 * can round twice the wrong way). */
static MlirValue f64ToF32Odd(TileBuilder *b, MlirValue x) {
  MlirType f32 = mlirF32TypeGet(b->ctx), i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue r = cast(b, "arith.truncf", x, f32);
  MlirValue back = cast(b, "arith.extf", r, mlirF64TypeGet(b->ctx));
  MlirValue bits = cast(b, "arith.bitcast", r, i32);
  MlirType t = mlirValueGetType(bits);
  MlirValue inexact = bCmpf(b, ARITH_F_UNE, back, x);
  MlirValue away = bCmpf(b, ARITH_F_OGT, op1(b, "math.absf", back),
                         op1(b, "math.absf", x));
  MlirValue towardZero = bSelect(
      b, away, bBinary(b, "arith.subi", bits, bSplatInt(b, t, 1)), bits);
  MlirValue odd = bBinary(b, "arith.ori", towardZero, bSplatInt(b, t, 1));
  return cast(b, "arith.bitcast", bSelect(b, inexact, odd, bits), f32);
}

/* x (f16, bf16, f32, or f64 rounded to odd) in f32; bf16 through its bits
 * (bExtendBF16: LLVM would narrow a bf16 extension's later arithmetic to
 * f16). */
static MlirValue toF32(TileBuilder *b, MlirValue x) {
  MlirType e = tileElementType(mlirValueGetType(x));
  if (mlirTypeIsABF16(e))
    return bExtendBF16(b, x);
  if (mlirTypeIsAF64(e))
    return f64ToF32Odd(b, x);
  return mlirTypeIsAF32(e) ? x : cast(b, "arith.extf", x, mlirF32TypeGet(b->ctx));
}

/* --- Integer division and shifts ------------------------------------- */

/* x op y with y = 0 and y = -1 (signed) answered here; the division itself
 * only ever sees a safe divisor. ceildiv and floordiv come from divsi and
 * remsi (upstream lowers them only through arith-expand). `byUniform`: y
 * is uniform, and the quotient and remainder come by multiplication
 * (UniformDivision.h). */
static MlirValue totalDivision(TileBuilder *b, const char *name, MlirValue x,
                               MlirValue y, bool byUniform) {
  MlirType t = mlirValueGetType(x);
  bool isRem = strstr(name, "rem") != NULL;
  bool isSigned = strstr(name, "si") != NULL;
  MlirValue zero = bSplatInt(b, t, 0), one = bSplatInt(b, t, 1),
            allOnes = bSplatInt(b, t, -1);
  MlirValue byZero = bCmpi(b, ARITH_EQ, y, zero);
  MlirValue byMinusOne = isSigned ? bCmpi(b, ARITH_EQ, y, allOnes) : byZero;
  MlirValue unsafe =
      isSigned ? bBinary(b, "arith.ori", byZero, byMinusOne) : byZero;
  MlirValue ys = bSelect(b, unsafe, one, y);
  MlirValue q, r = {NULL};
  if (byUniform)
    tileDivideByUniform(b, isSigned, x, ys, &q, &r);
  bool ceil = strstr(name, "ceildiv") != NULL,
       floor = strstr(name, "floordiv") != NULL;
  if (ceil || floor) {
    if (!byUniform) {
      q = bBinary(b, isSigned ? "arith.divsi" : "arith.divui", x, ys);
      r = bBinary(b, isSigned ? "arith.remsi" : "arith.remui", x, ys);
    }
    MlirValue inexact = bCmpi(b, ARITH_NE, r, zero);
    MlirValue adjust = inexact;
    if (isSigned) {
      /* The quotient was rounded toward zero; ceil moves it up when the
       * exact one is positive (r and y of one sign), floor down when it is
       * negative. */
      MlirValue sameSign = bCmpi(b, ARITH_EQ, bCmpi(b, ARITH_SLT, r, zero),
                                 bCmpi(b, ARITH_SLT, ys, zero));
      adjust =
          bBinary(b, "arith.andi", inexact,
                  ceil ? sameSign
                       : bBinary(b, "arith.xori", sameSign,
                                 bSplatInt(b, mlirValueGetType(sameSign), 1)));
    }
    q = bSelect(b, adjust,
                bBinary(b, ceil ? "arith.addi" : "arith.subi", q, one), q);
  } else if (byUniform) {
    q = isRem ? r : q;
  } else {
    q = bBinary(b, name, x, ys);
  }
  if (isRem) /* x % 1 = 0 is MIN % -1; x % 0 = x */
    return bSelect(b, byZero, x, q);
  if (isSigned) /* x / -1 = -x, wrapping: MIN / -1 = MIN */
    q = bSelect(b, byMinusOne, bBinary(b, "arith.subi", zero, x), q);
  return bSelect(b, byZero, allOnes, q);
}

static bool divisorIsSafe(MlirOperation op) {
  int64_t c;
  if (!tileConstantInt(mlirOperationGetOperand(op, 1), &c))
    return false;
  char name[32];
  bool isSigned = strstr(tileOpName(op, name, sizeof name), "si") != NULL;
  MlirType elem =
      tileElementType(mlirValueGetType(mlirOperationGetOperand(op, 1)));
  unsigned w = widthOf(elem);
  uint64_t mask = w < 64 ? (UINT64_C(1) << w) - 1 : ~UINT64_C(0);
  uint64_t u = (uint64_t)c & mask;
  return u != 0 && !(isSigned && u == mask);
}

/* Shifts by the width or more (unsigned) give 0, or the sign for shrsi. */
static MlirValue totalShift(TileBuilder *b, const char *name, MlirValue x,
                            MlirValue y) {
  MlirType t = mlirValueGetType(x);
  unsigned w = widthOf(tileElementType(t));
  MlirValue tooFar = bCmpi(b, ARITH_UGE, y, bSplatInt(b, t, w));
  if (strcmp(name, "arith.shrsi") == 0)
    return bBinary(b, name, x, bSelect(b, tooFar, bSplatInt(b, t, w - 1), y));
  return bSelect(b, tooFar, bSplatInt(b, t, 0), bBinary(b, name, x, y));
}

static bool shiftIsSafe(MlirOperation op) {
  int64_t c;
  MlirType elem =
      tileElementType(mlirValueGetType(mlirOperationGetOperand(op, 1)));
  return mlirTypeIsAIndex(elem) || /* index has no width yet */
         (tileConstantInt(mlirOperationGetOperand(op, 1), &c) && c >= 0 &&
          (uint64_t)c < widthOf(elem));
}

/* --- Floats ----------------------------------------------------------- */

/* fptosi / fptoui: toward zero, saturating, NaN to 0. The bounds are
 * powers of two, exact in every float type (or infinite, when the type
 * cannot reach them, which compares the same). */
static MlirValue saturatingToInt(TileBuilder *b, bool isSigned, MlirValue x,
                                 MlirType resultType) {
  MlirType ft = mlirValueGetType(x);
  unsigned w = widthOf(tileElementType(resultType));
  MlirValue r = bInsert(
      b, tileOpCreate(b->loc, isSigned ? "arith.fptosi" : "arith.fptoui", 1, &x,
                      1, &resultType, 0, NULL));
  if (isSigned) {
    double hi = ldexp(1.0, (int)w - 1);
    r = bSelect(b, bCmpf(b, ARITH_F_OGE, x, bSplatFloat(b, ft, hi)),
                bSplatInt(b, resultType, (int64_t)(~UINT64_C(0) >> (65 - w))),
                r);
    r = bSelect(b, bCmpf(b, ARITH_F_OLT, x, bSplatFloat(b, ft, -hi)),
                bSplatInt(b, resultType, (int64_t)(UINT64_C(1) << (w - 1))), r);
    return bSelect(b, bCmpf(b, ARITH_F_UNO, x, x), bSplatInt(b, resultType, 0),
                   r);
  }
  r = bSelect(b,
              bCmpf(b, ARITH_F_OGE, x, bSplatFloat(b, ft, ldexp(1.0, (int)w))),
              bSplatInt(b, resultType, -1), r);
  /* x <= -1 or NaN; (-1, 0) truncates to 0 already. */
  return bSelect(b, bCmpf(b, ARITH_F_ULE, x, bSplatFloat(b, ft, -1.0)),
                 bSplatInt(b, resultType, 0), r);
}

static MlirType bitsTypeOf(MlirContext ctx, MlirType elem) {
  return mlirIntegerTypeGet(ctx, widthOf(elem));
}

/* max/min of floats with -0 < +0: equal operands give the AND (max) or OR
 * (min) of their bits, which picks +0 or -0 and is the value otherwise.
 * `num` ignores a NaN operand unless both are. */
static MlirValue orderedMaxMin(TileBuilder *b, bool isMax, bool num,
                               MlirValue x, MlirValue y) {
  if (num) {
    MlirValue xNaN = bCmpf(b, ARITH_F_UNO, x, x),
              yNaN = bCmpf(b, ARITH_F_UNO, y, y);
    MlirValue x2 = bSelect(b, xNaN, y, x);
    y = bSelect(b, yNaN, x, y);
    x = x2;
  }
  MlirType t = mlirValueGetType(x);
  MlirType bits = tileShapedLike(t, bitsTypeOf(b->ctx, tileElementType(t)));
  MlirValue tie =
      cast(b, "arith.bitcast",
           bBinary(b, isMax ? "arith.andi" : "arith.ori",
                   cast(b, "arith.bitcast", x, tileElementType(bits)),
                   cast(b, "arith.bitcast", y, tileElementType(bits))),
           tileElementType(t));
  MlirValue r = bSelect(b, bCmpf(b, ARITH_F_UNO, x, y),
                        bBinary(b, "arith.addf", x, y), tie);
  r = bSelect(b, bCmpf(b, isMax ? ARITH_F_OLT : ARITH_F_OGT, x, y), y, r);
  return bSelect(b, bCmpf(b, isMax ? ARITH_F_OGT : ARITH_F_OLT, x, y), x, r);
}

/* math.isnan & co. as compares of |x| (the CPU lowers two of them not at
 * all, the GPU one). */
static MlirValue classify(TileBuilder *b, const char *name, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  if (strcmp(name, "math.isnan") == 0)
    return bCmpf(b, ARITH_F_UNO, x, x);
  MlirValue a = op1(b, "math.absf", x);
  MlirValue inf = bSplatFloat(b, t, INFINITY);
  if (strcmp(name, "math.isinf") == 0)
    return bCmpf(b, ARITH_F_OEQ, a, inf);
  MlirValue finite = bCmpf(b, ARITH_F_OLT, a, inf);
  if (strcmp(name, "math.isfinite") == 0)
    return finite;
  MlirType e = tileElementType(t);
  double minNormal = mlirTypeIsAF16(e) ? ldexp(1, -14) : ldexp(1, -126);
  return bBinary(b, "arith.andi", finite,
                 bCmpf(b, ARITH_F_OGE, a, bSplatFloat(b, t, minNormal)));
}

/* math.expm1 for the CPU in f64, rounded once: upstream's lowering is
 * exp(x) - 1 in the op's type (several ulp off near 0, and -0 becomes +0).
 * Below 1e-3 the series x(1 + x(1/2 + x/6)) (whose next term is 4e-11 of
 * it, and which keeps -0); above, exp in f64 minus 1 keeps 43 bits.
 * (f16 and bf16 round through f32: within their ulp bound.) */
static MlirValue expm1InF64(TileBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue d = cast(b, "arith.extf", x, f64);
  MlirType dt = mlirValueGetType(d);
  MlirValue big =
      bBinary(b, "arith.subf", op1(b, "math.exp", d), bSplatFloat(b, dt, 1));
  MlirValue inner =
      bBinary(b, "arith.addf", bSplatFloat(b, dt, 0.5),
              bBinary(b, "arith.mulf", d, bSplatFloat(b, dt, 1.0 / 6.0)));
  MlirValue series = bBinary(b, "arith.mulf", d,
                             bBinary(b, "arith.addf", bSplatFloat(b, dt, 1),
                                     bBinary(b, "arith.mulf", d, inner)));
  MlirValue small =
      bCmpf(b, ARITH_F_OLT, op1(b, "math.absf", d), bSplatFloat(b, dt, 1e-3));
  /* f64 -> f16 would need a libcall the JIT lacks: through f32. */
  MlirValue r = cast(b, "arith.truncf", bSelect(b, small, series, big),
                     mlirF32TypeGet(b->ctx));
  return mlirTypeIsAF32(tileElementType(t))
             ? r
             : cast(b, "arith.truncf", r, tileElementType(t));
}

/* --- fp8 --------------------------------------------------------------- */

typedef struct {
  int mantissa, bias, maxCode; /* maxCode: the largest finite magnitude */
  bool hasInf;                 /* e5m2: exponent all ones is inf/NaN */
} Fp8Format;

static bool fp8Format(MlirType elem, Fp8Format *f) {
  if (mlirTypeIsAFloat8E4M3FN(elem)) {
    *f = (Fp8Format){3, 7, 0x7E, false};
    return true;
  }
  if (mlirTypeIsAFloat8E5M2(elem)) {
    *f = (Fp8Format){2, 15, 0x7B, true};
    return true;
  }
  return false;
}

/* f8 -> f32 through its bits: normal numbers rebias the exponent, the
 * subnormal ones are m * 2^(1 - bias - M) exactly, then the specials. */
static MlirValue fp8ToF32(TileBuilder *b, MlirValue x, const Fp8Format *f) {
  MlirType i8 = mlirIntegerTypeGet(b->ctx, 8),
           i32 = mlirIntegerTypeGet(b->ctx, 32), f32 = mlirF32TypeGet(b->ctx);
  MlirValue u = cast(b, "arith.extui", cast(b, "arith.bitcast", x, i8), i32);
  MlirType t = mlirValueGetType(u);
  int m = f->mantissa, e = 7 - m;
  MlirValue sign = bBinary(b, "arith.shli",
                           bBinary(b, "arith.andi", u, bSplatInt(b, t, 0x80)),
                           bSplatInt(b, t, 24));
  MlirValue exp =
      bBinary(b, "arith.andi", bBinary(b, "arith.shrui", u, bSplatInt(b, t, m)),
              bSplatInt(b, t, (1 << e) - 1));
  MlirValue man = bBinary(b, "arith.andi", u, bSplatInt(b, t, (1 << m) - 1));
  MlirValue normal =
      bBinary(b, "arith.ori", sign,
              bBinary(b, "arith.ori",
                      bBinary(b, "arith.shli",
                              bBinary(b, "arith.addi", exp,
                                      bSplatInt(b, t, 127 - f->bias)),
                              bSplatInt(b, t, 23)),
                      bBinary(b, "arith.shli", man, bSplatInt(b, t, 23 - m))));
  MlirValue tiny = bBinary(
      b, "arith.mulf", cast(b, "arith.uitofp", man, f32),
      bSplatFloat(b, tileShapedLike(t, f32), ldexp(1, 1 - f->bias - m)));
  MlirValue subnormal =
      bBinary(b, "arith.ori", cast(b, "arith.bitcast", tiny, i32), sign);
  MlirValue r = bSelect(b, bCmpi(b, ARITH_EQ, exp, bSplatInt(b, t, 0)),
                        subnormal, normal);
  MlirValue quietNaN =
      bBinary(b, "arith.ori", sign, bSplatInt(b, t, 0x7FC00000));
  if (f->hasInf) {
    MlirValue inf = bBinary(b, "arith.ori", sign, bSplatInt(b, t, 0x7F800000));
    MlirValue special =
        bSelect(b, bCmpi(b, ARITH_EQ, man, bSplatInt(b, t, 0)), inf, quietNaN);
    r = bSelect(b, bCmpi(b, ARITH_EQ, exp, bSplatInt(b, t, (1 << e) - 1)),
                special, r);
  } else {
    MlirValue magnitude = bBinary(b, "arith.andi", u, bSplatInt(b, t, 0x7F));
    r = bSelect(b, bCmpi(b, ARITH_EQ, magnitude, bSplatInt(b, t, 0x7F)),
                quietNaN, r);
  }
  return cast(b, "arith.bitcast", r, f32);
}

/* f32 -> f8, nearest even, finite overflow and infinities saturating to
 * the largest finite value, NaN to NaN (PTX cvt.rn.satfinite). Normal
 * results round the f32 bits (add half less one, plus the kept lowest
 * bit); subnormal ones round |x| * 2^(bias - 1 + M) to an integer, which
 * is their code (and the smallest normal's, when it rounds up). */
static MlirValue f32ToFp8(TileBuilder *b, MlirValue x, MlirType f8,
                          const Fp8Format *f) {
  MlirType i8 = mlirIntegerTypeGet(b->ctx, 8),
           i32 = mlirIntegerTypeGet(b->ctx, 32), f32 = mlirF32TypeGet(b->ctx);
  MlirValue bits = cast(b, "arith.bitcast", x, i32);
  MlirType t = mlirValueGetType(bits);
  MlirType ft = mlirValueGetType(x);
  int m = f->mantissa, shift = 23 - m;
  MlirValue a = bBinary(b, "arith.andi", bits, bSplatInt(b, t, 0x7FFFFFFF));
  MlirValue sign =
      bBinary(b, "arith.shrui",
              bBinary(b, "arith.andi", bits, bSplatInt(b, t, INT32_MIN)),
              bSplatInt(b, t, 24));
  MlirValue lowest = bBinary(
      b, "arith.andi", bBinary(b, "arith.shrui", a, bSplatInt(b, t, shift)),
      bSplatInt(b, t, 1));
  MlirValue rounded =
      bBinary(b, "arith.shrui",
              bBinary(b, "arith.addi",
                      bBinary(b, "arith.addi", a,
                              bSplatInt(b, t, (1 << (shift - 1)) - 1)),
                      lowest),
              bSplatInt(b, t, shift));
  MlirValue normal =
      bBinary(b, "arith.subi", rounded, bSplatInt(b, t, (127 - f->bias) << m));
  MlirValue scaled = bBinary(b, "arith.mulf", cast(b, "arith.bitcast", a, f32),
                             bSplatFloat(b, ft, ldexp(1, f->bias - 1 + m)));
  /* Adding and taking away 2^23 leaves the integer nearest (even) to a
   * value below 2^23. */
  MlirValue magic = bSplatFloat(b, ft, ldexp(1, 23));
  MlirValue integral =
      bBinary(b, "arith.subf", bBinary(b, "arith.addf", scaled, magic), magic);
  MlirValue subnormal = cast(b, "arith.fptoui", integral, i32);
  MlirValue isSubnormal =
      bCmpi(b, ARITH_ULT, a, bSplatInt(b, t, (int64_t)(128 - f->bias) << 23));
  MlirValue code = bSelect(b, isSubnormal, subnormal, normal);
  MlirValue maxCode = bSplatInt(b, t, f->maxCode);
  code = bSelect(b, bCmpi(b, ARITH_UGT, code, maxCode), maxCode, code);
  code = bSelect(b, bCmpi(b, ARITH_UGT, a, bSplatInt(b, t, 0x7F800000)),
                 bSplatInt(b, t, 0x7F), code);
  MlirValue byte =
      cast(b, "arith.trunci", bBinary(b, "arith.ori", code, sign), i8);
  return cast(b, "arith.bitcast", byte, f8);
}

/* --- The walk ------------------------------------------------------------ */

typedef struct {
  MlirOperation *ops;
  size_t n, cap;
  TileNumericsTarget target;
} Collected;

static bool isAny(MlirOperation op, const char *const *names) {
  for (; *names; ++names)
    if (tileOpIsNamed(op, *names))
      return true;
  return false;
}

static const char *const kDivisions[] = {
    "arith.divsi",     "arith.divui",     "arith.remsi",      "arith.remui",
    "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi", NULL};
static const char *const kShifts[] = {"arith.shli", "arith.shrui",
                                      "arith.shrsi", NULL};
static const char *const kMaxMin[] = {"arith.maximumf", "arith.minimumf",
                                      "arith.maxnumf", "arith.minnumf", NULL};
static const char *const kClassify[] = {"math.isnan", "math.isinf",
                                        "math.isfinite", "math.isnormal", NULL};

static MlirType operandElem(MlirOperation op) {
  return tileElementType(mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

static MlirType resultElem(MlirOperation op) {
  return tileElementType(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

static bool isNarrowFloat(MlirType e) {
  return mlirTypeIsAF16(e) || mlirTypeIsABF16(e);
}

/* sm_89 and up convert f8 tiles with cvt (GpuFp8.c); scalars, and f64,
 * go through the integer ops everywhere. `op` is an extf or truncf. */
static bool convertsWithCvt(MlirOperation op, TileNumericsTarget target) {
  return target == TILE_NUMERICS_GPU_FP8 &&
         mlirTypeIsARankedTensor(
             mlirValueGetType(mlirOperationGetResult(op, 0))) &&
         !mlirTypeIsAF64(operandElem(op));
}

static bool needsRewrite(MlirOperation op, TileNumericsTarget target) {
  Fp8Format f = {0};
  if (isAny(op, kDivisions))
    return !divisorIsSafe(op);
  if (isAny(op, kShifts))
    return !shiftIsSafe(op);
  if (tileOpIsNamed(op, "arith.fptosi") || tileOpIsNamed(op, "arith.fptoui"))
    return true;
  if (isAny(op, kMaxMin))
    return target == TILE_NUMERICS_CPU;
  if (isAny(op, kClassify))
    return true;
  if (tileOpIsNamed(op, "math.fma"))
    return isNarrowFloat(operandElem(op));
  if (tileOpIsNamed(op, "math.expm1"))
    return target == TILE_NUMERICS_CPU;
  if (tileOpIsNamed(op, "arith.extf"))
    return mlirTypeIsABF16(operandElem(op)) ||
           (!convertsWithCvt(op, target) && fp8Format(operandElem(op), &f));
  if (tileOpIsNamed(op, "arith.truncf"))
    return !convertsWithCvt(op, target) && fp8Format(resultElem(op), &f);
  return false;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Collected *c = userData;
  if (!needsRewrite(op, c->target))
    return MlirWalkResultAdvance;
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->ops = realloc(c->ops, c->cap * sizeof *c->ops);
  }
  c->ops[c->n++] = op;
  return MlirWalkResultAdvance;
}

static MlirValue rewrite(TileBuilder *b, MlirOperation op,
                         TileNumericsTarget target) {
  char name[64];
  tileOpName(op, name, sizeof name);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  Fp8Format f = {0};
  if (isAny(op, kDivisions))
    return totalDivision(b, name, x, mlirOperationGetOperand(op, 1),
                         target != TILE_NUMERICS_CPU &&
                             tileDividesByUniform(op));
  if (isAny(op, kShifts))
    return totalShift(b, name, x, mlirOperationGetOperand(op, 1));
  if (tileOpIsNamed(op, "arith.fptosi") || tileOpIsNamed(op, "arith.fptoui"))
    return saturatingToInt(b, tileOpIsNamed(op, "arith.fptosi"), x, resultType);
  if (isAny(op, kMaxMin))
    return orderedMaxMin(b, strstr(name, "max") != NULL,
                         strstr(name, "num") != NULL, x,
                         mlirOperationGetOperand(op, 1));
  if (isAny(op, kClassify))
    return classify(b, name, x);
  if (tileOpIsNamed(op, "math.expm1"))
    return expm1InF64(b, x);
  if (tileOpIsNamed(op, "math.fma")) {
    MlirValue wide[3];
    for (int i = 0; i < 3; ++i)
      wide[i] = toF32(b, mlirOperationGetOperand(op, i));
    MlirType t = mlirValueGetType(wide[0]);
    MlirValue r =
        bInsert(b, tileOpCreate(b->loc, "math.fma", 3, wide, 1, &t, 0, NULL));
    return cast(b, "arith.truncf", r, tileElementType(resultType));
  }
  if (tileOpIsNamed(op, "arith.extf")) {
    MlirValue r = fp8Format(operandElem(op), &f) ? fp8ToF32(b, x, &f)
                                                 : toF32(b, x); /* bf16 */
    MlirType to = tileElementType(resultType);
    if (mlirTypeIsAF32(to))
      return r;
    /* f8 to f16 or bf16 (narrower, exact) or bf16 to f64 */
    return cast(b, mlirTypeIsAF64(to) ? "arith.extf" : "arith.truncf", r, to);
  }
  /* arith.truncf to f8; from f16/bf16 through f32, which is exact, from
   * f64 through f32 rounded to odd. */
  fp8Format(tileElementType(resultType), &f);
  return f32ToFp8(b, toF32(b, x), tileElementType(resultType), &f);
}

/* Adds `afn` to a float op's fastmath flags. */
static MlirWalkResult addAfn(MlirOperation op, void *userData) {
  (void)userData;
  MlirAttribute fm = tileOpAttr(op, "fastmath");
  if (mlirAttributeIsNull(fm))
    return MlirWalkResultAdvance;
  char text[128], flags[128];
  tileAttrStr(fm, text, sizeof text);
  const char *open = strchr(text, '<'), *close = strrchr(text, '>');
  if (!open || !close || strstr(text, "afn") || strstr(text, "fast>"))
    return MlirWalkResultAdvance;
  snprintf(flags, sizeof flags, "%.*s", (int)(close - open - 1), open + 1);
  char attr[192];
  snprintf(attr, sizeof attr, "#arith.fastmath<%s%s>",
           strcmp(flags, "none") == 0 ? "" : flags,
           strcmp(flags, "none") == 0 ? "afn" : ",afn");
  MlirAttribute with =
      tileParseAttr(mlirOperationGetContext(op), attr);
  if (!mlirAttributeIsNull(with))
    mlirOperationSetAttributeByName(op, tileStr("fastmath"), with);
  return MlirWalkResultAdvance;
}

TileNumericsTarget tileNumericsGpuTarget(const char *chip) {
  int version = 0;
  if (chip && strncmp(chip, "sm_", 3) == 0)
    version = atoi(chip + 3);
  return version >= 89 ? TILE_NUMERICS_GPU_FP8 : TILE_NUMERICS_GPU;
}

MlirLogicalResult tileLegalizeNumerics(MlirOperation root,
                                       TileNumericsTarget target,
                                       bool fastMath) {
  if (fastMath)
    mlirOperationWalk(root, addAfn, NULL, MlirWalkPreOrder);
  Collected c = {NULL, 0, 0, target};
  mlirOperationWalk(root, collect, &c, MlirWalkPostOrder);
  for (size_t i = 0; i < c.n; ++i) {
    TileBuilder b = tileBuilderBefore(c.ops[i]);
    MlirValue r = rewrite(&b, c.ops[i], target);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(c.ops[i], 0), r);
    mlirOperationDestroy(c.ops[i]);
  }
  free(c.ops);
  return mlirLogicalResultSuccess();
}
