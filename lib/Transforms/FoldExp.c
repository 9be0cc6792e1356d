/* tile-fold-exp; see FoldExp.h. */
#include "lib/Transforms/FoldExp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "lib/Transforms/Canonicalize.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static const double kLog2e = 1.4426950408889634;

static MlirOperation definedBy(MlirValue v, const char *name) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || !tileOpIsNamed(def, name))
    return (MlirOperation){NULL};
  return def;
}

static bool hasOneUse(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  return !mlirOpOperandIsNull(use) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use));
}

static bool isF32Like(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAF32(t);
}

static int64_t numElements(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  int64_t n = 1;
  for (intptr_t d = 0; mlirTypeIsAShaped(t) && d < mlirShapedTypeGetRank(t);
       ++d)
    n *= mlirShapedTypeGetDimSize(t, d);
  return n;
}

/* ---- constants ----------------------------------------------------------- */

/* The value of an f32 scalar or splat that constants determine (an
 * arith.constant; rsqrt, sqrt, a product or quotient of such; a
 * tile.splat of one), computed in double. */
static bool constValue(MlirValue v, int depth, double *out) {
  MlirOperation def = tileDefiningOp(v);
  if (depth > 8 || mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "arith.constant")) {
    MlirAttribute a = tileOpAttr(def, "value");
    if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a))
      a = mlirDenseElementsAttrGetSplatValue(a);
    if (!mlirAttributeIsAFloat(a))
      return false;
    *out = mlirFloatAttrGetValueDouble(a);
    return true;
  }
  double x, y;
  if (tileOpIsNamed(def, "tile.splat"))
    return constValue(mlirOperationGetOperand(def, 0), depth + 1, out);
  if (tileOpIsNamed(def, "math.rsqrt") || tileOpIsNamed(def, "math.sqrt")) {
    if (!constValue(mlirOperationGetOperand(def, 0), depth + 1, &x) || x < 0)
      return false;
    *out = tileOpIsNamed(def, "math.sqrt") ? sqrt(x) : 1.0 / sqrt(x);
    return true;
  }
  bool mul = tileOpIsNamed(def, "arith.mulf");
  if (!mul && !tileOpIsNamed(def, "arith.divf"))
    return false;
  if (!constValue(mlirOperationGetOperand(def, 0), depth + 1, &x) ||
      !constValue(mlirOperationGetOperand(def, 1), depth + 1, &y))
    return false;
  *out = mul ? x * y : x / y;
  return true;
}

/* Whether `v` is a splat (a tile.splat or a splat constant). */
static bool isSplat(MlirValue v) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "tile.splat"))
    return true;
  MlirAttribute a = tileOpAttr(def, "value");
  return tileOpIsNamed(def, "arith.constant") && !mlirAttributeIsNull(a) &&
         (mlirAttributeIsAFloat(a) || (mlirAttributeIsADenseElements(a) &&
                                       mlirDenseElementsAttrIsSplat(a)));
}

/* A constant of `type` (f32, or an f32 tile: a splat) holding `x`. */
static MlirValue constOfType(TileBuilder *b, MlirType type, double x) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirAttribute scalar = mlirFloatAttrDoubleGet(b->ctx, f32, x);
  if (!mlirTypeIsAShaped(type))
    return bConstAttr(b, scalar);
  return bConstAttr(b, mlirDenseElementsAttrSplatGet(type, scalar));
}

/* ---- reductions of scaled tiles ------------------------------------------ */

static bool scaleFactor(MlirOperation mul, int *x, double *c) {
  for (int i = 0; i < 2; ++i)
    if (isSplat(mlirOperationGetOperand(mul, 1 - i)) &&
        constValue(mlirOperationGetOperand(mul, 1 - i), 0, c) && *c > 0 &&
        isfinite(*c) && isfinite((float)*c) && (float)*c > 0) {
      *x = i;
      return true;
    }
  return false;
}

