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
static const double kLn2 = 0.6931471805599453;

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

/* A copy of `op` at b with operand #index replaced by `v`. */
static MlirValue cloneWith(TileBuilder *b, MlirOperation op, int index,
                           MlirValue v) {
  MlirOperation copy = mlirOperationClone(op);
  mlirOperationSetOperand(copy, index, v);
  return bInsert(b, copy);
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

/* A splat constant that scaling by a positive factor keeps: 0 or an
 * infinity (a mask's padding). */
static bool scaleFixed(MlirValue v) {
  double k;
  return isSplat(v) && constValue(v, 0, &k) && (k == 0 || isinf(k));
}

/* The operand of a max or min reduction as x * c (`mul`), or as
 * select(m, x * c, k) with k kept by scaling (`sel`, a masked tile). */
static MlirOperation scaledOperand(MlirValue v, MlirOperation *sel) {
  *sel = definedBy(v, "arith.select");
  if (mlirOperationIsNull(*sel))
    return definedBy(v, "arith.mulf");
  if (!scaleFixed(mlirOperationGetOperand(*sel, 2)))
    return (MlirOperation){NULL};
  return definedBy(mlirOperationGetOperand(*sel, 1), "arith.mulf");
}

/* max(x * c) as max(x) * c where `mul` (x * c, the scale operand #1 - x)
 * feeds the reduction, directly or through select `sel`. */
static void hoist(MlirOperation reduce, MlirOperation sel, MlirOperation mul,
                  int x, double c) {
  /* The row is scaled by the same value the tile was: a splat of the
   * same scalar (computed at run time, say rsqrt(d)), or the constant. */
  MlirValue scale = mlirOperationGetOperand(mul, 1 - x);
  MlirValue unscaled = mlirOperationGetOperand(mul, x);
  if (!mlirOperationIsNull(sel)) {
    /* The select again, of x: the scaled one stays for its other uses
     * (the exp's). */
    TileBuilder sb = tileBuilderBefore(reduce);
    unscaled = cloneWith(&sb, sel, 1, unscaled);
  }
  mlirOperationSetOperand(reduce, 0, unscaled);
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
    rowScale = bSplatFloat(&b, rt, c);
  }
  MlirValue scaled = bBinary(&b, "arith.mulf", r, rowScale);
  mlirValueReplaceAllUsesExcept(r, scaled, 1,
                                (MlirOperation[]){tileDefiningOp(scaled)});
}

/* The max or min reduction `reduce` of a scaled f32 tile: its multiply
 * (and select, see scaledOperand), or a null op. */
static MlirOperation scaledReduction(MlirOperation reduce, MlirOperation *sel) {
  MlirStringRef kind;
  if (!tileOpStrAttr(reduce, "kind", &kind) ||
      !(mlirStringRefEqual(kind, tileStr("max")) ||
        mlirStringRefEqual(kind, tileStr("min"))))
    return (MlirOperation){NULL};
  MlirOperation mul = scaledOperand(mlirOperationGetOperand(reduce, 0), sel);
  if (mlirOperationIsNull(mul) || !isF32Like(mlirOperationGetResult(mul, 0)))
    return (MlirOperation){NULL};
  return mul;
}

/* max(x * c) as max(x) * c, c finite and positive; the same for
 * max(select(m, x * c, k)) as max(select(m, x, k)) * c where k is 0 or
 * infinite (k * c = k). */
static bool hoistScale(MlirOperation reduce) {
  MlirOperation sel;
  MlirOperation mul = scaledReduction(reduce, &sel);
  int x;
  double c;
  if (mlirOperationIsNull(mul) || !scaleFactor(mul, &x, &c))
    return false;
  hoist(reduce, sel, mul, x, c);
  return true;
}

static bool isReduceOrExp(MlirOperation op) {
  return tileOpIsNamed(op, "tile.reduce") || tileOpIsNamed(op, "math.exp");
}

static bool isFor(MlirOperation op) { return tileOpIsNamed(op, "scf.for"); }

/* ---- a scale known at run time: a version of the loop for each sign ---- */

/* The f32 scalar of the scale of `mul` when it is a tile.splat of one
 * defined in `entry` (before every loop of the kernel's body), setting *x
 * to the scaled operand; else null. */
