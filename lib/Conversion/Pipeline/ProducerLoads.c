/* Loads before a warp-specialized loop that the producer warpgroup copies
 * by TMA (tile-pipeline's tile.producer_load: attention's Q). Such a load
 * feeds the loop's dots as an invariant operand (GpuPipeline.h:
 * GpuInvariantOperand), which the kernel's warps would otherwise load
 * into registers and write to its buffer before the loop, then tell the
 * producer the loop may start: two trips to memory, one after the other,
 * before the first dot. Here the producer's first thread, once the loop
 * starts, copies the tile into that buffer (the layout the dot reads) on
 * an mbarrier of its own, beside the loop's first stages, and the
 * kernel's warps wait for it after they said the loop starts: one trip.
 *
 * The same tile may feed several loops (tile-split-loops' two halves of
 * attention's loop): its buffer must then lie at the same offset in each
 * loop's plan, and nothing between the loops may use the scratch buffer
 * (only scalar ops, element-wise ops in registers and the other loops it
 * feeds between them); the first loop's producer copies it,
 * and each loop's warps wait on the one phase. A load that does not meet
 * this, or whose tensor map did not fit, is lowered as before. Not in
 * persistent, stream-K, multicast or CTA-pair kernels (tile-pipeline does
 * not mark them).
 *
 * A load after the last such loop of the same tile as one of the loop's
 * loads (tile-overlap-softmax's rotated attention loop leaves its last
 * V there, for the product after the loop) is a trailing one: the
 * producer copies it as one more iteration of the loop with that load
 * alone, into the next stage (once the kernel's warps released it, as
 * for any iteration), and the kernel's warps wait on that stage's phase
 * where the load was and read the tile there. It takes no shared memory
 * of its own, and where the loop runs iterations it lands while the last
 * ones run (where it runs none, after that loop's handoff: one trip more
 * than the warps' own load, docs/performance.md). */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

/* Whether `op` is an element-wise arith or math op whose tensor operands
 * carry its result's layout: lowered in each thread's registers, it takes
 * no scratch. */
static bool inRegisters(MlirOperation op) {
  if (!tileOpIsArithOrMath(op) || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsARankedTensor(t)) /* a scalar op: the caller's rule */
    return false;
  MlirAttribute layout = mlirRankedTensorTypeGetEncoding(t);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType u = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsARankedTensor(u) &&
        !mlirAttributeEqual(mlirRankedTensorTypeGetEncoding(u), layout))
      return false;
  }
  return true;
}

/* Whether nothing strictly between `a` and `b` (one block, a first) can
 * write the scratch buffer: scalar ops, element-wise ops in registers,
 * and the loops of `loops` (a bit per warp-specialized loop), whose
 * plans keep the served buffer where it is. A tile passing through
 * scratch there could land on the buffer. tile-fold-exp's versions of
 * FP8 attention's loop leave its middle loop and a multiply of the row
 * maximum there. */
static bool noScratchBetween(const GpuLowering *g, MlirOperation a,
                             MlirOperation b, unsigned loops) {
  for (MlirOperation op = mlirOperationGetNextInBlock(a);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, b);
       op = mlirOperationGetNextInBlock(op)) {
    bool served = false;
    for (int k = 0; k < g->numWsLoops && !served; ++k)
      served = (loops & 1u << k) && mlirOperationEqual(g->wsLoops[k].loop, op);
    if (served || inRegisters(op))
      continue;
    if (mlirOperationGetNumRegions(op) > 0)
      return false;
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
      if (mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetResult(op, r))))
        return false;
  }
  return true;
}

/* The invariant operand of plan `p` that `dot`'s operand `operand` is, or
 * NULL. */
static const GpuInvariantOperand *invariantOf(const GpuPipeline *p,
                                              MlirOperation dot, int operand) {
  for (int k = 0; k < p->numInvariant; ++k)
    if (mlirOperationEqual(p->invariant[k].dot, dot) &&
        p->invariant[k].operand == operand)
      return &p->invariant[k];
  return NULL;
}

