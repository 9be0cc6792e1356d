/* Rules of tile.dot (acc + A x B): MxK times KxN into MxN, at least 16 in
 * every dimension (the smallest tensor-core tile), with the element pairs
 * the tensor cores of sm_80+ support: f16/bf16 -> f32 or f16, f32 -> f32
 * (computed as tf32 unless `precision = "ieee"`), fp8 -> f32, i8 -> i32. */
#include "dialect/Verify.h"

#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Whether inputs of type `in` (A's; B's agrees) may accumulate into `acc`. */
static bool isSupportedPair(MlirType in, MlirType acc) {
  if (mlirTypeIsAF16(in) || mlirTypeIsABF16(in))
    return mlirTypeIsAF32(acc) || mlirTypeIsAF16(acc);
  if (mlirTypeIsAF32(in) || tileTypeIsF8(in))
    return mlirTypeIsAF32(acc);
  if (tileIsSignlessInt(in, 8))
    return tileIsSignlessInt(acc, 32);
  return false;
}

static bool verifyRank2(MlirOperation op, const char *what, MlirType t) {
  char ts[TILE_TYPE_STR];
  if (mlirShapedTypeGetRank(t) == 2)
    return true;
  tileEmitOpError(op, "%s must have rank 2, got %s", what,
                  tileTypeStr(t, ts, sizeof ts));
  return false;
}

static bool verifyDim(MlirOperation op, const char *dim, const char *ofA,
                      int64_t a, const char *ofB, int64_t b) {
  if (a == b)
    return true;
  tileEmitOpError(op, "%s of %s (%lld) does not match %s of %s (%lld)", dim,
                  ofA, (long long)a, dim, ofB, (long long)b);
  return false;
}

static bool verifyAtLeast16(MlirOperation op, const char *dim, int64_t v) {
  if (v >= 16)
    return true;
  tileEmitOpError(op, "%s must be at least 16, got %lld", dim, (long long)v);
  return false;
}

static bool verifyElementTypes(MlirOperation op, MlirType a, MlirType b,
                               MlirType acc) {
  char as[TILE_TYPE_STR], bs[TILE_TYPE_STR], cs[TILE_TYPE_STR];
  MlirType ae = mlirShapedTypeGetElementType(a);
  MlirType be = mlirShapedTypeGetElementType(b);
  MlirType ce = mlirShapedTypeGetElementType(acc);
  tileTypeStr(ae, as, sizeof as);
  tileTypeStr(be, bs, sizeof bs);
  tileTypeStr(ce, cs, sizeof cs);
  /* The two fp8 formats mix (the tensor cores take e4m3 x e5m2). */
  if (!mlirTypeEqual(ae, be) && !(tileTypeIsF8(ae) && tileTypeIsF8(be))) {
    tileEmitOpError(op, "A element type %s does not match B element type %s",
                    as, bs);
    return false;
  }
  if (isSupportedPair(ae, ce))
    return true;
  tileEmitOpError(op,
                  "unsupported element types: %s x %s with %s accumulator "
                  "(supported: f16 or bf16 with f32 or f16, f32 with f32, "
                  "f8E4M3FN or f8E5M2 with f32, i8 with i32)",
                  as, bs, cs);
  return false;
}

/* f32 inputs: "tf32" (the default) or "ieee"; fp8 inputs: "fast" (the
 * tensor cores' own narrower sum over the whole K). */
static bool verifyPrecision(MlirOperation op, MlirType a) {
  char ps[TILE_TYPE_STR], es[TILE_TYPE_STR];
  MlirAttribute p = tileOpAttr(op, "precision");
  if (mlirAttributeIsNull(p))
    return true;
  tileAttrStr(p, ps, sizeof ps);
  if (!mlirAttributeIsAString(p)) {
    tileEmitOpError(op,
                    "attribute 'precision' must be a string, \"tf32\", "
                    "\"ieee\" or \"fast\", got %s",
                    ps);
    return false;
  }
  MlirStringRef v = mlirStringAttrGetValue(p);
  MlirType ae = mlirShapedTypeGetElementType(a);
  bool f32 = mlirTypeIsAF32(ae), f8 = tileTypeIsF8(ae);
  if (!f32 && !f8) {
    tileEmitOpError(op,
                    "precision is only allowed with f32 or fp8 inputs, got %s",
                    tileTypeStr(ae, es, sizeof es));
    return false;
  }
  if (f32 && !mlirStringRefEqual(v, tileStr("tf32")) &&
      !mlirStringRefEqual(v, tileStr("ieee"))) {
    tileEmitOpError(op,
                    "precision of f32 inputs must be \"tf32\" or \"ieee\", "
                    "got %s",
                    ps);
    return false;
  }
  if (f8 && !mlirStringRefEqual(v, tileStr("fast"))) {
    tileEmitOpError(op, "precision of fp8 inputs must be \"fast\", got %s",
                    ps);
    return false;
  }
  return true;
}

bool tileVerifyDot(MlirOperation op) {
  char rs[TILE_TYPE_STR], cs[TILE_TYPE_STR];
  if (!tileVerifyArity(op, 3, 1))
    return false;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType acc = mlirValueGetType(mlirOperationGetOperand(op, 2));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!tileIsTileType(a) || !tileIsTileType(b) || !tileIsTileType(acc) ||
      !tileIsTileType(result))
    return true; /* reported as values */

  bool ok = verifyRank2(op, "A", a);
  ok &= verifyRank2(op, "B", b);
  ok &= verifyRank2(op, "acc", acc);
  ok &= verifyRank2(op, "result", result);
  if (ok) {
    int64_t m = mlirShapedTypeGetDimSize(a, 0);
    int64_t k = mlirShapedTypeGetDimSize(a, 1);
    int64_t n = mlirShapedTypeGetDimSize(b, 1);
    ok &= verifyDim(op, "K", "A", k, "B", mlirShapedTypeGetDimSize(b, 0));
    ok &= verifyDim(op, "M", "acc", mlirShapedTypeGetDimSize(acc, 0), "A", m);
    ok &= verifyDim(op, "N", "acc", mlirShapedTypeGetDimSize(acc, 1), "B", n);
    ok &= verifyAtLeast16(op, "M", m);
    ok &= verifyAtLeast16(op, "N", n);
    ok &= verifyAtLeast16(op, "K", k);
  }
  if (!mlirTypeEqual(result, acc)) {
    tileEmitOpError(op, "result type %s does not match acc type %s",
                    tileTypeStr(result, rs, sizeof rs),
                    tileTypeStr(acc, cs, sizeof cs));
    ok = false;
  }
  ok &= verifyElementTypes(op, a, b, acc);
  ok &= verifyPrecision(op, a);
  return ok;
}
