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
#include "lib/Conversion/Pipeline/GpuPipeline.h"

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

enum { CHUNK = 16 };

static int64_t tileBytes(MlirOperation load) {
  return tileTypeBytes(mlirValueGetType(mlirOperationGetResult(load, 0)));
}

/* The offset operand of the load's innermost dimension. */
static MlirValue innerOffset(MlirOperation load) {
  return mlirOperationGetOperand(load, mlirOperationGetNumOperands(load) - 1);
}

/* The shared-memory layout the dot that reads `load` recorded for it. */
static bool dotLayoutOf(MlirOperation load, TileSmemLayout *out) {
  MlirOperation dot;
  int operand;
  return tileMmaLoadOperand(load, &dot, &operand, out);
}

/* Whether the dot reading `load` accumulates into an iter_arg of the loop
 * and only yields its result, and reads A from shared memory, so its
 * wgmma group may stay in flight into the next iteration (nothing else
 * touches its registers before that). */
static bool accumulatesAcrossIterations(MlirOperation load, MlirBlock body) {
  MlirOperation dot;
  int operand;
  TileSmemLayout s;
  if (!tileMmaLoadOperand(load, &dot, &operand, &s))
    return false;
  /* wgmma's register form reads A from registers until it completes:
   * the next iteration would overwrite them while it is in flight. */
  TileLayout a;
  if (tileTypeLayout(mlirValueGetType(mlirOperationGetOperand(dot, 0)), &a) &&
      a.kind == LAYOUT_MMA)
    return false;
  MlirValue acc = mlirOperationGetOperand(dot, 2);
  MlirValue result = mlirOperationGetResult(dot, 0);
  MlirOpOperand r = tileOnlyUse(result);
  if (!mlirValueIsABlockArgument(acc) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(acc), body) ||
      mlirBlockArgumentGetArgNumber(acc) == 0 || mlirOpOperandIsNull(r))
    return false;
  MlirOperation yield = mlirOpOperandGetOwner(r);
  /* Yielded in the accumulator's own position. */
  return tileOpIsNamed(yield, "scf.yield") &&
         mlirOperationEqual(yield, mlirBlockGetTerminator(body)) &&
         (intptr_t)mlirOpOperandGetOperandNumber(r) + 1 ==
             mlirBlockArgumentGetArgNumber(acc);
}

/* Whether `v` is defined outside the loop whose body is `body` (a dot
 * directly in the body sees nothing from the body's nested regions). */
static bool definedBefore(MlirValue v, MlirBlock body) {
  if (mlirValueIsABlockArgument(v))
    return !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body);
  return !mlirBlockEqual(mlirOperationGetBlock(mlirOpResultGetOwner(v)), body);
}

/* The tensor-core dots of the body whose A or B (as it is, not through a
 * trans) comes from before the loop and is not a splat: staged once, in
 * the region after the stages. A wgmma A in registers stays there. */
static void planInvariantOperands(GpuPipeline *p) {
  int64_t align = p->asyncProxyReads ? 1024 : 128;
  p->bytes = p->stages * p->stageBytes;
  for (MlirOperation op = mlirBlockGetFirstOperation(p->body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIsNamed(op, "tile.dot"))
      continue;
    for (int i = 0; i < 2; ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      MlirOperation def = tileDefiningOp(v);
      TileLayout l;
      TileSmemLayout s;
      if (!definedBefore(v, p->body) ||
          p->numInvariant == GPU_PIPELINE_MAX_INVARIANT ||
          !gpuDotSmemLayout(op, i, &s) || s.transposed ||
          (!mlirOperationIsNull(def) &&
           (tileOpIsNamed(def, "tile.splat") ||
            tileOpIsNamed(def, "arith.constant"))) ||
          !tileTypeLayout(mlirValueGetType(v), &l) || l.kind == LAYOUT_MMA)
        continue;
      if (s.blockElems > 0)
        align = 1024;
      p->bytes = (p->bytes + align - 1) / align * align;
      GpuInvariantOperand *inv = &p->invariant[p->numInvariant++];
      inv->dot = op;
      inv->operand = i;
      inv->layout = s;
      inv->offset = p->bytes;
      p->bytes += s.bytes;
    }
  }
}

/* Adds to p->outer the values from before the loop that offset `v` (a
 * scalar of the body) is computed from; false when there are too many or
 * one is not a program scalar (the producer computes them itself). */
static bool collectOuter(const GpuLowering *g, GpuPipeline *p, MlirValue v) {
  if (mlirValueEqual(v, p->iv))
    return true;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (mlirBlockEqual(mlirOperationGetBlock(def), p->body)) {
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
        if (!collectOuter(g, p, mlirOperationGetOperand(def, i)))
          return false;
      return true;
    }
  }
  for (int k = 0; k < p->numOuter; ++k)
    if (mlirValueEqual(p->outer[k], v))
      return true;
  if (p->numOuter == GPU_PIPELINE_MAX_OUTER ||
      !tileIsProgramScalar(g->kernel, v))
    return false;
  p->outer[p->numOuter++] = v;
  return true;
}

