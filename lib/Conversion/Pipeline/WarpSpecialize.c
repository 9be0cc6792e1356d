/* Software pipelining, warp specialized: the producer warpgroup issues
 * every iteration's copies, handing stages to the kernel's warps
 * through full, empty and start mbarriers (PipelineParts.h). */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Multicast.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* A warp-specialized loop's mbarriers (from p->barrierBase): the stages'
 * full ones, then their empty ones (every warp released the stage: one
 * arrival per warp), then the start (thread 0 of the kernel's warps: the
 * loop begins, its buffers are free). */
MlirValue pipeEmptyMbarrierOf(TileBuilder *b, GpuLowering *g,
                              const GpuPipeline *p, MlirValue stage) {
  return pipeMbarrierOf(b, g, p, bAddi(b, stage, bConstIndex(b, p->stages)));
}

MlirValue pipeStartMbarrierOf(TileBuilder *b, GpuLowering *g,
                              const GpuPipeline *p) {
  return pipeMbarrierOf(b, g, p, bConstIndex(b, 2LL * p->stages));
}

/* Whether the producer must wait for the kernel's warps to reach the loop
 * before its first copies: the stages share shared memory with the code
 * before the loop (the scratch buffer) and with the kernel's other
 * pipelined loops. A persistent kernel has one such loop and its scratch
 * lies after the stages, so its producer runs ahead into the next
 * program's copies; the stages' empty mbarriers alone order those. */
bool pipeWaitsForStart(const GpuLowering *g) {
  return !(g->persistent && g->numWsLoops == 1);
}

/* The non-specialized loops' mbarriers come first (at most 8 stages). */
enum { WS_FIRST_BASE = 8 * 8 };

/* ---- TMA multicast (GpuLowering.multicast, Multicast.h) ---------------- */

/* mbarrier `bar` in the block of rank `rank` of the cluster: its
 * shared::cluster address. */
static MlirValue inRank(TileBuilder *b, MlirValue bar, MlirValue rank) {
  MlirType cluster = mlirLLVMPointerTypeGet(b->ctx, 7);
  MlirValue operands[] = {bar, rank};
  return bInsert(
      b, tileOpCreate(b->loc, "nvvm.mapa", 2, operands, 1, &cluster, 0, NULL));
}

/* An arrival on `bar` and, in a multicast kernel, on the same mbarrier of
 * the partner block (GpuLowering.mcPartner). The remote arrival keeps the
 * default .release.cta (CUTLASS's consumer release does the same): the
 * stage was read by wgmma, whose reads completed at its wait_group before
 * the arrival, and the partner only overwrites it by bulk copies issued
 * after it saw the phase complete. .release.cluster ordered every earlier
 * access of the thread at cluster scope and ran the GEMMs 41-46% slower
 * on an H200 (docs/performance.md). */
static void arriveBoth(GpuLowering *g, TileBuilder *b, MlirValue bar) {
  pipeVoidOp(b, "nvvm.mbarrier.arrive", 1, &bar, 0, NULL);
  if (!g->multicast)
    return;
  MlirValue remote = inRank(b, bar, g->mcPartner);
  pipeVoidOp(b, "nvvm.mbarrier.arrive", 1, &remote, 0, NULL);
}

/* Whether scalar `v` of the loop's body is computed from p->outer[k]; marks
 * each such k in `used`. */
static void markOuterUses(const GpuPipeline *p, MlirValue v, bool *used,
                          int depth) {
  if (depth > 64)
    return;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (mlirBlockEqual(mlirOperationGetBlock(def), p->body)) {
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
        markOuterUses(p, mlirOperationGetOperand(def, i), used, depth + 1);
      return;
    }
  }
  for (int k = 0; k < p->numOuter; ++k)
    if (mlirValueEqual(p->outer[k], v))
      used[k] = true;
}

/* What the loop's B is computed from (the loop's bounds and the values
 * from before the loop its offsets use), for the block at hand or, with
 * g->blockX set, for that one: into keys, as i64; returns how many. A
 * value the entry cannot compute stands as `unknown`. */
