/* Software pipelining, the plan: which loads of a marked loop are staged,
 * in which buffers, and the shared memory the pipeline needs
 * (gpuPipelinePlan, gpuPipelineBytes; PipelineParts.h). */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/IndexFacts.h"
#include "lib/Analysis/Mma.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

int64_t pipeTileBytes(MlirOperation load) {
  return tileTypeBytes(mlirValueGetType(mlirOperationGetResult(load, 0)));
}

/* The offset operand of the load's innermost dimension. */
static MlirValue innerOffset(MlirOperation load) {
  return mlirOperationGetOperand(load, mlirOperationGetNumOperands(load) - 1);
}

/* The shared-memory layout the dot that reads `load` recorded for it. */
bool pipeDotLayoutOf(MlirOperation load, TileSmemLayout *out) {
  MlirOperation dot;
  int operand;
  return tileMmaLoadOperand(load, &dot, &operand, out);
}

/* Whether the dot reading `load` accumulates into an iter_arg of the loop
 * and only yields its result, and reads A from shared memory, so its
 * wgmma group may stay in flight into the next iteration (nothing else
 * touches its registers before that). */
static bool accumulatesAcrossIterations(MlirOperation load, MlirBlock body,
                                        const char *chip) {
  MlirOperation dot;
  int operand;
  TileSmemLayout s;
  /* A tile two dots read stays until both are done (the iteration's end). */
  if (tileMmaLoadDots(load, &dot, 1, &operand, &s) != 1)
    return false;
  /* wgmma's register form reads A from registers until it completes:
   * the next iteration would overwrite them while it is in flight. */
  TileLayout a;
  if (tileTypeLayout(mlirValueGetType(mlirOperationGetOperand(dot, 0)), &a) &&
      a.kind == LAYOUT_MMA)
    return false;
  /* A promoted fp8 dot on wgmma waits for its sums to add them. */
  if (tileDotPromotesF8(dot) && !tileChipHasTcgen05(chip))
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
  /* The generic entry pipelines too, by cp.async whose copies follow
   * each row's alignment (CpAsync.c); but not on tcgen05 (GpuTcgen05.c
   * stages by TMA only), nor in a persistent kernel, whose shared memory
   * tile-pipeline sized for the aligned entry's warp-specialized loops
   * (a persistent block keeps its scratch apart from the stages). */
  if (!tileOpIntAttr(loop, "tile.num_stages", &stages) || stages < 2 ||
      (!g->assumeAligned16 && (tileChipHasTcgen05(g->chip) || g->persistent)))
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
    /* A plain box comes by one bulk copy (at a 16-byte column:
     * tileTmaPlainBox); the others' cp.async copies 16-byte chunks. */
    if (p->numLoads == GPU_PIPELINE_MAX_LOADS ||
        (!tileTmaPlainBox(op) && !tileIndexMultipleOf(innerOffset(op), vector)))
      return false;
    TileSmemLayout s;
    int64_t align = 128;
    if (pipeDotLayoutOf(op, &s) && s.blockElems > 0) {
      align = tileSmemLayoutAlignment(&s);
      p->asyncProxyReads = true;
    }
    p->stageBytes = (p->stageBytes + align - 1) / align * align;
    p->loads[p->numLoads] = op;
    p->offset[p->numLoads] = p->stageBytes;
    p->stageBytes += pipeTileBytes(op);
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
    p->txBytes += pipeTileBytes(p->loads[j]);
  }
  /* A plain box has no cp.async form (its layout is not 16-byte chunks):
   * without its tensor map the loop is not pipelined. */
  for (int j = 0; j < p->numLoads && !p->tma; ++j)
    if (tileTmaPlainBox(p->loads[j]))
      return false;
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
  /* (A plain box's stage is read before the iteration's end.) */
  for (int j = 0; j < p->numLoads && p->wgmmaInFlight; ++j)
    p->wgmmaInFlight =
        tileTmaPlainBox(p->loads[j]) ||
        accumulatesAcrossIterations(p->loads[j], p->body, g->chip);
  p->lookahead = p->wgmmaInFlight ? p->stages - 2 : p->stages - 1;
  if (p->numLoads > 0 && p->numGathers > 0)
    return false; /* tile-pipeline marks one kind per loop */
  /* A gather's groups are copied whole: the aligned entry's. */
  if (p->numGathers > 0 && !g->assumeAligned16)
    return false;
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
