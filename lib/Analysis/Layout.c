/* Distributed layouts; see Layout.h. */
#include "lib/Analysis/Layout.h"

#include <string.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
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

TileLayout tileLayoutMma(int wm, int wn) {
  TileLayout l;
  memset(&l, 0, sizeof l);
  l.kind = LAYOUT_MMA;
  TileBlocked *b = &l.blocked;
  b->rank = 2;
  b->sizePerThread[0] = 1;
  b->sizePerThread[1] = 2;
  b->threadsPerWarp[0] = 8;
  b->threadsPerWarp[1] = 4;
  b->warpsPerCTA[0] = wm;
  b->warpsPerCTA[1] = wn;
  b->order[0] = 1;
  b->order[1] = 0;
  return l;
}

TileLayout tileLayoutWgmma(int numWarps, int n) {
  TileLayout l = tileLayoutMma(numWarps, 1);
  l.wgmmaN = n;
  return l;
}

TileLayout tileLayoutTcgen05(int numWarps, int n) {
  TileLayout l;
  memset(&l, 0, sizeof l);
  l.kind = LAYOUT_BLOCKED;
  l.tmem = true;
  TileBlocked *b = &l.blocked;
  int wn = numWarps / 4 > 0 ? numWarps / 4 : 1;
  b->rank = 2;
  b->sizePerThread[0] = 1;
  b->sizePerThread[1] = n / wn > 0 ? n / wn : 1;
  b->threadsPerWarp[0] = 32;
  b->threadsPerWarp[1] = 1;
  b->warpsPerCTA[0] = 4;
  b->warpsPerCTA[1] = wn;
  b->order[0] = 1;
  b->order[1] = 0;
  return l;
}

TileLayout tileLayoutSlice(const TileLayout *parent, int dim) {
  TileLayout l = *parent;
  l.tmem = false; /* a reduction's result is no dot's accumulator */
  l.kind = LAYOUT_SLICE;
  l.parentKind = parent->kind;
  l.sliceDim = dim;
  return l;
}

TileLayoutKind tileLayoutParentKind(const TileLayout *l) {
  return l->kind == LAYOUT_SLICE ? l->parentKind : l->kind;
}

int tileLayoutRank(const TileLayout *l) {
  return l->kind == LAYOUT_SLICE ? l->blocked.rank - 1 : l->blocked.rank;
}

bool tileLayoutEqual(const TileLayout *a, const TileLayout *b) {
  if (a->kind != b->kind || a->blocked.rank != b->blocked.rank)
    return false;
  if (a->kind == LAYOUT_SLICE &&
      (a->sliceDim != b->sliceDim || a->parentKind != b->parentKind))
    return false;
  if (a->wgmmaN != b->wgmmaN || a->tmem != b->tmem)
    return false;
  for (int d = 0; d < a->blocked.rank; ++d)
    if (a->blocked.sizePerThread[d] != b->blocked.sizePerThread[d] ||
        a->blocked.threadsPerWarp[d] != b->blocked.threadsPerWarp[d] ||
        a->blocked.warpsPerCTA[d] != b->blocked.warpsPerCTA[d] ||
        a->blocked.order[d] != b->blocked.order[d])
      return false;
  return true;
}

/* `l` (blocked, of `shape`) with its unit dimensions that nothing spans
 * removed; false if a unit dimension is spanned (replicated). */