/* Whether the producer can serve `load`: each dot it feeds is an invariant
 * operand of a warp-specialized loop, at one offset; *offset, *loops
 * (a bit per loop) and *first then say where and which. */
static bool servable(GpuLowering *g, MlirOperation load, int64_t *offset,
                     unsigned *loops, int *first) {
  MlirOperation dots[TILE_MMA_MAX_LOAD_DOTS];
  int operand;
  TileSmemLayout s;
  int n = tileMmaLoadDots(load, dots, TILE_MMA_MAX_LOAD_DOTS, &operand, &s);
  int map = tileTmaMapOf(g->kernel, load);
  if (n == 0 || map < 0 || map >= g->numTmaMaps || s.blockElems == 0)
    return false;
  *loops = 0;
  *first = -1;
  *offset = -1;
  int last = -1;
  for (int i = 0; i < n; ++i) {
    bool found = false;
    for (int k = 0; k < g->numWsLoops && !found; ++k) {
      GpuPipeline p;
      const GpuInvariantOperand *inv;
      if (!gpuPipelinePlan(g, g->wsLoops[k].loop, &p) ||
          !(inv = invariantOf(&p, dots[i], operand)))
        continue;
      if ((*offset >= 0 && inv->offset != *offset) ||
          !tileSmemLayoutEqual(&inv->layout, &s))
        return false;
      *offset = inv->offset;
      *loops |= 1u << k;
      *first = *first < 0 || k < *first ? k : *first;
      last = k > last ? k : last;
      found = true;
    }
    if (!found)
      return false;
  }
  /* The loops lie in the kernel's block in order (set up so), the load
   * before the first. */
  MlirOperation a = g->wsLoops[*first].loop, b = g->wsLoops[last].loop;
  return mlirBlockEqual(mlirOperationGetBlock(load),
                        mlirOperationGetBlock(a)) &&
         (mlirOperationEqual(a, b) || noScratchBetween(g, a, b, *loops));
}


/* Whether `load`, after the kernel's last warp-specialized loop, is a
 * trailing one: every dot it feeds is outside loops, and the loop has a
 * load of the same memref, type and shared-memory layout (*slot). */
static bool servableTrailing(GpuLowering *g, MlirOperation load, int *slot) {
  MlirOperation loop = g->wsLoops[g->numWsLoops - 1].loop;
  MlirBlock body = mlirOperationGetBlock(loop);
  if (!mlirBlockEqual(mlirOperationGetBlock(load), body))
    return false;
  MlirOperation op = mlirOperationGetNextInBlock(loop);
  while (!mlirOperationIsNull(op) && !mlirOperationEqual(op, load))
    op = mlirOperationGetNextInBlock(op);
  MlirOperation dots[TILE_MMA_MAX_LOAD_DOTS];
  int operand;
  TileSmemLayout s, t;
  int n = tileMmaLoadDots(load, dots, TILE_MMA_MAX_LOAD_DOTS, &operand, &s);
  int map = tileTmaMapOf(g->kernel, load);
  GpuPipeline p;
  if (mlirOperationIsNull(op) || n == 0 || s.blockElems == 0 || map < 0 ||
      map >= g->numTmaMaps || !gpuPipelinePlan(g, loop, &p) ||
      !p.warpSpecialized)
    return false;
  for (int i = 0; i < n; ++i)
    if (!mlirBlockEqual(mlirOperationGetBlock(dots[i]), body))
      return false;
  MlirType type = mlirValueGetType(mlirOperationGetResult(load, 0));
  for (int j = 0; j < p.numLoads; ++j)
    if (mlirValueEqual(mlirOperationGetOperand(p.loads[j], 0),
                       mlirOperationGetOperand(load, 0)) &&
        mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(p.loads[j], 0)),
                      type) &&
        pipeDotLayoutOf(p.loads[j], &t) && tileSmemLayoutEqual(&s, &t)) {
      *slot = j;
      return true;
    }
  return false;
}

