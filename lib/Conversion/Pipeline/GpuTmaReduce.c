/* tile.atomic_rmw adds of a whole box through shared memory with one bulk
 * tensor reduction (TMA), for TileToGPU's aligned entry; tile-pipeline
 * marks such atomics tile.tma_reduce (lib/Analysis/Tma.h, tileTmaCanReduce).
 *
 * Element by element each thread issues one `red` per register, each with
 * an address of its own: attention's one-pass backward added its 64 x 128
 * f32 dQ block so every step, 32 reductions a thread. Instead every
 * thread writes its registers into the scratch buffer, laid out as the
 * box lies in memory (row-major in the memref's last two dimensions,
 * whichever tile dimension runs along each: dQ^T's rows are dQ's
 * columns), fences them for the async proxy, and after a barrier thread 0
 * adds the box into global memory with one cp.reduce.async.bulk.tensor,
 * which leaves out what lies outside the memref, as the atomics must.
 * Thread 0 then waits until the reduction has read the buffer, and a
 * barrier frees the scratch buffer for the ops after (the buffer is
 * shared with them; FlashAttention-3 keeps its dQ buffer to itself). A
 * box that starts left of the memref or off a 16-byte column (bulk tensor
 * writes fault there, as TMA stores did: docs/difftest.md), or past the
 * i32 coordinates a tensor map takes, takes the element-wise atomics
 * instead (gpuTmaReduceFits). */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdint.h>
#include <stdlib.h>

#include "lib/Analysis/Tma.h"
#include "lib/Conversion/Pipeline/PipelineParts.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Index operand 2 + k's value at tile coordinate 0 (an index): register
 * 0's less its coordinate along the dimension the index rises by one on
 * (dimOf[k]; tileTmaCanReduce). */
static MlirValue originOf(GpuLowering *g, TileBuilder *b, MlirOperation op,
                          int k, int dimOf) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  GpuTile *t = gpuOperandTile(g, op, 2 + k);
  if (!t)
    return (MlirValue){NULL};
  if (t->uniform)
    return bCast(b, "arith.index_cast", t->scalar, index);
  MlirValue v = bCast(b, "arith.index_cast", t->regs[0], index);
  if (dimOf < 0)
    return v;
  MlirValue coords[TILE_MAX_LAYOUT_RANK];
  gpuRegCoords(b, g, &t->layout, t->rank, t->shape, 0, coords);
  return bBinary(b, "arith.subi", v, coords[dimOf]);
}

bool gpuTmaReduceBox(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     GpuTmaBox *box) {
  box->rank = (int)mlirShapedTypeGetRank(
      mlirValueGetType(mlirOperationGetOperand(op, 1)));
  if (!tileTmaCanReduce(op, box->dimOf))
    return false;
  for (int k = 0; k < box->rank; ++k) {
    box->origin[k] = originOf(g, b, op, k, box->dimOf[k]);
    if (mlirValueIsNull(box->origin[k]))
      return false;
  }
  return true;
}

MlirValue gpuTmaReduceFits(TileBuilder *b, const GpuTmaBox *box) {
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue zero = bConstIndex(b, 0);
  MlirValue most = bConstIndex(b, INT32_MAX); /* coordinates are i32 */
  MlirValue fits = bConstInt(b, i1, 1);
  for (int k = 0; k < box->rank; ++k)
    fits = bAndi(b, fits,
                 bAndi(b, bCmpi(b, ARITH_SGE, box->origin[k], zero),
                       bCmpi(b, ARITH_SLE, box->origin[k], most)));
  /* f32: a 16-byte column is a multiple of 4 elements. */
  MlirValue col = bBinary(b, "arith.remsi", box->origin[box->rank - 1],
                          bConstIndex(b, 4));
  return bAndi(b, fits, bCmpi(b, ARITH_EQ, col, zero));
}

bool gpuLowerTmaReduce(GpuLowering *g, TileBuilder *b, MlirOperation op,
                       int map, const GpuTmaBox *box) {
  int rank = box->rank;
  const int *dimOf = box->dimOf;
  GpuTile *value = gpuOperandTile(g, op, 0);
  if (!value)
    return false;
  TileLayout l = value->layout;
  GpuTile t = value->uniform ? gpuTileMaterialize(value, &l) : *value;
  /* The buffer: the box as memory holds it, [rows][cols] of the memref's
   * last two dimensions; tile dimension dimOf[k] goes to buffer
   * dimension k - (rank - 2). */
  int32_t perm[2];
  int64_t shape[2];
  for (int k = rank - 2; k < rank; ++k) {
    perm[dimOf[k]] = k - (rank - 2);
    shape[k - (rank - 2)] = t.shape[dimOf[k]];
  }
  MlirValue scratch = gpuSharedBase(b, g);
  gpuNeedShared(g, shape[0] * shape[1] * 4);
  g->usesWgmma = true; /* a 1024-byte aligned scratch buffer */
  gpuBarrier(g, b); /* the ops before are done with the buffer */
  gpuSharedWriteTilePermuted(g, b, scratch, &t, perm, shape);
  gpuFenceAsyncShared(b);
  gpuBarrier(g, b);
  TileBuilder then;
  pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
  /* Coordinates innermost first. */
  MlirValue operands[2 + 3];
  operands[0] = g->tmaMaps[map];
  operands[1] = scratch;
  for (int k = 0; k < rank; ++k)
    operands[2 + k] =
        bCast(&then, "arith.index_cast", box->origin[rank - 1 - k],
              mlirIntegerTypeGet(b->ctx, 32));
  int32_t segments[] = {1, 1, rank, 0};
  TileNamedAttr attrs[] = {
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments)},
      {"redKind", mlirAttributeParseGet(
                      b->ctx, tileStr("#nvvm.tma_redux_kind<add>"))},
      {"mode", mlirAttributeParseGet(b->ctx,
                                     tileStr("#nvvm.tma_store_mode<tile>"))}};
  pipeVoidOp(&then, "nvvm.cp.async.bulk.tensor.reduce", 2 + rank, operands,
             3, attrs);
  pipeVoidOp(&then, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL);
  pipeWaitBulkReads(&then, 0);
  bYield(&then, "scf.yield", 0, NULL);
  gpuBarrier(g, b); /* the reduction has read the buffer */
  if (value->uniform)
    free(t.regs);
  return true;
}
