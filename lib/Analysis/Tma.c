/* Which loads and stores use TMA, and their tensor maps; see Tma.h. */
#include "lib/Analysis/Tma.h"

#include <string.h>

#include "lib/Analysis/Contiguity.h"
#include "lib/Analysis/IndexFacts.h"
#include "lib/Analysis/Layout.h"
#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The layout the dot the load feeds recorded for it, as the loaded tile
 * lies in it (tileMmaLoadOperand). */
static bool dotLayout(MlirOperation load, TileSmemLayout *out) {
  MlirOperation dot;
  int operand;
  return tileMmaLoadOperand(load, &dot, &operand, out);
}

static bool unitInnerStride(MlirType memref) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  return mlirAttributeIsNull(layout) ||
         (mlirAttributeIsAAffineMap(layout) &&
          mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout)));
}

/* A kernel argument of rank 2 (or 3, when `rank3` allows) with a unit
 * inner stride: what a tensor map describes. */
static bool mapsArgument(MlirValue mem, bool rank3) {
  MlirType mt = mlirValueGetType(mem);
  intptr_t rank = mlirShapedTypeGetRank(mt);
  return mlirValueIsABlockArgument(mem) &&
         tileOpIsNamed(mlirBlockGetParentOperation(
                           mlirBlockArgumentGetOwner(mem)),
                       "func.func") &&
         (rank == 2 || (rank3 && rank == 3)) && unitInnerStride(mt);
}

/* The rows of a load's box: dimension 0 of a rank-2 tile, 1 of a rank-3
 * one (whose dimension 0 is 1: the pipeline takes no other). */
static int64_t boxRowsOf(MlirType tile) {
  return mlirShapedTypeGetDimSize(tile, mlirShapedTypeGetRank(tile) - 2);
}

MlirValue tileTmaStoredTile(MlirOperation store) {
  MlirValue v = mlirOperationGetOperand(store, 0);
  MlirType t = mlirValueGetType(v);
  if (mlirShapedTypeGetRank(t) == 2)
    return v;
  MlirOperation def = tileDefiningOp(v);
  if (mlirShapedTypeGetRank(t) != 3 || mlirShapedTypeGetDimSize(t, 0) != 1 ||
      mlirOperationIsNull(def) || !tileOpIsNamed(def, "tile.reshape") ||
      mlirShapedTypeGetRank(
          mlirValueGetType(mlirOperationGetOperand(def, 0))) != 2)
    return (MlirValue){NULL};
  return mlirOperationGetOperand(def, 0);
}

bool tileTmaCanStore(MlirOperation store, TileSmemLayout *layout) {
  if (!tileOpIsNamed(store, "tile.store"))
    return false;
  MlirValue mem = mlirOperationGetOperand(store, 1);
  MlirValue stored = tileTmaStoredTile(store);
  if (mlirValueIsNull(stored) || !mapsArgument(mem, true) ||
      mlirShapedTypeGetRank(mlirValueGetType(mem)) !=
          mlirShapedTypeGetRank(
              mlirValueGetType(mlirOperationGetOperand(store, 0))))
    return false;
  MlirType tt = mlirValueGetType(stored);
  TileLayout l;
  int eb = tileElemBytes(mlirShapedTypeGetElementType(tt));
  int64_t rows = mlirShapedTypeGetDimSize(tt, 0);
  if (!tileTypeLayout(tt, &l))
    return false;
  /* wgmma's accumulator holds pairs of neighbours (16-bit elements only:
   * f32 pairs would be 8-byte stores); tcgen05's holds whole runs of a
   * row, written 16 bytes at a time whatever the element. */
  bool wgmma = l.kind == LAYOUT_MMA && l.wgmmaN > 0 && eb == 2;
  /* A reshaped tile only from wgmma's registers: a tcgen05 accumulator
   * in tensor memory reaches the reshape through a layout conversion. */
  bool tcgen05 = l.kind == LAYOUT_BLOCKED && l.tmem && (eb == 2 || eb == 4) &&
                 mlirValueEqual(stored, mlirOperationGetOperand(store, 0));
  return (wgmma || tcgen05) && rows <= 256 &&
         tileSmemLayoutForWgmma(rows, mlirShapedTypeGetDimSize(tt, 1), eb,
                                false, layout);
}