static bool squeeze(const TileLayout *l, int rank, const int64_t *shape,
                    TileLayout *out, int64_t *outShape) {
  const TileBlocked *b = &l->blocked;
  int keep[TILE_MAX_LAYOUT_RANK], newIndex[TILE_MAX_LAYOUT_RANK], n = 0;
  if (l->kind != LAYOUT_BLOCKED || b->rank != rank)
    return false;
  for (int d = 0; d < rank; ++d) {
    bool unit = shape[d] == 1;
    if (unit && (b->sizePerThread[d] != 1 || b->threadsPerWarp[d] != 1 ||
                 b->warpsPerCTA[d] != 1))
      return false;
    newIndex[d] = unit ? -1 : n;
    if (!unit)
      keep[n++] = d;
  }
  memset(out, 0, sizeof *out);
  out->kind = LAYOUT_BLOCKED;
  out->blocked.rank = n;
  for (int i = 0; i < n; ++i) {
    out->blocked.sizePerThread[i] = b->sizePerThread[keep[i]];
    out->blocked.threadsPerWarp[i] = b->threadsPerWarp[keep[i]];
    out->blocked.warpsPerCTA[i] = b->warpsPerCTA[keep[i]];
    outShape[i] = shape[keep[i]];
  }
  int k = 0;
  for (int i = 0; i < rank; ++i)
    if (newIndex[b->order[i]] >= 0)
      out->blocked.order[k++] = newIndex[b->order[i]];
  return true;
}

bool tileLayoutSameRegisters(const TileLayout *a, const int64_t *as,
                             const TileLayout *b, const int64_t *bs) {
  int ra = tileLayoutRank(a), rb = tileLayoutRank(b);
  bool sameShape = ra == rb;
  for (int d = 0; sameShape && d < ra; ++d)
    sameShape = as[d] == bs[d];
  if (sameShape) {
    TileLayout x = *a;
    x.wgmmaN = b->wgmmaN;
    x.tmem = b->tmem;
    return tileLayoutEqual(&x, b);
  }
  TileLayout sa, sb;
  int64_t sha[TILE_MAX_LAYOUT_RANK], shb[TILE_MAX_LAYOUT_RANK];
  if (!squeeze(a, ra, as, &sa, sha) || !squeeze(b, rb, bs, &sb, shb) ||
      sa.blocked.rank != sb.blocked.rank)
    return false;
  for (int d = 0; d < sa.blocked.rank; ++d)
    if (sha[d] != shb[d])
      return false;
  return tileLayoutEqual(&sa, &sb);
}

bool tileLayoutReshapeUnitDims(const TileLayout *l, int fromRank,
                               const int64_t *from, int toRank,
                               const int64_t *to, TileLayout *out) {
  TileLayout s;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  if (!squeeze(l, fromRank, from, &s, shape))
    return false;
  /* Walk `to`: its non-unit dimensions must be the squeezed ones, in
   * order; unit ones get nothing. */
  int k = 0, map[TILE_MAX_LAYOUT_RANK];
  for (int d = 0; d < toRank; ++d) {
    if (to[d] == 1) {
      map[d] = -1;
      continue;
    }
    if (k >= s.blocked.rank || shape[k] != to[d])
      return false;
    map[d] = k++;
  }
  if (k != s.blocked.rank)
    return false;
  memset(out, 0, sizeof *out);
  out->kind = LAYOUT_BLOCKED;
  out->blocked.rank = toRank;
  int inv[TILE_MAX_LAYOUT_RANK], o = 0;
  for (int d = 0; d < toRank; ++d) {
    bool unit = map[d] < 0;
    out->blocked.sizePerThread[d] = unit ? 1 : s.blocked.sizePerThread[map[d]];
    out->blocked.threadsPerWarp[d] =
        unit ? 1 : s.blocked.threadsPerWarp[map[d]];
    out->blocked.warpsPerCTA[d] = unit ? 1 : s.blocked.warpsPerCTA[map[d]];
    if (!unit)
      inv[map[d]] = d;
  }
  /* The kept dimensions in their order, then the unit ones, innermost
   * first (as tileLayoutDefault orders the rest). */
  for (int i = 0; i < s.blocked.rank; ++i)
    out->blocked.order[o++] = inv[s.blocked.order[i]];
  for (int d = toRank - 1; d >= 0; --d)
    if (map[d] < 0)
      out->blocked.order[o++] = d;
  return true;
}