bool gpuPipelinePlan(const GpuLowering *g, MlirOperation loop,
                     GpuPipeline *p) {
  memset(p, 0, sizeof *p);
  int64_t stages = 0;
  if (!g->assumeAligned16 || !tileOpIntAttr(loop, "tile.num_stages", &stages) ||
      stages < 2)
    return false;
  p->stages = (int)stages;
  p->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  p->iv = mlirBlockGetArgument(p->body, 0);
  for (MlirOperation op = mlirBlockGetFirstOperation(p->body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy")))
      continue;
    if (tileOpIsNamed(op, "tile.gather")) {
      if (p->numGathers == GPU_PIPELINE_MAX_LOADS)
        return false;
      p->gathers[p->numGathers] = op;
      p->gatherOffset[p->numGathers++] = p->stageBytes;
      p->stageBytes += gpuGatherStageBytes(g, op);
      continue;
    }
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    int vector = CHUNK / tileElemBytes(mlirShapedTypeGetElementType(t));
    if (p->numLoads == GPU_PIPELINE_MAX_LOADS ||
        !gpuDivisibleBy(innerOffset(op), vector))
      return false;
    TileSmemLayout s;
    int64_t align = 128;
    if (dotLayoutOf(op, &s) && s.blockElems > 0) {
      align = tileSmemLayoutAlignment(&s);
      p->asyncProxyReads = true;
    }
    p->stageBytes = (p->stageBytes + align - 1) / align * align;
    p->loads[p->numLoads] = op;
    p->offset[p->numLoads] = p->stageBytes;
    p->stageBytes += tileBytes(op);
    ++p->numLoads;
  }
  /* Every stage starts where the first needs. */
  int64_t align = p->asyncProxyReads ? 1024 : 128;
  p->stageBytes = (p->stageBytes + align - 1) / align * align;
  /* TMA when every load has a tensor map (the aligned entry's). */
  p->tma = p->numLoads > 0;
  for (int j = 0; j < p->numLoads; ++j) {
    p->mapIndex[j] =
        mlirAttributeIsNull(tileOpAttr(p->loads[j], "tile.tma"))
            ? -1
            : tileTmaMapOf(g->kernel, p->loads[j]);
    p->tma = p->tma && p->mapIndex[j] >= 0 && p->mapIndex[j] < g->numTmaMaps;
    p->txBytes += tileBytes(p->loads[j]);
  }
  planInvariantOperands(p);
  p->warpSpecialized =
      p->tma && g->producerWarps > 0 &&
      mlirOperationEqual(mlirOperationGetParentOperation(loop), g->kernel);
  for (int j = 0; j < p->numLoads && p->warpSpecialized; ++j)
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(p->loads[j]); ++i)
      p->warpSpecialized =
          p->warpSpecialized &&
          collectOuter(g, p, mlirOperationGetOperand(p->loads[j], i));
  for (intptr_t i = 0; i < 3; ++i) /* lb, ub, step */
    p->warpSpecialized =
        p->warpSpecialized &&
        tileIsProgramScalar(g->kernel, mlirOperationGetOperand(loop, i));
  /* Once gpuPipelineSetUpProducer ran, only the loops it set up. */
  bool setUp = !g->wsSetUp;
  for (int k = 0; k < g->numWsLoops; ++k)
    if (mlirOperationEqual(g->wsLoops[k].loop, loop)) {
      p->barrierBase = g->wsLoops[k].base;
      p->wsLoop = k;
      setUp = true;
    }
  p->warpSpecialized = p->warpSpecialized && setUp;
  /* tcgen05 (GpuTcgen05.c): the same, through an mbarrier per stage. */
  p->wgmmaInFlight = p->asyncProxyReads && p->stages >= 3 &&
                     (!tileChipHasTcgen05(g->chip) ||
                      p->stages <= GPU_TCGEN05_MAX_STAGES);
  for (int j = 0; j < p->numLoads && p->wgmmaInFlight; ++j)
    p->wgmmaInFlight = accumulatesAcrossIterations(p->loads[j], p->body);
  p->lookahead = p->wgmmaInFlight ? p->stages - 2 : p->stages - 1;
  if (p->numLoads > 0 && p->numGathers > 0)
    return false; /* tile-pipeline marks one kind per loop */
  return p->numLoads + p->numGathers > 0;
}

typedef struct {
  int64_t bytes;
  const GpuLowering *g;
} BytesWalk;

static MlirWalkResult loopBytes(MlirOperation op, void *userData) {
  BytesWalk *w = userData;
  GpuPipeline p;
  if (tileOpIsNamed(op, "scf.for") && gpuPipelinePlan(w->g, op, &p) &&
      p.bytes > w->bytes)
    w->bytes = p.bytes;
  return MlirWalkResultAdvance;
}

int64_t gpuPipelineBytes(const GpuLowering *g, MlirOperation kernel) {
  BytesWalk w = {0, g};
  mlirOperationWalk(kernel, loopBytes, &w, MlirWalkPreOrder);
  return w.bytes;
}

