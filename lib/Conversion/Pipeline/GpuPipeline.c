/* Software pipelining of the scf.for loops tile-pipeline marked
 * (lib/Transforms/Pipeline.h), for TileToGPU.
 *
 * Each marked load (a dot operand) gets S buffers in shared memory, in the
 * swizzled layout the dot reads with ldmatrix, and its tiles arrive with
 * cp.async (16 bytes per copy, straight from global to shared memory, no
 * registers). With S stages, iteration i's tiles are requested S - 1
 * iterations ahead:
 *   prologue    for s < S-1: copy the tiles of iteration s into buffer s;
 *               commit (one group per iteration)
 *   iteration i wait until at most S-2 groups are pending (iteration i's
 *               tiles have landed, for this thread), barrier (for every
 *               thread; and every warp is done reading buffer (i-1)%S);
 *               copy the tiles of iteration i+S-1 into buffer (i+S-1)%S;
 *               commit; the dot reads buffer i%S
 *   epilogue    wait for all groups, barrier
 * A tile wholly inside the memref (one uniform test) is copied without
 * bounds tests; at an edge, a group outside the memref reads nothing
 * (cp.async's source size 0 fills zeros; the address is not dereferenced).
 * Copies for iterations past the last land in buffers no one reads. So
 * trip counts below S and ragged edges need no special case. The tile offsets of iteration i+S-1
 * are recomputed from the induction variable (the pass checked they depend
 * on nothing else inside the loop).
 *
 * Only the aligned entry pipelines: cp.async needs 16-byte aligned
 * sources, and there a 16-byte group is wholly inside the memref or wholly
 * outside when its column offset is a multiple of 8 elements. The generic
 * entry keeps the loads (and the dot stages them itself).
 *
 * For a dot on wgmma (GpuPipeline.h): buffers start at multiples of 1024
 * bytes, each wait is followed by a proxy fence, and when the dot
 * accumulates across iterations its group stays in flight, so the copies
 * run L = S-2 iterations ahead instead of S-1. With loads marked tile.tma
 * the copies are bulk tensor copies instead: thread 0 sets up one
 * mbarrier per stage and issues each stage's copies after expect_tx (only
 * for iterations below the trip count, so no copy outlives the loop);
 * every thread waits on the stage's phase, then a barrier frees the buffer
 * the next copies overwrite; after the loop thread 0 retires the
 * mbarriers.
 *
 * Warp specialized (GpuLowering.producerWarps, tile-pipeline's
 * warp-specialize): the entry sets up each such loop's mbarriers (full,
 * empty, start; gpuPipelineSetUpProducer) before the block splits; the
 * producer's first thread (in g->producer, in program order) computes the
 * loop's bounds and the values its offsets use itself (they are program
 * scalars, lib/Analysis/ProgramScalars.h), waits until thread 0 of the
 * kernel's warps says the loop starts (its stages share shared memory with
 * the code before it and with other loops), and issues every iteration's
 * copies, each after the stage's empty mbarrier says every warp released
 * it; the kernel's warps only wait for full and release
 * (gpuPipelineIterationEnd). No block barrier joins the two roles after
 * the entry. Iteration i of the loop uses stage (done + i) % S, where done
 * counts the iterations the block ran before: in a persistent kernel the
 * stages' phases go on from program to program, so the producer fills the
 * next program's stages while the kernel's warps finish the last one.
 *
 * CTA pairs (GpuLowering.ctaPairs, GpuTcgen05.c): rank 0's stage
 * mbarriers count both CTAs' copies (each CTA's A and its half of B,
 * .cta_group::2 copies completing on rank 0's mbarrier), and only rank 0
 * waits for them; the other CTA refills a stage after the commit of the
 * MMAs that read it, as the in-flight scheme has every thread wait. */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* Writes the loop-invariant dot operands to their buffers and records
 * them for the dots (GpuLowering.staged, until the epilogue). */