static int bKeys(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                 MlirValue unknown, MlirValue *keys) {
  MlirType i64 = tileI64Type(b->ctx);
  GpuScalarMemo memo = {.size = 0};
  MlirOperation forOp = mlirBlockGetParentOperation(p->body);
  int n = 0;
  for (int i = 0; i < 3; ++i)
    keys[n++] = gpuProgramScalar(g, b, &memo, mlirOperationGetOperand(forOp, i),
                                 (MlirValue){NULL});
  bool used[GPU_PIPELINE_MAX_OUTER] = {false};
  for (int j = 0; j < p->numLoads; ++j)
    if (tileLoadMulticast(p->loads[j]))
      for (intptr_t i = 1; i < mlirOperationGetNumOperands(p->loads[j]); ++i)
        markOuterUses(p, mlirOperationGetOperand(p->loads[j], i), used, 0);
  for (int k = 0; k < p->numOuter; ++k)
    if (used[k])
      keys[n++] = gpuProgramScalar(g, b, &memo, p->outer[k], (MlirValue){NULL});
  for (int k = 0; k < n; ++k)
    keys[k] = mlirValueIsNull(keys[k])
                  ? unknown
                  : bCast(b, "arith.index_cast", keys[k], i64);
  return n;
}

/* At the entry, every thread of both blocks, after the mbarriers are set
 * up: whether the two blocks read the same B, element for element, every
 * iteration (then each copies half of it into both). Each thread computes
 * what B is computed from for its own program and for the other block's
 * (blockIdx.x ^ 1: a cluster is two blocks along x), so both blocks reach
 * the same answer without exchanging anything. Then the cluster barrier:
 * both blocks' mbarriers are set up before any copy or arrival from the
 * other. */
static void multicastHandshake(GpuLowering *g, TileBuilder *b,
                               const GpuPipeline *p) {
  MlirType i32 = tileI32Type(b->ctx), i64 = tileI64Type(b->ctx);
  g->ctaRank =
      bInsert(b, tileOpCreate(b->loc, "nvvm.read.ptx.sreg.cluster.ctarank", 0,
                              NULL, 1, &i32, 0, NULL));
  MlirValue other = bBinary(b, "arith.xori", g->ctaRank, bConstI32(b, 1));
  MlirValue mine[3 + GPU_PIPELINE_MAX_OUTER],
      theirs[3 + GPU_PIPELINE_MAX_OUTER];
  /* Unknown values stand as the block's rank: never the same. */
  int n = bKeys(g, b, p, bCast(b, "arith.extui", g->ctaRank, i64), mine);
  g->blockX = bBinary(b, "arith.xori", gpuSpecialRegister(b, "ctaid", 0, 0),
                      bConstIndex(b, 1));
  bKeys(g, b, p, bCast(b, "arith.extui", other, i64), theirs);
  g->blockX = (MlirValue){NULL};
  MlirValue same = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  for (int k = 0; k < n; ++k)
    same = bAndi(b, same, bCmpi(b, ARITH_EQ, mine[k], theirs[k]));
  g->mcShared = same;
  g->mcPartner = bSelect(b, same, other, g->ctaRank);
  TileNamedAttr aligned[] = {{"aligned", mlirUnitAttrGet(b->ctx)}};
  pipeVoidOp(b, "nvvm.cluster.arrive", 0, NULL, 1, aligned);
  pipeVoidOp(b, "nvvm.cluster.wait", 0, NULL, 1, aligned);
}

void gpuPipelineSetUpProducer(GpuLowering *g, TileBuilder *b) {
  int64_t base = WS_FIRST_BASE;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    GpuPipeline p;
    if (!tileOpIsNamed(op, "scf.for") || !gpuPipelinePlan(g, op, &p) ||
        !p.warpSpecialized || g->numWsLoops == GPU_MAX_WS_LOOPS)
      continue;
    int k = g->numWsLoops++;
    g->wsLoops[k].loop = op;
    g->wsLoops[k].base = base;
    /* Both roles start at stage 0, phase 0. */
    g->wsLoops[k].done = g->wsLoops[k].producerDone = bConstIndex(b, 0);
    base += 8 * (2LL * p.stages + 1);
  }
  g->wsSetUp = true;
  /* Multicast needs the one loop tileMulticastFor found; without it the
   * blocks run side by side in their clusters, each on its own. */
  if (g->numWsLoops != 1)
    g->multicast = false;
  pipeFindProducerLoads(g, &base);
  if (g->numWsLoops == 0)
    return; /* the generic entry: the producer has nothing to do */
  /* In a multicast kernel each stage's empty mbarrier and the start one
   * count the partner block's arrivals too (arriveBoth). */
  int both = g->multicast ? 2 : 1;
  TileBuilder then;
  pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
  for (int k = 0; k < g->numWsLoops; ++k) {
    GpuPipeline p;
    gpuPipelinePlan(g, g->wsLoops[k].loop, &p);
    for (int s = 0; s < p.stages; ++s) {
      pipeInitMbarrier(&then,
                       pipeMbarrierOf(&then, g, &p, bConstIndex(&then, s)), 1);
      pipeInitMbarrier(&then,
                       pipeEmptyMbarrierOf(&then, g, &p, bConstIndex(&then, s)),
                       both * g->numWarps);
    }
    pipeInitMbarrier(&then, pipeStartMbarrierOf(&then, g, &p), both);
  }
  pipeInitProducerLoads(g, &then);
  pipeVoidOp(&then, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  /* Before the warps part: every thread of the block. */
  bInsert(b, tileOpCreate(b->loc, "nvvm.barrier0", 0, NULL, 0, NULL, 0, NULL));
  if (g->multicast) {
    GpuPipeline p;
    gpuPipelinePlan(g, g->wsLoops[0].loop, &p);
    multicastHandshake(g, b, &p);
  }
  if (base > g->mbarrierBytes)
    g->mbarrierBytes = base;
}

