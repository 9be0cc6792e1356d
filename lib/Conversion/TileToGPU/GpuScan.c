/* tile.scan for TileToGPU, on a blocked operand (tile-assign-layouts
 * gives it one) with the reductions' structure (GpuReduce.c) and their
 * combiners (Combiner.h). Along the axis, an element's coordinate is
 *   rep * coverage + warp_a * T * S + lane_a * S + s
 * (Layout.h), so the scan runs in that order, each chunk of `coverage`
 * elements (one per rep) in four steps:
 *   1. each thread scans its S registers;
 *   2. the lanes along the axis scan their totals with shfl.sync.up
 *      (Hillis-Steele, log2 T steps) and take the exclusive prefix from the
 *      lane before them (one more shfl.up);
 *   3. if several warps hold parts of the chunk, each warp's total goes to
 *      shared memory (one lane per warp writes), one barrier, and every
 *      thread combines the totals of the warps before its own;
 *   4. the chunk's total (the last lane's, or every warp's) carries into
 *      the chunks after it.
 * `reverse` mirrors each step (shfl.down, the warps after, the chunks
 * after). Replicated layouts (a tile narrower than the threads along the
 * axis) scan each copy on its own: lane and warp positions wrap, and only
 * the first copy writes shared memory. f16/bf16 add and mul accumulate in
 * f32 and round once per element, as on the CPU. */
#include <stdlib.h>
#include <string.h>

#include "lib/Conversion/Combiner.h"
#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

typedef struct {
  const char *combiner;
  bool reverse;
  MlirValue one; /* i1 true */
} Scan;

static MlirValue combine(TileBuilder *b, const Scan *s, MlirValue x,
                         MlirValue y) {
  return bBinary(b, s->combiner, x, y);
}

/* combine(prefix, v) where `valid`, else v. */
static MlirValue combineIf(TileBuilder *b, const Scan *s, MlirValue valid,
                           MlirValue prefix, MlirValue v) {
  return bSelect(b, valid, combine(b, s, prefix, v), v);
}

/* (id / stride) % count as an index. */
static MlirValue digit(TileBuilder *b, MlirValue id, int stride, int count) {
  MlirValue q = stride == 1 ? id
                            : bBinary(b, "arith.divui", id,
                                      bConstIndex(b, stride));
  return bBinary(b, "arith.remui", q, bConstIndex(b, count));
}

static MlirValue toI32(TileBuilder *b, MlirValue index) {
  return bCast(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 32));
}

/* A line: the registers of one thread along the axis at fixed other
 * coordinates, reg[rep * S + s]. */
typedef struct {
  int64_t key[TILE_MAX_LAYOUT_RANK];
  int *reg;
} Line;

