/* tile.reduce for TileToGPU, in three steps (the operand's layout is
 * blocked or mma, the result's is its slice along the axis; which lanes and
 * warps hold a line's parts comes from the layout's thread terms):
 *   1. each thread combines its own registers along the axis;
 *   2. lanes that hold different parts of a line combine through xor
 *      shuffles (only as many as hold distinct elements: a replicated
 *      layout must not count an element twice);
 *   3. if several warps hold parts of a line, they meet in shared memory,
 *      in a region of their own (one barrier; two inside loops).
 * Every thread ends with the result registers of its slice layout (a
 * rank-1 tile reduces to a scalar every thread holds). */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Conversion/Combiner.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* shfl.sync of a 32-bit value (f32 or i32) over the whole warp: `kind`
 * bfly, up, down or idx, with lane operand `offset` (an i32) and the
 * clamp (31 for bfly, down and idx; 0 for up: PTX ISA 9.7.9.6). */
static MlirValue shfl32(TileBuilder *b, MlirValue v, const char *kind,
                        MlirValue offset, int clamp) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType t = mlirValueGetType(v);
  char attr[48];
  snprintf(attr, sizeof attr, "#nvvm<shfl_kind %s>", kind);
  /* Every lane takes part (mask -1). */
  MlirValue operands[] = {bConstInt(b, i32, -1), v, offset,
                          bConstInt(b, i32, clamp)};
  TileNamedAttr attrs[] = {
      {"kind", tileParseAttr(b->ctx, attr)}};
  return bInsert(b, tileOpCreate(b->loc, "nvvm.shfl.sync", 4, operands, 1, &t,
                                 1, attrs));
}

/* shfl of any scalar: shfl moves 32 bits, so narrower values travel
 * widened, 64-bit ones as two halves. */
static MlirValue shuffle(TileBuilder *b, MlirValue v, const char *kind,
                         MlirValue offset, int clamp) {
  MlirType t = mlirValueGetType(v);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  bool isInt = mlirTypeIsAInteger(t);
  int width = isInt ? (int)mlirIntegerTypeGetWidth(t) : tileElemBytes(t) * 8;
  if (width == 64) {
    MlirValue bits = isInt ? v : bCast(b, "llvm.bitcast", v, i64);
    MlirValue lo = bCast(b, "arith.trunci", bits, i32);
    MlirValue hi = bCast(
        b, "arith.trunci",
        bBinary(b, "arith.shrui", bits, bConstInt(b, i64, 32)), i32);
    lo = bCast(b, "arith.extui", shfl32(b, lo, kind, offset, clamp), i64);
    hi = bCast(b, "arith.extui", shfl32(b, hi, kind, offset, clamp), i64);
    MlirValue r = bBinary(
        b, "arith.ori", bBinary(b, "arith.shli", hi, bConstInt(b, i64, 32)),
        lo);
    return isInt ? r : bCast(b, "llvm.bitcast", r, t);
  }
  if (width == 32)
    return shfl32(b, v, kind, offset, clamp);
  MlirValue wide =
      isInt ? bCast(b, width == 1 ? "arith.extui" : "arith.extsi", v, i32)
            : bCast(b, "arith.extf", v, f32);
  MlirValue r = shfl32(b, wide, kind, offset, clamp);
  return isInt ? bCast(b, "arith.trunci", r, t)
               : bCast(b, "arith.truncf", r, t);
}

static MlirValue i32Const(TileBuilder *b, int v) {
  return bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), v);
}

MlirValue gpuShuffleXor(TileBuilder *b, MlirValue v, int offset) {
  return shuffle(b, v, "bfly", i32Const(b, offset), 31);
}

MlirValue gpuShuffleUpDown(TileBuilder *b, MlirValue v, int delta, bool up) {
  return shuffle(b, v, up ? "up" : "down", i32Const(b, delta), up ? 0 : 31);
}

MlirValue gpuShuffleIdx(TileBuilder *b, MlirValue v, MlirValue lane) {
  return shuffle(b, v, "idx", lane, 31);
}