int tileBlockedCoverage(const TileBlocked *b, int d) {
  return b->sizePerThread[d] * b->threadsPerWarp[d] * b->warpsPerCTA[d];
}

static bool isMma(const TileLayout *l) {
  return tileLayoutParentKind(l) == LAYOUT_MMA;
}

/* An mma warp covers 16 rows and 8 columns per repetition. */
static int mmaWarpExtent(int d) { return d == 0 ? 16 : 8; }

int tileLayoutCoverage(const TileLayout *l, int d) {
  if (isMma(l))
    return mmaWarpExtent(d) * l->blocked.warpsPerCTA[d];
  return tileBlockedCoverage(&l->blocked, d);
}

/* The parent's shape for a slice (the sliced dim has extent 1: its
 * coordinate does not matter). */
static void parentShape(const TileLayout *l, const int64_t *shape,
                        int64_t *out) {
  if (l->kind != LAYOUT_SLICE) {
    for (int d = 0; d < l->blocked.rank; ++d)
      out[d] = shape[d];
    return;
  }
  for (int d = 0, k = 0; d < l->blocked.rank; ++d)
    out[d] = d == l->sliceDim ? 1 : shape[k++];
}

/* Registers per pass along parent dim d: S_d for blocked layouts; 2 for
 * mma (rows g and g + 8; columns 2t and 2t + 1). */
static int regsPerPass(const TileLayout *l, int d, int64_t extent) {
  if (isMma(l))
    return 2;
  int s = l->blocked.sizePerThread[d];
  return s < extent ? s : (int)extent;
}

/* Registers along parent dim d: per pass, times the repetitions; a
 * dimension of extent 1 (or a sliced one) has one. */
static int regsAlong(const TileLayout *l, int d, int64_t extent) {
  if (extent <= 1)
    return 1;
  int64_t coverage = tileLayoutCoverage(l, d);
  int64_t reps = extent > coverage ? extent / coverage : 1;
  return (int)(regsPerPass(l, d, extent) * reps);
}

/* The static coordinate of register r along parent dim d. */
static int64_t regStatic(const TileLayout *l, int d, int64_t extent, int r) {
  int s = regsPerPass(l, d, extent);
  int64_t pass = (int64_t)(r / s) * tileLayoutCoverage(l, d);
  if (isMma(l))
    return pass + (d == 0 ? 8 : 1) * (r % s);
  return pass + r % s;
}

int tileLayoutNumRegs(const TileLayout *l, const int64_t *shape) {
  int64_t ps[TILE_MAX_LAYOUT_RANK];
  parentShape(l, shape, ps);
  int n = 1;
  for (int d = 0; d < l->blocked.rank; ++d)
    n *= regsAlong(l, d, ps[d]);
  return n;
}

int64_t tileTypeThreadBytes(MlirType t) {
  TileLayout l;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  if (!mlirTypeIsARankedTensor(t) || !tileTypeLayout(t, &l))
    return 0; /* a scalar (a loop's index) holds no tile */
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank > TILE_MAX_LAYOUT_RANK)
    return 0;
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return (int64_t)tileLayoutNumRegs(&l, shape) *
         tileElemBytes(mlirShapedTypeGetElementType(t));
}

void tileLayoutRegCoords(const TileLayout *l, const int64_t *shape, int reg,
                         int64_t *coords) {
  const TileBlocked *b = &l->blocked;
  int64_t ps[TILE_MAX_LAYOUT_RANK], pc[TILE_MAX_LAYOUT_RANK];
  parentShape(l, shape, ps);
  for (int i = 0; i < b->rank; ++i) {
    int d = b->order[i];
    int n = regsAlong(l, d, ps[d]);
    int r = reg % n;
    reg /= n;
    pc[d] = ps[d] <= 1 ? 0 : regStatic(l, d, ps[d], r);
  }
  for (int d = 0, k = 0; d < b->rank; ++d)
    if (l->kind != LAYOUT_SLICE || d != l->sliceDim)
      coords[k++] = pc[d];
}