/* Kernel scalar `v` as it is in the iteration whose induction variable is
 * `iv`: the pass checked it is the induction variable, a value from
 * outside the loop (already lowered), or arith on those (cloned here). */
static MlirValue scalarAt(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                          MlirValue v, MlirValue iv, const MlirValue *handed) {
  if (mlirValueEqual(v, p->iv))
    return iv;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (mlirBlockEqual(mlirOperationGetBlock(def), p->body)) {
      MlirOperation copy = mlirOperationClone(def);
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
        mlirOperationSetOperand(
            copy, i,
            scalarAt(g, b, p, mlirOperationGetOperand(def, i), iv, handed));
      bInsert(b, copy);
      return mlirOperationGetResult(
          copy, mlirOpResultGetResultNumber(v));
    }
  }
  /* The producer computed its own (p->outer's order). */
  for (int k = 0; handed && k < p->numOuter; ++k)
    if (mlirValueEqual(p->outer[k], v))
      return handed[k];
  GpuValue *outer = gpuMapGet(&g->values, v);
  return outer && !handed ? outer->tile.scalar : (MlirValue){NULL};
}

static MlirValue byteGep(TileBuilder *b, MlirValue base, MlirValue offset) {
  return gpuGep(b, base, offset, mlirIntegerTypeGet(b->ctx, 8));
}

/* Buffer `stage` of load j. */
static MlirValue bufferOf(TileBuilder *b, GpuLowering *g,
                          const GpuPipeline *p, int j, MlirValue stage) {
  MlirValue off = bAddi(b, bMuli(b, stage, bConstIndex(b, p->stageBytes)),
                        bConstIndex(b, p->offset[j]));
  return byteGep(b, gpuDynamicSharedBase(b, g), off);
}

void gpuCpAsync16(TileBuilder *b, MlirValue dst, MlirValue src,
                  MlirValue srcBytes) {
  MlirValue operands[] = {dst, src, srcBytes};
  TileNamedAttr attrs[] = {
      {"size", tileI32Attr(b->ctx, CHUNK)},
      {"modifier",
       tileParseAttr(b->ctx, "#nvvm<load_cache_modifier cg>")}};
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.shared.global",
                          mlirValueIsNull(srcBytes) ? 2 : 3, operands, 0, NULL,
                          2, attrs));
}

/* What the copies of one tile need: the memref, the tile's offsets at the
 * iteration, its layout and its buffer. The tile is a box of rows of the
 * memref's last two dimensions; a rank-3 memref's leading offset picks
 * the batch element (`base`, and whether it exists: `batchInside`). */
typedef struct {
  const GpuMemref *m;
  MlirValue base;        /* the memref's pointer at the batch element */
  MlirValue batchInside; /* i1 */
  MlirValue off[2];
  MlirValue sizes[2], rowStride; /* of the last two dimensions */
  TileLayout layout; /* of the rank-2 box */
  int64_t shape[2];
  MlirType elem;
  int vector; /* elements per 16-byte group */
  int numRegs;
  GpuSmemTile smem;
} TileCopy;


static MlirValue globalPtr(TileBuilder *b, const TileCopy *t, MlirValue base,
                           MlirValue index) {
  return bCast(b, "llvm.addrspacecast", gpuGep(b, base, index, t->elem),
               mlirLLVMPointerTypeGet(b->ctx, 1));
}

/* The whole tile is inside the memref (the common case): one pointer to the
 * tile's corner, then per group a loop-invariant offset (its row times
 * the stride plus its column), so each copy costs an add. */
static void copiesInside(GpuLowering *g, TileBuilder *b, const TileCopy *t) {
  MlirValue corner = gpuGep(b, t->base,
                            bAddi(b, bMuli(b, t->off[0], t->rowStride),
                                  t->off[1]),
                            t->elem);
  for (int r = 0; r < t->numRegs; r += t->vector) {
    MlirValue c[2];
    gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    MlirValue within = bAddi(b, bMuli(b, c[0], t->rowStride), c[1]);
    gpuCpAsync16(b, gpuSmemAddr(b, &t->smem, c[0], c[1]),
            globalPtr(b, t, corner, within), (MlirValue){NULL});
  }
}

/* An edge tile: each group is inside or outside (the aligned entry), and
 * one outside reads 0 bytes and fills zeros (its address is not
 * dereferenced). */
static void copiesAtEdge(GpuLowering *g, TileBuilder *b, const TileCopy *t) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue zero = bConstIndex(b, 0);
  for (int r = 0; r < t->numRegs; r += t->vector) {
    MlirValue c[2], gc[2];
    gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    MlirValue inside = t->batchInside;
    for (int d = 0; d < 2; ++d) {
      gc[d] = bAddi(b, t->off[d], c[d]);
      MlirValue end = bAddi(b, gc[d], bConstIndex(b, d == 1 ? t->vector : 1));
      inside = bAndi(b, inside, bCmpi(b, ARITH_SGE, gc[d], zero));
      inside = bAndi(b, inside, bCmpi(b, ARITH_SLE, end, t->sizes[d]));
    }
    MlirValue linear = bAddi(b, bMuli(b, gc[0], t->rowStride), gc[1]);
    MlirValue bytes = bSelect(b, inside, bConstInt(b, i32, CHUNK),
                              bConstInt(b, i32, 0));
    gpuCpAsync16(b, gpuSmemAddr(b, &t->smem, c[0], c[1]),
            globalPtr(b, t, t->base, linear), bytes);
  }
}