/* Whether a load's box starts at a column a bulk copy can take: its
 * innermost offset (the last) shown to be 16-byte aligned (IndexFacts.h:
 * elsewhere the copy faults). */
static bool startsAtChunk(MlirOperation load) {
  MlirType tt = mlirValueGetType(mlirOperationGetResult(load, 0));
  int eb = tileElemBytes(mlirShapedTypeGetElementType(tt));
  MlirValue col =
      mlirOperationGetOperand(load, mlirOperationGetNumOperands(load) - 1);
  return eb > 0 && eb <= 16 && tileIndexMultipleOf(col, 16 / eb);
}

bool tileTmaPlainBox(MlirOperation load) {
  if (!tileOpIsNamed(load, "tile.load") ||
      !mapsArgument(mlirOperationGetOperand(load, 0), true))
    return false;
  /* No dot reads it, directly or through a trans. */
  for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(load, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIsNamed(user, "tile.dot") || tileOpIsNamed(user, "tile.trans"))
      return false;
  }
  MlirType tt = mlirValueGetType(mlirOperationGetResult(load, 0));
  intptr_t rank = mlirShapedTypeGetRank(tt);
  if (rank != mlirShapedTypeGetRank(
                  mlirValueGetType(mlirOperationGetOperand(load, 0))) ||
      (rank == 3 && mlirShapedTypeGetDimSize(tt, 0) != 1))
    return false;
  int64_t cols = mlirShapedTypeGetDimSize(tt, rank - 1);
  int64_t rowBytes = cols * tileElemBytes(mlirShapedTypeGetElementType(tt));
  return boxRowsOf(tt) == 1 && cols <= 256 && rowBytes % 16 == 0 &&
         startsAtChunk(load);
}

bool tileTmaCanCopy(MlirOperation load, const char **why) {
  TileSmemLayout s;
  MlirType tt = mlirValueGetType(mlirOperationGetResult(load, 0));
  const char *reason = NULL;
  if (tileTmaPlainBox(load))
    reason = NULL;
  else if (!tileOpIsNamed(load, "tile.load"))
    reason = "it is a masked load";
  else if (!startsAtChunk(load))
    reason = "its column offset is not shown to be a multiple of 16 bytes "
             "(where a bulk copy's box must start)";
  else if (!mapsArgument(mlirOperationGetOperand(load, 0), true))
    reason = "its memref is not a kernel argument of rank 2 or 3 with a unit "
             "inner stride";
  else if (!dotLayout(load, &s) || s.blockElems == 0 || s.transposed)
    reason = "its dot is not on wgmma";
  else if (boxRowsOf(tt) > 256)
    reason = "its tile has more than 256 rows (a TMA box's limit)";
  if (why)
    *why = reason;
  return !reason;
}

bool tileTmaCanReduce(MlirOperation op, int *dimOf) {
  if (!tileOpIsNamed(op, "tile.atomic_rmw") ||
      !tileOpStrAttrIs(op, "kind", "add", "") ||
      !tileOpStrAttrIs(op, "sem", "relaxed", "acq_rel") ||
      !tileOpStrAttrIs(op, "scope", "gpu", "gpu") ||
      !tileValueIsUnused(mlirOperationGetResult(op, 0)))
    return false;
  MlirValue mem = mlirOperationGetOperand(op, 1);
  MlirType tt = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mapsArgument(mem, true) || mlirShapedTypeGetRank(tt) != 2 ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(tt)))
    return false;
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(mem));
  if (mlirOperationGetNumOperands(op) != 2 + rank)
    return false;
  int of[3] = {-1, -1, -1};
  bool claimed[2] = {false, false};
  for (int k = 0; k < rank; ++k) {
    int64_t coef[TILE_MAX_COORD_RANK];
    if (!tileAffineInCoords(mlirOperationGetOperand(op, 2 + k), coef))
      return false;
    for (int d = 0; d < 2; ++d) {
      if (coef[d] == 0 || mlirShapedTypeGetDimSize(tt, d) == 1)
        continue;
      if (coef[d] != 1 || of[k] >= 0 || claimed[d])
        return false;
      of[k] = d;
      claimed[d] = true;
    }
  }
  /* The tile's two dimensions are the memref's last two, whole rows of
   * 16-byte units, at most 256 elements a side. */
  int rows = of[rank - 2], cols = of[rank - 1];
  if (rows < 0 || cols < 0 || (rank == 3 && of[0] >= 0))
    return false;
  int64_t r = mlirShapedTypeGetDimSize(tt, rows);
  int64_t c = mlirShapedTypeGetDimSize(tt, cols);
  if (r > 256 || c > 256 || (c * 4) % 16 != 0)
    return false;
  if (dimOf)
    for (int k = 0; k < rank; ++k)
      dimOf[k] = of[k];
  return true;
}