static bool stageInvariants(GpuLowering *g, TileBuilder *b,
                            const GpuPipeline *p) {
  int room = (int)(sizeof g->staged / sizeof g->staged[0]);
  for (int k = 0; k < p->numInvariant; ++k) {
    const GpuInvariantOperand *inv = &p->invariant[k];
    GpuValue *v = gpuMapGet(
        &g->values, mlirOperationGetOperand(inv->dot, inv->operand));
    if (!v || v->kind != GPU_TILE || g->numStaged == room) {
      tileEmitOpError(inv->dot, "operand #%d has no GPU lowering",
                      inv->operand);
      return false;
    }
    if (v->tile.uniform || !mlirValueIsNull(v->tile.smem))
      continue;
    GpuSmemTile s = {
        pipeByteGep(b, gpuDynamicSharedBase(b, g), bConstIndex(b, inv->offset)),
        inv->layout};
    gpuWriteSmem(g, b, &s, &v->tile);
    g->staged[g->numStaged].dot = inv->dot;
    g->staged[g->numStaged].operand = inv->operand;
    g->staged[g->numStaged].smem = s.base;
    ++g->numStaged;
  }
  bool wgmmaReads = p->asyncProxyReads;
  for (int k = 0; k < p->numInvariant; ++k)
    wgmmaReads = wgmmaReads || p->invariant[k].layout.blockElems > 0;
  if (p->numInvariant > 0) {
    /* Written through the generic proxy; wgmma reads through the async
     * one. */
    if (wgmmaReads)
      gpuFenceAsyncShared(b);
    gpuBarrier(g, b);
  }
  return true;
}

/* The dots after the loop no longer read its staged operands. */
static void unstageInvariants(GpuLowering *g, const GpuPipeline *p) {
  for (int k = 0; k < p->numInvariant; ++k)
    for (int i = 0; i < g->numStaged; ++i)
      if (mlirOperationEqual(g->staged[i].dot, p->invariant[k].dot) &&
          g->staged[i].operand == p->invariant[k].operand) {
        g->staged[i] = g->staged[--g->numStaged];
        break;
      }
}

/* ---- staged gathers ----------------------------------------------------- */

/* Whether `op` is in `ops[0..n)`. */
static bool listed(MlirOperation *ops, int n, MlirOperation op) {
  for (int i = 0; i < n; ++i)
    if (mlirOperationEqual(ops[i], op))
      return true;
  return false;
}

/* Adds to `ops` the body's ops that `v` is computed from (tile-pipeline
 * checked that they are register-only ops of the induction variable and
 * values from before the loop). */
static void collectSlice(const GpuPipeline *p, MlirValue v, MlirOperation *ops,
                         int *n, int cap) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) ||
      !mlirBlockEqual(mlirOperationGetBlock(def), p->body) ||
      listed(ops, *n, def) || *n == cap)
    return;
  ops[(*n)++] = def;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    collectSlice(p, mlirOperationGetOperand(def, i), ops, n, cap);
}

/* The staged gathers' copies for the iteration at `iv` into buffer
 * `stage`: the ops their indices come from are lowered again (in body
 * order) with the induction variable at `iv`, then each gather issues its
 * copies from those indices. The body lowers the same ops again for its
 * own iteration later, which replaces what is mapped here. */
static bool issueGathers(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirValue iv, MlirValue stage) {
  enum { MAX_SLICE = 4 * 256 }; /* tile-pipeline: 256 visits per gather */
  MlirOperation slice[MAX_SLICE];
  int n = 0;
  for (int j = 0; j < p->numGathers; ++j)
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(p->gathers[j]); ++i)
      collectSlice(p, mlirOperationGetOperand(p->gathers[j], i), slice, &n,
                   MAX_SLICE);
  if (n == MAX_SLICE) {
    tileEmitOpError(p->gathers[0], "internal error: the index math of a "
                                   "staged gather is too long");
    return false;
  }
  GpuValue *now = gpuMapGet(&g->values, p->iv);
  MlirValue current = now ? now->tile.scalar : (MlirValue){NULL};
  gpuSetScalar(g, p->iv, iv);
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(p->body);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (listed(slice, n, op))
      ok = g->lowerOp(g, b, op);
  for (int j = 0; ok && j < p->numGathers; ++j) {
    MlirValue off = bAddi(b, bMuli(b, stage, bConstIndex(b, p->stageBytes)),
                          bConstIndex(b, p->gatherOffset[j]));
    ok = gpuGatherCopies(g, b, p->gathers[j],
                         pipeByteGep(b, gpuDynamicSharedBase(b, g), off));
  }
  if (!mlirValueIsNull(current))
    gpuSetScalar(g, p->iv, current);
  return ok;
}