/* The copies of load j's tile for the iteration at `iv` into `buffer`: one
 * cp.async per 16-byte group of the load's layout, without bounds tests
 * when the whole tile is inside the memref (a uniform branch). */
static bool issueCopies(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                        int j, MlirValue iv, MlirValue buffer) {
  MlirOperation load = p->loads[j];
  GpuValue *mv = gpuMapGet(&g->values, mlirOperationGetOperand(load, 0));
  if (!mv || mv->kind != GPU_MEMREF) {
    tileEmitOpError(load, "needs a kernel memref argument on the GPU");
    return false;
  }
  TileCopy t;
  t.m = &mv->memref;
  int lead = t.m->rank - 2;
  MlirValue zero = bConstIndex(b, 0);
  MlirValue batch = zero;
  t.batchInside = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  for (int d = 0; d < lead; ++d) {
    MlirValue o =
        scalarAt(g, b, p, mlirOperationGetOperand(load, 1 + d), iv, NULL);
    batch = bAddi(b, batch, bMuli(b, o, t.m->strides[d]));
    t.batchInside = bAndi(b, t.batchInside, bCmpi(b, ARITH_SGE, o, zero));
    t.batchInside =
        bAndi(b, t.batchInside, bCmpi(b, ARITH_SLT, o, t.m->sizes[d]));
  }
  t.base = lead ? gpuGep(b, t.m->ptr, batch, t.m->elem) : t.m->ptr;
  for (int d = 0; d < 2; ++d) {
    t.off[d] = scalarAt(g, b, p, mlirOperationGetOperand(load, 1 + lead + d),
                        iv, NULL);
    t.sizes[d] = t.m->sizes[lead + d];
  }
  t.rowStride = t.m->strides[lead];
  MlirType type = mlirValueGetType(mlirOperationGetResult(load, 0));
  TileLayout layout;
  tileTypeLayout(type, &layout);
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  for (int d = 0; d < 2 + lead; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  t.shape[0] = shape[lead];
  t.shape[1] = shape[lead + 1];
  t.layout = layout;
  if (lead && !tileLayoutReshapeUnitDims(&layout, 2 + lead, shape, 2, t.shape,
                                         &t.layout)) {
    tileEmitOpError(load, "has a layout the pipeline cannot copy by rows");
    return false;
  }
  t.elem = mlirShapedTypeGetElementType(type);
  int eb = tileElemBytes(t.elem);
  t.vector = CHUNK / eb;
  /* The layout the dot reads (tile-promote-smem's, as the loaded tile
   * lies in it: the pass pipelines only operands the copies need not
   * transpose). */
  t.smem.base = buffer;
  if (!dotLayoutOf(load, &t.smem.layout))
    t.smem.layout = tileSmemLayoutFor(t.shape[0], t.shape[1], eb, false);
  t.numRegs = tileLayoutNumRegs(&t.layout, t.shape);
  MlirValue whole = t.batchInside;
  for (int d = 0; d < 2; ++d) {
    whole = bAndi(b, whole, bCmpi(b, ARITH_SGE, t.off[d], zero));
    whole = bAndi(b, whole,
                  bCmpi(b, ARITH_SLE, bAddi(b, t.off[d],
                                            bConstIndex(b, t.shape[d])),
                        t.sizes[d]));
  }
  TileBuilder inside, edge;
  bIf(b, whole, 0, NULL, true, &inside, &edge);
  copiesInside(g, &inside, &t);
  bYield(&inside, "scf.yield", 0, NULL);
  copiesAtEdge(g, &edge, &t);
  bYield(&edge, "scf.yield", 0, NULL);
  return true;
}

static void commitGroup(TileBuilder *b) {
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.commit.group", 0, NULL, 0,
                          NULL, 0, NULL));
}

static void waitGroups(TileBuilder *b, int pending) {
  TileNamedAttr attrs[] = {{"n", tileI32Attr(b->ctx, pending)}};
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.wait.group", 0, NULL, 0,
                          NULL, 1, attrs));
}

/* ---- bulk tensor copies (TMA) ------------------------------------------ */

/* The 8-byte slot `slot` of the loop's mbarriers (a static buffer; from
 * p->barrierBase): its stages' full mbarriers first (the copies landed). */
static MlirValue mbarrierOf(TileBuilder *b, GpuLowering *g,
                            const GpuPipeline *p, MlirValue slot) {
  return byteGep(b, gpuSharedGlobal(b, g->mbarrierName),
                 bAddi(b, bMuli(b, slot, bConstIndex(b, 8)),
                       bConstIndex(b, p->barrierBase)));
}

