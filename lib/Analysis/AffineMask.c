/* Affine forms of a loop's induction variable and prefix masks; see
 * AffineMask.h. */
#include "lib/Analysis/AffineMask.h"

#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The op owning `v`: its defining op, or the op of a block argument's
 * block. */
static MlirOperation ownerOf(MlirValue v) {
  if (mlirValueIsAOpResult(v))
    return mlirOpResultGetOwner(v);
  return mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
}

static bool isInductionVariable(MlirValue v, MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  return mlirValueIsABlockArgument(v) &&
         mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) &&
         mlirBlockArgumentGetArgNumber(v) == 0;
}

static bool isIntegerLike(MlirType t) {
  if (mlirTypeIsARankedTensor(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAIndex(t) ||
         (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1);
}

/* ---- arithmetic on forms (false on overflow) ------------------------------ */

static bool addTerm(TileAffine *f, MlirValue term, int64_t mul) {
  for (int i = 0; i < f->numTerms; ++i)
    if (mlirValueEqual(f->term[i], term))
      return !__builtin_add_overflow(f->mul[i], mul, &f->mul[i]);
  if (f->numTerms == TILE_AFFINE_MAX_TERMS)
    return false;
  f->term[f->numTerms] = term;
  f->mul[f->numTerms++] = mul;
  return true;
}

/* a += s * b, with s = 1 or -1. */
static bool accumulate(TileAffine *a, const TileAffine *b, int64_t s) {
  int64_t lo = s > 0 ? b->lo : -b->hi, hi = s > 0 ? b->hi : -b->lo;
  if (__builtin_add_overflow(a->coef, s * b->coef, &a->coef) ||
      __builtin_add_overflow(a->lo, lo, &a->lo) ||
      __builtin_add_overflow(a->hi, hi, &a->hi))
    return false;
  for (int i = 0; i < b->numTerms; ++i)
    if (!addTerm(a, b->term[i], s * b->mul[i]))
      return false;
  return true;
}

static bool scale(TileAffine *f, int64_t c) {
  int64_t lo, hi;
  if (__builtin_mul_overflow(f->coef, c, &f->coef) ||
      __builtin_mul_overflow(f->lo, c, &lo) ||
      __builtin_mul_overflow(f->hi, c, &hi))
    return false;
  f->lo = c < 0 ? hi : lo;
  f->hi = c < 0 ? lo : hi;
  for (int i = 0; i < f->numTerms; ++i)
    if (__builtin_mul_overflow(f->mul[i], c, &f->mul[i]))
      return false;
  return true;
}

static bool isConstant(const TileAffine *f) {
  return f->coef == 0 && f->numTerms == 0 && f->lo == f->hi;
}

/* ---- forms of values -------------------------------------------------------- */

/* The value of an integer arith.constant (a scalar or a splat tile). */
static bool constantBounds(MlirOperation op, int64_t *lo, int64_t *hi) {
  if (!tileConstantInt(mlirOperationGetResult(op, 0), lo))
    return false;
  *hi = *lo;
  return true;
}

/* Ops whose result holds the operand's elements (copied, rearranged or
 * converted without changing their values). */
static bool passesElements(MlirOperation op) {
  static const char *const names[] = {
      "tile.splat",      "tile.broadcast",  "tile.expand_dims",
      "tile.reshape",    "tile.trans",      "tile.convert_layout",
      "arith.index_cast", "arith.extsi",    NULL};
  for (int i = 0; names[i]; ++i)
    if (tileOpIsNamed(op, names[i]))
      return true;
  return false;
}

/* Whether scalar `v` is never negative: a size (memref.dim), a program
 * id or count, or sums and products of those and non-negative constants
 * (a block's first row, pid * BM). */
static bool nonNegative(MlirValue v, int depth) {
  MlirOperation def = tileDefiningOp(v);
  int64_t c;
  if (depth > 8 || mlirOperationIsNull(def))
    return false;
  if (tileConstantInt(v, &c))
    return c >= 0;
  if (tileOpIsNamed(def, "memref.dim") || tileOpIsNamed(def, "tile.program_id") ||
      tileOpIsNamed(def, "tile.num_programs"))
    return true;
  if (tileOpIsNamed(def, "arith.index_cast"))
    return nonNegative(mlirOperationGetOperand(def, 0), depth + 1);
  return (tileOpIsNamed(def, "arith.muli") || tileOpIsNamed(def, "arith.addi")) &&
         nonNegative(mlirOperationGetOperand(def, 0), depth + 1) &&
         nonNegative(mlirOperationGetOperand(def, 1), depth + 1);
}

/* `n` rounded down to a multiple of constant `c` (divui then muli, as a
 * loop bound over whole blocks is written) is n - [0, c-1] for `n` never
 * negative (a size; a block's first key, where a causal backward's loop
 * over queries starts). */
static bool roundedDownSize(MlirOperation mul, MlirValue *size, int64_t *c) {
  for (int i = 0; i < 2; ++i) {
    MlirOperation div = tileDefiningOp(mlirOperationGetOperand(mul, i));
    int64_t m, d;
    if (mlirOperationIsNull(div) || !tileOpIsNamed(div, "arith.divui") ||
        !tileConstantInt(mlirOperationGetOperand(mul, 1 - i), &m) ||
        !tileConstantInt(mlirOperationGetOperand(div, 1), &d) || m != d ||
        m <= 0)
      continue;
    *size = mlirOperationGetOperand(div, 0);
    if (!nonNegative(*size, 0))
      continue;
    *c = m;
    return true;
  }
  return false;
}

/* `expand`: scalars outside the loop are followed through their ops too
 * (only opaque ones, a memref.dim or a program id, stay terms), so that
 * two bounds written differently from the same sizes compare. */
static bool formOf(MlirValue v, MlirOperation loop, bool expand, int depth,
                   TileAffine *out) {
  memset(out, 0, sizeof *out);
  if (depth > 32 || !isIntegerLike(mlirValueGetType(v)))
    return false;
  if (!mlirOperationIsNull(loop) && isInductionVariable(v, loop)) {
    out->coef = 1;
    return true;
  }
  MlirOperation owner = ownerOf(v);
  bool scalar = !mlirTypeIsAShaped(mlirValueGetType(v));
  bool outside = mlirOperationIsNull(loop) || !tileValueDefinedIn(v, loop);
  if (!mlirValueIsAOpResult(v)) {
    /* An iter_arg or a block argument of a nested region varies; one of
     * an enclosing region (an outer loop's iv, a kernel argument) does
     * not. */
    return scalar && outside && addTerm(out, v, 1);
  }
  if (tileOpIsNamed(owner, "arith.constant"))
    return constantBounds(owner, &out->lo, &out->hi);
  if (tileOpIsNamed(owner, "tile.range")) {
    int64_t start, end;
    if (!tileOpIntAttr(owner, "start", &start) ||
        !tileOpIntAttr(owner, "end", &end) || end <= start)
      return false;
    out->lo = start;
    out->hi = end - 1;
    return true;
  }
  /* A scalar the loop does not change is a term of its own: the bound is
   * computed from it before the loop. */
  if (scalar && outside && !expand)
    return addTerm(out, v, 1);
  MlirValue size;
  int64_t c;
  if (scalar && tileOpIsNamed(owner, "arith.muli") &&
      roundedDownSize(owner, &size, &c)) {
    /* Expanded, the size is followed like any scalar (pid * BN rounded
     * down to BM compares with pid * BN). */
    if (expand) {
      if (!formOf(size, loop, expand, depth + 1, out))
        return false;
      out->lo -= c - 1;
      return true;
    }
    out->lo = -(c - 1);
    return addTerm(out, size, 1);
  }
  bool add = tileOpIsNamed(owner, "arith.addi");
  bool sub = tileOpIsNamed(owner, "arith.subi");
  bool mul = tileOpIsNamed(owner, "arith.muli");
  if (!passesElements(owner) && !add && !sub && !mul)
    return scalar && outside && addTerm(out, v, 1);
  if (passesElements(owner))
    return formOf(mlirOperationGetOperand(owner, 0), loop, expand, depth + 1,
                  out);
  TileAffine b;
  if (!formOf(mlirOperationGetOperand(owner, 0), loop, expand, depth + 1,
              out) ||
      !formOf(mlirOperationGetOperand(owner, 1), loop, expand, depth + 1, &b))
    return false;
  if (add || sub)
    return accumulate(out, &b, add ? 1 : -1);
  if (isConstant(&b))
    return scale(out, b.lo);
  if (!isConstant(out))
    return false;
  c = out->lo;
  *out = b;
  return scale(out, c);
}

bool tileAffineOf(MlirValue v, MlirOperation loop, TileAffine *out) {
  return formOf(v, loop, false, 0, out);
}

/* ---- masks ------------------------------------------------------------------- */

/* The condition "max(d) + c <= 0" (upper), or "max(-d) + c <= 0", that
 * is "-min(d) + c <= 0", as a form whose lo and hi are its constant. */
static bool bound(const TileAffine *d, bool upper, int64_t c, TileAffine *out) {
  *out = *d;
  if (!upper && !scale(out, -1))
    return false;
  if (__builtin_add_overflow(out->hi, c, &out->lo))
    return false;
  out->hi = out->lo;
  return true;
}

bool tileMaskPrefixOf(MlirOperation cmp, MlirOperation loop,
                      TileMaskPrefix *out) {
  int64_t pred;
  if (!tileOpIsNamed(cmp, "arith.cmpi") ||
      !tileOpIntAttr(cmp, "predicate", &pred))
    return false;
  TileAffine a, b;
  if (!tileAffineOf(mlirOperationGetOperand(cmp, 0), loop, &a) ||
      !tileAffineOf(mlirOperationGetOperand(cmp, 1), loop, &b) ||
      !accumulate(&a, &b, -1) || a.coef == 0)
    return false;
  /* With d = lhs - rhs: slt holds everywhere when max(d) + 1 <= 0 and
   * nowhere when -min(d) <= 0; sle when max(d) <= 0, nowhere when
   * -min(d) + 1 <= 0; sgt and sge mirror them. The condition whose iv
   * coefficient is positive holds on a prefix. */
  bool upper = a.coef > 0;
  switch (pred) {
  case ARITH_SLT:
    out->value = upper;
    return bound(&a, upper, upper ? 1 : 0, &out->bound);
  case ARITH_SLE:
    out->value = upper;
    return bound(&a, upper, upper ? 0 : 1, &out->bound);
  case ARITH_SGT:
    out->value = !upper;
    return bound(&a, upper, upper ? 0 : 1, &out->bound);
  case ARITH_SGE:
    out->value = !upper;
    return bound(&a, upper, upper ? 1 : 0, &out->bound);
  default:
    return false;
  }
}

bool tileMaskPrefixEmpty(MlirOperation loop, const TileMaskPrefix *mask) {
  /* The bound at iv = lb, every scalar followed to its sizes: empty when
   * the terms cancel and what is left is positive. */
  const TileAffine *f = &mask->bound;
  TileAffine total, t;
  MlirOperation none = {NULL};
  if (!formOf(mlirOperationGetOperand(loop, 0), none, true, 0, &total) ||
      !scale(&total, f->coef))
    return false;
  for (int i = 0; i < f->numTerms; ++i)
    if (!formOf(f->term[i], none, true, 0, &t) || !scale(&t, f->mul[i]) ||
        !accumulate(&total, &t, 1))
      return false;
  for (int i = 0; i < total.numTerms; ++i)
    if (total.mul[i] != 0)
      return false;
  return total.coef == 0 && total.lo + f->lo > 0;
}

/* ---- the prefix's end, emitted before the loop ------------------------------- */

static MlirValue asIndex(TileBuilder *b, MlirValue v) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  if (mlirTypeIsAIndex(mlirValueGetType(v)))
    return v;
  return bCast(b, "arith.index_cast", v, index);
}

MlirValue tileMaskPrefixEnd(TileBuilder *b, MlirOperation loop,
                            const TileMaskPrefix *mask) {
  /* Iteration j (iv = lb + j * step) is in the prefix while
   *   k * (lb + j * step) + E <= 0,  i.e.  j * k * step <= -E - k * lb,
   * so the prefix has max(0, floor((-E - k*lb + k*step) / (k*step)))
   * iterations: a division of non-negative values. */
  const TileAffine *f = &mask->bound;
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, 1);
  MlirValue step = mlirOperationGetOperand(loop, 2);
  MlirValue k = bConstIndex(b, f->coef);
  MlirValue kStep = bMuli(b, k, step);
  MlirValue negE = bConstIndex(b, -f->lo);
  for (int i = 0; i < f->numTerms; ++i) {
    MlirValue t = asIndex(b, f->term[i]);
    int64_t mul = f->mul[i];
    if (mul != 1 && mul != -1)
      t = bMuli(b, t, bConstIndex(b, mul));
    negE = bBinary(b, mul == -1 ? "arith.addi" : "arith.subi", negE, t);
  }
  MlirValue num = bBinary(b, "arith.subi", negE, bMuli(b, k, lb));
  num = bAddi(b, num, kStep);
  num = bBinary(b, "arith.maxsi", num, bConstIndex(b, 0));
  MlirValue count = bBinary(b, "arith.divsi", num, kStep);
  MlirValue end = bAddi(b, lb, bMuli(b, count, step));
  return bBinary(b, "arith.minsi", end, ub);
}