/* max(x * c) as max(x) * c, c finite and positive. */
static bool hoistScale(MlirOperation reduce) {
  MlirStringRef kind;
  if (!tileOpStrAttr(reduce, "kind", &kind) ||
      !(mlirStringRefEqual(kind, tileStr("max")) ||
        mlirStringRefEqual(kind, tileStr("min"))))
    return false;
  MlirOperation mul = definedBy(mlirOperationGetOperand(reduce, 0),
                                "arith.mulf");
  int x;
  double c;
  if (mlirOperationIsNull(mul) || !isF32Like(mlirOperationGetResult(mul, 0)) ||
      !scaleFactor(mul, &x, &c))
    return false;
  /* The row is scaled by the same value the tile was: a splat of the
   * same scalar (computed at run time, say rsqrt(d)), or the constant. */
  MlirValue scale = mlirOperationGetOperand(mul, 1 - x);
  mlirOperationSetOperand(reduce, 0, mlirOperationGetOperand(mul, x));
  MlirValue r = mlirOperationGetResult(reduce, 0);
  MlirType rt = mlirValueGetType(r);
  MlirOperation next = mlirOperationGetNextInBlock(reduce);
  TileBuilder b = tileBuilderBefore(next);
  MlirOperation splat = tileDefiningOp(scale);
  MlirValue rowScale;
  if (tileOpIsNamed(splat, "tile.splat")) {
    MlirValue scalar = mlirOperationGetOperand(splat, 0);
    rowScale = mlirTypeIsAShaped(rt)
                   ? bInsert(&b, tileOpCreate(b.loc, "tile.splat", 1, &scalar,
                                              1, &rt, 0, NULL))
                   : scalar;
  } else {
    rowScale = constOfType(&b, rt, c);
  }
  MlirValue scaled = bBinary(&b, "arith.mulf", r, rowScale);
  mlirValueReplaceAllUsesExcept(r, scaled, 1,
                                (MlirOperation[]){tileDefiningOp(scaled)});
  return true;
}

/* ---- exp as exp2 ------------------------------------------------------------- */

static void setFlags(MlirValue v, const char *flags) {
  MlirOperation op = tileDefiningOp(v);
  char text[64];
  snprintf(text, sizeof text, "#arith.fastmath<%s>", flags);
  mlirOperationSetAttributeByName(
      op, tileStr("fastmath"),
      tileParseAttr(mlirOperationGetContext(op), text));
}

/* v * log2(e) as a multiply of v itself: only where v is smaller than
 * the exp's tile (`small`); null otherwise. */
static MlirValue scaleHere(TileBuilder *b, MlirValue v, bool small) {
  if (!small || !b)
    return small ? v : (MlirValue){NULL};
  return bBinary(b, "arith.mulf", v,
                 constOfType(b, mlirValueGetType(v), kLog2e));
}

/* `v` * log2(e), folded into what computes v; a null value where that
 * would take a multiply at v's size. `small`: v was reached through a
 * broadcast, so a multiply of v itself is cheap. With a null builder it
 * only says whether it would fold (a non-null value of no meaning). */
