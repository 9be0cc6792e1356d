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

/* The first value loop `loop`'s induction variable takes: its lower
 * bound, or a of a lower bound min(a, ub) of its own upper bound ub (a
 * split loop's second part, tile-split-loops): where the minimum is ub
 * the loop runs no iteration. */
static MlirValue loopStart(MlirOperation loop) {
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirOperation def = tileDefiningOp(lb);
  if (!mlirOperationIsNull(def) &&
      (tileOpIsNamed(def, "arith.minsi") ||
       tileOpIsNamed(def, "arith.minui")) &&
      mlirValueEqual(mlirOperationGetOperand(def, 1),
                     mlirOperationGetOperand(loop, 1)))
    return mlirOperationGetOperand(def, 0);
  return lb;
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
  if (!mlirOperationIsNull(loop)) /* lb, ub, step */
    return multipleOf(loopStart(loop), n, depth + 1) &&
           multipleOf(mlirOperationGetOperand(loop, 2), n, depth + 1);
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
    return nonNegativeMultiple(loopStart(loop), n, depth + 1) &&
           nonNegativeMultiple(mlirOperationGetOperand(loop, 2), n, depth + 1);
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