static MlirValue i32Of(TileBuilder *b, MlirValue index) {
  return bCast(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 32));
}

/* Thread 0 of the block: the one that sets up mbarriers and issues copies. */
static void leaderOnly(TileBuilder *b, GpuLowering *g, MlirValue extra,
                       TileBuilder *then) {
  MlirValue zero = bConstIndex(b, 0);
  MlirValue first = bAndi(b, bCmpi(b, ARITH_EQ, g->lane, zero),
                          bCmpi(b, ARITH_EQ, g->warp, zero));
  if (!mlirValueIsNull(extra))
    first = bAndi(b, first, extra);
  bIf(b, first, 0, NULL, false, then, NULL);
}

static void voidOp(TileBuilder *b, const char *name, intptr_t n,
                   const MlirValue *operands, intptr_t nAttrs,
                   const TileNamedAttr *attrs) {
  bInsert(b, tileOpCreate(b->loc, name, n, operands, 0, NULL, nAttrs, attrs));
}

/* In a CTA pair (GpuLowering.ctaPairs) each block copies its own A and
 * the half of B its rank names, and rank 0's mbarrier of the stage counts
 * both blocks' bytes: its MMAs read both. */
static int64_t pairTxBytes(const GpuPipeline *p) {
  int64_t bytes = 0;
  for (int j = 0; j < p->numLoads; ++j) {
    MlirOperation dot;
    int operand;
    TileSmemLayout s;
    bool isB = tileMmaLoadOperand(p->loads[j], &dot, &operand, &s) &&
               operand == 1;
    bytes += isB ? tileBytes(p->loads[j]) : 2 * tileBytes(p->loads[j]);
  }
  return bytes;
}

/* In the leader: the stage's expected bytes, then one bulk copy per column
 * block of each load (a box of rows x blockElems at column col0 + c *
 * blockElems, row row0; outside the memref TMA writes zeros). In a CTA
 * pair only rank 0 expects (both blocks' bytes), every copy completes on
 * rank 0's mbarrier (.cta_group::2 lets it lie in the peer), and B's
 * copies are the half of its column blocks the rank names, into the
 * buffer's first half (the pair's MMA reads N / 2 columns from each
 * block at the same address). */
static bool issueTma(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                     MlirValue iv, MlirValue stage, const MlirValue *handed) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue bar = mbarrierOf(b, g, p, stage);
  if (g->ctaPairs) {
    TileBuilder rank0;
    bIf(b, bCmpi(b, ARITH_EQ, g->ctaRank, bConstInt(b, i32, 0)), 0, NULL,
        false, &rank0, NULL);
    MlirValue expect[] = {bar, bConstInt(&rank0, i32, pairTxBytes(p))};
    voidOp(&rank0, "nvvm.mbarrier.arrive.expect_tx", 2, expect, 0, NULL);
    bYield(&rank0, "scf.yield", 0, NULL);
    bar = gpuPairLeaderMbarrier(b, bar);
  } else {
    MlirValue expect[] = {bar, bConstInt(b, i32, p->txBytes)};
    voidOp(b, "nvvm.mbarrier.arrive.expect_tx", 2, expect, 0, NULL);
  }
  for (int j = 0; j < p->numLoads; ++j) {
    MlirOperation load = p->loads[j];
    TileSmemLayout s;
    MlirOperation dot;
    int operand;
    if (!tileMmaLoadOperand(load, &dot, &operand, &s))
      return false;
    int64_t blocks = s.rowElems / s.blockElems;
    bool half = g->ctaPairs && operand == 1;
    /* The first column block this block copies. */
    MlirValue first = bConstIndex(b, 0);
    if (half) {
      blocks /= 2;
      first = bMuli(b, bCast(b, "arith.index_cast", g->ctaRank,
                             mlirIndexTypeGet(b->ctx)),
                    bConstIndex(b, blocks));
    }
    /* Coordinates innermost first: column, row, then a rank-3 memref's
     * batch element. */
    int rank = (int)mlirOperationGetNumOperands(load) - 1;
    MlirValue coord[3];
    for (int d = 0; d < rank; ++d) {
      coord[d] = scalarAt(g, b, p, mlirOperationGetOperand(load, rank - d),
                          iv, handed);
      if (mlirValueIsNull(coord[d]))
        return false;
    }
    MlirValue col0 = coord[0];
    int64_t rows = s.bytes / (s.rowElems * s.elemBytes);
    MlirValue buffer = bufferOf(b, g, p, j, stage);
    for (int64_t c = 0; c < blocks; ++c) {
      MlirValue dst = byteGep(
          b, buffer, bConstIndex(b, c * rows * s.blockElems * s.elemBytes));
      /* TMA writes shared::cluster addresses; a CTA's own are among them. */
      MlirValue dst7 = bCast(b, "llvm.addrspacecast", dst,
                             mlirLLVMPointerTypeGet(b->ctx, 7));
      MlirValue block = bAddi(b, first, bConstIndex(b, c));
      MlirValue operands[6] = {
          dst7, g->tmaMaps[p->mapIndex[j]],
          i32Of(b, bAddi(b, col0,
                         bMuli(b, block, bConstIndex(b, s.blockElems))))};
      for (int d = 1; d < rank; ++d)
        operands[2 + d] = i32Of(b, coord[d]);
      operands[2 + rank] = bar;
      int32_t segments[] = {1, 1, rank, 1, 0, 0, 0, 0};
      TileNamedAttr attrs[] = {
          {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 8, segments)},
          {"group", tileParseAttr(b->ctx, "#nvvm.cta_group<cta_2>")}};
      voidOp(b, "nvvm.cp.async.bulk.tensor.shared.cluster.global", 3 + rank,
             operands, g->ctaPairs ? 2 : 1, attrs);
    }
  }
  return true;
}