bool gpuPipelinePrologue(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirValue lb, MlirValue ub, MlirValue step) {
  /* The buffers overlap the scratch buffer that code before the loop may
   * still be reading. */
  gpuBarrier(g, b);
  if (!stageInvariants(g, b, p))
    return false;
  if (p->warpSpecialized) {
    if (pipeWaitsForStart(g)) {
      /* Every warp is past the barrier above: the buffers are free. */
      TileBuilder then;
      pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
      pipeArriveStart(g, &then, p);
      bYield(&then, "scf.yield", 0, NULL);
    }
    /* The invariant operands the producer copies (ProducerLoads.c). */
    pipeWaitProducerLoads(g, b, p);
    return pipeProduce(g, p);
  }
  if (p->tma)
    pipeInitMbarriers(g, b, p);
  else if (p->asyncProxyReads)
    pipeRemarkNoTma(g, p);
  for (int s = 0; s < p->lookahead; ++s) {
    MlirValue iv = bAddi(b, lb, bMuli(b, step, bConstIndex(b, s)));
    if (p->tma) {
      if (!pipeIssueTmaIfInLoop(g, b, p, iv, ub, bConstIndex(b, s)))
        return false;
      continue;
    }
    for (int j = 0; j < p->numLoads; ++j)
      if (!pipeIssueCopies(g, b, p, j, iv,
                           pipeBufferOf(b, g, p, j, bConstIndex(b, s))))
        return false;
    if (p->numGathers > 0 && !issueGathers(g, b, p, iv, bConstIndex(b, s)))
      return false;
    pipeCommitGroup(b);
  }
  return true;
}

void pipeMapToShared(GpuLowering *g, MlirOperation op, MlirValue smem) {
  MlirValue result = mlirOperationGetResult(op, 0);
  TileLayout l;
  tileTypeLayout(mlirValueGetType(result), &l);
  GpuTile t = gpuTileAlloc(&l, mlirValueGetType(result));
  free(t.regs);
  t.regs = NULL;
  t.numRegs = 0;
  t.smem = smem;
  gpuSetTile(g, result, t);
}

bool gpuPipelineIteration(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                          MlirValue iv, MlirValue lb, MlirValue ub,
                          MlirValue step) {
  int S = p->stages, L = p->lookahead;
  if (!p->tma) {
    pipeWaitGroups(b, L - 1);
    /* cp.async writes through the generic proxy; wgmma reads through the
     * async one. */
    if (p->asyncProxyReads)
      gpuFenceAsyncShared(b);
    /* Staged gathers: each thread reads only what it copied, and the
     * buffer the next copies overwrite is the one it read last iteration
     * (those reads are done: their values were used). */
    if (p->numLoads > 0)
      gpuBarrier(g, b);
  }
  /* A warp-specialized loop's stages go on from the block's earlier runs
   * of it (GpuLowering.wsLoops); the others start at stage 0. */
  MlirValue i = pipeIterationOf(
      b, p->warpSpecialized ? g->wsLoops[p->wsLoop].done : bConstIndex(b, 0),
      iv, lb, step);
  MlirValue stage = bBinary(b, "arith.remui", i, bConstIndex(b, S));
  MlirValue ahead = bBinary(b, "arith.remui",
                            bAddi(b, i, bConstIndex(b, L)),
                            bConstIndex(b, S));
  MlirValue ivAhead = bAddi(b, iv, bMuli(b, step, bConstIndex(b, L)));
  if (p->tma) {
    /* This iteration's tiles (the stage's phase i / S), then a barrier:
     * every warp is done with the buffer the next copies overwrite (the
     * producer warp waits for that itself). */
    /* In a CTA pair only rank 0's mbarrier counts the copies, and only
     * rank 0 reads the stage (its MMAs); the other block refills a stage
     * after the MMAs that read it committed (GpuTcgen05.c). */
    TileBuilder waits = *b;
    if (g->ctaPairs)
      bIf(b, bCmpi(b, ARITH_EQ, g->ctaRank,
                   bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), 0)),
          0, NULL, false, &waits, NULL);
    pipeWaitParity(
        &waits, pipeMbarrierOf(&waits, g, p, stage),
        bBinary(&waits, "arith.remui",
                bBinary(&waits, "arith.divui", i, bConstIndex(&waits, S)),
                bConstIndex(&waits, 2)),
        false);
    if (g->ctaPairs)
      bYield(&waits, "scf.yield", 0, NULL);
    if (!p->warpSpecialized) {
      gpuBarrier(g, b);
      if (!pipeIssueTmaIfInLoop(g, b, p, ivAhead, ub, ahead))
        return false;
    }
  } else {
    for (int j = 0; j < p->numLoads; ++j)
      if (!pipeIssueCopies(g, b, p, j, ivAhead,
                           pipeBufferOf(b, g, p, j, ahead)))
        return false;
    if (p->numGathers > 0 && !issueGathers(g, b, p, ivAhead, ahead))
      return false;
    pipeCommitGroup(b);
  }
  /* The loads and staged gathers of this iteration are the tiles in
   * buffer i % S. */
  for (int j = 0; j < p->numGathers; ++j)
    pipeMapToShared(
        g, p->gathers[j],
        pipeByteGep(b, gpuDynamicSharedBase(b, g),
                    bAddi(b, bMuli(b, stage, bConstIndex(b, p->stageBytes)),
                          bConstIndex(b, p->gatherOffset[j]))));
  for (int j = 0; j < p->numLoads; ++j)
    pipeMapToShared(g, p->loads[j], pipeBufferOf(b, g, p, j, stage));
  return true;
}

