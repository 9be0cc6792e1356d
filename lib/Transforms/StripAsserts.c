/* asserts=off; see StripAsserts.h. */
#include "lib/Transforms/StripAsserts.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Transforms/Canonicalize.h"

/* A growing list of ops; `erased` marks those already destroyed, so no
 * pointer to a destroyed op is ever followed. */
typedef struct {
  MlirOperation *ops;
  bool *erased;
  size_t n, cap;
} OpList;

static bool opListHas(const OpList *l, MlirOperation op) {
  for (size_t i = 0; i < l->n; ++i)
    if (mlirOperationEqual(l->ops[i], op))
      return true;
  return false;
}

static void opListPush(OpList *l, MlirOperation op) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->ops = realloc(l->ops, l->cap * sizeof *l->ops);
    l->erased = realloc(l->erased, l->cap * sizeof *l->erased);
  }
  l->ops[l->n] = op;
  l->erased[l->n++] = false;
}

static MlirWalkResult collectAssert(MlirOperation op, void *data) {
  if (tileOpIsNamed(op, "tile.assert"))
    opListPush(data, op);
  return MlirWalkResultAdvance;
}

/* Ops whose only effect is their results (no regions: an scf.if or
 * scf.for computing a condition stays, as upstream DCE would need to look
 * inside it). */
static bool trivialWhenUnused(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  return tileOpIsArithOrMath(op) || tileCanonicalizeErasesUnused(op);
}

/* Adds the trivially removable ops that feed `op`, transitively. */
static void collectFeeders(OpList *feeders, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirOperation def = tileDefiningOp(mlirOperationGetOperand(op, i));
    if (mlirOperationIsNull(def) || !trivialWhenUnused(def) ||
        opListHas(feeders, def))
      continue;
    opListPush(feeders, def);
    collectFeeders(feeders, def);
  }
}

int tileStripAsserts(MlirOperation op) {
  OpList asserts = {0}, feeders = {0};
  mlirOperationWalk(op, collectAssert, &asserts, MlirWalkPreOrder);
  for (size_t i = 0; i < asserts.n; ++i)
    collectFeeders(&feeders, asserts.ops[i]);
  for (size_t i = 0; i < asserts.n; ++i)
    mlirOperationDestroy(asserts.ops[i]);
  /* Depth first, a user is listed before what feeds it, so one sweep
   * mostly does; sweep until nothing more goes, whatever the order. */
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < feeders.n; ++i) {
      if (feeders.erased[i] || !tileOpResultsUnused(feeders.ops[i]))
        continue;
      mlirOperationDestroy(feeders.ops[i]);
      feeders.erased[i] = changed = true;
    }
  }
  int count = (int)asserts.n;
  free(asserts.ops);
  free(asserts.erased);
  free(feeders.ops);
  free(feeders.erased);
  return count;
}

bool tileAssertsParse(const char *value, bool *off) {
  if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0)
    return false;
  *off = value[1] == 'f';
  return true;
}