/* The leader issues iteration iv's copies into `stage` when iv < ub: an
 * iteration past the end gets none (no copy may outlive the loop). */
static bool issueTmaIfInLoop(GpuLowering *g, TileBuilder *b,
                             const GpuPipeline *p, MlirValue iv, MlirValue ub,
                             MlirValue stage) {
  TileBuilder then;
  leaderOnly(b, g, bCmpi(b, ARITH_SLT, iv, ub), &then);
  bool ok = issueTma(g, &then, p, iv, stage, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  return ok;
}

/* An mbarrier expecting `arrivals` arrivals per phase. */
static void initMbarrier(TileBuilder *b, MlirValue bar, int arrivals) {
  MlirValue operands[] = {
      bar, bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), arrivals)};
  voidOp(b, "nvvm.mbarrier.init", 2, operands, 0, NULL);
}

/* The leader initializes the stages' mbarriers (one arrival each: its
 * expect_tx), fenced so the copy engine sees them, before any thread uses
 * them. */
static void initMbarriers(GpuLowering *g, TileBuilder *b, const GpuPipeline *p) {
  int64_t bytes = 8LL * p->stages;
  if (bytes > g->mbarrierBytes)
    g->mbarrierBytes = bytes;
  TileBuilder then;
  leaderOnly(b, g, (MlirValue){NULL}, &then);
  for (int s = 0; s < p->stages; ++s)
    initMbarrier(&then, mbarrierOf(&then, g, p, bConstIndex(&then, s)), 1);
  voidOp(&then, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  gpuBarrier(g, b);
  /* A pair's copies complete on rank 0's mbarriers: both blocks' are set
   * up before either block copies. */
  if (g->ctaPairs)
    gpuTcgen05ClusterSync(b);
}

/* Waits until phase `parity` of mbarrier `bar` completed. */
static void waitParity(TileBuilder *b, MlirValue bar, MlirValue parity) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue operands[] = {bar, i32Of(b, parity), bConstInt(b, i32, 1000000)};
  voidOp(b, "nvvm.mbarrier.try_wait.parity", 3, operands, 0, NULL);
}

/* A wgmma pipeline on cp.async: the remark says which load kept it from
 * TMA (the aligned entry is the only one that pipelines). */
static void remarkNoTma(GpuLowering *g, const GpuPipeline *p) {
  const char *why = "its loads were not marked tile.tma (tile-pipeline "
                    "without chip=sm_90a?)";
  MlirOperation at = p->loads[0];
  for (int j = 0; j < p->numLoads; ++j)
    if (!tileTmaCanCopy(p->loads[j], &why)) {
      at = p->loads[j];
      break;
    }
  if (!g->remarks.fn)
    return;
  char msg[256];
  snprintf(msg, sizeof msg,
           "the pipelined loads are copied with cp.async, not TMA: this load "
           "cannot use TMA: %s",
           why);
  g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(at), msg);
}

/* ---- warp specialization ---------------------------------------------- */

/* A warp-specialized loop's mbarriers (from p->barrierBase): the stages'
 * full ones, then their empty ones (every warp released the stage: one
 * arrival per warp), then the start (thread 0 of the kernel's warps: the
 * loop begins, its buffers are free). */
static MlirValue emptyMbarrierOf(TileBuilder *b, GpuLowering *g,
                                 const GpuPipeline *p, MlirValue stage) {
  return mbarrierOf(b, g, p, bAddi(b, stage, bConstIndex(b, p->stages)));
}

static MlirValue startMbarrierOf(TileBuilder *b, GpuLowering *g,
                                 const GpuPipeline *p) {
  return mbarrierOf(b, g, p, bConstIndex(b, 2LL * p->stages));
}

/* Whether the producer must wait for the kernel's warps to reach the loop
 * before its first copies: the stages share shared memory with the code
 * before the loop (the scratch buffer) and with the kernel's other
 * pipelined loops. A persistent kernel has one such loop and its scratch
 * lies after the stages, so its producer runs ahead into the next
 * program's copies; the stages' empty mbarriers alone order those. */
static bool waitsForStart(const GpuLowering *g) {
  return !(g->persistent && g->numWsLoops == 1);
}

