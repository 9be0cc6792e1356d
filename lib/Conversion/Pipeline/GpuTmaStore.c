/* tile.store of a wgmma or tcgen05 accumulator through shared memory with
 * a bulk tensor store (TMA), for TileToGPU's aligned entry; tile-pipeline
 * marks such stores tile.tma (lib/Analysis/Tma.h).
 *
 * In the accumulator layout each thread holds pairs of neighbouring
 * elements, so storing straight to global memory writes 4 bytes at a time
 * and a warp covers 8 rows 16 bytes each. Instead the tile goes out one
 * column block (as wide as the 128-byte swizzle) at a time, through two
 * buffers laid out as wgmma's operands are (16-byte chunks swizzled by
 * row: a warp's 8 rows land in 8 different bank groups): every thread
 * writes its pairs of block c into buffer c % 2, fences them for the async
 * proxy, and after a barrier thread 0 stores the block with one
 * cp.async.bulk.tensor, which writes whole lines and leaves out what lies
 * outside the memref. Before block c + 2 reuses the buffer, thread 0 waits
 * until the copy of block c has read it (cp.async.bulk.wait_group.read 1)
 * and a barrier tells the others. So a copy runs while the next block is
 * written, and the buffers take two blocks' bytes, not the whole tile's:
 * a persistent kernel keeps them beside its pipeline's stages. At the end
 * thread 0 waits until every copy has read its buffer, and a barrier
 * follows, so later users of the scratch buffer find it free.
 *
 * tcgen05's accumulator (sm_100a) takes the same path: there each thread
 * holds a run of one row (tcgen05.ld 32x32b), written 16 bytes at a time;
 * a warp's 32 rows, 8 of them per bank-group cycle of the swizzle, cost
 * the 4 wavefronts its 512 bytes need at least. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdlib.h>

#include "lib/Analysis/Tma.h"
#include "lib/Conversion/Pipeline/PipelineParts.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

static MlirValue i32Of(TileBuilder *b, MlirValue index) {
  return bCast(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 32));
}

void pipeWaitBulkReads(TileBuilder *b, int pending) {
  TileNamedAttr wait[] = {{"group", tileI32Attr(b->ctx, pending)},
                          {"read", mlirUnitAttrGet(b->ctx)}};
  pipeVoidOp(b, "nvvm.cp.async.bulk.wait_group", 0, NULL, 2, wait);
}

/* Writes the registers of `t` that lie in columns [lo, hi) of the tile
 * into `s`. gpuWriteSmemColumns picks registers by their constant column,
 * which is the column in every thread of wgmma's layout (its warps split
 * only the rows). tcgen05's splits the columns among warps too: warp
 * group j holds columns j * run .., so each group picks from the range
 * shifted by its own offset, under a test of the thread's column part. */
static void writeColumns(GpuLowering *g, TileBuilder *b, const GpuSmemTile *s,
                         const GpuTile *t, int64_t lo, int64_t hi) {
  const TileLayout *l = &t->layout;
  MlirValue part[TILE_MAX_LAYOUT_RANK];
  if (l->kind != LAYOUT_BLOCKED || !l->tmem ||
      !gpuThreadCoords(g, l, t->shape, part) || mlirValueIsNull(part[1])) {
    gpuWriteSmemColumns(g, b, s, t, lo, hi);
    return;
  }
  int64_t run = l->blocked.sizePerThread[1];
  for (int64_t j = 0; j < l->blocked.warpsPerCTA[1]; ++j) {
    int64_t at = j * run;
    if (at >= hi || at + run <= lo)
      continue;
    TileBuilder mine;
    bIf(b, bCmpi(b, ARITH_EQ, part[1], bConstIndex(b, at)), 0, NULL, false,
        &mine, NULL);
    gpuWriteSmemColumns(g, &mine, s, t, lo - at, hi - at);
    bYield(&mine, "scf.yield", 0, NULL);
  }
}

bool gpuLowerTmaStore(GpuLowering *g, TileBuilder *b, MlirOperation op,
                      int map) {
  TileSmemLayout layout;
  GpuTile *value = gpuOperandTile(g, op, 0);
  if (!value || !tileTmaCanStore(op, &layout))
    return false;
  TileLayout l = value->layout;
  GpuTile t = value->uniform ? gpuTileMaterialize(value, &l) : *value;
  int64_t rows = t.shape[0];
  int64_t blocks = layout.rowElems / layout.blockElems;
  int64_t blockBytes = rows * layout.blockElems * layout.elemBytes;
  int64_t buffers = blocks < 2 ? blocks : 2;
  MlirType i8 = mlirIntegerTypeGet(b->ctx, 8);
  MlirValue scratch = gpuSharedBase(b, g);
  gpuNeedShared(g, buffers * blockBytes);
  g->usesWgmma = true; /* 1024-byte aligned scratch */
  /* The box's row and column are the last two indices; a rank-3 store
   * (a reshaped tile) names its outer index first. */
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue row0 = gpuOperandScalar(g, op, n - 2);
  MlirValue col0 = gpuOperandScalar(g, op, n - 1);
  MlirValue outer = n == 5 ? gpuOperandScalar(g, op, 2) : (MlirValue){NULL};
  gpuBarrier(g, b);
  for (int64_t c = 0; c < blocks; ++c) {
    MlirValue buffer = gpuGep(b, scratch,
                              bConstIndex(b, (c % buffers) * blockBytes), i8);
    TileBuilder then;
    if (c >= buffers) {
      /* The copy of block c - 2 is done reading this buffer. */
      pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
      pipeWaitBulkReads(&then, (int)buffers - 1);
      bYield(&then, "scf.yield", 0, NULL);
      gpuBarrier(g, b);
    }
    /* Block c of the layout, moved to the buffer's start. */
    GpuSmemTile s = {gpuGep(b, buffer, bConstIndex(b, -c * blockBytes), i8),
                     layout};
    writeColumns(g, b, &s, &t, c * layout.blockElems,
                 (c + 1) * layout.blockElems);
    gpuFenceAsyncShared(b);
    gpuBarrier(g, b);
    pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
    MlirValue operands[] = {
        g->tmaMaps[map], buffer,
        i32Of(&then,
              bAddi(&then, col0, bConstIndex(&then, c * layout.blockElems))),
        i32Of(&then, row0),
        mlirValueIsNull(outer) ? (MlirValue){NULL} : i32Of(&then, outer)};
    int coords = mlirValueIsNull(outer) ? 2 : 3;
    int32_t segments[] = {1, 1, coords, 0, 0};
    TileNamedAttr attrs[] = {
        {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 5, segments)}};
    pipeVoidOp(&then, "nvvm.cp.async.bulk.tensor.global.shared.cta", 2 + coords,
               operands, 1, attrs);
    pipeVoidOp(&then, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL);
    if (c == blocks - 1)
      pipeWaitBulkReads(&then, 0);
    bYield(&then, "scf.yield", 0, NULL);
  }
  gpuBarrier(g, b);
  if (value->uniform)
    free(t.regs);
  return true;
}