static MlirValue runTimeScale(MlirOperation mul, MlirBlock entry, int *x) {
  for (int i = 0; i < 2; ++i) {
    MlirOperation splat = tileDefiningOp(mlirOperationGetOperand(mul, 1 - i));
    if (mlirOperationIsNull(splat) || !tileOpIsNamed(splat, "tile.splat"))
      continue;
    MlirValue s = mlirOperationGetOperand(splat, 0);
    MlirOperation def = tileDefiningOp(s);
    MlirBlock home = mlirOperationIsNull(def) ? mlirBlockArgumentGetOwner(s)
                                              : mlirOperationGetBlock(def);
    if (mlirTypeIsAF32(mlirValueGetType(s)) && mlirBlockEqual(home, entry)) {
      *x = i;
      return s;
    }
  }
  return (MlirValue){NULL};
}

static bool hasDot(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "tile.dot"))
      return true;
  return false;
}

/* The op at the place in `copy`'s body that `op` has in `loop`'s. */
static MlirOperation sameOpIn(MlirOperation loop, MlirOperation copy,
                              MlirOperation op) {
  MlirBlock a = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
  MlirOperation x = mlirBlockGetFirstOperation(a);
  MlirOperation y = mlirBlockGetFirstOperation(b);
  while (!mlirOperationIsNull(x) && !mlirOperationEqual(x, op)) {
    x = mlirOperationGetNextInBlock(x);
    y = mlirOperationGetNextInBlock(y);
  }
  return y;
}

/* A row maximum of scores scaled by a scalar known only at run time (FP8
 * attention's q_scale * k_scale / sqrt(d), an f16 kernel's softmax scale
 * argument) cannot be taken of the unscaled scores, as hoistScale does
 * for a constant: a negative scale turns the maximum into a minimum. So
 * every element takes a multiply before the max, beside the one the exp
 * fold gives it (64 of the 565 SASS instructions of an FP8 attention step
 * at d = 128). A loop of dots of the kernel's body whose reduction reads
 * such a scale becomes two, one after the other, of which one runs:
 * [lb, mid) takes the maximum of the unscaled scores and scales the row
 * (hoist), [mid, ub) is the loop as written, mid = ub where the scale is
 * positive and finite, else lb. max(c x) = c max(x) there bit for bit
 * (rounding is monotonic, k c = k for the padding), so either runs to
 * the same results. The bounds stay the program's scalars, so warp
 * specialization and persistence still take both loops
 * (ProgramScalars.h). Not the masked part of a split loop (tile.split =
 * "masked": the last key block, or causal attention's diagonal), which
 * runs an iteration or two a program: a version of it too left the
 * causal f16 kernel spilling in its unmasked loop, 2.8% slower on an
 * H200, where versioning only the unmasked loop made it 1.2% faster (FP8
 * attention 3-7%, the f16 kernel with its scale an argument 7% at full
 * length). The first loop is marked tile.scale_sign = "positive" (the
 * reason in tile.scale_sign_why, a remark where TileToGPU lowers it),
 * the second "any", which keeps a later run from versioning it again. */