/* The non-specialized loops' mbarriers come first (at most 8 stages). */
enum { WS_FIRST_BASE = 8 * 8 };

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
  if (g->numWsLoops == 0)
    return; /* the generic entry: the producer has nothing to do */
  TileBuilder then;
  leaderOnly(b, g, (MlirValue){NULL}, &then);
  for (int k = 0; k < g->numWsLoops; ++k) {
    GpuPipeline p;
    gpuPipelinePlan(g, g->wsLoops[k].loop, &p);
    for (int s = 0; s < p.stages; ++s) {
      initMbarrier(&then, mbarrierOf(&then, g, &p, bConstIndex(&then, s)), 1);
      initMbarrier(&then, emptyMbarrierOf(&then, g, &p, bConstIndex(&then, s)),
                   g->numWarps);
    }
    initMbarrier(&then, startMbarrierOf(&then, g, &p), 1);
  }
  voidOp(&then, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  if (base > g->mbarrierBytes)
    g->mbarrierBytes = base;
  /* Before the warps part: every thread of the block. */
  bInsert(b, tileOpCreate(b->loc, "nvvm.barrier0", 0, NULL, 0, NULL, 0, NULL));
}

/* The loop's iterations: ceil((ub - lb) / step), 0 when ub <= lb. */
static MlirValue tripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                           MlirValue step) {
  MlirValue span = bBinary(b, "arith.subi", ub, lb);
  MlirValue trips = bBinary(
      b, "arith.divsi",
      bAddi(b, span, bBinary(b, "arith.subi", step, bConstIndex(b, 1))), step);
  return bSelect(b, bCmpi(b, ARITH_SGT, ub, lb), trips, bConstIndex(b, 0));
}

/* Iteration iv's place in the block's sequence of the loop's iterations:
 * done + (iv - lb) / step. */
static MlirValue iterationOf(TileBuilder *b, MlirValue done, MlirValue iv,
                             MlirValue lb, MlirValue step) {
  return bAddi(b, done,
               bBinary(b, "arith.divui", bBinary(b, "arith.subi", iv, lb),
                       step));
}

/* The producer's part of the loop (appended to g->producer, in program
 * order): its first thread computes the loop's bounds and the values the
 * offsets use for the program at hand, then issues every iteration's
 * copies into stage n % S (n: the iteration's place in the block's
 * sequence), from n = S on after the kernel's warps released that stage
 * (phase n / S - 1 of its empty mbarrier). */
static bool produce(GpuLowering *g, const GpuPipeline *p) {
  TileBuilder *pb = &g->producer;
  MlirValue *done = &g->wsLoops[p->wsLoop].producerDone;
  MlirValue program = g->persistent ? g->producerProgram : (MlirValue){NULL};
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
  TileBuilder one, body, reuse;
  MlirValue first = bAndi(
      pb, bCmpi(pb, ARITH_EQ, g->warp, bConstIndex(pb, g->numWarps)),
      bCmpi(pb, ARITH_EQ, g->lane, bConstIndex(pb, 0)));
  bIf(pb, first, 0, NULL, false, &one, NULL);
  if (waitsForStart(g)) /* the loop runs once: phase 0 */
    waitParity(&one, startMbarrierOf(&one, g, p), bConstIndex(&one, 0));
  bFor(&one, lb, ub, step, 0, NULL, &body);
  MlirValue iv = mlirBlockGetArgument(body.block, 0);
  MlirValue S = bConstIndex(&body, p->stages);
  MlirValue n = iterationOf(&body, *done, iv, lb, step);
  MlirValue stage = bBinary(&body, "arith.remui", n, S);
  bIf(&body, bCmpi(&body, ARITH_UGE, n, S), 0, NULL, false, &reuse, NULL);
  MlirValue round = bBinary(&reuse, "arith.divui", n, S);
  waitParity(&reuse, emptyMbarrierOf(&reuse, g, p, stage),
             bBinary(&reuse, "arith.remui",
                     bAddi(&reuse, round, bConstIndex(&reuse, 1)),
                     bConstIndex(&reuse, 2)));
  bYield(&reuse, "scf.yield", 0, NULL);
  bool ok = issueTma(g, &body, p, iv, stage, handed);
  bYield(&body, "scf.yield", 0, NULL);
  bYield(&one, "scf.yield", 0, NULL);
  *done = bAddi(pb, *done, tripCount(pb, lb, ub, step));
  return ok;
}

/* Each warp of the kernel's says it is done with `stage` (its lane 0
 * arrives on the stage's empty mbarrier). */
static void releaseStage(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirValue stage) {
  /* Every lane's reads of the stage come before its warp's arrival. */
  MlirValue all = bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), -1);
  voidOp(b, "nvvm.bar.warp.sync", 1, &all, 0, NULL);
  TileBuilder then;
  bIf(b, bCmpi(b, ARITH_EQ, g->lane, bConstIndex(b, 0)), 0, NULL, false,
      &then, NULL);
  MlirValue bar = emptyMbarrierOf(&then, g, p, stage);
  voidOp(&then, "nvvm.mbarrier.arrive", 1, &bar, 0, NULL);
  bYield(&then, "scf.yield", 0, NULL);
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
  releaseStage(g, &at, p, bBinary(&at, "arith.remui",
                                   bAddi(&at, done, released), S));
  if (p->wgmmaInFlight)
    bYield(&at, "scf.yield", 0, NULL);
}