bool gpuLowerScan(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuTile *xp = gpuOperandTile(g, op, 0);
  TileLayout layout;
  if (!xp || !gpuResultLayout(op, 0, &layout))
    return false;
  int64_t axis64 = 0;
  MlirStringRef kind = {"", 0};
  tileOpIntAttr(op, "axis", &axis64);
  tileOpStrAttr(op, "kind", &kind);
  int axis = (int)axis64;
  Scan sc;
  sc.combiner = tileReduceCombiner(kind, xp->elem);
  sc.reverse = !mlirAttributeIsNull(tileOpAttr(op, "reverse"));
  sc.one = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  if (!sc.combiner) {
    tileEmitOpError(op, "kind \"%.*s\" has no GPU lowering for this type",
                    (int)kind.length, kind.data);
    return false;
  }
  if (layout.kind != LAYOUT_BLOCKED) {
    tileEmitOpError(op, "internal error: scan needs a blocked operand");
    return false;
  }
  GpuTile x = xp->uniform ? gpuTileMaterialize(xp, &layout) : *xp;
  bool widen = tileReduceAccumulatesWide(kind, x.elem);
  MlirType accElem = widen ? mlirF32TypeGet(b->ctx) : x.elem;
  int64_t extent = x.shape[axis];
  int S = layout.blocked.sizePerThread[axis];
  if (S > extent)
    S = (int)extent;
  int64_t coverage = tileLayoutCoverage(&layout, axis);
  int reps = extent > coverage ? (int)(extent / coverage) : 1;
  TileThreadTerm terms[2];
  tileLayoutThreadTerms(&layout, axis, terms);
  int lanes = extent / terms[0].scale < terms[0].count
                  ? (int)(extent / terms[0].scale)
                  : terms[0].count;
  int warps = extent / terms[1].scale < terms[1].count
                  ? (int)(extent / terms[1].scale)
                  : terms[1].count;
  if (lanes < 1)
    lanes = 1;
  if (warps < 1)
    warps = 1;
  int ls = terms[0].stride;

  /* The lines: registers grouped by their other coordinates. */
  int perLine = reps * S;
  int numLines = x.numRegs / perLine;
  Line *lines = calloc((size_t)numLines, sizeof *lines);
  int *slots = malloc(sizeof(int) * (size_t)x.numRegs);
  int found = 0;
  for (int r = 0; r < x.numRegs; ++r) {
    int64_t c[TILE_MAX_LAYOUT_RANK], key[TILE_MAX_LAYOUT_RANK];
    tileLayoutRegCoords(&layout, x.shape, r, c);
    memcpy(key, c, sizeof key);
    key[axis] = 0;
    int l = 0;
    for (; l < found; ++l)
      if (memcmp(lines[l].key, key, sizeof(int64_t) * (size_t)x.rank) == 0)
        break;
    if (l == found) {
      if (found == numLines)
        break;
      memcpy(lines[found].key, key, sizeof key);
      lines[found].reg = slots + (size_t)found * (size_t)perLine;
      ++found;
    }
    int rep = (int)(c[axis] / coverage), s = (int)(c[axis] % coverage);
    lines[l].reg[rep * S + (s < S ? s : 0)] = r;
  }

  /* The lane's and warp's positions along the axis (copies wrap). */
  MlirValue laneRaw = digit(b, g->lane, ls, terms[0].count);
  MlirValue laneC = bAndi(b, laneRaw, bConstIndex(b, lanes - 1));
  MlirValue warpRaw = digit(b, g->warp, terms[1].stride, terms[1].count);
  MlirValue warpC = bAndi(b, warpRaw, bConstIndex(b, warps - 1));
  int lastLane = sc.reverse ? 0 : lanes - 1;
  /* The lane that holds a chunk's warp total: this lane with its axis
   * digit replaced by lastLane. */
  MlirValue totalLane = toI32(
      b, bAddi(b, bBinary(b, "arith.subi", g->lane,
                          bMuli(b, laneC, bConstIndex(b, ls))),
               bConstIndex(b, (int64_t)lastLane * ls)));
  MlirValue hasLanePrefix =
      sc.reverse ? bCmpi(b, ARITH_ULT, laneC, bConstIndex(b, lanes - 1))
                 : bCmpi(b, ARITH_UGE, laneC, bConstIndex(b, 1));

  MlirValue *acc = calloc((size_t)x.numRegs, sizeof *acc);
  MlirValue *chunkTotal = calloc((size_t)reps * (size_t)numLines,
                                 sizeof *chunkTotal);
  MlirValue *warpTotal = calloc((size_t)reps * (size_t)numLines,
                                sizeof *warpTotal);
  for (int l = 0; l < numLines; ++l) {
    for (int rep = 0; rep < reps; ++rep) {
      int *regs = lines[l].reg + rep * S;
      /* 1. The thread's registers, in scan order. */
      MlirValue run = {NULL};
      for (int k = 0; k < S; ++k) {
        int s = sc.reverse ? S - 1 - k : k;
        MlirValue v = x.regs[regs[s]];
        if (widen)
          v = bCast(b, "arith.extf", v, accElem);
        run = mlirValueIsNull(run) ? v : combine(b, &sc, run, v);
        acc[regs[s]] = run;
      }
      /* 2. Across the lanes: inclusive, then the lane before's. */
      MlirValue incl = run;
      for (int k = 1; k < lanes; k *= 2) {
        MlirValue y = gpuShuffleUpDown(b, incl, k * ls, !sc.reverse);
        MlirValue valid =
            sc.reverse
                ? bCmpi(b, ARITH_ULT, bAddi(b, laneC, bConstIndex(b, k)),
                        bConstIndex(b, lanes))
                : bCmpi(b, ARITH_UGE, laneC, bConstIndex(b, k));
        incl = combineIf(b, &sc, valid, y, incl);
      }
      if (lanes > 1) {
        MlirValue before = gpuShuffleUpDown(b, incl, ls, !sc.reverse);
        for (int s = 0; s < S; ++s)
          acc[regs[s]] = combineIf(b, &sc, hasLanePrefix, before,
                                   acc[regs[s]]);
        warpTotal[rep * numLines + l] = gpuShuffleIdx(b, incl, totalLane);
      } else {
        warpTotal[rep * numLines + l] = incl;
      }
    }
  }

  /* 3. Across the warps, through shared memory. */
  if (warps > 1) {
    int bytes = tileElemBytes(accElem);
    /* Slots by the lines' flat coordinates among all lines of the tile. */
    int64_t linesInTile = 1;
    for (int d = 0; d < x.rank; ++d)
      if (d != axis)
        linesInTile *= x.shape[d];
    int64_t count = linesInTile * reps * warps;
    bool inLoop;
    MlirValue base = gpuReduceScratch(b, g, count * bytes, &inLoop);
    if (inLoop)
      gpuBarrier(g, b);
    MlirValue writer = bAndi(
        b, bCmpi(b, ARITH_EQ, laneRaw, bConstIndex(b, lastLane)),
        bCmpi(b, ARITH_ULT, warpRaw, bConstIndex(b, warps)));
    MlirValue *lineBase = calloc((size_t)numLines, sizeof *lineBase);
    for (int l = 0; l < numLines; ++l) {
      MlirValue c[TILE_MAX_LAYOUT_RANK];
      gpuRegCoords(b, g, &layout, x.rank, x.shape, lines[l].reg[0], c);
      MlirValue flat = bConstIndex(b, 0);
      for (int d = 0; d < x.rank; ++d)
        if (d != axis)
          flat = bAddi(b, bMuli(b, flat, bConstIndex(b, x.shape[d])), c[d]);
      lineBase[l] = bMuli(b, flat, bConstIndex(b, (int64_t)reps * warps));
    }
    /* One writer per warp and line: the first copy's last lane (copies
     * along other dimensions too: gpuOwnsRegister). */
    for (int l = 0; l < numLines; ++l) {
      MlirValue owns =
          gpuOwnsRegister(b, g, &layout, x.shape, lines[l].reg[0]);
      TileBuilder thenB;
      bIf(b, mlirValueIsNull(owns) ? writer : bAndi(b, writer, owns), 0, NULL,
          false, &thenB, NULL);
      for (int rep = 0; rep < reps; ++rep) {
        MlirValue at = bAddi(
            &thenB, lineBase[l],
            bAddi(&thenB, bConstIndex(&thenB, (int64_t)rep * warps), warpC));
        gpuStorePtr(&thenB,
                    gpuToStorage(&thenB, warpTotal[rep * numLines + l]),
                    gpuGep(&thenB, base, at, accElem), bytes);
      }
      bYield(&thenB, "scf.yield", 0, NULL);
    }
    gpuBarrier(g, b);
    for (int l = 0; l < numLines; ++l)
      for (int rep = 0; rep < reps; ++rep) {
        MlirValue total = {NULL}, prefix = {NULL};
        for (int k = 0; k < warps; ++k) {
          int w = sc.reverse ? warps - 1 - k : k;
          MlirValue at = bAddi(b, lineBase[l],
                               bConstIndex(b, (int64_t)rep * warps + w));
          MlirValue v = gpuFromStorage(
              b,
              gpuLoadPtr(b, gpuGep(b, base, at, accElem),
                         gpuStorageType(accElem), bytes),
              accElem);
          /* Warps before this thread's (after, reversed) form its prefix:
           * the running total when the next warp in order is its own. */
          MlirValue mine = bCmpi(b, ARITH_EQ, warpC, bConstIndex(b, w));
          if (!mlirValueIsNull(total))
            prefix = mlirValueIsNull(prefix) ? total
                                             : bSelect(b, mine, total, prefix);
          total = mlirValueIsNull(total) ? v : combine(b, &sc, total, v);
        }
        chunkTotal[rep * numLines + l] = total;
        MlirValue hasWarpPrefix =
            sc.reverse ? bCmpi(b, ARITH_ULT, warpC, bConstIndex(b, warps - 1))
                       : bCmpi(b, ARITH_UGE, warpC, bConstIndex(b, 1));
        int *regs = lines[l].reg + rep * S;
        for (int s = 0; s < S; ++s)
          acc[regs[s]] = combineIf(b, &sc, hasWarpPrefix, prefix,
                                   acc[regs[s]]);
      }
    free(lineBase);
  } else {
    memcpy(chunkTotal, warpTotal,
           sizeof *chunkTotal * (size_t)reps * (size_t)numLines);
  }

  /* 4. The chunks before (after, reversed) carry in. */
  for (int l = 0; l < numLines; ++l) {
    MlirValue carry = {NULL};
    for (int k = 0; k < reps; ++k) {
      int rep = sc.reverse ? reps - 1 - k : k;
      int *regs = lines[l].reg + rep * S;
      if (!mlirValueIsNull(carry))
        for (int s = 0; s < S; ++s)
          acc[regs[s]] = combine(b, &sc, carry, acc[regs[s]]);
      MlirValue t = chunkTotal[rep * numLines + l];
      carry = mlirValueIsNull(carry) ? t : combine(b, &sc, carry, t);
    }
  }

  MlirValue result = mlirOperationGetResult(op, 0);
  GpuTile out = gpuTileAlloc(&layout, mlirValueGetType(result));
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = widen ? bCast(b, "arith.truncf", acc[r], x.elem) : acc[r];
  gpuSetTile(g, result, out);
  free(acc);
  free(chunkTotal);
  free(warpTotal);
  free(lines);
  free(slots);
  if (xp->uniform)
    free(x.regs);
  return true;
}
