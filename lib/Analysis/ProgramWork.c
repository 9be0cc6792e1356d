/* How a kernel's work varies with its program id; see ProgramWork.h. */
#include "lib/Analysis/ProgramWork.h"

#include <stdint.h>
#include <stdio.h>

#include "lib/Analysis/ProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

/* One sample: the program ids, and how far evaluation may go. */
typedef struct {
  MlirOperation kernel;
  int64_t id[3];
  int visits;
} Sample;

enum { MAX_DEPTH = 64, MAX_VISITS = 4096 };

/* arith.cmpi's predicates, by their enum value (eq, ne, slt, sle, sgt,
 * sge, ult, ule, ugt, uge); the sampled values are small and positive,
 * so signed and unsigned agree. */
static bool compare(int64_t predicate, int64_t x, int64_t y, int64_t *out) {
  switch (predicate) {
  case 0: *out = x == y; return true;
  case 1: *out = x != y; return true;
  case 2: case 6: *out = x < y; return true;
  case 3: case 7: *out = x <= y; return true;
  case 4: case 8: *out = x > y; return true;
  case 5: case 9: *out = x >= y; return true;
  default: return false;
  }
}

static bool binary(MlirOperation op, int64_t x, int64_t y, int64_t *out) {
  static const struct {
    const char *name;
    int kind;
  } ops[] = {{"arith.addi", 0},      {"arith.subi", 1},
             {"arith.muli", 2},      {"arith.divui", 3},
             {"arith.divsi", 3},     {"arith.floordivsi", 3},
             {"arith.ceildivui", 4}, {"arith.ceildivsi", 4},
             {"arith.remui", 5},     {"arith.remsi", 5},
             {"arith.minui", 6},     {"arith.minsi", 6},
             {"arith.maxui", 7},     {"arith.maxsi", 7},
             {"arith.andi", 8},      {"arith.ori", 9},
             {"arith.xori", 10},     {"arith.shli", 11},
             {"arith.shrui", 12},    {"arith.shrsi", 12}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i) {
    if (!tileOpIsNamed(op, ops[i].name))
      continue;
    int k = ops[i].kind;
    if ((k >= 3 && k <= 5 && (y == 0 || (y == -1 && x == INT64_MIN))) ||
        (k >= 11 && (y < 0 || y > 62)))
      return false;
    /* Wrapping arithmetic is past what a sample should reach: unknown. */
    switch (k) {
    case 0: return !__builtin_add_overflow(x, y, out);
    case 1: return !__builtin_sub_overflow(x, y, out);
    case 2: return !__builtin_mul_overflow(x, y, out);
    case 3: *out = x / y; break;
    case 4: /* ceil(x / y) */
      *out = x / y + (x % y != 0 && (x < 0) == (y < 0));
      break;
    case 5: *out = x % y; break;
    case 6: *out = x < y ? x : y; break;
    case 7: *out = x > y ? x : y; break;
    case 8: *out = x & y; break;
    case 9: *out = x | y; break;
    case 10: *out = x ^ y; break;
    case 11:
      if (x < 0 || x > (INT64_MAX >> y))
        return false;
      *out = x << y;
      break;
    default: *out = x >> y; break;
    }
    return true;
  }
  return false;
}

static bool eval(Sample *s, MlirValue v, int depth, int64_t *out) {
  if (depth > MAX_DEPTH || ++s->visits > MAX_VISITS)
    return false;
  if (mlirValueIsABlockArgument(v)) {
    /* A scalar argument: a size, as the memrefs' are. */
    if (!tileIsKernelArgument(s->kernel, v) ||
        !(mlirTypeIsAInteger(mlirValueGetType(v)) ||
          mlirTypeIsAIndex(mlirValueGetType(v))))
      return false;
    *out = TILE_WORK_SIZE;
    return true;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  int64_t axis = 0;
  if (tileOpIsNamed(op, "tile.program_id")) {
    if (!tileOpIntAttr(op, "axis", &axis) || axis < 0 || axis > 2)
      return false;
    *out = s->id[axis];
    return true;
  }
  if (tileOpIsNamed(op, "tile.num_programs")) {
    *out = TILE_WORK_PROGRAMS;
    return true;
  }
  if (tileOpIsNamed(op, "memref.dim")) {
    *out = TILE_WORK_SIZE;
    return true;
  }
  if (tileOpIsNamed(op, "arith.constant"))
    return tileConstantInt(v, out);
  if (!tileIsScalarArithOp(op))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  int64_t x[3] = {0, 0, 0};
  if (n > 3)
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (!eval(s, mlirOperationGetOperand(op, i), depth + 1, &x[i]))
      return false;
  if (n == 1) { /* casts: the sampled values fit every width */
    *out = x[0];
    return true;
  }
  if (tileOpIsNamed(op, "arith.select")) {
    *out = x[0] ? x[1] : x[2];
    return true;
  }
  int64_t predicate = 0;
  if (tileOpIsNamed(op, "arith.cmpi"))
    return tileOpIntAttr(op, "predicate", &predicate) &&
           compare(predicate, x[0], x[1], out);
  return n == 2 && binary(op, x[0], x[1], out);
}

/* The iterations of every scf.for of the kernel at one sample. */
typedef struct {
  Sample sample;
  int64_t iterations;
  bool unknown;
} Count;

static MlirWalkResult countLoop(MlirOperation op, void *userData) {
  Count *c = userData;
  if (!tileOpIsNamed(op, "scf.for"))
    return MlirWalkResultAdvance;
  int64_t lo, hi, step;
  c->sample.visits = 0;
  if (!eval(&c->sample, mlirOperationGetOperand(op, 0), 0, &lo) ||
      !eval(&c->sample, mlirOperationGetOperand(op, 1), 0, &hi) ||
      !eval(&c->sample, mlirOperationGetOperand(op, 2), 0, &step) ||
      step <= 0) {
    c->unknown = true;
    return MlirWalkResultInterrupt;
  }
  int64_t span;
  if (hi > lo && !__builtin_sub_overflow(hi, lo, &span) &&
      span <= INT64_MAX - step)
    c->iterations += (span + step - 1) / step;
  return MlirWalkResultAdvance;
}

static bool iterationsAt(MlirOperation kernel, int axis, int64_t id,
                         int64_t *out) {
  Count c = {{kernel, {0, 0, 0}, 0}, 0, false};
  c.sample.id[axis] = id;
  mlirOperationWalk(kernel, countLoop, &c, MlirWalkPreOrder);
  *out = c.iterations;
  return !c.unknown;
}

int tileProgramWork(MlirOperation kernel, TileProgramWork *out, char *why,
                    size_t whySize) {
  out->axis = -1;
  out->first = out->last = 0;
  for (int axis = 0; axis < 2; ++axis) {
    int64_t first, last;
    if (!iterationsAt(kernel, axis, 0, &first) ||
        !iterationsAt(kernel, axis, TILE_WORK_PROGRAMS - 1, &last)) {
      snprintf(why, whySize,
               "a loop's bounds are not computed from the program id and "
               "the sizes alone");
      return 1;
    }
    if (first != last) {
      out->axis = axis;
      out->first = first;
      out->last = last;
      return 0;
    }
  }
  return 0;
}