void pipeFindProducerLoads(GpuLowering *g, int64_t *base) {
  g->numProducerLoads = 0;
  if (g->numWsLoops == 0 || g->persistent || g->streamK || g->multicast ||
      g->ctaPairs)
    return;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->kernel, 0));
  bool trailing = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && g->numProducerLoads < GPU_MAX_PRODUCER_LOADS;
       op = mlirOperationGetNextInBlock(op)) {
    int64_t offset = 0;
    unsigned loops = 0;
    int first = -1, slot = -1;
    if (!tileOpIsNamed(op, "tile.load") ||
        mlirAttributeIsNull(tileOpAttr(op, "tile.producer_load")) ||
        mlirAttributeIsNull(tileOpAttr(op, "tile.tma")))
      continue;
    bool before = servable(g, op, &offset, &loops, &first);
    /* One trailing load a kernel: its copy is the stage's one arrival. */
    if (!before && (trailing || !servableTrailing(g, op, &slot)))
      continue;
    trailing = trailing || !before;
    if (!before) /* the last loop's producer copies it */
      first = g->numWsLoops - 1;
    int i = g->numProducerLoads++;
    g->producerLoads[i].load = op;
    g->producerLoads[i].offset = offset;
    g->producerLoads[i].loops = loops;
    g->producerLoads[i].first = first;
    g->producerLoads[i].trailing = !before;
    g->producerLoads[i].slot = slot;
    g->producerLoads[i].barrier = before ? *base : -1;
    if (before)
      *base += 8;
  }
}

static MlirValue barrierOf(TileBuilder *b, GpuLowering *g, int i) {
  return pipeByteGep(b, gpuSharedGlobal(b, g->mbarrierName),
                     bConstIndex(b, g->producerLoads[i].barrier));
}

void pipeInitProducerLoads(GpuLowering *g, TileBuilder *leader) {
  for (int i = 0; i < g->numProducerLoads; ++i)
    if (!g->producerLoads[i].trailing)
      pipeInitMbarrier(leader, barrierOf(leader, g, i), 1);
}

/* The served entry of `load`, or -1. */
static int servedIndex(const GpuLowering *g, MlirOperation load) {
  for (int i = 0; i < g->numProducerLoads; ++i)
    if (mlirOperationEqual(g->producerLoads[i].load, load))
      return i;
  return -1;
}

bool gpuProducerLoadMap(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  int i = servedIndex(g, op);
  if (i < 0)
    return false;
  /* The tile lives in its buffer only (the dots read it there; the
   * reshape to their shape moves nothing). */
  MlirValue smem;
  if (g->producerLoads[i].trailing) {
    /* The stage of the loop's next iteration: n = the iterations the
     * loop ran, its phase n / S. */
    int k = g->producerLoads[i].first;
    GpuPipeline p;
    gpuPipelinePlan(g, g->wsLoops[k].loop, &p);
    MlirValue n = g->wsLoops[k].done, S = bConstIndex(b, p.stages);
    MlirValue stage = bBinary(b, "arith.remui", n, S);
    pipeWaitParity(b, pipeMbarrierOf(b, g, &p, stage),
                   bBinary(b, "arith.remui", bBinary(b, "arith.divui", n, S),
                           bConstIndex(b, 2)),
                   false);
    smem = pipeBufferOf(b, g, &p, g->producerLoads[i].slot, stage);
  } else {
    smem = pipeByteGep(b, gpuDynamicSharedBase(b, g),
                       bConstIndex(b, g->producerLoads[i].offset));
  }
  pipeMapToShared(g, op, smem);
  if (g->remarks.fn)
    g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op),
                  g->producerLoads[i].trailing
                      ? "trailing load: the producer warpgroup copies this "
                        "tile by TMA into the loop's next stage, as one more "
                        "iteration; the kernel's warps wait for it here"
                      : "prologue load: the producer warpgroup copies this "
                        "tile by TMA beside the loop's first stages; the "
                        "kernel's warps wait for it as the loop starts");
  return true;
}

