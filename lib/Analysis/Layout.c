/* Distributed layouts; see Layout.h. */
#include "lib/Analysis/Layout.h"

#include <string.h>

#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static int clampPow2(int64_t v, int lo, int hi) {
  int r = lo;
  while (r * 2 <= v && r * 2 <= hi)
    r *= 2;
  return r;
}

TileLayout tileLayoutDefault(int rank, const int64_t *shape, int contiguousDim,
                             int vector, int numWarps) {
  TileLayout l;
  memset(&l, 0, sizeof l);
  l.kind = LAYOUT_BLOCKED;
  TileBlocked *b = &l.blocked;
  b->rank = rank;
  /* order: the contiguous dim, then the others from innermost out. */
  int k = 0;
  b->order[k++] = contiguousDim;
  for (int d = rank - 1; d >= 0; --d)
    if (d != contiguousDim)
      b->order[k++] = d;
  for (int d = 0; d < rank; ++d) {
    b->sizePerThread[d] = 1;
    b->threadsPerWarp[d] = 1;
    b->warpsPerCTA[d] = 1;
  }
  b->sizePerThread[contiguousDim] = clampPow2(shape[contiguousDim], 1, vector);
  /* Lanes along the fastest dims first, as far as the shape goes. */
  int lanes = 32;
  for (int i = 0; i < rank && lanes > 1; ++i) {
    int d = b->order[i];
    int fit = (int)(shape[d] / b->sizePerThread[d]);
    int t = clampPow2(fit, 1, lanes);
    b->threadsPerWarp[d] = t;
    lanes /= t;
  }
  b->threadsPerWarp[b->order[rank - 1]] *= lanes; /* leftover: replicate */
  /* Warps along the outermost dims first, as far as the shape goes. */
  int warps = numWarps;
  for (int i = rank - 1; i >= 0 && warps > 1; --i) {
    int d = b->order[i];
    int fit = (int)(shape[d] / (b->sizePerThread[d] * b->threadsPerWarp[d]));
    int w = clampPow2(fit, 1, warps);
    b->warpsPerCTA[d] = w;
    warps /= w;
  }
  b->warpsPerCTA[b->order[rank - 1]] *= warps;
  return l;
}

TileLayout tileLayoutSlice(const TileLayout *parent, int dim) {
  TileLayout l = *parent;
  l.kind = LAYOUT_SLICE;
  l.sliceDim = dim;
  return l;
}

int tileLayoutRank(const TileLayout *l) {
  return l->kind == LAYOUT_SLICE ? l->blocked.rank - 1 : l->blocked.rank;
}

bool tileLayoutEqual(const TileLayout *a, const TileLayout *b) {
  if (a->kind != b->kind || a->blocked.rank != b->blocked.rank)
    return false;
  if (a->kind == LAYOUT_SLICE && a->sliceDim != b->sliceDim)
    return false;
  for (int d = 0; d < a->blocked.rank; ++d)
    if (a->blocked.sizePerThread[d] != b->blocked.sizePerThread[d] ||
        a->blocked.threadsPerWarp[d] != b->blocked.threadsPerWarp[d] ||
        a->blocked.warpsPerCTA[d] != b->blocked.warpsPerCTA[d] ||
        a->blocked.order[d] != b->blocked.order[d])
      return false;
  return true;
}

int tileBlockedCoverage(const TileBlocked *b, int d) {
  return b->sizePerThread[d] * b->threadsPerWarp[d] * b->warpsPerCTA[d];
}

/* The parent's shape for a slice (the sliced dim has extent 1: its
 * coordinate does not matter). */
static void parentShape(const TileLayout *l, const int64_t *shape,
                        int64_t *out) {
  if (l->kind == LAYOUT_BLOCKED) {
    for (int d = 0; d < l->blocked.rank; ++d)
      out[d] = shape[d];
    return;
  }
  for (int d = 0, k = 0; d < l->blocked.rank; ++d)
    out[d] = d == l->sliceDim ? 1 : shape[k++];
}

/* Registers along parent dim d: S_d per pass, times the repetitions; a
 * dimension of extent 1 (or a sliced one) has one. */
static int regsAlong(const TileBlocked *b, int d, int64_t extent) {
  if (extent <= 1)
    return 1;
  int64_t coverage = tileBlockedCoverage(b, d);
  int64_t reps = extent > coverage ? extent / coverage : 1;
  int64_t s = b->sizePerThread[d] < extent ? b->sizePerThread[d] : extent;
  return (int)(s * reps);
}

int tileLayoutNumRegs(const TileLayout *l, const int64_t *shape) {
  int64_t ps[TILE_MAX_LAYOUT_RANK];
  parentShape(l, shape, ps);
  int n = 1;
  for (int d = 0; d < l->blocked.rank; ++d)
    n *= regsAlong(&l->blocked, d, ps[d]);
  return n;
}