/* Iteration iv's place in the block's sequence of the loop's iterations:
 * done + (iv - lb) / step. */
MlirValue pipeIterationOf(TileBuilder *b, MlirValue done, MlirValue iv,
                          MlirValue lb, MlirValue step) {
  return bAddi(
      b, done,
      bBinary(b, "arith.divui", bBinary(b, "arith.subi", iv, lb), step));
}

/* A multicast producer's last act: wait until both blocks released the
 * last min(S, trips) iterations' stages, whose empty mbarriers it never
 * waits on otherwise. Then every copy it multicast into the partner was
 * read there and every arrival the partner sends here has come: neither
 * block can exit while the other still writes its shared memory
 * (CUTLASS's producer tail does the same). */
static void waitLastReleases(GpuLowering *g, TileBuilder *b,
                             const GpuPipeline *p, MlirValue done,
                             MlirValue trips) {
  MlirValue S = bConstIndex(b, p->stages);
  MlirValue first =
      bSelect(b, bCmpi(b, ARITH_SGT, trips, S),
              bBinary(b, "arith.subi", trips, S), bConstIndex(b, 0));
  TileBuilder body;
  bFor(b, first, trips, bConstIndex(b, 1), 0, NULL, &body);
  MlirValue n = bAddi(&body, done, mlirBlockGetArgument(body.block, 0));
  pipeWaitParity(
      &body,
      pipeEmptyMbarrierOf(&body, g, p, bBinary(&body, "arith.remui", n, S)),
      bBinary(&body, "arith.remui", bBinary(&body, "arith.divui", n, S),
              bConstIndex(&body, 2)),
      true);
  bYield(&body, "scf.yield", 0, NULL);
}

void pipeWaitReleased(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                      MlirValue n, MlirValue stage) {
  MlirValue S = bConstIndex(b, p->stages);
  TileBuilder reuse;
  bIf(b, bCmpi(b, ARITH_UGE, n, S), 0, NULL, false, &reuse, NULL);
  MlirValue round = bBinary(&reuse, "arith.divui", n, S);
  pipeWaitParity(&reuse, pipeEmptyMbarrierOf(&reuse, g, p, stage),
                 bBinary(&reuse, "arith.remui",
                         bAddi(&reuse, round, bConstIndex(&reuse, 1)),
                         bConstIndex(&reuse, 2)),
                 true);
  bYield(&reuse, "scf.yield", 0, NULL);
}

/* The producer's part of the loop (appended to g->producer, in program
 * order): its first thread computes the loop's bounds and the values the
 * offsets use for the program at hand, then issues every iteration's
 * copies into stage n % S (n: the iteration's place in the block's
 * sequence), from n = S on after the kernel's warps released that stage
 * (phase n / S - 1 of its empty mbarrier). */