static bool versionByScaleSign(MlirOperation reduce) {
  MlirOperation loop = mlirOperationGetParentOperation(reduce);
  MlirOperation kernel = mlirOperationGetParentOperation(loop);
  if (!isFor(loop) || mlirOperationIsNull(kernel) ||
      !tileOpIsNamed(kernel, "func.func") ||
      !mlirAttributeIsNull(tileOpAttr(loop, "tile.scale_sign")) ||
      tileOpStrAttrIs(loop, "tile.split", "masked", "") || !hasDot(loop))
    return false;
  MlirOperation sel;
  MlirOperation mul = scaledReduction(reduce, &sel);
  int x;
  double c;
  if (mlirOperationIsNull(mul) || scaleFactor(mul, &x, &c))
    return false;
  MlirBlock entry = mlirOperationGetBlock(loop);
  MlirValue s = runTimeScale(mul, entry, &x);
  if (mlirValueIsNull(s))
    return false;
  MlirContext ctx = mlirOperationGetContext(loop);
  TileBuilder b = tileBuilderBefore(loop);
  MlirType f32 = mlirValueGetType(s);
  MlirValue positive0 = bCmpf(&b, ARITH_F_OGT, s, bConstFloat(&b, f32, 0));
  MlirValue finite = bCmpf(&b, ARITH_F_OLT, s, bConstFloat(&b, f32, INFINITY));
  MlirValue ok = bAndi(&b, positive0, finite);
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue mid = bSelect(&b, ok, mlirOperationGetOperand(loop, 1), lb);
  MlirOperation positive = mlirOperationClone(loop);
  mlirBlockInsertOwnedOperationBefore(entry, loop, positive);
  mlirOperationSetOperand(positive, 1, mid);
  mlirOperationSetOperand(loop, 0, mid);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i)
    mlirOperationSetOperand(loop, 3 + i, mlirOperationGetResult(positive, i));
  MlirOperation r = sameOpIn(loop, positive, reduce);
  MlirOperation psel;
  MlirOperation pmul = scaledReduction(r, &psel);
  hoist(r, psel, pmul, x, 0);
  mlirOperationSetDiscardableAttributeByName(
      positive, tileStr("tile.scale_sign"),
      mlirStringAttrGet(ctx, tileStr("positive")));
  mlirOperationSetDiscardableAttributeByName(
      loop, tileStr("tile.scale_sign"), mlirStringAttrGet(ctx, tileStr("any")));
  tileOpSetStrAttr(positive, "tile.scale_sign_why",
                   "fold-exp: the scores' scale is known only at run time; "
                   "where it is positive and finite this loop takes their "
                   "row maximum unscaled and scales the row (a multiply an "
                   "element less), elsewhere the loop as written after it "
                   "runs instead");
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
                 bSplatFloat(b, mlirValueGetType(v), kLog2e));
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
    return b ? bSplatFloat(b, mlirValueGetType(v), c * kLog2e) : v;
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
  /* A multiply by a splat folds even where v has other uses (a scores
   * tile whose row maximum is taken of it, with a scale known only at
   * run time, so the max cannot move): v stays for them, and the copy
   * that takes log2 e replaces the multiply by log2 e the exp needs, its
   * subtraction then fusing with it into one fma (FP8 attention: 64
   * instructions less a step). */
  for (int i = 0; tileOpIsNamed(def, "arith.mulf") && i < 2; ++i) {
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
      k2 = bSplatFloat(b, mlirValueGetType(k), c * kLog2e);
    } else {
      /* A run-time scale: scale the scalar, then splat it. */
      MlirValue s = mlirOperationGetOperand(splat, 0);
      MlirValue s2 = bBinary(b, "arith.mulf", s,
                             bSplatFloat(b, mlirValueGetType(s), kLog2e));
      MlirType type = mlirValueGetType(k);
      k2 = bInsert(b, tileOpCreate(b->loc, "tile.splat", 1, &s2, 1, &type, 0,
                                   NULL));
    }
    MlirValue r = bBinary(b, "arith.mulf", mlirOperationGetOperand(def, i), k2);
    setFlags(r, "contract");
    return r;
  }
  /* select(m, a, k), k kept by scaling (a mask's -inf): both arms. */
  if (alone && tileOpIsNamed(def, "arith.select") &&
      scaleFixed(mlirOperationGetOperand(def, 2))) {
    MlirValue a = absorb(b, mlirOperationGetOperand(def, 1), small, depth + 1);
    if (mlirValueIsNull(a) || !b)
      return a;
    return cloneWith(b, def, 1, a);
  }
  bool broadcast = tileOpIsNamed(def, "tile.broadcast");
  if (broadcast || tileOpIsNamed(def, "tile.expand_dims")) {
    MlirValue src = mlirOperationGetOperand(def, 0);
    bool smaller = small || (broadcast && numElements(src) < numElements(v));
    MlirValue x = absorb(b, src, smaller, depth + 1);
    if (mlirValueIsNull(x) || !b)
      return x;
    return cloneWith(b, def, 0, x);
  }
  return scaleHere(b, v, small);
}

