/* A growing list of ops, for passes that collect ops in a walk and
 * rewrite them after it (a walk must not change what it walks). */
#ifndef TILE_IR_OPLIST_H
#define TILE_IR_OPLIST_H

#include <stdbool.h>

#include "mlir-c/IR.h"

typedef struct {
  MlirOperation *ops;
  int count, capacity;
} TileOpList;

void tileOpListPush(TileOpList *l, MlirOperation op);
/* Appends the ops at or under `root` that `want` accepts (NULL: every
 * op), in the walk's `order`. */
void tileOpListCollect(TileOpList *l, MlirOperation root, MlirWalkOrder order,
                       bool (*want)(MlirOperation));
void tileOpListFree(TileOpList *l);

#endif
