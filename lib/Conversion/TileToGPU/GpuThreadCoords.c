/* A thread's coordinates in a layout: the tile coordinates of each of its
 * registers (this thread's part built once per kernel, plus a constant),
 * whether it holds the copy of an element that counts, and the row-major
 * flat index of coordinates. Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include "lib/IR/Build.h"
#include "mlir-c/IR.h"

/* (v / stride) % count, as index arithmetic. */
static MlirValue digit(TileBuilder *b, MlirValue v, int stride, int count) {
  MlirValue q = stride == 1 ? v
                            : bBinary(b, "arith.divui", v,
                                      bConstIndex(b, stride));
  return bBinary(b, "arith.remui", q, bConstIndex(b, count));
}

static bool sameTerms(const TileThreadTerm *x, const TileThreadTerm *y) {
  for (int t = 0; t < 2; ++t)
    if (x[t].warp != y[t].warp || x[t].stride != y[t].stride ||
        x[t].count != y[t].count || x[t].scale != y[t].scale)
      return false;
  return true;
}

/* sum over terms of digit(lane or warp) * scale, or a null value when
 * neither term varies. Built right after g->warp in the entry block, so it
 * dominates every use, and kept for the next tile with the same terms:
 * before, each register computed its own divisions, which MLIR converted
 * and LLVM merged again, op by op. */
static MlirValue threadPart(GpuLowering *g, const TileThreadTerm terms[2]) {
  if (terms[0].count == 1 && terms[1].count == 1)
    return (MlirValue){NULL};
  for (int i = 0; i < g->numThreadParts; ++i)
    if (sameTerms(g->threadParts[i].terms, terms))
      return g->threadParts[i].value;
  MlirOperation warpDef = mlirOpResultGetOwner(g->warp);
  TileBuilder b = tileBuilderBefore(mlirOperationGetNextInBlock(warpDef));
  b.cache = &g->cache;
  MlirValue sum = {NULL};
  for (int t = 0; t < 2; ++t) {
    if (terms[t].count == 1)
      continue;
    MlirValue id = digit(&b, terms[t].warp ? g->warp : g->lane,
                         terms[t].stride, terms[t].count);
    MlirValue term = bMuli(&b, id, bConstIndex(&b, terms[t].scale));
    sum = mlirValueIsNull(sum) ? term : bAddi(&b, sum, term);
  }
  if (g->numThreadParts <
      (int)(sizeof g->threadParts / sizeof g->threadParts[0])) {
    g->threadParts[g->numThreadParts].terms[0] = terms[0];
    g->threadParts[g->numThreadParts].terms[1] = terms[1];
    g->threadParts[g->numThreadParts++].value = sum;
  }
  return sum;
}

/* This thread's part of each tile dimension's coordinate in layout `l`
 * (a null value where it is 0), and whether that dimension wraps (a
 * replicated layout, wider than the tile). Returns the tile's rank (a
 * slice drops one of the layout's dimensions). */
static int threadParts(GpuLowering *g, const TileLayout *l,
                       const int64_t *shape, MlirValue *part, bool *wraps) {
  int k = 0;
  for (int d = 0; d < l->blocked.rank; ++d) {
    if (l->kind == LAYOUT_SLICE && d == l->sliceDim)
      continue;
    TileThreadTerm terms[2];
    tileLayoutThreadTerms(l, d, terms);
    part[k] = threadPart(g, terms);
    wraps[k] = tileLayoutCoverage(l, d) > shape[k];
    ++k;
  }
  return k;
}

void gpuRegCoords(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                  int rank, const int64_t *shape, int reg, MlirValue *out) {
  int64_t regCoords[TILE_MAX_LAYOUT_RANK];
  MlirValue part[TILE_MAX_LAYOUT_RANK];
  bool wraps[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(l, shape, reg, regCoords);
  int n = threadParts(g, l, shape, part, wraps);
  for (int k = 0; k < n; ++k) {
    MlirValue c = bConstIndex(b, regCoords[k]);
    if (!mlirValueIsNull(part[k]))
      c = bAddi(b, part[k], c);
    if (wraps[k])
      c = bAndi(b, c, bConstIndex(b, shape[k] - 1));
    out[k] = c;
  }
  (void)rank;
}

bool gpuThreadCoords(GpuLowering *g, const TileLayout *l, const int64_t *shape,
                     MlirValue *part) {
  bool wraps[TILE_MAX_LAYOUT_RANK];
  int n = threadParts(g, l, shape, part, wraps);
  for (int k = 0; k < n; ++k)
    if (wraps[k])
      return false;
  return true;
}

MlirValue gpuOwnsRegister(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                          const int64_t *shape, int reg) {
  int64_t regCoords[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(l, shape, reg, regCoords);
  MlirValue owns = {NULL};
  for (int d = 0, k = 0; d < l->blocked.rank; ++d) {
    TileThreadTerm terms[2];
    tileLayoutThreadTerms(l, d, terms);
    MlirValue part = threadPart(g, terms);
    MlirValue test = {NULL};
    if (l->kind == LAYOUT_SLICE && d == l->sliceDim) {
      /* Every thread along the sliced dimension holds the element: the
       * first counts. */
      if (!mlirValueIsNull(part))
        test = bCmpi(b, ARITH_EQ, part, bConstIndex(b, 0));
    } else {
      /* Wider than the tile: coordinates past its extent wrap around to
       * copies; the unwrapped one counts. */
      if (tileLayoutCoverage(l, d) > shape[k] && !mlirValueIsNull(part))
        test = bCmpi(b, ARITH_ULT,
                     bAddi(b, part, bConstIndex(b, regCoords[k])),
                     bConstIndex(b, shape[k]));
      ++k;
    }
    if (!mlirValueIsNull(test))
      owns = mlirValueIsNull(owns) ? test : bAndi(b, owns, test);
  }
  return owns;
}

MlirValue gpuFlatIndex(TileBuilder *b, int rank, const int64_t *shape,
                       const MlirValue *coords) {
  MlirValue flat = coords[0];
  for (int d = 1; d < rank; ++d)
    flat = bAddi(b, bMuli(b, flat, bConstIndex(b, shape[d])), coords[d]);
  return flat;
}