/* `exp` replaced by math.exp2 of `arg` (built at b), with its flags. */
static void replaceWithExp2(TileBuilder *b, MlirOperation exp, MlirValue arg) {
  MlirOperation exp2 = tileOpCreate(
      mlirOperationGetLocation(exp), "math.exp2", 1, &arg, 1,
      (MlirType[]){mlirValueGetType(arg)}, 0, NULL);
  mlirOperationSetAttributeByName(exp2, tileStr("fastmath"),
                                  tileOpAttr(exp, "fastmath"));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(exp, 0),
                                bInsert(b, exp2));
  mlirOperationDestroy(exp);
}

static bool expToExp2(MlirOperation exp) {
  MlirValue x = mlirOperationGetOperand(exp, 0);
  if (!isF32Like(x) || !tileOpAllowsApprox(exp))
    return false;
  if (mlirValueIsNull(absorb(NULL, x, false, 0)))
    return false;
  TileBuilder b = tileBuilderBefore(exp);
  replaceWithExp2(&b, exp, absorb(&b, x, false, 0));
  return true;
}

/* ---- a running maximum carried in base 2 ------------------------------- */

static bool isLog2eSplat(MlirValue v) {
  double c;
  return isSplat(v) && constValue(v, 0, &c) && (float)c == (float)kLog2e;
}

static bool isMaximum(MlirOperation op) {
  return tileOpIsNamed(op, "arith.maximumf") ||
         tileOpIsNamed(op, "arith.maxnumf");
}

/* Whether every user of `v` is a math.exp that allows approximation. */
static bool onlyApproxExps(MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!tileOpIsNamed(user, "math.exp") || !tileOpAllowsApprox(user))
      return false;
  }
  return true;
}

/* Whether `op` is a rescale's exponent: m - m' (or m' - m) that only
 * approximate exps read. */
static bool isRescale(MlirOperation op, MlirValue m, MlirValue next) {
  if (!tileOpIsNamed(op, "arith.subf") ||
      !onlyApproxExps(mlirOperationGetResult(op, 0)))
    return false;
  MlirValue a = mlirOperationGetOperand(op, 0);
  MlirValue b = mlirOperationGetOperand(op, 1);
  return (mlirValueEqual(a, m) && mlirValueEqual(b, next)) ||
         (mlirValueEqual(a, next) && mlirValueEqual(b, m));
}

/* Loop iter_arg #i when it is a running maximum m' = max(m, x) whose
 * every other use the exp fold made base 2 already: m' * log2 e (the
 * exponent's row term) and exp(m - m') (the rescale). Carried as
 * m * log2 e instead: x * log2 e folds into x (the row maximum times the
 * scale, which then takes scale * log2 e), the multiplies by log2 e go,
 * the rescales become exp2, the init is scaled before the loop and a
 * result still read after it scaled back (by ln 2). One multiply less
 * on the way from the scores to their exponentials, which the GPU's
 * schedule feels: the plain attention kernel at d = 64 ran 11% faster
 * (docs/performance.md). */
