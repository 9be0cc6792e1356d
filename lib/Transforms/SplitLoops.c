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

enum { TILE_MAX_LOAD_RANK = 3 };

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

/* A tile.load of `loop`'s body whose box moves with the loop: each
 * offset an affine form of the induction variable (not decreasing) whose
 * constant part is not negative, the memref from outside the loop. (A
 * load behind the loop, as tile-overlap-softmax's V at iv - BN, reads
 * padding on the first iteration and is left out: its box is inside on
 * no prefix.) */
static bool movingLoad(MlirOperation op, MlirOperation loop,
                       TileAffine *offsets) {
  if (!tileOpIsNamed(op, "tile.load") ||
      tileValueDefinedIn(mlirOperationGetOperand(op, 0), loop))
    return false;
  intptr_t rank = mlirOperationGetNumOperands(op) - 1;
  if (rank > TILE_MAX_LOAD_RANK)
    return false;
  for (intptr_t d = 0; d < rank; ++d) {
    TileAffine *f = &offsets[d];
    if (!tileAffineOf(mlirOperationGetOperand(op, 1 + d), loop, f) ||
        f->coef < 0 || f->lo != f->hi || f->lo < 0)
      return false;
  }
  return true;
}

/* sum(mul * term) + lo of form `f`, as an index before the loop. */
static MlirValue invariantPart(TileBuilder *b, const TileAffine *f) {
  MlirValue v = bConstIndex(b, f->lo);
  for (int i = 0; i < f->numTerms; ++i) {
    MlirValue t = f->term[i];
    if (!mlirTypeIsAIndex(mlirValueGetType(t)))
      t = bCast(b, "arith.index_cast", t, mlirIndexTypeGet(b->ctx));
    v = bAddi(b, v, bMuli(b, t, bConstIndex(b, f->mul[i])));
  }
  return v;
}

/* Narrows the unmasked prefix, which ends at `end`, to the iterations in
 * which the box of moving load `op` lies inside its memref: along a
 * dimension the loop moves it (coef > 0) the box's end stays at most the
 * size until a point (a mask prefix of its own, AffineMask.h) and its
 * start is not negative from the first iteration on; along the others
 * the box is inside or not for the whole loop. *inside gathers those
 * invariant tests: where one fails, no iteration is in the prefix. */
static MlirValue narrowToLoad(TileBuilder *b, MlirOperation loop,
                              MlirOperation op, const TileAffine *offsets,
                              MlirValue end, MlirValue *inside) {
  MlirValue memref = mlirOperationGetOperand(op, 0);
  MlirType tile = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue zero = bConstIndex(b, 0);
  for (intptr_t d = 0; d + 1 < mlirOperationGetNumOperands(op); ++d) {
    const TileAffine *f = &offsets[d];
    int64_t extent = mlirShapedTypeGetDimSize(tile, d);
    MlirValue size = bDim(b, memref, d);
    MlirValue e = invariantPart(b, f);
    MlirValue first = bAddi(b, e, bMuli(b, bConstIndex(b, f->coef), lb));
    MlirValue ok = bCmpi(b, ARITH_SGE, first, zero);
    if (f->coef == 0) {
      ok = bAndi(b, ok, bCmpi(b, ARITH_SLE, bAddi(b, e, bConstIndex(b, extent)),
                              size));
    } else if (f->numTerms < TILE_AFFINE_MAX_TERMS) {
      /* coef * iv + E + extent - size <= 0 */
      TileMaskPrefix m = {*f, true};
      m.bound.lo = m.bound.hi = f->lo + extent;
      m.bound.term[m.bound.numTerms] = size;
      m.bound.mul[m.bound.numTerms++] = -1;
      end = bBinary(b, "arith.minsi", end, tileMaskPrefixEnd(b, loop, &m));
    } else {
      ok = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 0);
    }
    *inside = bAndi(b, *inside, ok);
  }
  return end;
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
    /* And where every moving load's box lies inside its memref: those
     * loads need no bounds tests there (tile.in_bounds). */
    int *loads = calloc((size_t)ops.count + 1, sizeof *loads);
    int numLoads = 0;
    MlirValue inside = bConstInt(&b, mlirIntegerTypeGet(b.ctx, 1), 1);
    for (int i = 0; i < ops.count; ++i) {
      TileAffine offsets[TILE_MAX_LOAD_RANK];
      if (movingLoad(ops.ops[i], loop, offsets)) {
        end = narrowToLoad(&b, loop, ops.ops[i], offsets, end, &inside);
        loads[numLoads++] = i;
      }
    }
    if (numLoads > 0)
      end = bSelect(&b, inside, end, mlirOperationGetOperand(loop, 0));
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
    for (int l = 0; l < numLoads; ++l)
      mlirOperationSetDiscardableAttributeByName(
          copies.ops[loads[l]], tileStr("tile.in_bounds"),
          mlirUnitAttrGet(mlirOperationGetContext(loop)));
    free(loads);
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