void tileLayoutThreadTerms(const TileLayout *l, int d, TileThreadTerm out[2]) {
  const TileBlocked *b = &l->blocked;
  if (isMma(l)) {
    /* Lanes: rows l/4, columns 2*(l%4). Warps: columns fastest. */
    int wn = b->warpsPerCTA[1];
    out[0] = (TileThreadTerm){false, d == 0 ? 4 : 1, d == 0 ? 8 : 4,
                              d == 0 ? 1 : 2};
    out[1] = (TileThreadTerm){true, d == 0 ? wn : 1, b->warpsPerCTA[d],
                              mmaWarpExtent(d)};
    return;
  }
  int laneStride[TILE_MAX_LAYOUT_RANK], warpStride[TILE_MAX_LAYOUT_RANK];
  tileLayoutThreadStrides(b, laneStride, warpStride);
  int S = b->sizePerThread[d], T = b->threadsPerWarp[d];
  out[0] = (TileThreadTerm){false, laneStride[d], T, S};
  out[1] = (TileThreadTerm){true, warpStride[d], b->warpsPerCTA[d], T * S};
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

static const char *kindName(TileLayoutKind k) {
  return k == LAYOUT_SLICE ? "slice" : k == LAYOUT_MMA ? "mma" : "blocked";
}

/* Blocked: {tile.layout = "blocked", size_per_thread, threads_per_warp,
 * warps_per_cta, order}, and tmem = true for a tcgen05 accumulator. mma: {tile.layout = "mma", warps_per_cta,
 * instr_shape = [16, 8]} for mma.sync, [64, N] for wgmma. A slice: its parent's entries with tile.layout =
 * "slice", dim, and parent = "mma" when cut from an mma layout. */
MlirAttribute tileLayoutToAttr(MlirContext ctx, const TileLayout *l) {
  const TileBlocked *b = &l->blocked;
  bool mma = tileLayoutParentKind(l) == LAYOUT_MMA;
  MlirNamedAttribute entries[7];
  int n = 0;
#define ENTRY(name, value)                                                     \
  entries[n++] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, tileStr(name)),  \
                                       value)
  ENTRY("tile.layout", mlirStringAttrGet(ctx, tileStr(kindName(l->kind))));
  if (mma) {
    int instr[2] = {16, 8};
    if (l->wgmmaN > 0) {
      instr[0] = 64;
      instr[1] = l->wgmmaN;
    }
    ENTRY("warps_per_cta", i32Array(ctx, 2, b->warpsPerCTA));
    ENTRY("instr_shape", i32Array(ctx, 2, instr));
  } else {
    ENTRY("size_per_thread", i32Array(ctx, b->rank, b->sizePerThread));
    ENTRY("threads_per_warp", i32Array(ctx, b->rank, b->threadsPerWarp));
    ENTRY("warps_per_cta", i32Array(ctx, b->rank, b->warpsPerCTA));
    ENTRY("order", i32Array(ctx, b->rank, b->order));
    if (l->tmem)
      ENTRY("tmem", mlirBoolAttrGet(ctx, 1));
  }
  if (l->kind == LAYOUT_SLICE) {
    ENTRY("dim", tileI32Attr(ctx, l->sliceDim));
    if (mma)
      ENTRY("parent", mlirStringAttrGet(ctx, tileStr("mma")));
  }
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