static bool log2Maximum(MlirOperation loop, intptr_t i) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue m = mlirBlockGetArgument(body, 1 + i);
  MlirOperation yield = mlirBlockGetTerminator(body);
  MlirValue next = mlirOperationGetOperand(yield, i);
  MlirOperation max = tileDefiningOp(next);
  if (!isF32Like(m) || mlirOperationIsNull(max) || !isMaximum(max) ||
      !mlirBlockEqual(mlirOperationGetBlock(max), body))
    return false;
  int xi = mlirValueEqual(mlirOperationGetOperand(max, 0), m) ? 1 : 0;
  if (!mlirValueEqual(mlirOperationGetOperand(max, 1 - xi), m))
    return false;
  /* m: read by the max and by differences with m' that only exp reads. */
  for (MlirOpOperand u = mlirValueGetFirstUse(m); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!mlirOperationEqual(user, max) && !isRescale(user, m, next))
      return false;
  }
  /* m': yielded, in those differences, and times log2 e (at least once:
   * the exp fold's row term). */
  int scaled = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(next); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(user, yield) || isRescale(user, m, next))
      continue;
    if (!tileOpIsNamed(user, "arith.mulf") ||
        !isLog2eSplat(mlirOperationGetOperand(
            user, mlirValueEqual(mlirOperationGetOperand(user, 0), next))))
      return false;
    ++scaled;
  }
  if (scaled == 0)
    return false;
  /* x * log2 e into x; then every exp of m - m' (or m' - m) as exp2. */
  TileBuilder b = tileBuilderBefore(max);
  MlirValue x = mlirOperationGetOperand(max, xi);
  mlirOperationSetOperand(max, xi, absorb(&b, x, true, 0));
  TileOpList dead = {0}, exps = {0};
  for (MlirOpOperand u = mlirValueGetFirstUse(next); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (tileOpIsNamed(user, "arith.mulf"))
      tileOpListPush(&dead, user);
    else if (tileOpIsNamed(user, "arith.subf"))
      for (MlirOpOperand e = mlirValueGetFirstUse(
               mlirOperationGetResult(user, 0));
           !mlirOpOperandIsNull(e); e = mlirOpOperandGetNextUse(e))
        tileOpListPush(&exps, mlirOpOperandGetOwner(e));
  }
  for (int k = 0; k < dead.count; ++k) {
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(dead.ops[k], 0),
                                  next);
    mlirOperationDestroy(dead.ops[k]);
  }
  for (int k = 0; k < exps.count; ++k) {
    TileBuilder eb = tileBuilderBefore(exps.ops[k]);
    replaceWithExp2(&eb, exps.ops[k],
                    mlirOperationGetOperand(exps.ops[k], 0));
  }
  tileOpListFree(&dead);
  tileOpListFree(&exps);
  /* The init in base 2, and the result back where it is read. */
  TileBuilder before = tileBuilderBefore(loop);
  MlirValue init = mlirOperationGetOperand(loop, 3 + i);
  mlirOperationSetOperand(loop, 3 + i, absorb(&before, init, true, 0));
  MlirValue r = mlirOperationGetResult(loop, i);
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(r))) {
    TileBuilder after = tileBuilderBefore(mlirOperationGetNextInBlock(loop));
    MlirValue back = bBinary(&after, "arith.mulf", r,
                             bSplatFloat(&after, mlirValueGetType(r), kLn2));
    mlirValueReplaceAllUsesExcept(r, back, 1,
                                  (MlirOperation[]){tileDefiningOp(back)});
  }
  return true;
}

static int log2Maxima(MlirOperation loop) {
  int n = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i)
    n += log2Maximum(loop, i);
  return n;
}

/* ---- the walk ---------------------------------------------------------------- */

int tileFoldExp(MlirOperation op) {
  TileOpList l = {0};
  tileOpListCollect(&l, op, MlirWalkPreOrder, isReduceOrExp);
  int rewritten = 0;
  /* Loops versioned by a run-time scale's sign first (the originals stay
   * where they were); then the ops again, their copies folded like the
   * rest. */
  int versioned = 0;
  for (int i = 0; i < l.count; ++i)
    if (tileOpIsNamed(l.ops[i], "tile.reduce"))
      versioned += versionByScaleSign(l.ops[i]);
  if (versioned) {
    rewritten += versioned;
    tileOpListFree(&l);
    tileOpListCollect(&l, op, MlirWalkPreOrder, isReduceOrExp);
  }
  /* Reductions first: the scaled tile they read is then the exp's alone. */
  for (int i = 0; i < l.count; ++i)
    if (tileOpIsNamed(l.ops[i], "tile.reduce"))
      rewritten += hoistScale(l.ops[i]);
  for (int i = 0; i < l.count; ++i)
    if (tileOpIsNamed(l.ops[i], "math.exp"))
      rewritten += expToExp2(l.ops[i]);
  tileOpListFree(&l);
  if (!rewritten)
    return 0;
  /* The folds left the ops they replaced for dead; gone, a running
   * maximum's uses are the ones log2Maximum looks for. Loops in program
   * order: a loop whose init is another's maximum (a split loop's second
   * half) sees it scaled back already, and scales it again if it is
   * rewritten too. */
  tileCanonicalize(op);
  TileOpList loops = {0};
  tileOpListCollect(&loops, op, MlirWalkPreOrder, isFor);
  int maxima = 0;
  for (int i = 0; i < loops.count; ++i)
    maxima += log2Maxima(loops.ops[i]);
  tileOpListFree(&loops);
  if (maxima)
    tileCanonicalize(op);
  return rewritten + maxima;
}