/* The map a load, store or atomic needs. */
static TileTmaMap mapFor(MlirOperation op) {
  TileSmemLayout s;
  TileTmaMap m;
  int dimOf[3];
  if (tileTmaCanReduce(op, dimOf)) {
    /* A plain box of the memref's last two dimensions, as the tile's
     * dimensions run along them. */
    MlirValue mem = mlirOperationGetOperand(op, 1);
    MlirType tt = mlirValueGetType(mlirOperationGetOperand(op, 0));
    int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(mem));
    m.arg = (int)mlirBlockArgumentGetArgNumber(mem);
    m.boxRows = (int)mlirShapedTypeGetDimSize(tt, dimOf[rank - 2]);
    m.boxCols = (int)mlirShapedTypeGetDimSize(tt, dimOf[rank - 1]);
    m.swizzleBytes = 0;
    return m;
  }
  bool isStore = tileOpIsNamed(op, "tile.store");
  MlirType tt = mlirValueGetType(isStore ? mlirOperationGetOperand(op, 0)
                                         : mlirOperationGetResult(op, 0));
  m.arg = (int)mlirBlockArgumentGetArgNumber(
      mlirOperationGetOperand(op, isStore ? 1 : 0));
  m.boxRows = (int)boxRowsOf(tt);
  if (!isStore && tileTmaPlainBox(op)) {
    m.boxCols = (int)mlirShapedTypeGetDimSize(tt, mlirShapedTypeGetRank(tt) - 1);
    m.swizzleBytes = 0;
    return m;
  }
  if (isStore)
    tileTmaCanStore(op, &s);
  else
    dotLayout(op, &s);
  m.boxCols = (int)s.blockElems;
  m.swizzleBytes = (int)(s.blockElems * s.elemBytes);
  return m;
}

typedef struct {
  TileTmaMap *maps;
  int count;
  MlirOperation find; /* tileTmaMapOf: the load looked for */
  int found;
} MapWalk;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  MapWalk *w = userData;
  /* Atomics are marked tile.tma_reduce: the loops' producers and
   * pipelines take every other op marked tile.tma in them for a load. */
  bool marked = tileOpIsNamed(op, "tile.atomic_rmw")
                    ? !mlirAttributeIsNull(tileOpAttr(op, "tile.tma_reduce"))
                    : (tileOpIsNamed(op, "tile.load") ||
                       tileOpIsNamed(op, "tile.store")) &&
                          !mlirAttributeIsNull(tileOpAttr(op, "tile.tma"));
  if (!marked)
    return MlirWalkResultAdvance;
  TileTmaMap m = mapFor(op);
  int i = 0;
  while (i < w->count && memcmp(&w->maps[i], &m, sizeof m) != 0)
    ++i;
  if (i == w->count && w->count < TILE_TMA_MAX_MAPS)
    w->maps[w->count++] = m;
  if (!mlirOperationIsNull(w->find) && mlirOperationEqual(op, w->find))
    w->found = i < w->count ? i : -1;
  return MlirWalkResultAdvance;
}

int tileTmaMaps(MlirOperation kernel, TileTmaMap *out) {
  MapWalk w = {out, 0, {NULL}, -1};
  mlirOperationWalk(kernel, collect, &w, MlirWalkPreOrder);
  return w.count;
}

int tileTmaMapOf(MlirOperation kernel, MlirOperation op) {
  TileTmaMap maps[TILE_TMA_MAX_MAPS];
  MapWalk w = {maps, 0, op, -1};
  mlirOperationWalk(kernel, collect, &w, MlirWalkPreOrder);
  return w.found;
}

int tileKernelProducerWarps(MlirOperation kernel) {
  int64_t n = 0;
  return tileOpIntAttr(kernel, "tile.producer_warps", &n) &&
                 n == TILE_PRODUCER_WARPS
             ? (int)n
             : 0;
}

bool tileKernelPersistent(MlirOperation kernel) {
  MlirAttribute a = tileOpAttr(kernel, "tile.persistent");
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}
