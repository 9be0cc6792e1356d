/* Program scalars; see ProgramScalars.h. */
#include "lib/Analysis/ProgramScalars.h"

#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

/* Index arithmetic is a handful of ops; bounds on the depth and on the
 * operands visited (a shared operand is visited once per use) keep a
 * pathological DAG from costing more than that: past them, no. */
enum { MAX_DEPTH = 64, MAX_VISITS = 4096 };

static bool isIntegerLike(MlirType t) {
  return mlirTypeIsAIndex(t) || mlirTypeIsAInteger(t);
}

/* An integer, index or float scalar (not a tensor). */
static bool isScalarType(MlirType t) {
  return isIntegerLike(t) || mlirTypeIsAFloat(t);
}

/* Whether `op` has one of the `n` names and every operand and result a
 * type `typeOk` takes. */
static bool namedOn(MlirOperation op, const char *const *names, size_t n,
                    bool (*typeOk)(MlirType)) {
  for (size_t i = 0; i < n; ++i)
    if (tileOpIsNamed(op, names[i])) {
      for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
        if (!typeOk(mlirValueGetType(mlirOperationGetResult(op, r))))
          return false;
      for (intptr_t o = 0; o < mlirOperationGetNumOperands(op); ++o)
        if (!typeOk(mlirValueGetType(mlirOperationGetOperand(op, o))))
          return false;
      return true;
    }
  return false;
}

bool tileIsScalarArithOp(MlirOperation op) {
  static const char *const names[] = {
      "arith.constant", "arith.addi",       "arith.subi",
      "arith.muli",     "arith.divui",      "arith.divsi",
      "arith.remui",    "arith.remsi",      "arith.ceildivui",
      "arith.ceildivsi", "arith.floordivsi", "arith.minui",
      "arith.minsi",    "arith.maxui",      "arith.maxsi",
      "arith.andi",     "arith.ori",        "arith.xori",
      "arith.shli",     "arith.shrui",      "arith.shrsi",
      "arith.cmpi",     "arith.select",     "arith.index_cast",
      "arith.index_castui", "arith.extsi",  "arith.extui",
      "arith.trunci"};
  return namedOn(op, names, sizeof names / sizeof names[0], isIntegerLike);
}

bool tileIsKernelArgument(MlirOperation kernel, MlirValue v) {
  return mlirValueIsABlockArgument(v) &&
         mlirBlockEqual(
             mlirBlockArgumentGetOwner(v),
             mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0)));
}

/* A float scalar op a program scalar may be computed with: one whose
 * result is the same bits wherever it is computed. Not addf and subf:
 * ptxas may fuse an add with a multiply into one fma in one copy and not
 * in another, and the producer warpgroup must take a loop's bounds as the
 * kernel's warps do (tile-fold-exp's loops for a scale's sign). */
static bool isScalarFloatOp(MlirOperation op) {
  static const char *const names[] = {
      "arith.constant", "arith.mulf",   "arith.divf",     "arith.negf",
      "arith.cmpf",     "arith.sitofp", "arith.uitofp",   "arith.extf",
      "arith.truncf",   "arith.select", "arith.maximumf", "arith.minimumf",
      "arith.bitcast",  "math.rsqrt",   "math.sqrt",      "math.absf"};
  return namedOn(op, names, sizeof names / sizeof names[0], isScalarType);
}

static bool programScalar(MlirOperation kernel, MlirValue v, int depth,
                          int *visits) {
  if (depth > MAX_DEPTH || ++*visits > MAX_VISITS ||
      !isScalarType(mlirValueGetType(v)))
    return false;
  if (tileIsKernelArgument(kernel, v))
    return true;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "tile.program_id") ||
      tileOpIsNamed(def, "tile.num_programs"))
    return true;
  if (tileOpIsNamed(def, "memref.dim")) {
    int64_t d;
    return tileIsKernelArgument(kernel, mlirOperationGetOperand(def, 0)) &&
           tileConstantInt(mlirOperationGetOperand(def, 1), &d);
  }
  if (!tileIsScalarArithOp(def) && !isScalarFloatOp(def))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!programScalar(kernel, mlirOperationGetOperand(def, i), depth + 1,
                       visits))
      return false;
  return true;
}

bool tileIsProgramScalar(MlirOperation kernel, MlirValue v) {
  int visits = 0;
  return programScalar(kernel, v, 0, &visits);
}

/* Offset `v` of a load in `body`: the induction variable, arith ops of the
 * body, or program scalars from before the loop. */
static bool offsetFed(MlirOperation kernel, MlirBlock body, MlirValue v,
                      int depth) {
  if (depth > MAX_DEPTH)
    return false;
  if (mlirValueIsABlockArgument(v) &&
      mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return mlirBlockArgumentGetArgNumber(v) == 0;
  MlirOperation def = tileDefiningOp(v);
  if (!mlirOperationIsNull(def) &&
      mlirBlockEqual(mlirOperationGetBlock(def), body)) {
    if (!tileIsScalarArithOp(def))
      return false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
      if (!offsetFed(kernel, body, mlirOperationGetOperand(def, i), depth + 1))
        return false;
    return true;
  }
  return tileIsProgramScalar(kernel, v);
}

bool tileLoopFedByProgramScalars(MlirOperation kernel, MlirOperation loop) {
  for (intptr_t i = 0; i < 3; ++i)
    if (!tileIsProgramScalar(kernel, mlirOperationGetOperand(loop, i)))
      return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) ||
        tileOpIsNamed(op, "tile.store"))
      continue;
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i)
      if (!offsetFed(kernel, body, mlirOperationGetOperand(op, i), 0))
        return false;
  }
  return true;
}
