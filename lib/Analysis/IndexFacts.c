/* Multiples and signs of index values; see IndexFacts.h. */
#include "lib/Analysis/IndexFacts.h"

#include "lib/IR/IR.h"

enum { MAX_DEPTH = 12 };

/* The scf.for whose induction variable `v` is, or null. */
static MlirOperation inductionLoop(MlirValue v) {
  if (!mlirValueIsABlockArgument(v) || mlirBlockArgumentGetArgNumber(v) != 0)
    return (MlirOperation){NULL};
  MlirOperation loop =
      mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return !mlirOperationIsNull(loop) && tileOpIsNamed(loop, "scf.for")
             ? loop
             : (MlirOperation){NULL};
}

static bool multipleOf(MlirValue v, int64_t n, int depth);
static bool nonNegativeMultiple(MlirValue v, int64_t n, int depth);

/* Whether each first value of the induction variable of a loop with upper
 * bound `ub` that starts at `start` has the property: `start` itself
 * does, or it is ub (then the loop runs no iteration), or it picks
 * between such values by a select or a minimum (a split loop's second
 * part starts at min(a, ub), tile-split-loops; a loop versioned by a
 * scale's sign at select(c, ub, 0), tile-fold-exp). */
static bool startHas(MlirValue start, MlirValue ub, int64_t n, int depth,
                     bool nonNegative) {
  if (mlirValueEqual(start, ub))
    return true;
  if (depth > MAX_DEPTH)
    return false;
  MlirOperation def = tileDefiningOp(start);
  if (!mlirOperationIsNull(def) &&
      (tileOpIsNamed(def, "arith.minsi") || tileOpIsNamed(def, "arith.minui") ||
       tileOpIsNamed(def, "arith.select"))) {
    intptr_t k = mlirOperationGetNumOperands(def);
    return startHas(mlirOperationGetOperand(def, k - 2), ub, n, depth + 1,
                    nonNegative) &&
           startHas(mlirOperationGetOperand(def, k - 1), ub, n, depth + 1,
                    nonNegative);
  }
  return nonNegative ? nonNegativeMultiple(start, n, depth + 1)
                     : multipleOf(start, n, depth + 1);
}

/* Whether every value the induction variable of `loop` takes has the
 * property: its first values do, and its step. */
static bool inductionHas(MlirOperation loop, int64_t n, int depth,
                         bool nonNegative) {
  MlirValue step = mlirOperationGetOperand(loop, 2); /* lb, ub, step */
  return startHas(mlirOperationGetOperand(loop, 0),
                  mlirOperationGetOperand(loop, 1), n, depth + 1,
                  nonNegative) &&
         (nonNegative ? nonNegativeMultiple(step, n, depth + 1)
                      : multipleOf(step, n, depth + 1));
}

static bool multipleOf(MlirValue v, int64_t n, int depth) {
  if (n <= 1)
    return true;
  int64_t c;
  if (tileConstantInt(v, &c))
    return c % n == 0;
  if (depth > MAX_DEPTH)
    return false;
  MlirOperation loop = inductionLoop(v);
  if (!mlirOperationIsNull(loop))
    return inductionHas(loop, n, depth, false);
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  MlirValue x = mlirOperationGetOperand(def, 0);
  if (tileOpIsNamed(def, "arith.index_cast") ||
      tileOpIsNamed(def, "arith.index_castui"))
    return multipleOf(x, n, depth + 1);
  if (mlirOperationGetNumOperands(def) != 2)
    return false;
  MlirValue y = mlirOperationGetOperand(def, 1);
  if (tileOpIsNamed(def, "arith.muli"))
    return multipleOf(x, n, depth + 1) || multipleOf(y, n, depth + 1);
  if (tileOpIsNamed(def, "arith.addi") || tileOpIsNamed(def, "arith.subi"))
    return multipleOf(x, n, depth + 1) && multipleOf(y, n, depth + 1);
  return false;
}

static bool nonNegativeMultiple(MlirValue v, int64_t n, int depth) {
  int64_t c;
  if (tileConstantInt(v, &c))
    return c >= 0 && c % n == 0;
  if (depth > MAX_DEPTH)
    return false;
  /* Every iteration's value is the lower bound plus steps. */
  MlirOperation loop = inductionLoop(v);
  if (!mlirOperationIsNull(loop))
    return inductionHas(loop, n, depth, true);
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "tile.program_id") ||
      tileOpIsNamed(def, "tile.num_programs") ||
      tileOpIsNamed(def, "memref.dim"))
    return n == 1;
  MlirValue x = mlirOperationGetOperand(def, 0);
  if (tileOpIsNamed(def, "arith.index_cast") ||
      tileOpIsNamed(def, "arith.index_castui"))
    return nonNegativeMultiple(x, n, depth + 1);
  if (mlirOperationGetNumOperands(def) != 2)
    return false;
  MlirValue y = mlirOperationGetOperand(def, 1);
  if (tileOpIsNamed(def, "arith.addi"))
    return nonNegativeMultiple(x, n, depth + 1) &&
           nonNegativeMultiple(y, n, depth + 1);
  /* A product of values not negative is a multiple of n when either
   * factor is. */
  if (tileOpIsNamed(def, "arith.muli"))
    return (nonNegativeMultiple(x, n, depth + 1) &&
            nonNegativeMultiple(y, 1, depth + 1)) ||
           (nonNegativeMultiple(x, 1, depth + 1) &&
            nonNegativeMultiple(y, n, depth + 1));
  /* Unsigned: a quotient or remainder is at most x, a minimum at most
   * either operand. */
  if (tileOpIsNamed(def, "arith.divui") || tileOpIsNamed(def, "arith.remui"))
    return n == 1 && nonNegativeMultiple(x, 1, depth + 1);
  if (tileOpIsNamed(def, "arith.minui"))
    return n == 1 && (nonNegativeMultiple(x, 1, depth + 1) ||
                      nonNegativeMultiple(y, 1, depth + 1));
  return false;
}

bool tileIndexMultipleOf(MlirValue v, int64_t n) { return multipleOf(v, n, 0); }

bool tileIndexNonNegativeMultiple(MlirValue v, int64_t n) {
  return nonNegativeMultiple(v, n, 0);
}