bool pipeProduce(GpuLowering *g, const GpuPipeline *p) {
  TileBuilder *pb = &g->producer;
  MlirValue *done = &g->wsLoops[p->wsLoop].producerDone;
  MlirValue program =
      g->persistent || g->streamK ? g->producerProgram : (MlirValue){NULL};
  GpuScalarMemo memo = {.size = 0};
  MlirValue bounds[3], handed[GPU_PIPELINE_MAX_OUTER];
  MlirOperation forOp = mlirBlockGetParentOperation(p->body);
  for (int i = 0; i < 3; ++i)
    bounds[i] = gpuProgramScalar(g, pb, &memo,
                                 mlirOperationGetOperand(forOp, i), program);
  for (int k = 0; k < p->numOuter; ++k)
    handed[k] = gpuProgramScalar(g, pb, &memo, p->outer[k], program);
  for (int i = 0; i < 3; ++i)
    if (mlirValueIsNull(bounds[i])) {
      tileEmitOpError(forOp, "has bounds the producer warps cannot compute");
      return false;
    }
  for (int k = 0; k < p->numOuter; ++k)
    if (mlirValueIsNull(handed[k])) {
      tileEmitOpError(p->loads[0],
                      "has an offset the producer warps cannot compute");
      return false;
    }
  MlirValue lb = bounds[0], ub = bounds[1], step = bounds[2];
  if (g->streamK && mlirOperationEqual(forOp, g->skLoop))
    gpuStreamKBounds(g, pb, true, &lb, &ub, step);
  TileBuilder one, body;
  MlirValue first = bAndi(
      pb, bCmpi(pb, ARITH_EQ, g->warp, bConstIndex(pb, g->numWarps)),
      bCmpi(pb, ARITH_EQ, g->lane, bConstIndex(pb, 0)));
  bIf(pb, first, 0, NULL, false, &one, NULL);
  if (pipeWaitsForStart(g)) /* the loop runs once: phase 0 */
    pipeWaitParity(&one, pipeStartMbarrierOf(&one, g, p), bConstIndex(&one, 0),
                   false);
  /* The loop's tiles from before it first, then its stages'. */
  if (!pipeIssueProducerLoads(g, &one, p, program))
    return false;
  bFor(&one, lb, ub, step, 0, NULL, &body);
  MlirValue iv = mlirBlockGetArgument(body.block, 0);
  MlirValue S = bConstIndex(&body, p->stages);
  MlirValue n = pipeIterationOf(&body, *done, iv, lb, step);
  MlirValue stage = bBinary(&body, "arith.remui", n, S);
  pipeWaitReleased(g, &body, p, n, stage);
  bool ok = pipeIssueTma(g, &body, p, iv, stage, handed);
  bYield(&body, "scf.yield", 0, NULL);
  if (g->multicast)
    waitLastReleases(g, &one, p, *done, gpuTripCount(&one, lb, ub, step));
  /* The load after the loop it serves as one more iteration. */
  ok = ok && pipeIssueTrailingLoads(
                 g, &one, p, program,
                 bAddi(&one, *done, gpuTripCount(&one, lb, ub, step)));
  bYield(&one, "scf.yield", 0, NULL);
  *done = bAddi(pb, *done, gpuTripCount(pb, lb, ub, step));
  return ok;
}

/* Each warp of the kernel's says it is done with `stage` (its lane 0
 * arrives on the stage's empty mbarrier). */
void pipeReleaseStage(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                      MlirValue stage) {
  /* Every lane's reads of the stage come before its warp's arrival. */
  MlirValue all = bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), -1);
  pipeVoidOp(b, "nvvm.bar.warp.sync", 1, &all, 0, NULL);
  TileBuilder then;
  bIf(b, bCmpi(b, ARITH_EQ, g->lane, bConstIndex(b, 0)), 0, NULL, false, &then,
      NULL);
  arriveBoth(g, &then, pipeEmptyMbarrierOf(&then, g, p, stage));
  bYield(&then, "scf.yield", 0, NULL);
}

void pipeArriveStart(GpuLowering *g, TileBuilder *b, const GpuPipeline *p) {
  arriveBoth(g, b, pipeStartMbarrierOf(b, g, p));
}

void gpuPipelineIterationEnd(GpuLowering *g, TileBuilder *b,
                             const GpuPipeline *p, MlirValue iv, MlirValue lb,
                             MlirValue step) {
  if (!p->warpSpecialized)
    return;
  MlirValue S = bConstIndex(b, p->stages);
  MlirValue i = bBinary(b, "arith.divui", bBinary(b, "arith.subi", iv, lb),
                        step);
  TileBuilder at = *b;
  MlirValue released = i;
  if (p->wgmmaInFlight) {
    /* This iteration's wait_group 1 completed the previous one's dots
     * (the last one's are released after the loop). */
    bIf(b, bCmpi(b, ARITH_UGE, i, bConstIndex(b, 1)), 0, NULL, false, &at,
        NULL);
    released = bBinary(&at, "arith.subi", i, bConstIndex(&at, 1));
  }
  MlirValue done = g->wsLoops[p->wsLoop].done;
  pipeReleaseStage(g, &at, p,
                   bBinary(&at, "arith.remui", bAddi(&at, done, released), S));
  if (p->wgmmaInFlight)
    bYield(&at, "scf.yield", 0, NULL);
}
