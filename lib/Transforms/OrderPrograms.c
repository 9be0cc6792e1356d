/* tile-order-programs; see OrderPrograms.h. */
#include "lib/Transforms/OrderPrograms.h"

#include <stdio.h>

#include "lib/Analysis/ProgramWork.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "dialect/Dialect.h"

/* Reordering pays where the heaviest program runs at least twice the
 * iterations of the lightest: causal attention's 1 to 64 key blocks ran
 * 10% (d = 64) and 6% (d = 128) faster heaviest first over 16 heads x
 * 8192 on an H200 (docs/performance.md); a ragged last block's one
 * iteration more is not worth the blocks' division. */
enum { MIN_RATIO = 2 };

typedef struct {
  bool launchOrder;
  int reordered;
} Order;

static MlirWalkResult orderKernel(MlirOperation op, void *userData) {
  Order *o = userData;
  if (!tileOpIsKernel(op))
    return MlirWalkResultAdvance;
  /* A kernel's own order is the lowering's to check. */
  if (o->launchOrder ||
      !mlirAttributeIsNull(tileOpAttr(op, "tile.program_order")))
    return MlirWalkResultSkip;
  TileProgramWork w;
  char why[160];
  if (tileProgramWork(op, &w, why, sizeof why) || w.axis < 0)
    return MlirWalkResultSkip;
  int64_t light = w.first < w.last ? w.first : w.last;
  int64_t heavy = w.first < w.last ? w.last : w.first;
  if (heavy < MIN_RATIO * light)
    return MlirWalkResultSkip;
  bool reversed = w.last > w.first;
  MlirContext ctx = mlirOperationGetContext(op);
  char text[96];
  snprintf(text, sizeof text, "{axis = %d : i32, reversed = %s}", w.axis,
           reversed ? "true" : "false");
  mlirOperationSetAttributeByName(op, tileStr("tile.program_order"),
                                  tileParseAttr(ctx, text));
  char remark[400];
  snprintf(remark, sizeof remark,
           "program-order=auto: the programs that run longest start first: "
           "the loops run %lld iteration(s) at program_id(%d) = 0 and %lld at "
           "%d (of %d, sampled), so the first blocks launched take axis %d "
           "from its %s program, axis %d fastest",
           (long long)w.first, w.axis, (long long)w.last,
           TILE_WORK_PROGRAMS - 1, TILE_WORK_PROGRAMS, w.axis,
           reversed ? "last" : "first", 1 - w.axis);
  tileOpSetStrAttr(op, "tile.program_order_why", remark);
  ++o->reordered;
  return MlirWalkResultSkip;
}

int tileOrderPrograms(MlirOperation op, bool launchOrder) {
  Order o = {launchOrder, 0};
  mlirOperationWalk(op, orderKernel, &o, MlirWalkPreOrder);
  return o.reordered;
}
