/* Which loop stream-K may split; see StreamK.h. */
#include "lib/Analysis/StreamK.h"

#include <string.h>

#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Ops that write memory or have an effect outside the kernel's values. */
static bool writes(MlirOperation op) {
  static const char *const kWriters[] = {
      "tile.store",      "tile.store_masked", "tile.scatter", "tile.atomic_rmw",
      "tile.atomic_cas", "tile.print",        "tile.assert",  "memref.store"};
  for (size_t i = 0; i < sizeof kWriters / sizeof kWriters[0]; ++i)
    if (tileOpIsNamed(op, kWriters[i]))
      return true;
  return false;
}

static bool isDot(MlirOperation op) { return tileOpIsNamed(op, "tile.dot"); }

/* A program id or count along an axis other than 0. */
static bool otherAxis(MlirOperation op) {
  int64_t axis = 0;
  return (tileOpIsNamed(op, "tile.program_id") ||
          tileOpIsNamed(op, "tile.num_programs")) &&
         tileOpIntAttr(op, "axis", &axis) && axis != 0;
}

typedef struct {
  bool (*test)(MlirOperation op);
  bool found;
} Search;

static MlirWalkResult searchOp(MlirOperation op, void *userData) {
  Search *s = userData;
  if (!s->test(op))
    return MlirWalkResultAdvance;
  s->found = true;
  return MlirWalkResultInterrupt;
}

/* Whether `op` or an op nested in it passes `test`. */
static bool anyWithin(MlirOperation op, bool (*test)(MlirOperation op)) {
  Search s = {test, false};
  mlirOperationWalk(op, searchOp, &s, MlirWalkPreOrder);
  return s.found;
}

/* An arith.constant f32 tile of zeros. */
static bool zeroTile(MlirValue v) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || !tileOpIsNamed(def, "arith.constant"))
    return false;
  MlirAttribute a = tileOpAttr(def, "value");
  return !mlirAttributeIsNull(a) && mlirAttributeIsADenseFPElements(a) &&
         mlirDenseElementsAttrIsSplat(a) &&
         mlirDenseElementsAttrGetFloatSplatValue(a) == 0.0f;
}

/* Whether `v`, yielded by the loop body `body`, is iter_arg `arg` plus
 * tile.dots of the body: a chain of dots each accumulating into the
 * next. */
static bool dotChainOf(MlirValue v, MlirValue arg, MlirBlock body) {
  for (int depth = 0; depth < 64; ++depth) {
    if (mlirValueEqual(v, arg))
      return true;
    MlirOperation def = tileDefiningOp(v);
    if (mlirOperationIsNull(def) || !tileOpIsNamed(def, "tile.dot") ||
        !mlirBlockEqual(mlirOperationGetBlock(def), body) ||
        mlirOperationGetNumOperands(def) != 3)
      return false;
    v = mlirOperationGetOperand(def, 2);
  }
  return false;
}

static bool boolAttr(MlirOperation op, const char *name) {
  MlirAttribute a = tileOpAttr(op, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}

static bool splittableLoop(MlirOperation kernel, MlirOperation *loop,
                           const char **why);

bool tileStreamKFor(MlirOperation kernel, const char *chip, MlirOperation *loop,
                    const char **why) {
  *loop = (MlirOperation){NULL};
  bool otherAxes = anyWithin(kernel, otherAxis);
  if (!chip || tileChipHasTcgen05(chip))
    *why = "stream-K is built for accumulators in registers, not sm_100a's "
           "tensor memory";
  else if (otherAxes)
    *why = "its programs run along more than axis 0";
  else if (boolAttr(kernel, "tile.persistent"))
    *why = "the kernel is persistent: its blocks run programs in turn";
  else if (boolAttr(kernel, "tile.cta_pairs") ||
           boolAttr(kernel, "tile.multicast"))
    *why = "its programs run in clusters of two CTAs";
  else
    return splittableLoop(kernel, loop, why);
  return false;
}

static bool splittableLoop(MlirOperation kernel, MlirOperation *loop,
                           const char **why) {
  *loop = (MlirOperation){NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  bool writtenBefore = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIsNamed(op, "scf.for") || !anyWithin(op, isDot)) {
      if (mlirOperationIsNull(*loop))
        writtenBefore = writtenBefore || anyWithin(op, writes);
      else if (anyWithin(op, isDot)) {
        *why = "the kernel has more than one loop of dots";
        return false;
      }
      continue;
    }
    if (!mlirOperationIsNull(*loop)) {
      *why = "the kernel has more than one loop of dots";
      return false;
    }
    *loop = op;
  }
  if (mlirOperationIsNull(*loop)) {
    *why = "the kernel's body has no loop of dots";
    return false;
  }
  if (writtenBefore || anyWithin(*loop, writes)) {
    *why = "code before its loop of dots or in it writes memory, which each "
           "part of a split program would do again";
    *loop = (MlirOperation){NULL};
    return false;
  }
  MlirBlock loopBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(*loop, 0));
  MlirOperation yield = mlirBlockGetTerminator(loopBody);
  intptr_t n = mlirOperationGetNumResults(*loop);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(loopBody, 1 + i);
    MlirType t = mlirValueGetType(arg);
    if (!mlirTypeIsARankedTensor(t) ||
        !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)) ||
        !zeroTile(mlirOperationGetOperand(*loop, 3 + i)) ||
        !dotChainOf(mlirOperationGetOperand(yield, i), arg, loopBody)) {
      *why = "a value its loop carries is not an f32 tile of sums of dots "
             "from zero, so parts of the loop cannot be added";
      *loop = (MlirOperation){NULL};
      return false;
    }
  }
  if (n == 0) {
    *why = "its loop of dots carries no sums";
    *loop = (MlirOperation){NULL};
    return false;
  }
  return true;
}

bool tileKernelStreamK(MlirOperation kernel) {
  MlirAttribute a = tileOpAttr(kernel, "tile.stream_k");
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}
