/* tile-split-loops; see SplitLoops.h. */
#include "lib/Transforms/SplitLoops.h"

#include <stdlib.h>

#include "lib/Analysis/AffineMask.h"
#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "lib/Transforms/Canonicalize.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Every op in `loop`'s body, in pre-order (a clone of the loop lists its
 * copies in the same order). */
static TileOpList bodyOps(MlirOperation loop) {
  TileOpList l = {0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    tileOpListCollect(&l, op, MlirWalkPreOrder, NULL);
  return l;
}

static bool isTileMask(MlirOperation op) {
  if (!tileOpIsNamed(op, "arith.cmpi"))
    return false;
  return mlirTypeIsARankedTensor(
      mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* Replaces the i1 tile `cmp` computes by a constant of `value`. */
static void replaceByConstant(MlirOperation cmp, bool value) {
  MlirValue result = mlirOperationGetResult(cmp, 0);
  MlirType type = mlirValueGetType(result);
  TileBuilder b = tileBuilderBefore(cmp);
  MlirValue c = bConstAttr(&b, mlirDenseElementsAttrBoolSplatGet(type, value));
  mlirValueReplaceAllUsesOfWith(result, c);
  mlirOperationDestroy(cmp);
}

static void markSplit(MlirOperation loop, const char *how) {
  MlirContext ctx = mlirOperationGetContext(loop);
  mlirOperationSetDiscardableAttributeByName(
      loop, tileStr("tile.split"), mlirStringAttrGet(ctx, tileStr(how)));
}

/* Whether `loop` starts from another loop's results: the later part of
 * a loop its author split by hand (flash attention's diagonal blocks
 * after the unmasked ones), which is left as written. */
static bool continuesALoop(MlirOperation loop) {
  for (intptr_t i = 3; i < mlirOperationGetNumOperands(loop); ++i) {
    MlirOperation def = tileDefiningOp(mlirOperationGetOperand(loop, i));
    if (!mlirOperationIsNull(def) && tileOpIsNamed(def, "scf.for"))
      return true;
  }
  return false;
}

/* Splits `loop` if some of its masks are constant on a prefix. */
static bool splitLoop(MlirOperation loop) {
  if (continuesALoop(loop))
    return false;
  TileOpList ops = bodyOps(loop);
  TileMaskPrefix *masks = calloc((size_t)ops.count + 1, sizeof *masks);
  int *at = calloc((size_t)ops.count + 1, sizeof *at);
  int numMasks = 0;
  for (int i = 0; i < ops.count; ++i)
    if (isTileMask(ops.ops[i]) &&
        tileMaskPrefixOf(ops.ops[i], loop, &masks[numMasks]) &&
        !tileMaskPrefixEmpty(loop, &masks[numMasks]))
      at[numMasks++] = i;
  if (numMasks > 0) {
    /* The prefix where every mask is constant ends at the earliest of
     * their ends. */
    TileBuilder b = tileBuilderBefore(loop);
    MlirValue end = tileMaskPrefixEnd(&b, loop, &masks[0]);
    for (int m = 1; m < numMasks; ++m)
      end = bBinary(&b, "arith.minsi", end,
                    tileMaskPrefixEnd(&b, loop, &masks[m]));
    MlirOperation head = mlirOperationClone(loop);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(loop), loop,
                                        head);
    mlirOperationSetOperand(head, 1, end);
    mlirOperationSetOperand(loop, 0, end);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(head); ++r)
      mlirOperationSetOperand(loop, 3 + r, mlirOperationGetResult(head, r));
    TileOpList copies = bodyOps(head);
    for (int m = 0; m < numMasks; ++m)
      replaceByConstant(copies.ops[at[m]], masks[m].value);
    tileOpListFree(&copies);
    markSplit(head, "unmasked");
    markSplit(loop, "masked");
  }
  free(masks);
  free(at);
  tileOpListFree(&ops);
  return numMasks > 0;
}

static bool isUnsplitLoop(MlirOperation op) {
  return tileOpIsNamed(op, "scf.for") &&
         mlirAttributeIsNull(tileOpAttr(op, "tile.split"));
}

int tileSplitLoops(MlirOperation op) {
  /* Inner loops first: a split outer loop clones them already split. */
  TileOpList loops = {0};
  tileOpListCollect(&loops, op, MlirWalkPostOrder, isUnsplitLoop);
  int split = 0;
  for (int i = 0; i < loops.count; ++i)
    split += splitLoop(loops.ops[i]);
  tileOpListFree(&loops);
  if (split)
    tileCanonicalize(op);
  return split;
}