void tileLayoutRegCoords(const TileLayout *l, const int64_t *shape, int reg,
                         int64_t *coords) {
  const TileBlocked *b = &l->blocked;
  int64_t ps[TILE_MAX_LAYOUT_RANK], pc[TILE_MAX_LAYOUT_RANK];
  parentShape(l, shape, ps);
  for (int i = 0; i < b->rank; ++i) {
    int d = b->order[i];
    int n = regsAlong(b, d, ps[d]);
    int r = reg % n;
    reg /= n;
    if (ps[d] <= 1) {
      pc[d] = 0;
      continue;
    }
    int s = b->sizePerThread[d] < ps[d] ? b->sizePerThread[d] : (int)ps[d];
    pc[d] = (int64_t)(r / s) * tileBlockedCoverage(b, d) + r % s;
  }
  for (int d = 0, k = 0; d < b->rank; ++d)
    if (l->kind == LAYOUT_BLOCKED || d != l->sliceDim)
      coords[k++] = pc[d];
}

void tileLayoutThreadStrides(const TileBlocked *b, int *laneStride,
                             int *warpStride) {
  int lane = 1, warp = 1;
  for (int i = 0; i < b->rank; ++i) {
    int d = b->order[i];
    laneStride[d] = lane;
    lane *= b->threadsPerWarp[d];
  }
  /* Warps: outermost dims vary fastest across warp ids (any fixed order
   * works; this one keeps neighbouring warps on neighbouring rows). */
  for (int i = b->rank - 1; i >= 0; --i) {
    int d = b->order[i];
    warpStride[d] = warp;
    warp *= b->warpsPerCTA[d];
  }
}

static MlirAttribute i32Array(MlirContext ctx, int n, const int *v) {
  int32_t tmp[TILE_MAX_LAYOUT_RANK];
  for (int i = 0; i < n; ++i)
    tmp[i] = v[i];
  return mlirDenseI32ArrayGet(ctx, n, tmp);
}

MlirAttribute tileLayoutToAttr(MlirContext ctx, const TileLayout *l) {
  const TileBlocked *b = &l->blocked;
  MlirNamedAttribute entries[6];
  int n = 0;
#define ENTRY(name, value)                                                     \
  entries[n++] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, tileStr(name)),  \
                                       value)
  ENTRY("tile.layout", mlirStringAttrGet(ctx, tileStr(l->kind == LAYOUT_SLICE
                                                          ? "slice"
                                                          : "blocked")));
  ENTRY("size_per_thread", i32Array(ctx, b->rank, b->sizePerThread));
  ENTRY("threads_per_warp", i32Array(ctx, b->rank, b->threadsPerWarp));
  ENTRY("warps_per_cta", i32Array(ctx, b->rank, b->warpsPerCTA));
  ENTRY("order", i32Array(ctx, b->rank, b->order));
  if (l->kind == LAYOUT_SLICE)
    ENTRY("dim", tileI32Attr(ctx, l->sliceDim));
#undef ENTRY
  return mlirDictionaryAttrGet(ctx, n, entries);
}

static bool readArray(MlirAttribute dict, const char *name, int rank,
                      int *out) {
  MlirAttribute a = mlirDictionaryAttrGetElementByName(dict, tileStr(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a) ||
      mlirDenseArrayGetNumElements(a) != rank)
    return false;
  for (int i = 0; i < rank; ++i)
    out[i] = mlirDenseI32ArrayGetElement(a, i);
  return true;
}

bool tileLayoutFromAttr(MlirAttribute attr, TileLayout *out) {
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADictionary(attr))
    return false;
  MlirAttribute kind =
      mlirDictionaryAttrGetElementByName(attr, tileStr("tile.layout"));
  MlirAttribute order =
      mlirDictionaryAttrGetElementByName(attr, tileStr("order"));
  if (mlirAttributeIsNull(kind) || !mlirAttributeIsAString(kind) ||
      mlirAttributeIsNull(order) || !mlirAttributeIsADenseI32Array(order))
    return false;
  memset(out, 0, sizeof *out);
  TileBlocked *b = &out->blocked;
  b->rank = (int)mlirDenseArrayGetNumElements(order);
  if (b->rank < 1 || b->rank > TILE_MAX_LAYOUT_RANK)
    return false;
  if (!readArray(attr, "size_per_thread", b->rank, b->sizePerThread) ||
      !readArray(attr, "threads_per_warp", b->rank, b->threadsPerWarp) ||
      !readArray(attr, "warps_per_cta", b->rank, b->warpsPerCTA) ||
      !readArray(attr, "order", b->rank, b->order))
    return false;
  out->kind = mlirStringRefEqual(mlirStringAttrGetValue(kind), tileStr("slice"))
                  ? LAYOUT_SLICE
                  : LAYOUT_BLOCKED;
  if (out->kind == LAYOUT_SLICE) {
    MlirAttribute dim =
        mlirDictionaryAttrGetElementByName(attr, tileStr("dim"));
    if (mlirAttributeIsNull(dim) || !mlirAttributeIsAInteger(dim))
      return false;
    out->sliceDim = (int)mlirIntegerAttrGetValueInt(dim);
  }
  return true;
}

MlirType tileTypeWithLayout(MlirType t, const TileLayout *l) {
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return mlirRankedTensorTypeGet(
      rank, shape, mlirShapedTypeGetElementType(t),
      tileLayoutToAttr(mlirTypeGetContext(t), l));
}

bool tileTypeLayout(MlirType t, TileLayout *out) {
  if (!mlirTypeIsARankedTensor(t))
    return false;
  return tileLayoutFromAttr(mlirRankedTensorTypeGetEncoding(t), out);
}