void pipeWaitProducerLoads(GpuLowering *g, TileBuilder *b,
                           const GpuPipeline *p) {
  for (int i = 0; i < g->numProducerLoads; ++i)
    if (!g->producerLoads[i].trailing &&
        (g->producerLoads[i].loops & (1u << p->wsLoop)))
      pipeWaitParity(b, barrierOf(b, g, i), bConstIndex(b, 0), false);
}

/* In the producer's first thread: expect_tx on `bar`, then the bulk
 * copies of `load`'s tile (offsets computed for `program`) into
 * `buffer`. */
static bool copyLoad(GpuLowering *g, TileBuilder *one, MlirOperation load,
                     MlirValue program, MlirValue buffer, MlirValue bar) {
  MlirOperation dot;
  int operand;
  TileSmemLayout s;
  tileMmaLoadOperand(load, &dot, &operand, &s);
  /* Coordinates innermost first (as the loops' copies). */
  GpuScalarMemo memo = {.size = 0};
  int rank = (int)mlirOperationGetNumOperands(load) - 1;
  MlirValue coord[3];
  for (int d = 0; d < rank; ++d) {
    coord[d] = gpuProgramScalar(
        g, one, &memo, mlirOperationGetOperand(load, rank - d), program);
    if (mlirValueIsNull(coord[d])) {
      tileEmitOpError(load, "has an offset the producer warps cannot "
                            "compute");
      return false;
    }
  }
  MlirValue expect[] = {
      bar, bConstInt(one, mlirIntegerTypeGet(one->ctx, 32), s.bytes)};
  pipeVoidOp(one, "nvvm.mbarrier.arrive.expect_tx", 2, expect, 0, NULL);
  int64_t rows = s.bytes / (s.rowElems * s.elemBytes);
  MlirValue map = g->tmaMaps[tileTmaMapOf(g->kernel, load)];
  for (int64_t c = 0; c < s.rowElems / s.blockElems; ++c)
    pipeCopyColumnBlock(g, one, map, &s, rows, rank, coord, bConstIndex(one, 0),
                        c, buffer, bar, (MlirValue){NULL});
  return true;
}

bool pipeIssueProducerLoads(GpuLowering *g, TileBuilder *one,
                            const GpuPipeline *p, MlirValue program) {
  for (int i = 0; i < g->numProducerLoads; ++i)
    if (!g->producerLoads[i].trailing &&
        g->producerLoads[i].first == p->wsLoop &&
        !copyLoad(g, one, g->producerLoads[i].load, program,
                  pipeByteGep(one, gpuDynamicSharedBase(one, g),
                              bConstIndex(one, g->producerLoads[i].offset)),
                  barrierOf(one, g, i)))
      return false;
  return true;
}

bool pipeIssueTrailingLoads(GpuLowering *g, TileBuilder *one,
                            const GpuPipeline *p, MlirValue program,
                            MlirValue n) {
  for (int i = 0; i < g->numProducerLoads; ++i) {
    if (!g->producerLoads[i].trailing || g->producerLoads[i].first != p->wsLoop)
      continue;
    /* Iteration n's stage, once the kernel's warps released it (as the
     * loop's iterations wait, pipeProduce). */
    MlirValue stage =
        bBinary(one, "arith.remui", n, bConstIndex(one, p->stages));
    pipeWaitReleased(g, one, p, n, stage);
    if (!copyLoad(g, one, g->producerLoads[i].load, program,
                  pipeBufferOf(one, g, p, g->producerLoads[i].slot, stage),
                  pipeMbarrierOf(one, g, p, stage)))
      return false;
  }
  return true;
}