static MlirValue absorb(TileBuilder *b, MlirValue v, bool small, int depth) {
  MlirOperation def = tileDefiningOp(v);
  if (depth > 16 || mlirOperationIsNull(def))
    return scaleHere(b, v, small);
  double c;
  bool alone = small || hasOneUse(v);
  if (isSplat(v) && constValue(v, 0, &c))
    return b ? constOfType(b, mlirValueGetType(v), c * kLog2e) : v;
  bool add = tileOpIsNamed(def, "arith.addf");
  if (alone && (add || tileOpIsNamed(def, "arith.subf"))) {
    MlirValue x = absorb(b, mlirOperationGetOperand(def, 0), small, depth + 1);
    if (mlirValueIsNull(x))
      return x;
    MlirValue y = absorb(b, mlirOperationGetOperand(def, 1), small, depth + 1);
    if (mlirValueIsNull(y) || !b)
      return y;
    MlirValue r = bBinary(b, add ? "arith.addf" : "arith.subf", x, y);
    setFlags(r, "contract");
    return r;
  }
  for (int i = 0; alone && tileOpIsNamed(def, "arith.mulf") && i < 2; ++i) {
    MlirValue k = mlirOperationGetOperand(def, 1 - i);
    MlirOperation splat = tileDefiningOp(k);
    bool known = isSplat(k) && constValue(k, 0, &c);
    bool runTime = !known && !mlirOperationIsNull(splat) &&
                   tileOpIsNamed(splat, "tile.splat");
    if (!known && !runTime)
      continue;
    if (!b)
      return v;
    MlirValue k2;
    if (known) {
      k2 = constOfType(b, mlirValueGetType(k), c * kLog2e);
    } else {
      /* A run-time scale: scale the scalar, then splat it. */
      MlirValue s = mlirOperationGetOperand(splat, 0);
      MlirValue s2 = bBinary(b, "arith.mulf", s,
                             constOfType(b, mlirValueGetType(s), kLog2e));
      MlirType type = mlirValueGetType(k);
      k2 = bInsert(b, tileOpCreate(b->loc, "tile.splat", 1, &s2, 1, &type, 0,
                                   NULL));
    }
    MlirValue r = bBinary(b, "arith.mulf", mlirOperationGetOperand(def, i), k2);
    setFlags(r, "contract");
    return r;
  }
  bool broadcast = tileOpIsNamed(def, "tile.broadcast");
  if (broadcast || tileOpIsNamed(def, "tile.expand_dims")) {
    MlirValue src = mlirOperationGetOperand(def, 0);
    bool smaller = small || (broadcast && numElements(src) < numElements(v));
    MlirValue x = absorb(b, src, smaller, depth + 1);
    if (mlirValueIsNull(x) || !b)
      return x;
    MlirOperation copy = mlirOperationClone(def);
    mlirOperationSetOperand(copy, 0, x);
    return bInsert(b, copy);
  }
  return scaleHere(b, v, small);
}

static bool expToExp2(MlirOperation exp) {
  MlirValue x = mlirOperationGetOperand(exp, 0);
  if (!isF32Like(x) || !tileOpAllowsApprox(exp))
    return false;
  if (mlirValueIsNull(absorb(NULL, x, false, 0)))
    return false;
  TileBuilder b = tileBuilderBefore(exp);
  MlirValue y = absorb(&b, x, false, 0);
  MlirOperation exp2 = tileOpCreate(
      mlirOperationGetLocation(exp), "math.exp2", 1, &y, 1,
      (MlirType[]){mlirValueGetType(x)}, 0, NULL);
  mlirOperationSetAttributeByName(exp2, tileStr("fastmath"),
                                  tileOpAttr(exp, "fastmath"));
  MlirValue r = bInsert(&b, exp2);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(exp, 0), r);
  mlirOperationDestroy(exp);
  return true;
}

/* ---- the walk ---------------------------------------------------------------- */

static bool isReduceOrExp(MlirOperation op) {
  return tileOpIsNamed(op, "tile.reduce") || tileOpIsNamed(op, "math.exp");
}

int tileFoldExp(MlirOperation op) {
  TileOpList l = {0};
  tileOpListCollect(&l, op, MlirWalkPreOrder, isReduceOrExp);
  int rewritten = 0;
  /* Reductions first: the scaled tile they read is then the exp's alone. */
  for (int i = 0; i < l.count; ++i)
    if (tileOpIsNamed(l.ops[i], "tile.reduce"))
      rewritten += hoistScale(l.ops[i]);
  for (int i = 0; i < l.count; ++i)
    if (tileOpIsNamed(l.ops[i], "math.exp"))
      rewritten += expToExp2(l.ops[i]);
  tileOpListFree(&l);
  if (rewritten)
    tileCanonicalize(op);
  return rewritten;
}