/* Static coordinates of an operand register with the axis removed. */
static void keyOf(const GpuTile *x, int reg, int axis, int64_t *key) {
  int64_t c[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(&x->layout, x->shape, reg, c);
  for (int d = 0, k = 0; d < x->rank; ++d)
    if (d != axis)
      key[k++] = c[d];
}

/* A rank-1 slice (a softmax row's scores, reduced to its maximum) as
 * the parent tile it was cut from, with the sliced dimension back as a
 * unit one: the registers are the same (tileLayoutRegCoords), and
 * reducing the parent along the other dimension leaves one element. The
 * threads that hold copies (along the sliced dimension) are never
 * combined, as steps 2 and 3 combine only along the axis. */
static bool sliceAsParent(GpuTile *x, int64_t *axis) {
  if (x->rank != 1 || x->layout.blocked.rank != 2)
    return false;
  int cut = x->layout.sliceDim;
  int64_t extent = x->shape[0];
  x->layout.kind = x->layout.parentKind;
  x->rank = 2;
  x->shape[cut] = 1;
  x->shape[1 - cut] = extent;
  *axis = 1 - cut;
  return true;
}

bool gpuLowerReduce(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuTile *xp = gpuOperandTile(g, op, 0);
  if (!xp)
    return false;
  int64_t axis = 0;
  MlirStringRef kind = {"", 0};
  tileOpIntAttr(op, "axis", &axis);
  tileOpStrAttr(op, "kind", &kind);
  const char *combiner = tileReduceCombiner(kind, xp->elem);
  if (!combiner) {
    tileEmitOpError(op, "kind \"%.*s\" has no GPU lowering for this type",
                    (int)kind.length, kind.data);
    return false;
  }
  TileLayout layout;
  MlirType sourceType = mlirValueGetType(mlirOperationGetOperand(op, 0));
  tileTypeLayout(sourceType, &layout);
  GpuTile x = xp->uniform ? gpuTileMaterialize(xp, &layout) : *xp;
  if (x.layout.kind == LAYOUT_SLICE && !sliceAsParent(&x, &axis)) {
    tileEmitOpError(op, "internal error: reduce needs a blocked or mma "
                        "operand, or a rank-1 slice");
    return false;
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType resultType = mlirValueGetType(result);
  bool scalarResult = !mlirTypeIsARankedTensor(resultType);
  TileLayout slice = tileLayoutSlice(&x.layout, (int)axis);
  int resultRank = x.rank - 1;
  int64_t resultShape[TILE_MAX_LAYOUT_RANK];
  for (int d = 0, k = 0; d < x.rank; ++d)
    if (d != axis)
      resultShape[k++] = x.shape[d];
  int nOut = tileLayoutNumRegs(&slice, resultShape);
  MlirValue *acc = calloc((size_t)nOut, sizeof *acc);
  /* f16/bf16 sums and products accumulate in f32 and round once
   * (docs/dialect.md, "Numerics"); max/min are exact in any type. */
  bool widen = tileReduceAccumulatesWide(kind, x.elem);
  MlirType accElem = widen ? mlirF32TypeGet(b->ctx) : x.elem;

  /* 1. Within the thread, each element once: a layout wider than the
   * tile along the axis wraps, and a register whose own coordinate there
   * is past the extent holds a copy of another of the thread's registers
   * (an mma layout's rows g and g + 8 of a 4-row tile are one row; a
   * blocked one's S registers of a narrower tile repeat). Adding the copy
   * counted the element twice (difftest seed 501102). */
  int64_t extent = x.shape[axis];
  for (int r = 0; r < x.numRegs; ++r) {
    int64_t key[TILE_MAX_LAYOUT_RANK], want[TILE_MAX_LAYOUT_RANK];
    int64_t at[TILE_MAX_LAYOUT_RANK];
    tileLayoutRegCoords(&x.layout, x.shape, r, at);
    if (at[axis] >= extent)
      continue;
    keyOf(&x, r, (int)axis, key);
    int j = 0;
    for (; j < nOut; ++j) {
      tileLayoutRegCoords(&slice, resultShape, j, want);
      if (memcmp(key, want, sizeof(int64_t) * (size_t)resultRank) == 0)
        break;
    }
    if (j == nOut) {
      tileEmitOpError(op, "internal error: register %d has no result slot", r);
      free(acc);
      return false;
    }
    MlirValue v = widen ? bCast(b, "arith.extf", x.regs[r], accElem)
                        : x.regs[r];
    acc[j] = mlirValueIsNull(acc[j]) ? v : bBinary(b, combiner, acc[j], v);
  }

  /* 2. Across the lanes along the axis holding distinct elements: a lane
   * term ((lane / stride) % count) * scale covers min(count, extent /
   * scale) distinct positions (beyond the extent, lanes hold copies). */
  TileThreadTerm terms[2];
  tileLayoutThreadTerms(&x.layout, (int)axis, terms);
  int64_t distinctLanes = extent / terms[0].scale < terms[0].count
                              ? extent / terms[0].scale
                              : terms[0].count;
  for (int k = 1; k < distinctLanes; k *= 2)
    for (int j = 0; j < nOut; ++j)
      acc[j] = bBinary(b, combiner, acc[j],
                       gpuShuffleXor(b, acc[j], k * terms[0].stride));

  /* 3. Across the warps along the axis holding distinct elements. */
  int64_t distinctWarps = extent / terms[1].scale < terms[1].count
                              ? extent / terms[1].scale
                              : terms[1].count;
  if (distinctWarps > 1) {
    int64_t elems = 1;
    for (int d = 0; d < resultRank; ++d)
      elems *= resultShape[d];
    MlirType storage = gpuStorageType(accElem);
    int bytes = tileElemBytes(accElem);
    bool inLoop;
    MlirValue base =
        gpuReduceScratch(b, g, elems * distinctWarps * bytes, &inLoop);
    MlirValue warpC = bBinary(
        b, "arith.remui",
        bBinary(b, "arith.divui", g->warp, bConstIndex(b, terms[1].stride)),
        bConstIndex(b, distinctWarps));
    MlirValue *slots = calloc((size_t)nOut, sizeof *slots);
    for (int j = 0; j < nOut; ++j) {
      MlirValue c[TILE_MAX_LAYOUT_RANK];
      MlirValue flat = bConstIndex(b, 0);
      if (resultRank > 0) {
        gpuRegCoords(b, g, &slice, resultRank, resultShape, j, c);
        flat = gpuFlatIndex(b, resultRank, resultShape, c);
      }
      slots[j] = bMuli(b, flat, bConstIndex(b, distinctWarps));
    }
    if (inLoop)
      gpuBarrier(g, b); /* last iteration's readers are done */
    for (int j = 0; j < nOut; ++j)
      gpuStorePtr(b, gpuToStorage(b, acc[j]),
                  gpuGep(b, base, bAddi(b, slots[j], warpC), accElem), bytes);
    gpuBarrier(g, b);
    for (int j = 0; j < nOut; ++j) {
      MlirValue total = (MlirValue){NULL};
      for (int w = 0; w < distinctWarps; ++w) {
        MlirValue v = gpuFromStorage(
            b,
            gpuLoadPtr(b, gpuGep(b, base, bAddi(b, slots[j], bConstIndex(b, w)),
                                 accElem),
                       storage, bytes),
            accElem);
        total = w == 0 ? v : bBinary(b, combiner, total, v);
      }
      acc[j] = total;
    }
    free(slots);
  }

  if (xp->uniform)
    free(x.regs);
  if (widen)
    for (int j = 0; j < nOut; ++j)
      acc[j] = bCast(b, "arith.truncf", acc[j], x.elem);
  if (scalarResult) {
    gpuSetScalar(g, result, acc[0]);
    free(acc);
    return true;
  }
  GpuTile out = gpuTileAlloc(&slice, resultType);
  memcpy(out.regs, acc, sizeof *acc * (size_t)nOut);
  free(acc);
  gpuSetTile(g, result, out);
  return true;
}
