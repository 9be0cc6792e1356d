/* A growing list of ops; see OpList.h. */
#include "lib/IR/OpList.h"

#include <stdlib.h>

void tileOpListPush(TileOpList *l, MlirOperation op) {
  if (l->count == l->capacity) {
    l->capacity = l->capacity ? 2 * l->capacity : 32;
    l->ops = realloc(l->ops, sizeof *l->ops * (size_t)l->capacity);
  }
  l->ops[l->count++] = op;
}

typedef struct {
  TileOpList *list;
  bool (*want)(MlirOperation);
} Collecting;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Collecting *c = userData;
  if (!c->want || c->want(op))
    tileOpListPush(c->list, op);
  return MlirWalkResultAdvance;
}

void tileOpListCollect(TileOpList *l, MlirOperation root, MlirWalkOrder order,
                       bool (*want)(MlirOperation)) {
  Collecting c = {l, want};
  mlirOperationWalk(root, collect, &c, order);
}

void tileOpListFree(TileOpList *l) {
  free(l->ops);
  l->ops = NULL;
  l->count = l->capacity = 0;
}