static bool stringEntryIs(MlirAttribute dict, const char *name,
                          const char *value) {
  MlirAttribute a = mlirDictionaryAttrGetElementByName(dict, tileStr(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         mlirStringRefEqual(mlirStringAttrGetValue(a), tileStr(value));
}

static bool readMma(MlirAttribute attr, TileLayout *out) {
  int warps[2], instr[2];
  if (!readArray(attr, "warps_per_cta", 2, warps) ||
      !readArray(attr, "instr_shape", 2, instr) || warps[0] < 1 ||
      warps[1] < 1)
    return false;
  if (instr[0] == 16 && instr[1] == 8) {
    *out = tileLayoutMma(warps[0], warps[1]);
    return true;
  }
  /* wgmma: whole warpgroups along M, N a multiple of 8 up to 256. */
  if (instr[0] != 64 || instr[1] < 8 || instr[1] > 256 || instr[1] % 8 != 0 ||
      warps[1] != 1 || warps[0] % 4 != 0)
    return false;
  *out = tileLayoutWgmma(warps[0], instr[1]);
  return true;
}

static bool readBlocked(MlirAttribute attr, TileLayout *out) {
  MlirAttribute order =
      mlirDictionaryAttrGetElementByName(attr, tileStr("order"));
  if (mlirAttributeIsNull(order) || !mlirAttributeIsADenseI32Array(order))
    return false;
  memset(out, 0, sizeof *out);
  TileBlocked *b = &out->blocked;
  b->rank = (int)mlirDenseArrayGetNumElements(order);
  if (b->rank < 1 || b->rank > TILE_MAX_LAYOUT_RANK)
    return false;
  MlirAttribute tmem = mlirDictionaryAttrGetElementByName(attr, tileStr("tmem"));
  out->tmem = !mlirAttributeIsNull(tmem) && mlirAttributeIsABool(tmem) &&
              mlirBoolAttrGetValue(tmem);
  return readArray(attr, "size_per_thread", b->rank, b->sizePerThread) &&
         readArray(attr, "threads_per_warp", b->rank, b->threadsPerWarp) &&
         readArray(attr, "warps_per_cta", b->rank, b->warpsPerCTA) &&
         readArray(attr, "order", b->rank, b->order);
}

bool tileLayoutFromAttr(MlirAttribute attr, TileLayout *out) {
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADictionary(attr))
    return false;
  bool slice = stringEntryIs(attr, "tile.layout", "slice");
  bool mma = stringEntryIs(attr, "tile.layout", "mma") ||
             (slice && stringEntryIs(attr, "parent", "mma"));
  if (!slice && !mma && !stringEntryIs(attr, "tile.layout", "blocked"))
    return false;
  if (!(mma ? readMma(attr, out) : readBlocked(attr, out)))
    return false;
  if (!slice)
    return true;
  MlirAttribute dim = mlirDictionaryAttrGetElementByName(attr, tileStr("dim"));
  if (mlirAttributeIsNull(dim) || !mlirAttributeIsAInteger(dim))
    return false;
  int d = (int)mlirIntegerAttrGetValueInt(dim);
  if (d < 0 || d >= out->blocked.rank || out->blocked.rank < 2)
    return false;
  *out = tileLayoutSlice(out, d);
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

bool tileTypesSameRegisters(MlirType a, MlirType b) {
  TileLayout al, bl;
  int64_t as[TILE_MAX_LAYOUT_RANK], bs[TILE_MAX_LAYOUT_RANK];
  if (!tileTypeLayout(a, &al) || !tileTypeLayout(b, &bl) ||
      mlirShapedTypeGetRank(a) > TILE_MAX_LAYOUT_RANK ||
      mlirShapedTypeGetRank(b) > TILE_MAX_LAYOUT_RANK)
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(a); ++d)
    as[d] = mlirShapedTypeGetDimSize(a, d);
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(b); ++d)
    bs[d] = mlirShapedTypeGetDimSize(b, d);
  return tileLayoutSameRegisters(&al, as, &bl, bs);
}

TileLayout tileLayoutDefaultFor(MlirType t, int vector, int numWarps) {
  int rank = (int)mlirShapedTypeGetRank(t);
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  for (int d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  if (vector <= 0)
    vector = 16 / tileElemBytes(mlirShapedTypeGetElementType(t));
  return tileLayoutDefault(rank, shape, rank - 1, vector, numWarps);
}