void gpuPipelineEpilogue(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirOperation loop, MlirValue lb, MlirValue ub,
                         MlirValue step) {
  unstageInvariants(g, p);
  /* Bulk copies: every one issued was waited for by its iteration. */
  if (!p->tma)
    pipeWaitGroups(b, 0);
  if (p->wgmmaInFlight && tileChipHasTcgen05(g->chip))
    gpuTcgen05WaitLastIteration(g, b, loop, lb, ub, step);
  else if (p->wgmmaInFlight) {
    gpuWgmmaWait(b, 0);
    for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i) {
      GpuValue *v = gpuMapGet(&g->values, mlirOperationGetResult(loop, i));
      if (v && v->kind == GPU_TILE && !v->tile.uniform)
        gpuWgmmaPin(b, v->tile.regs, v->tile.numRegs);
    }
  }
  if (p->warpSpecialized) {
    /* The producer goes on with the next run of the loop (a persistent
     * kernel's next program) from where this one ended; the last
     * iteration's stage is free once its dots are (in flight, they were
     * waited for just above). */
    MlirValue *done = &g->wsLoops[p->wsLoop].done;
    MlirValue trips = gpuTripCount(b, lb, ub, step);
    if (p->wgmmaInFlight) {
      TileBuilder then;
      bIf(b, bCmpi(b, ARITH_SGT, trips, bConstIndex(b, 0)), 0, NULL, false,
          &then, NULL);
      MlirValue last = bBinary(&then, "arith.subi", bAddi(&then, *done, trips),
                               bConstIndex(&then, 1));
      pipeReleaseStage(
          g, &then, p,
          bBinary(&then, "arith.remui", last, bConstIndex(&then, p->stages)));
      bYield(&then, "scf.yield", 0, NULL);
    }
    *done = bAddi(b, *done, trips);
  }
  gpuBarrier(g, b);
  if (p->tma && !p->warpSpecialized) {
    /* Every thread is past its last wait: the leader retires the
     * mbarriers (the next run of the loop initializes them again; a
     * warp-specialized loop's run once and keep theirs). */
    TileBuilder then;
    pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
    for (int s = 0; s < p->stages; ++s) {
      MlirValue bar = pipeMbarrierOf(&then, g, p, bConstIndex(&then, s));
      pipeVoidOp(&then, "nvvm.mbarrier.inval", 1, &bar, 0, NULL);
    }
    bYield(&then, "scf.yield", 0, NULL);
  }
}