/* ---- the pipeline ------------------------------------------------------ */

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
    GpuSmemTile s = {byteGep(b, gpuDynamicSharedBase(b, g),
                             bConstIndex(b, inv->offset)),
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
                         byteGep(b, gpuDynamicSharedBase(b, g), off));
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
    if (waitsForStart(g)) {
      /* Every warp is past the barrier above: the buffers are free. */
      TileBuilder then;
      leaderOnly(b, g, (MlirValue){NULL}, &then);
      MlirValue bar = startMbarrierOf(&then, g, p);
      voidOp(&then, "nvvm.mbarrier.arrive", 1, &bar, 0, NULL);
      bYield(&then, "scf.yield", 0, NULL);
    }
    return produce(g, p);
  }
  if (p->tma)
    initMbarriers(g, b, p);
  else if (p->asyncProxyReads)
    remarkNoTma(g, p);
  for (int s = 0; s < p->lookahead; ++s) {
    MlirValue iv = bAddi(b, lb, bMuli(b, step, bConstIndex(b, s)));
    if (p->tma) {
      if (!issueTmaIfInLoop(g, b, p, iv, ub, bConstIndex(b, s)))
        return false;
      continue;
    }
    for (int j = 0; j < p->numLoads; ++j)
      if (!issueCopies(g, b, p, j, iv,
                       bufferOf(b, g, p, j, bConstIndex(b, s))))
        return false;
    if (p->numGathers > 0 && !issueGathers(g, b, p, iv, bConstIndex(b, s)))
      return false;
    commitGroup(b);
  }
  return true;
}

/* Maps `op`'s result to a tile without registers that lives at `smem`
 * (TileToGPU's lowering of the op then finds it there). */
static void mapToShared(GpuLowering *g, MlirOperation op, MlirValue smem) {
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
    waitGroups(b, L - 1);
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
  MlirValue i = iterationOf(b,
                            p->warpSpecialized ? g->wsLoops[p->wsLoop].done
                                               : bConstIndex(b, 0),
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
    waitParity(&waits, mbarrierOf(&waits, g, p, stage),
               bBinary(&waits, "arith.remui",
                       bBinary(&waits, "arith.divui", i,
                               bConstIndex(&waits, S)),
                       bConstIndex(&waits, 2)));
    if (g->ctaPairs)
      bYield(&waits, "scf.yield", 0, NULL);
    if (!p->warpSpecialized) {
      gpuBarrier(g, b);
      if (!issueTmaIfInLoop(g, b, p, ivAhead, ub, ahead))
        return false;
    }
  } else {
    for (int j = 0; j < p->numLoads; ++j)
      if (!issueCopies(g, b, p, j, ivAhead, bufferOf(b, g, p, j, ahead)))
        return false;
    if (p->numGathers > 0 && !issueGathers(g, b, p, ivAhead, ahead))
      return false;
    commitGroup(b);
  }
  /* The loads and staged gathers of this iteration are the tiles in
   * buffer i % S. */
  for (int j = 0; j < p->numGathers; ++j)
    mapToShared(g, p->gathers[j],
                byteGep(b, gpuDynamicSharedBase(b, g),
                        bAddi(b, bMuli(b, stage, bConstIndex(b, p->stageBytes)),
                              bConstIndex(b, p->gatherOffset[j]))));
  for (int j = 0; j < p->numLoads; ++j)
    mapToShared(g, p->loads[j], bufferOf(b, g, p, j, stage));
  return true;
}

void gpuPipelineEpilogue(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirOperation loop, MlirValue lb, MlirValue ub,
                         MlirValue step) {
  unstageInvariants(g, p);
  /* Bulk copies: every one issued was waited for by its iteration. */
  if (!p->tma)
    waitGroups(b, 0);
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
    MlirValue trips = tripCount(b, lb, ub, step);
    if (p->wgmmaInFlight) {
      TileBuilder then;
      bIf(b, bCmpi(b, ARITH_SGT, trips, bConstIndex(b, 0)), 0, NULL, false,
          &then, NULL);
      MlirValue last = bBinary(&then, "arith.subi", bAddi(&then, *done, trips),
                               bConstIndex(&then, 1));
      releaseStage(g, &then, p,
                   bBinary(&then, "arith.remui", last,
                           bConstIndex(&then, p->stages)));
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
    leaderOnly(b, g, (MlirValue){NULL}, &then);
    for (int s = 0; s < p->stages; ++s) {
      MlirValue bar = mbarrierOf(&then, g, p, bConstIndex(&then, s));
      voidOp(&then, "nvvm.mbarrier.inval", 1, &bar, 0, NULL);
    }
    bYield(&then, "scf.yield", 0, NULL);
  }
}
