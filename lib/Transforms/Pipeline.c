/* tile-pipeline; see Pipeline.h. */
#include "lib/Transforms/Pipeline.h"

#include <stdbool.h>
#include <string.h>

#include "lib/Analysis/Chip.h"
#include "lib/Analysis/Contiguity.h"
#include "lib/Analysis/Layout.h"
#include "lib/Analysis/MemoryOrder.h"
#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Multicast.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/Analysis/Tcgen05.h"
#include <stdio.h>

#include "dialect/Dialect.h"
#include "lib/Analysis/StreamK.h"
#include "lib/Analysis/Tma.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

int tileKernelNumStages(MlirOperation kernel, int fallback) {
  int64_t n = 0;
  if (tileOpIntAttr(kernel, "tile.num_stages", &n))
    return (int)n;
  return fallback > 0 ? fallback : 0;
}

static bool isArith(MlirOperation op) {
  char name[64];
  tileOpName(op, name, sizeof name);
  return strncmp(name, "arith.", 6) == 0;
}

/* Whether scalar `v` can be recomputed for another iteration: the
 * induction variable, a value from outside the loop, or arith on those. */
static bool offsetRecomputable(MlirValue v, MlirBlock body, int depth) {
  if (depth > 16)
    return false;
  if (mlirValueIsABlockArgument(v)) {
    MlirBlock owner = mlirBlockArgumentGetOwner(v);
    if (!mlirBlockEqual(owner, body))
      return true; /* defined outside */
    return mlirBlockArgumentGetArgNumber(v) == 0; /* not an iter_arg */
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), body))
    return true;
  if (!isArith(def) || mlirOperationGetNumRegions(def) != 0)
    return false;
  intptr_t n = mlirOperationGetNumOperands(def);
  for (intptr_t i = 0; i < n; ++i)
    if (!offsetRecomputable(mlirOperationGetOperand(def, i), body, depth + 1))
      return false;
  return true;
}

static bool zeroPadding(MlirOperation load) {
  MlirAttribute p = tileOpAttr(load, "padding");
  if (mlirAttributeIsNull(p))
    return true;
  if (mlirAttributeIsAFloat(p))
    return mlirFloatAttrGetValueDouble(p) == 0.0 &&
           !__builtin_signbit(mlirFloatAttrGetValueDouble(p));
  return mlirAttributeIsAInteger(p) && mlirIntegerAttrGetValueInt(p) == 0;
}

/* The load feeds a tensor-core dot in `body` (as its only use, or as B
 * through a tile.trans, tileMmaLoadOperand) whose staging of it keeps the
 * loaded rows as they are, so 16-byte copies land as they are: 16-bit
 * elements, or any on wgmma (fp8), whose rows are never transposed. */
static bool feedsMmaDot(MlirOperation load, MlirBlock body) {
  MlirOperation dot;
  int operand;
  TileSmemLayout s;
  return tileMmaLoadOperand(load, &dot, &operand, &s) &&
         mlirBlockEqual(mlirOperationGetBlock(dot), body) &&
         (s.elemBytes == 2 || s.blockElems > 0);
}

/* 16 bytes per thread along the innermost dimension (tile-coalesce's
 * choice for a contiguous memref). */
static bool readsWholeChunks(MlirValue v) {
  TileLayout l;
  MlirType t = mlirValueGetType(v);
  if (!tileTypeLayout(t, &l) || l.kind != LAYOUT_BLOCKED)
    return false;
  int eb = tileElemBytes(mlirShapedTypeGetElementType(t));
  int inner = (int)mlirShapedTypeGetRank(t) - 1;
  return l.blocked.order[0] == inner &&
         l.blocked.sizePerThread[inner] * eb == 16 &&
         mlirShapedTypeGetDimSize(t, inner) * eb >= 16;
}

/* A rank-2 tile, or a rank-3 one of a single batch element ([1][R][C]):
 * each stage's copy is one box of rows. */
static bool oneBoxOfRows(MlirType tile) {
  intptr_t rank = mlirShapedTypeGetRank(tile);
  return rank == 2 || (rank == 3 && mlirShapedTypeGetDimSize(tile, 0) == 1);
}

/* Copies issued ahead read memory before the program's earlier stores
 * land (MemoryOrder.h): only memrefs no op writes are copied. */
static bool readOnly(MlirOperation access) {
  return !tileMemrefIsWritten(mlirOperationGetOperand(access, 0));
}

static bool qualifies(MlirOperation load, MlirBlock body) {
  if (!tileOpIsNamed(load, "tile.load") || !zeroPadding(load) ||
      !readOnly(load))
    return false;
  MlirValue result = mlirOperationGetResult(load, 0);
  if (!oneBoxOfRows(mlirValueGetType(result)) || !feedsMmaDot(load, body) ||
      !readsWholeChunks(result))
    return false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(load); ++i)
    if (!offsetRecomputable(mlirOperationGetOperand(load, i), body, 0))
      return false;
  return true;
}

/* A plain box no dot reads (tileTmaPlainBox: a row of log-sum-exps) that
 * can go through the stages beside the dots' tiles: its bulk copy lands
 * as it lies, and the consumers read their elements from there instead of
 * from global memory at the point of use, where the latency showed
 * (attention's dK/dV, docs/performance.md). */
static bool qualifiesAsBox(MlirOperation load, MlirBlock body) {
  if (!tileOpIsNamed(load, "tile.load") || !zeroPadding(load) ||
      !readOnly(load) || !tileTmaPlainBox(load))
    return false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(load); ++i)
    if (!offsetRecomputable(mlirOperationGetOperand(load, i), body, 0))
      return false;
  return true;
}

/* ---- staged gathers ------------------------------------------------------ */

/* A gather whose groups are 16-byte vectors (tile-assign-layouts gave its
 * data the default layout of a contiguous access, GpuIndirect.c) of a
 * memref contiguous along its last dimension, padded with zeros (what a
 * copy of nothing leaves): each thread can copy its own groups into
 * shared memory. */
static bool stagedGatherShape(MlirOperation op) {
  if (!tileOpIsNamed(op, "tile.gather") || !zeroPadding(op))
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  int inner = (int)mlirShapedTypeGetRank(mlirValueGetType(result)) - 1;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (!readsWholeChunks(result) ||
      !tileMemrefInnerContiguous(
          mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !tileContiguousAlong(mlirOperationGetOperand(op, n - 1), inner))
    return false;
  for (intptr_t i = 1; i < n - 1; ++i)
    if (!tileConstantAlong(mlirOperationGetOperand(op, i), inner))
      return false;
  return true;
}

/* Ops a staged gather's indices may be computed from in the loop body,
 * which TileToGPU lowers a second time for the iteration the copies are
 * for: they work in registers (no shared memory, no barrier), read memory
 * only through bounds-checked tile ops (an iteration past the last is
 * harmless), and are not themselves staged. */
static bool registerOnly(MlirOperation op) {
  static const char *const tileOps[] = {"tile.splat", "tile.range",
                                        "tile.expand_dims", "tile.broadcast",
                                        "tile.load", "tile.gather"};
  char name[64];
  tileOpName(op, name, sizeof name);
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  if (tileOpIsArithOrMath(op))
    return true;
  for (size_t i = 0; i < sizeof tileOps / sizeof tileOps[0]; ++i)
    if (strcmp(name, tileOps[i]) == 0)
      return !stagedGatherShape(op) &&
             mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy"));
  return false;
}

/* Whether `v` can be computed for another iteration: the induction
 * variable, a value from before the loop, or registerOnly ops of those.
 * `*budget` bounds the definitions visited (a value used twice is
 * visited twice; a long chain of such is refused, not walked
 * exponentially). */
static bool indexRecomputable(MlirValue v, MlirBlock body, int *budget) {
  if (--*budget < 0)
    return false;
  if (mlirValueIsABlockArgument(v))
    return !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) ||
           mlirBlockArgumentGetArgNumber(v) == 0;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), body))
    return true;
  if (!registerOnly(def))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!indexRecomputable(mlirOperationGetOperand(def, i), body, budget))
      return false;
  return true;
}

static bool gatherQualifies(MlirOperation op, MlirBlock body) {
  if (!stagedGatherShape(op) || !readOnly(op))
    return false;
  int budget = 256; /* per gather: GpuPipeline.c lowers the union again */
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i)
    if (!indexRecomputable(mlirOperationGetOperand(op, i), body, &budget))
      return false;
  return true;
}

/* Shared memory a loop's staged gathers may take, all stages: each
 * thread's copies of every gather of an iteration, once per stage. Above
 * it fewer stages are used (at least 2), or none: blocks per SM matter
 * more to these memory-bound loops than a deeper pipeline. */
enum { STAGED_GATHER_SMEM = 64 * 1024 };

/* One stage of a staged gather: every thread's groups (GpuIndirect.c,
 * gpuGatherStageBytes). */
static int64_t gatherStageBytes(MlirOperation op, int numWarps) {
  return tileTypeThreadBytes(mlirValueGetType(mlirOperationGetResult(op, 0))) *
         32 * numWarps;
}

/* Marks the loop's qualifying gathers (at most GPU_PIPELINE_MAX_LOADS,
 * lib/Conversion/Pipeline/GpuPipeline.h) and the loop's stages; false if none. */
static bool markGathers(MlirOperation loop, MlirBlock body, int stages,
                        int numWarps) {
  enum { MAX_STAGED = 4 };
  MlirOperation staged[MAX_STAGED];
  int n = 0;
  int64_t stage = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && n < MAX_STAGED;
       op = mlirOperationGetNextInBlock(op))
    if (gatherQualifies(op, body)) {
      staged[n++] = op;
      stage += gatherStageBytes(op, numWarps);
    }
  while (stages > 2 && stages * stage > STAGED_GATHER_SMEM)
    --stages;
  if (n == 0 || stage == 0 || stages * stage > STAGED_GATHER_SMEM)
    return false;
  MlirContext ctx = mlirOperationGetContext(loop);
  for (int i = 0; i < n; ++i)
    mlirOperationSetAttributeByName(staged[i], tileStr("tile.async_copy"),
                                    mlirUnitAttrGet(ctx));
  mlirOperationSetAttributeByName(loop, tileStr("tile.num_stages"),
                                  tileI32Attr(ctx, stages));
  return true;
}

/* What rules a loop out: a store (it could feed a later load; not one to
 * memory the program never reads, as a backward attention's atomic dQ
 * sums), or a nested loop (only innermost loops are pipelined: the
 * pipelines of all loops share one region of shared memory). */
typedef struct {
  MlirOperation loop;
  bool ruledOut;
} LoopScan;

static MlirWalkResult scanLoop(MlirOperation op, void *userData) {
  LoopScan *scan = userData;
  if ((tileOpWritesMemory(op) && !tileOpWritesPrivately(op)) ||
      (tileOpIsNamed(op, "scf.for") && !mlirOperationEqual(op, scan->loop))) {
    scan->ruledOut = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* ---- num-stages=auto ------------------------------------------------------ */

/* Shared memory kept for the static buffers beside the stages and the
 * regions counted below (mbarriers, 1 KiB as TileToGPU rounds them, and
 * 1 KiB to spare): flash attention at d = 128 with 128-key blocks then
 * keeps the 3 stages its hand-tuned form has (230,400 of the H100's
 * 232,448 bytes). */
enum { AUTO_STATIC_RESERVE = 2048 };

static int64_t kilobyteUp(int64_t bytes) {
  return (bytes + 1023) / 1024 * 1024;
}

static int64_t typeKilobytes(MlirValue v) {
  return kilobyteUp(tileTypeBytes(mlirValueGetType(v)));
}

/* The shared memory a tile.reduce meets its warps in (GpuReduce.c): a
 * slot per result element for each warp holding a distinct part of a
 * line, none when one warp holds whole lines (an mma accumulator's rows);
 * -1 when the operand has no layout yet. */
static int64_t reduceScratchBytes(MlirOperation reduce) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(reduce, 0));
  TileLayout layout;
  int64_t axis;
  if (!tileTypeLayout(t, &layout) || !tileOpIntAttr(reduce, "axis", &axis))
    return -1;
  TileThreadTerm terms[2];
  tileLayoutThreadTerms(&layout, (int)axis, terms);
  int64_t extent = mlirShapedTypeGetDimSize(t, axis);
  int64_t warps = extent / terms[1].scale < terms[1].count
                      ? extent / terms[1].scale
                      : terms[1].count;
  if (warps <= 1)
    return 0;
  int64_t elems = tileTypeBytes(t) / tileElemBytes(mlirShapedTypeGetElementType(t)) /
                  extent;
  return elems * warps * 4; /* slots of 32 bits (f16 sums widen to f32) */
}

/* The static region TileToGPU gives `op` besides its scratch
 * (gpuReduceScratch): a tile.scan meets its warps there (a slot per
 * element at most, sums widened to 32 bits), and an atomic whose old
 * values are read shares them there where its layout is replicated
 * (GpuAtomic.c's shareOldValues: a slice, or wider than the tile); 0 for
 * other ops. Seed 4300876 on sm_80: a 64x16 i32 compare-and-swap's 4 KiB
 * passed the block's limit beside the stages num-stages=auto had
 * fitted. */
static int64_t otherRegionBytes(MlirOperation op) {
  bool scan = tileOpIsNamed(op, "tile.scan");
  bool atomic = (tileOpIsNamed(op, "tile.atomic_rmw") ||
                 tileOpIsNamed(op, "tile.atomic_cas")) &&
                mlirOperationGetNumResults(op) == 1 &&
                !tileValueIsUnused(mlirOperationGetResult(op, 0));
  if (!scan && !atomic)
    return 0;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasStaticShape(t))
    return 0;
  TileLayout l;
  if (atomic && tileTypeLayout(t, &l) && l.kind != LAYOUT_SLICE) {
    bool replicated = false;
    for (int d = 0; d < l.blocked.rank && d < mlirShapedTypeGetRank(t); ++d)
      replicated = replicated ||
                   tileLayoutCoverage(&l, d) > mlirShapedTypeGetDimSize(t, d);
    if (!replicated)
      return 0;
  }
  int64_t bytes = tileTypeBytes(t);
  int elem = tileElemBytes(mlirShapedTypeGetElementType(t));
  if (scan && elem > 0 && elem < 4)
    bytes = bytes / elem * 4;
  return (bytes + 15) / 16 * 16;
}

/* The scratch shared memory `op` passes its tiles through in TileToGPU
 * (layout conversions, reductions, scans, shape ops, dots staged from
 * registers, indirect accesses): the most bytes of its tile operands and
 * results; 0 for an op that does not. */
static int64_t scratchBytes(MlirOperation op) {
  /* A box of adds staged for its bulk reduction (markReduce). */
  if (tileOpIsNamed(op, "tile.atomic_rmw")) {
    MlirValue box = mlirOperationGetOperand(op, 0);
    return mlirAttributeIsNull(tileOpAttr(op, "tile.tma_reduce"))
               ? 0
               : tileTypeBytes(mlirValueGetType(box));
  }
  /* A conversion or reshape that keeps every element in its register
   * (layouts that differ only in their wgmma width: attention's row
   * statistics broadcast over an accumulator wider than the scores)
   * moves nothing (gpuLowerThroughShared). */
  if ((tileOpIsNamed(op, "tile.convert_layout") ||
       tileOpIsNamed(op, "tile.reshape")) &&
      tileTypesSameRegisters(
          mlirValueGetType(mlirOperationGetOperand(op, 0)),
          mlirValueGetType(mlirOperationGetResult(op, 0))))
    return 0;
  static const char *const throughShared[] = {
      "tile.convert_layout", "tile.reduce", "tile.scan", "tile.trans",
      "tile.reshape",        "tile.dot",    "tile.gather", "tile.scatter"};
  bool uses = false;
  for (size_t i = 0; i < sizeof throughShared / sizeof throughShared[0]; ++i)
    uses = uses || tileOpIsNamed(op, throughShared[i]);
  if (!uses)
    return 0;
  int64_t most = 0;
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    int64_t b = tileTypeBytes(mlirValueGetType(mlirOperationGetResult(op, r)));
    most = b > most ? b : most;
  }
  for (intptr_t o = 0; o < mlirOperationGetNumOperands(op); ++o) {
    int64_t b = tileTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, o)));
    most = b > most ? b : most;
  }
  return most;
}

/* Whether `v` is a tile the loop copies ahead (through a trans or reshape
 * that moves nothing, as a dot's B of K^T). */
static bool copiedAhead(MlirValue v) {
  for (int depth = 0; depth < 4; ++depth) {
    MlirOperation def = tileDefiningOp(v);
    if (mlirOperationIsNull(def))
      return false;
    if (!mlirAttributeIsNull(tileOpAttr(def, "tile.async_copy")))
      return true;
    if (!tileOpIsNamed(def, "tile.trans") &&
        !tileOpIsNamed(def, "tile.reshape"))
      return false;
    v = mlirOperationGetOperand(def, 0);
  }
  return false;
}

static bool onlyFeedsADot(MlirOperation op) {
  for (int depth = 0; depth < 4; ++depth) {
    if (tileOpIsNamed(op, "tile.convert_layout") ||
        mlirOperationGetNumResults(op) != 1)
      return false;
    MlirOpOperand use = tileOnlyUse(mlirOperationGetResult(op, 0));
    if (mlirOpOperandIsNull(use))
      return false;
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIsNamed(user, "tile.dot"))
      return depth == 0 || tileOpIsNamed(op, "tile.trans") ||
             tileOpIsNamed(op, "tile.reshape");
    if (!tileOpIsNamed(user, "tile.trans") &&
        !tileOpIsNamed(user, "tile.reshape"))
      return false;
    op = user;
  }
  return false;
}

typedef struct {
  MlirBlock body;     /* the loop autoStagesFit fits */
  int64_t reductions; /* the other reductions' regions, 16-byte aligned */
  int64_t scratch;    /* the most scratch an op of another loop takes */
} Elsewhere;

static MlirWalkResult addElsewhere(MlirOperation op, void *userData) {
  Elsewhere *e = userData;
  MlirBlock block = mlirOperationGetBlock(op);
  if (mlirBlockEqual(block, e->body))
    return MlirWalkResultAdvance;
  if (tileOpIsNamed(op, "tile.reduce")) {
    int64_t r = reduceScratchBytes(op);
    e->reductions += r > 0 ? (r + 15) / 16 * 16 : 0;
    return MlirWalkResultAdvance;
  }
  e->reductions += otherRegionBytes(op);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  if (mlirOperationIsNull(parent) || !tileOpIsNamed(parent, "scf.for") ||
      onlyFeedsADot(op))
    return MlirWalkResultAdvance;
  /* (A dot's operands staged there are not counted: the loop's own
   * count of its dots' operands has room for them in the kernels seen.) */
  int64_t b = tileOpIsNamed(op, "tile.dot") ? 0 : kilobyteUp(scratchBytes(op));
  e->scratch = b > e->scratch ? b : e->scratch;
  return MlirWalkResultAdvance;
}

/* What the rest of the kernel takes from a loop's room: TileToGPU gives
 * every reduction across warps a static region of its own
 * (gpuReduceScratch), and puts the scratch of an op inside any pipelined
 * loop after the largest loop's stages (GpuSharedMemory.c: the producer
 * may fill the next loop's stages meanwhile): seed 4300787 on sm_80
 * fitted two stages of 64 KiB to one loop, and a layout conversion of
 * 8 KiB in its other loop then passed the block's limit. */
static Elsewhere elsewhere(MlirBlock body) {
  Elsewhere e = {body, 0, 0};
  MlirOperation kernel = mlirBlockGetParentOperation(body);
  while (!mlirOperationIsNull(kernel) && !tileOpIsNamed(kernel, "func.func"))
    kernel = mlirOperationGetParentOperation(kernel);
  if (!mlirOperationIsNull(kernel))
    mlirOperationWalk(kernel, addElsewhere, &e, MlirWalkPreOrder);
  return e;
}

/* The stages num-stages=auto gives a loop whose loads are marked: as many
 * as the chip's shared memory holds beside what else lives there while the
 * loop runs (dot operands staged in it from registers or from before the
 * loop, the largest scratch another op passes its tiles through,
 * scratchBytes, and each reduction's, scan's or atomic's region where its
 * warps meet (otherRegionBytes); each
 * rounded up to 1 KiB; and what the rest of the kernel takes: elsewhere),
 * at most 4 for a loop of one dot and 3 for more (2 where a stage takes
 * 64 KiB or more), and 1 (no pipeline) when two do not fit. The caps are
 * measured: plainly written
 * f16/bf16 GEMMs on an H100 ran 20-30% faster at 4 stages than at 3
 * (docs/performance.md), and chained-dot loops (attention) keep the 3
 * they were tuned at, or 2 where a stage takes 64 KiB or more (measured
 * faster, below). Without a chip (a pipeline's tile-pipeline with no
 * chip=), 3. */
/* num-stages=auto's choice for a loop, and why in `why` (what the loop's
 * tile.num_stages_why says, and the lowering's remark); *fit, when not
 * NULL: the most stages that fit, without the caps. */
static int autoStagesFit(MlirBlock body, const char *chip, int blocks,
                         char *why, size_t whySize, int *fit) {
  int64_t stage = 0, beside = 0, scratch = 0, reductions = 0;
  int dots = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy"))) {
      stage += typeKilobytes(mlirOperationGetResult(op, 0));
      continue;
    }
    if (tileOpIsNamed(op, "tile.dot")) {
      ++dots;
      /* tile-promote-smem names the operands staged in shared memory
       * (tile.smem_a, tile.smem_b); an A that wgmma reads from registers
       * (attention's P) has none. Without either (no promote-smem ran),
       * both count. */
      static const char *const staged[2] = {"tile.smem_a", "tile.smem_b"};
      bool promoted = !mlirAttributeIsNull(tileOpAttr(op, staged[0])) ||
                      !mlirAttributeIsNull(tileOpAttr(op, staged[1]));
      for (int i = 0; i < 2; ++i) {
        MlirValue v = mlirOperationGetOperand(op, i);
        if (!copiedAhead(v) &&
            (!promoted || !mlirAttributeIsNull(tileOpAttr(op, staged[i]))))
          beside += typeKilobytes(v);
      }
      continue;
    }
    /* A trans or reshape that only feeds a dot, directly or through
     * another, moves nothing: the dot reads its source
     * (tileMmaTransposedB, tileMmaUnitReshape). */
    if (onlyFeedsADot(op))
      continue;
    /* Each reduction across warps has a region of its own. */
    int64_t r = tileOpIsNamed(op, "tile.reduce") ? reduceScratchBytes(op) : -1;
    if (r >= 0) {
      reductions += kilobyteUp(r);
      continue;
    }
    reductions += kilobyteUp(otherRegionBytes(op));
    int64_t b = kilobyteUp(scratchBytes(op));
    scratch = b > scratch ? b : scratch;
  }
  Elsewhere e = elsewhere(body);
  reductions += kilobyteUp(e.reductions);
  scratch = e.scratch > scratch ? e.scratch : scratch;
  /* Stages of 64 KiB or more (attention at d = 128 on 128-key blocks:
   * K and V, 32 KiB each) in a loop of several dots: 2, which on an H200
   * ran 2-6% faster than 3 (16 heads x 8192 to 256 x 512,
   * docs/performance.md). Why is not established: three took 224 KiB of
   * the SM's 256 with Q beside them, leaving L1 little for what the loop
   * spills. */
  int cap = dots <= 1 ? 4 : stage >= 64 * 1024 ? 2 : 3;
  if (!chip || !chip[0]) {
    snprintf(why, whySize, "num-stages=auto: 3 stages (no chip to fit)");
    return 3; /* the old default */
  }
  int64_t share = tileChipSharedBytesPerBlock(chip, blocks);
  int64_t room = share - AUTO_STATIC_RESERVE - beside - scratch - reductions;
  if (fit)
    *fit = stage <= 0 ? 8 : room < stage ? 0 : (int)(room / stage);
  int n = stage <= 0 || room < 2 * stage ? 1
          : room / stage > cap           ? cap
                                         : (int)(room / stage);
  char chosen[64];
  if (n < 2)
    snprintf(chosen, sizeof chosen, "not pipelined: 2 stages do not fit");
  else
    snprintf(chosen, sizeof chosen, "%d stages", n);
  const char *rule = n < 2      ? ""
                     : n < cap  ? "; as many as fit"
                     : cap == 4 ? "; 4 at most for a loop of one dot"
                     : cap == 2 ? "; 2 at most for a loop of several dots "
                                  "whose stages take 64 KiB or more"
                                : "; 3 at most for a loop of several dots";
  char sharing[48] = "";
  if (blocks > 1)
    snprintf(sharing, sizeof sharing, " a block, %d blocks an SM", blocks);
  snprintf(why, whySize,
           "num-stages=auto: %s (%lld KiB a stage; %s has %lld KiB of "
           "shared memory%s, %lld KiB of it for the dot operands staged "
           "beside the pipeline, reductions and scratch, and %d KiB "
           "kept%s)",
           chosen, (long long)(stage / 1024), chip, (long long)(share / 1024),
           sharing, (long long)((beside + scratch + reductions) / 1024),
           AUTO_STATIC_RESERVE / 1024, rule);
  return n;
}

static int autoStages(MlirBlock body, const char *chip, int blocks, char *why,
                      size_t whySize) {
  return autoStagesFit(body, chip, blocks, why, whySize, NULL);
}

static void markLoop(MlirOperation loop, int stages, bool useTma, int numWarps,
                     const char *chip, int blocks) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  LoopScan scan = {loop, false};
  mlirOperationWalk(loop, scanLoop, &scan, MlirWalkPreOrder);
  if (scan.ruledOut)
    return;
  MlirContext ctx = mlirOperationGetContext(loop);
  int marked = 0, tma = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (qualifies(op, body)) {
      mlirOperationSetAttributeByName(op, tileStr("tile.async_copy"),
                                      mlirUnitAttrGet(ctx));
      ++marked;
      tma += useTma && tileTmaCanCopy(op, NULL);
    }
  if (marked > 0 && stages == 0) {
    char why[512];
    stages = autoStages(body, chip, blocks, why, sizeof why);
    tileOpSetStrAttr(loop, "tile.num_stages_why", why);
  }
  if (marked > 0 && stages < 2) {
    /* Two stages do not fit: the loop's loads stay plain. */
    for (MlirOperation op = mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      mlirOperationRemoveAttributeByName(op, tileStr("tile.async_copy"));
    return;
  }
  if (marked > 0)
    mlirOperationSetAttributeByName(loop, tileStr("tile.num_stages"),
                                    tileI32Attr(ctx, stages));
  /* Staged gathers keep 3 stages under auto: they are measured there. */
  else if (markGathers(loop, body, stages > 0 ? stages : 3, numWarps))
    return;
  /* Bulk tensor copies for all of the loop's loads, or for none: one kind
   * of wait per stage. */
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       tma == marked && tma > 0 && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy")))
      mlirOperationSetAttributeByName(op, tileStr("tile.tma"),
                                      mlirUnitAttrGet(ctx));
}

typedef struct {
  int stages; /* 0: auto */
  bool tma; /* the chip has bulk tensor copies (and wgmma) */
  int numWarps; /* the kernel's */
  const char *chip;
  int blocks; /* that share an SM (tileKernelBlocksPerSm) */
} PipelineState;

static MlirWalkResult markLoops(MlirOperation op, void *userData) {
  PipelineState *st = userData;
  if (tileOpIsNamed(op, "scf.for"))
    markLoop(op, st->stages, st->tma, st->numWarps, st->chip, st->blocks);
  return MlirWalkResultAdvance;
}

typedef struct {
  int numStages, blocksPerSm;
  bool tma;
  TileChoice warpSpecialize, persistent, ctaPairs, multicast, bulkReduce;
  const char *chip;
  TileChoice streamK, producerLoads;
} PipelineOptions;

static bool hasTmaLoad(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) &&
        !tileOpIsNamed(op, "tile.store"))
      return true;
  return false;
}

typedef struct {
  MlirOperation kernel;
  int loops;    /* that copy with TMA */
  bool nested;  /* one of them is not a statement of the kernel's body */
  int maxDots;  /* the most dots in one of their bodies */
  bool fed;     /* all of them fed by program scalars (the producer computes
                 * their bounds and offsets itself) */
  int64_t pipeBytes; /* the largest one's stages */
  bool promotes; /* one of them has an fp8 dot whose sums promote on wgmma
                  * (tileDotPromotesF8): it waits for its own wgmmas every
                  * iteration */
} TmaLoops;

/* The shared memory a TMA loop's stages take (as GpuPipeline.c lays them
 * out: each load's buffer at a multiple of 1024 bytes). */
static int64_t stagesBytes(MlirOperation loop) {
  int64_t stages = 0, stage = 0;
  tileOpIntAttr(loop, "tile.num_stages", &stages);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy")))
      stage += (tileTypeBytes(mlirValueGetType(mlirOperationGetResult(op, 0))) +
                1023) / 1024 * 1024;
  return stages * stage;
}

/* The dots of a loop's body; *promotes: one of them sums fp8 in runs
 * (tileDotPromotesF8). */
static int dotsIn(MlirOperation loop, bool *promotes) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "tile.dot")) {
      ++n;
      *promotes = *promotes || tileDotPromotesF8(op);
    }
  return n;
}

static MlirWalkResult findTmaLoops(MlirOperation op, void *userData) {
  TmaLoops *t = userData;
  if (tileOpIsNamed(op, "scf.for") && hasTmaLoad(op)) {
    ++t->loops;
    t->nested = t->nested || !mlirOperationEqual(
                                 mlirOperationGetParentOperation(op), t->kernel);
    int dots = dotsIn(op, &t->promotes);
    t->maxDots = dots > t->maxDots ? dots : t->maxDots;
    t->fed = t->fed && tileLoopFedByProgramScalars(t->kernel, op);
    int64_t bytes = stagesBytes(op);
    t->pipeBytes = bytes > t->pipeBytes ? bytes : t->pipeBytes;
  }
  return MlirWalkResultAdvance;
}

/* Warp specialization (TileToGPU): a producer warpgroup issues the bulk
 * copies while the kernel's warps only consume them. The producer is
 * handed each loop's bounds once, in program order, so the kernel
 * qualifies when every loop that copies with TMA runs exactly once: a
 * statement of the kernel's body, not nested in another loop or an if.
 * auto takes kernels of 8 or more warps whose loop chains dots (two or
 * more, attention's S = Q K^T then O += P V): without a barrier per
 * iteration one warpgroup's softmax runs under the other's dots (on an
 * H100 flash attention at d = 128 gained 7-14%). A loop of one dot
 * (matmul) keeps one role: there it ran 1-2% slower, and with 4 warps the
 * extra warpgroup halved the blocks per SM (attention at d = 64: -30 to
 * -45%). But a loop whose fp8 dot promotes on wgmma (Hopper: runs of
 * 128 k summed from zero, each waited for and added in f32) leaves no
 * group in flight, so its copies are issued only after each wait: there
 * a producer warpgroup gained 7% at 4096^3 and 5% at 8192^3 (e4m3,
 * 128x256x128, 8 warps; on an H200, docs/performance.md), and auto takes
 * it (not on tcgen05, whose fp8 sums do not promote).
 * tile.warp_specialize on the kernel (a bool) overrides the pass
 * option. */
/* The registers a thread of the kernel's `numWarps` warps holds for what
 * its TMA loops carry from one iteration to the next (attention's O and
 * row statistics), the most of any loop. */
static int carriedRegisters(MlirOperation kernel, int numWarps) {
  int most = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIsNamed(op, "scf.for") || !hasTmaLoad(op))
      continue;
    int regs = 0;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
      int64_t words = (tileTypeBytes(t) + 3) / 4;
      regs += (int)((words + 32 * numWarps - 1) / (32 * numWarps));
    }
    most = regs > most ? regs : most;
  }
  return most;
}

/* Counts the stages of every TMA loop whose count was auto again for
 * `blocks` blocks an SM; false (nothing changed) where two stages of one
 * would not fit, or the stages a loop was given would not. */
static bool restage(MlirOperation kernel, const char *chip, int blocks) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  enum { MAX_LOOPS = 8 };
  MlirOperation loops[MAX_LOOPS];
  int stages[MAX_LOOPS], n = 0;
  char why[MAX_LOOPS][512];
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIsNamed(op, "scf.for") || !hasTmaLoad(op))
      continue;
    if (n == MAX_LOOPS)
      return false;
    MlirBlock loopBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    int fit = 0;
    stages[n] =
        autoStagesFit(loopBody, chip, blocks, why[n], sizeof why[n], &fit);
    int64_t given = 0;
    if (mlirAttributeIsNull(tileOpAttr(op, "tile.num_stages_why"))) {
      /* The kernel's or the option's count stays, if it fits. */
      if (tileOpIntAttr(op, "tile.num_stages", &given) && given > fit)
        return false;
      continue;
    }
    if (stages[n] < 2)
      return false;
    loops[n++] = op;
  }
  for (int i = 0; i < n; ++i) {
    mlirOperationSetAttributeByName(
        loops[i], tileStr("tile.num_stages"),
        tileI32Attr(mlirOperationGetContext(kernel), stages[i]));
    tileOpSetStrAttr(loops[i], "tile.num_stages_why", why[i]);
  }
  return true;
}

/* A warp-specialized kernel of 4 warps: the producer warpgroup doubles
 * its threads, and at one block an SM the kernel's warps would hold the
 * SM alone (256 threads at 255 registers). Where no blocks-per-sm was
 * asked, 3 blocks share the SM when what the loop carries takes 64
 * registers a thread or fewer (136 each then: attention's O, row
 * statistics and rotated P at d = 64 in 64 x 64 blocks take 50), else 2
 * (232), as many as the stages fit; the loops' auto stages are counted
 * again for them. On
 * an H200, plain attention of 64 x 64 blocks at d = 64 (3 blocks) and
 * d = 128 (2) ran 6-25% faster than with one role at every length from
 * 256 x 512 to 16 x 8192 (docs/performance.md, 2026-12-02). Returns the
 * blocks, 1 where none fit. */
static int shareSm(MlirOperation kernel, PipelineState *st) {
  int blocks = carriedRegisters(kernel, 4) <= 64 ? 3 : 2;
  while (blocks >= 2 && !restage(kernel, st->chip, blocks))
    --blocks;
  if (blocks < 2)
    return 1;
  st->blocks = blocks;
  mlirOperationSetAttributeByName(
      kernel, tileStr("tile.blocks_per_sm"),
      tileI32Attr(mlirOperationGetContext(kernel), blocks));
  return blocks;
}

static void markWarpSpecialized(MlirOperation kernel, TileChoice option,
                                PipelineState *st, bool blocksAsked) {
  const char *chip = st->chip;
  MlirAttribute asked = tileOpAttr(kernel, "tile.warp_specialize");
  int numWarps = tileKernelNumWarps(kernel, 0);
  TmaLoops t = {kernel, 0, false, 0, true, 0, false};
  mlirOperationWalk(kernel, findTmaLoops, &t, MlirWalkPreOrder);
  bool promotes = t.promotes && !tileChipHasTcgen05(chip);
  /* One warpgroup whose loop chains dots: specialized where its blocks
   * may share an SM (none asked, or more than one). */
  bool oneGroup = numWarps == 4 && t.maxDots >= 2 &&
                  strcmp(chip, "sm_90a") == 0 &&
                  (!blocksAsked || st->blocks > 1);
  bool want = option == TILE_CHOICE_ON ||
              (option == TILE_CHOICE_AUTO &&
               ((numWarps >= 8 && (t.maxDots >= 2 || promotes)) || oneGroup));
  bool decided = !mlirAttributeIsNull(asked) && mlirAttributeIsABool(asked);
  if (decided)
    want = mlirBoolAttrGetValue(asked);
  bool fits = t.loops > 0 && !t.nested && t.fed && numWarps % 4 == 0 &&
              numWarps + TILE_PRODUCER_WARPS <= 32;
  MlirContext ctx = mlirOperationGetContext(kernel);
  int shared = 0; /* blocks an SM chosen here */
  if (want && fits && numWarps == 4 && !blocksAsked &&
      strcmp(chip, "sm_90a") == 0) {
    shared = shareSm(kernel, st);
    /* Alone on the SM it lost 30-45%: one role then, unless asked. */
    if (shared < 2 && option == TILE_CHOICE_AUTO && !decided)
      want = false;
  }
  if (want && fits)
    mlirOperationSetAttributeByName(kernel, tileStr("tile.producer_warps"),
                                    tileI32Attr(ctx, TILE_PRODUCER_WARPS));
  /* auto's choice, where there was one to make (a TMA loop, nothing
   * forcing it), stays on the kernel (tile.warp_specialize_why) and
   * becomes a remark where the kernel is lowered. */
  if (decided || option != TILE_CHOICE_AUTO || t.loops == 0)
    return;
  char why[320], reason[96];
  snprintf(reason, sizeof reason,
           t.maxDots >= 2 ? "a loop of %d dots"
                          : "an fp8 dot whose sums promote: %d dot, waited "
                            "for every iteration",
           t.maxDots);
  if (!want)
    snprintf(why, sizeof why,
             "warp-specialize=auto: one role for all %d warps (auto "
             "specializes kernels of 8 or more warps whose loop chains two "
             "or more dots or sums fp8 in promoted runs, and of 4 warps "
             "whose loop chains dots where blocks can share an SM; this "
             "loop has %d)",
             numWarps, t.maxDots);
  else if (fits && shared >= 2)
    snprintf(why, sizeof why,
             "warp-specialize=auto: a producer warpgroup of %d warps "
             "issues the TMA copies for the %d warps that compute (%s), "
             "%d blocks an SM (blocks-per-sm: with one, the two warpgroups "
             "would hold the SM alone)",
             TILE_PRODUCER_WARPS, numWarps, reason, shared);
  else if (fits)
    snprintf(why, sizeof why,
             "warp-specialize=auto: a producer warpgroup of %d warps "
             "issues the TMA copies for the %d warps that compute (%s)",
             TILE_PRODUCER_WARPS, numWarps, reason);
  else
    snprintf(why, sizeof why,
             "warp-specialize=auto: would specialize, but %s",
             t.nested ? "a TMA loop is nested in another loop or an if"
             : !t.fed ? "a TMA loop's bounds are not the program's scalars"
                      : "the warps are not whole warpgroups with room for "
                        "a producer");
  tileOpSetStrAttr(kernel, "tile.warp_specialize_why", why);
}

/* Rows no dot reads (tileTmaPlainBox: attention backward's per-step
 * log-sum-exps and deltas) join the stages of a TMA loop on sm_90a when a
 * producer warpgroup issues its copies: left as loads of the loop, their
 * latency and address arithmetic sat between the consumers' wgmmas (dK/dV
 * at d = 128, 8 warps: 17-19% faster with them staged, the one-pass
 * kernel 11%; an H200, docs/performance.md). Without a producer they stay
 * loads: on dK/dV at d = 64 (4 warps) the 2 KiB they add to a stage took
 * the second block off each SM (113 KiB of shared memory fit two, 119
 * one), 20% slower. A loop whose stage count was auto is counted again
 * with them, and they stay out if two stages would no longer fit. */
static MlirWalkResult joinRowBoxes(MlirOperation loop, void *userData) {
  const PipelineState *st = userData;
  if (!tileOpIsNamed(loop, "scf.for") || !hasTmaLoad(loop))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(loop);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  int joined = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (mlirAttributeIsNull(tileOpAttr(op, "tile.async_copy")) &&
        qualifiesAsBox(op, body)) {
      mlirOperationSetAttributeByName(op, tileStr("tile.async_copy"),
                                      mlirUnitAttrGet(ctx));
      mlirOperationSetAttributeByName(op, tileStr("tile.tma"),
                                      mlirUnitAttrGet(ctx));
      ++joined;
    }
  if (joined == 0 || mlirAttributeIsNull(tileOpAttr(loop, "tile.num_stages_why")))
    return MlirWalkResultAdvance;
  char why[512];
  int n = autoStages(body, st->chip, st->blocks, why, sizeof why);
  if (n >= 2) {
    mlirOperationSetAttributeByName(loop, tileStr("tile.num_stages"),
                                    tileI32Attr(ctx, n));
    tileOpSetStrAttr(loop, "tile.num_stages_why", why);
    return MlirWalkResultAdvance;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) &&
        tileTmaPlainBox(op)) {
      mlirOperationRemoveAttributeByName(op, tileStr("tile.async_copy"));
      mlirOperationRemoveAttributeByName(op, tileStr("tile.tma"));
    }
  return MlirWalkResultAdvance;
}

typedef struct {
  MlirOperation kernel;
  bool otherAxes;  /* a program id or count along axis 1 or 2 */
  int64_t scratch; /* what the code outside the TMA loops may need */
} PersistentWalk;

static MlirWalkResult findPersistentObstacles(MlirOperation op, void *data) {
  PersistentWalk *w = data;
  int64_t axis = 0;
  if ((tileOpIsNamed(op, "tile.program_id") ||
       tileOpIsNamed(op, "tile.num_programs")) &&
      tileOpIntAttr(op, "axis", &axis) && axis != 0)
    w->otherAxes = true;
  if (tileOpIsNamed(op, "scf.for") && hasTmaLoad(op))
    return MlirWalkResultSkip; /* its scratch lies after the stages anyway */
  TileSmemLayout s;
  if (tileOpIsNamed(op, "tile.store") &&
      !mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) &&
      tileTmaCanStore(op, &s)) {
    /* Two column blocks at a time (GpuTmaStore.c). */
    int64_t blocks = s.rowElems / s.blockElems;
    int64_t b = (blocks < 2 ? blocks : 2) * (s.bytes / blocks);
    w->scratch = b > w->scratch ? b : w->scratch;
    return MlirWalkResultAdvance;
  }
  /* One scratch buffer serves every op in turn (GpuThroughShared.c): the
   * largest use sizes it. */
  int64_t b = scratchBytes(op);
  w->scratch = b > w->scratch ? b : w->scratch;
  return MlirWalkResultAdvance;
}

/* Shared memory an sm_90a block may have, less the mbarriers and
 * reduction regions' static part (1 KiB). */
enum { PERSISTENT_SMEM_LIMIT = 232448 - 1024 };

/* Persistence (TileToGPU): each block runs program after program of a 1-D
 * grid, and the producer fills the next program's stages while the
 * kernel's warps finish the last one (its epilogue, the store of its
 * result), so those warps start each program's loop with tiles waiting,
 * and the last wave is as full as the blocks that fit. It takes a
 * warp-specialized kernel (the producer must run ahead on its own) with
 * one TMA loop, whose programs run along axis 0 only, and room for the code
 * after the loop beside the stages: the stages are being refilled while it
 * runs. auto leaves kernels one program per block: on an H100 the persistent
 * f16 / bf16 128x256x64 matmuls (warp-specialized) ran 2-8% slower than
 * the same kernels without it; on an H200, with their wgmma descriptors in
 * uniform registers, they ran 1.5% faster at 4096^3 to 8192^3 but 15%
 * slower at 3000^3 (FP8: 0-2% slower, 40% at 3000^3), and the 1-D
 * attention kernel 10-19% slower (docs/performance.md, 2026-12-02).
 * tile.persistent (a bool) on the kernel overrides the option. What auto
 * chose, or why an asked persistence cannot be, is said in
 * tile.persistent_why. */
static void markPersistent(MlirOperation kernel, TileChoice option) {
  MlirAttribute asked = tileOpAttr(kernel, "tile.persistent");
  bool decided = !mlirAttributeIsNull(asked) && mlirAttributeIsABool(asked);
  bool want = decided ? mlirBoolAttrGetValue(asked) : option == TILE_CHOICE_ON;
  bool specialized = tileKernelProducerWarps(kernel) > 0;
  /* A choice to make or explain: a warp-specialized kernel under auto, or
   * persistence asked for. */
  if (!want && (decided || option != TILE_CHOICE_AUTO || !specialized))
    return;
  TmaLoops t = {kernel, 0, false, 0, true, 0, false};
  mlirOperationWalk(kernel, findTmaLoops, &t, MlirWalkPreOrder);
  PersistentWalk w = {kernel, false, 0};
  mlirOperationWalk(kernel, findPersistentObstacles, &w, MlirWalkPreOrder);
  /* One TMA loop: the producer runs into the next program's copies
   * without waiting for the kernel's warps, which another loop's stages
   * in the same shared memory would forbid (GpuPipeline.c). */
  char whyNot[160] = "";
  if (!specialized)
    snprintf(whyNot, sizeof whyNot,
             "the kernel has no producer warpgroup (warp-specialize)");
  else if (w.otherAxes)
    snprintf(whyNot, sizeof whyNot,
             "its programs run along more than axis 0");
  else if (t.loops != 1)
    snprintf(whyNot, sizeof whyNot, "it has %d TMA loops, not one",
             t.loops);
  else if (t.pipeBytes + w.scratch > PERSISTENT_SMEM_LIMIT)
    snprintf(whyNot, sizeof whyNot,
             "its stages and the code after the loop need %lld KiB of "
             "shared memory together, over %d KiB",
             (long long)((t.pipeBytes + w.scratch) / 1024),
             (int)(PERSISTENT_SMEM_LIMIT / 1024));
  bool persistent = want && !whyNot[0];
  if (persistent)
    mlirOperationSetAttributeByName(
        kernel, tileStr("tile.persistent"),
        mlirBoolAttrGet(mlirOperationGetContext(kernel), 1));
  /* Nothing to explain when it is persistent; a kernel's own
   * tile.persistent = true that cannot be is TileToGPU's located error. */
  if (persistent || decided)
    return;
  /* What auto chose and why, or why the option's persistence did not
   * happen. */
  static const char autoOff[] =
      "persistent=auto: one program per block (on an H200 persistent "
      "blocks ran GEMMs 1.5% faster to 40% slower, attention 10-19% "
      "slower); ";
  char why[320];
  if (want)
    snprintf(why, sizeof why,
             "persistent: asked for, but each program runs in a block of "
             "its own: %s", whyNot);
  else if (whyNot[0])
    snprintf(why, sizeof why,
             "%sthis kernel could not run persistent anyway: %s", autoOff,
             whyNot);
  else
    snprintf(why, sizeof why,
             "%spersistent=true would run this kernel's programs one after "
             "another in each block", autoOff);
  tileOpSetStrAttr(kernel, "tile.persistent_why", why);
}

/* Whether every use of `mem` adds into it with a relaxed atomic whose
 * result is unused: then nothing in the kernel reads it, and adds of the
 * async proxy and of the threads may meet there in any order. */
static bool onlyRelaxedAdds(MlirValue mem) {
  for (MlirOpOperand u = mlirValueGetFirstUse(mem); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!tileOpIsNamed(user, "tile.atomic_rmw") ||
        mlirOpOperandGetOperandNumber(u) != 1 ||
        !tileValueIsUnused(mlirOperationGetResult(user, 0)) ||
        !tileOpStrAttrIs(user, "kind", "add", "") ||
        !tileOpStrAttrIs(user, "sem", "relaxed", "acq_rel"))
      return false;
  }
  return true;
}

/* With bulk-reduce=true, an atomic add of a whole box (tileTmaCanReduce)
 * on sm_90a goes out as one bulk tensor reduction from shared memory
 * where the kernel only adds into its memref so (the async proxy's writes
 * are not ordered with the threads' own reads): attention's one-pass
 * backward added its dQ with 32 reductions a thread and step, each with
 * its own address. auto leaves it off: on an H200 it was correct but
 * slower (docs/gpu.md). */
static MlirWalkResult markReduce(MlirOperation op, void *userData) {
  (void)userData;
  if (tileTmaCanReduce(op, NULL) &&
      onlyRelaxedAdds(mlirOperationGetOperand(op, 1)))
    mlirOperationSetAttributeByName(
        op, tileStr("tile.tma_reduce"),
        mlirUnitAttrGet(mlirOperationGetContext(op)));
  return MlirWalkResultAdvance;
}

/* A store of a wgmma or tcgen05 accumulator goes out through shared memory by a bulk
 * tensor store (tileTmaCanStore), where nothing else of the program
 * touches its memref: the async proxy's writes are not ordered with the
 * threads' accesses (MemoryOrder.h). */
static MlirWalkResult markStores(MlirOperation op, void *userData) {
  (void)userData;
  TileSmemLayout s;
  if (!tileTmaCanStore(op, &s))
    return MlirWalkResultAdvance;
  if (tileMemrefAccessedOnlyBy(mlirOperationGetOperand(op, 1), op)) {
    mlirOperationSetAttributeByName(
        op, tileStr("tile.tma"), mlirUnitAttrGet(mlirOperationGetContext(op)));
    return MlirWalkResultAdvance;
  }
  /* Why an accumulator a TMA store could take goes out element by
   * element. */
  tileOpSetStrAttr(op, "tile.store_why",
                   "epilogue: element by element, not by a TMA store: the "
                   "program also reads or writes this memref, and a TMA "
                   "store's writes are not ordered with its threads' "
                   "accesses");
  return MlirWalkResultAdvance;
}

/* Whether a choice that is off under auto is asked for: by the kernel's
 * bool `attr` if it has one, else by the option being true. */
static bool askedFor(MlirOperation kernel, const char *attr,
                     TileChoice option) {
  MlirAttribute asked = tileOpAttr(kernel, attr);
  if (!mlirAttributeIsNull(asked) && mlirAttributeIsABool(asked))
    return mlirBoolAttrGetValue(asked);
  return option == TILE_CHOICE_ON;
}

/* CTA pairs (Pipeline.h): only when asked, by the option or the kernel's
 * tile.cta_pairs; without a Blackwell GPU nothing says they are right
 * (docs/gpu.md). An asked kernel's attribute is replaced by the answer
 * (false: TileToGPU's remark says why). */
static void markCtaPairs(MlirOperation kernel, const char *chip,
                         TileChoice option) {
  bool want = askedFor(kernel, "tile.cta_pairs", option);
  const char *why;
  bool pairs = want && tileTcgen05CtaPairsFor(
                           kernel, chip, tileKernelNumWarps(kernel, 4), &why);
  if (want)
    mlirOperationSetAttributeByName(
        kernel, tileStr("tile.cta_pairs"),
        mlirBoolAttrGet(mlirOperationGetContext(kernel), pairs));
}

/* TMA multicast (Pipeline.h): only when asked, by the option or the
 * kernel's tile.multicast (on an H200 it ran GEMMs whose rows start off
 * 128-byte lines 11-18% faster and the others 1.5-3% slower:
 * docs/performance.md). An asked kernel's attribute is replaced by the
 * answer, and the reason it cannot goes into tile.multicast_why
 * (TileToGPU's remark). */
static void markMulticast(MlirOperation kernel, const char *chip,
                          TileChoice option) {
  if (!askedFor(kernel, "tile.multicast", option))
    return;
  MlirContext ctx = mlirOperationGetContext(kernel);
  MlirOperation b;
  const char *why = NULL;
  bool on = tileMulticastFor(kernel, chip, &b, &why);
  mlirOperationSetAttributeByName(kernel, tileStr("tile.multicast"),
                                  mlirBoolAttrGet(ctx, on));
  if (on) {
    mlirOperationSetAttributeByName(b, tileStr("tile.multicast"),
                                    mlirUnitAttrGet(ctx));
    return;
  }
  char text[320];
  snprintf(text, sizeof text,
           "multicast: asked for, but each CTA copies its own B: %s", why);
  tileOpSetStrAttr(kernel, "tile.multicast_why", text);
}

/* Stream-K (lib/Analysis/StreamK.h): a kernel whose loop of dots can be
 * split gets tile.stream_k = true; TileToGPU then runs a small last wave
 * of programs in parts, on blocks of their own (GpuStreamK.c). auto: on
 * wherever it can be, since a launch whose last wave fills more than half
 * of the GPU runs as it would without it. tile.stream_k (a bool) on the
 * kernel overrides the option (true where it cannot be is TileToGPU's
 * error). What was decided, and why, is said in tile.stream_k_why. */
static void markStreamK(MlirOperation kernel, const char *chip,
                        TileChoice option) {
  MlirAttribute asked = tileOpAttr(kernel, "tile.stream_k");
  bool decided = !mlirAttributeIsNull(asked) && mlirAttributeIsABool(asked);
  bool want = decided ? mlirBoolAttrGetValue(asked) : option != TILE_CHOICE_OFF;
  if (!want)
    return;
  MlirOperation loop;
  const char *why = NULL;
  bool on = tileStreamKFor(kernel, chip, &loop, &why);
  /* A kernel's own tile.stream_k = true that cannot be is TileToGPU's
   * located error. */
  if (decided && !on)
    return;
  mlirOperationSetAttributeByName(
      kernel, tileStr("tile.stream_k"),
      mlirBoolAttrGet(mlirOperationGetContext(kernel), on));
  if (on) {
    tileOpSetStrAttr(kernel, "tile.stream_k_why",
                     "stream-k: a last wave of programs that would leave "
                     "half of the GPU idle or more runs split along the "
                     "loop, each part on a block of its own, the last part "
                     "to finish adding the others' sums from a workspace");
    return;
  }
  /* auto says nothing of the kernels it cannot split. */
  if (option == TILE_CHOICE_AUTO)
    return;
  char text[320];
  snprintf(text, sizeof text, "stream-k: asked for, not split: %s", why);
  tileOpSetStrAttr(kernel, "tile.stream_k_why", text);
}

/* Whether the kernel's bool attribute `name` is true. */
static bool kernelSays(MlirOperation kernel, const char *name) {
  MlirAttribute a = tileOpAttr(kernel, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}

typedef struct {
  MlirOperation kernel;
  bool all; /* every op marked tile.tma has a tensor map */
} MapsWalk;

static MlirWalkResult everyTmaOpMapped(MlirOperation op, void *userData) {
  MapsWalk *w = userData;
  if ((tileOpIsNamed(op, "tile.load") || tileOpIsNamed(op, "tile.store")) &&
      !mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) &&
      tileTmaMapOf(w->kernel, op) < 0)
    w->all = false;
  return MlirWalkResultAdvance;
}

/* Whether the last TMA loop of the kernel's body before `load` copies a
 * tile of the same memref and type (TileToGPU then checks the layouts). */
static bool trailsTmaLoop(MlirOperation load) {
  MlirOperation loop = {NULL};
  for (MlirOperation op =
           mlirBlockGetFirstOperation(mlirOperationGetBlock(load));
       !mlirOperationEqual(op, load); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "scf.for") && hasTmaLoad(op))
      loop = op;
  if (mlirOperationIsNull(loop))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirType type = mlirValueGetType(mlirOperationGetResult(load, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "tile.load") &&
        !mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) &&
        mlirValueEqual(mlirOperationGetOperand(op, 0),
                       mlirOperationGetOperand(load, 0)) &&
        mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), type))
      return true;
  return false;
}

/* Producer loads (TileToGPU's lib/Conversion/Pipeline/ProducerLoads.c):
 * a tile.load of the kernel's body whose tile the dots of its TMA loops
 * read as an invariant operand from shared memory (attention's Q), or
 * that follows the last TMA loop as a tile of one of its loads and is
 * read by dots outside loops (the rotated attention loop's last V), at
 * offsets the producer can compute, from a memref the program never
 * writes, is marked tile.producer_load (and tile.tma, for its tensor
 * map): the producer warpgroup copies it by TMA, beside the loop's first
 * stages or as one more iteration of the loop, instead of the kernel's
 * warps loading it into registers and storing it to shared memory. Its
 * buffer is the invariant operand's or a stage, so the stage count does
 * not change. Not in persistent, stream-K, multicast or CTA-pair kernels,
 * whose producers run differently. producer-loads=false: none. */
static void markProducerLoads(MlirOperation kernel) {
  if (tileKernelProducerWarps(kernel) == 0 || tileKernelPersistent(kernel) ||
      kernelSays(kernel, "tile.stream_k") ||
      kernelSays(kernel, "tile.multicast") ||
      kernelSays(kernel, "tile.cta_pairs"))
    return;
  MlirContext ctx = mlirOperationGetContext(kernel);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirOperation dots[TILE_MMA_MAX_LOAD_DOTS];
    int operand;
    TileSmemLayout s;
    /* (The copy reads through the async proxy: a memref the program
     * writes would need its writes fenced for it.) */
    if (!tileOpIsNamed(op, "tile.load") ||
        !mlirAttributeIsNull(tileOpAttr(op, "tile.tma")) ||
        tileTmaPlainBox(op) || !tileTmaCanCopy(op, NULL) ||
        tileMemrefIsWritten(mlirOperationGetOperand(op, 0)))
      continue;
    bool ok = true;
    for (intptr_t i = 1; ok && i < mlirOperationGetNumOperands(op); ++i)
      ok = tileIsProgramScalar(kernel, mlirOperationGetOperand(op, i));
    int n = tileMmaLoadDots(op, dots, TILE_MMA_MAX_LOAD_DOTS, &operand, &s);
    /* Read in TMA loops (an invariant operand), or after them by dots of
     * the body, the same tile as a load of the last loop before it (a
     * trailing load: the rotated attention loop's last V). */
    bool inLoops = true, after = n > 0 && trailsTmaLoop(op);
    for (int i = 0; ok && i < n; ++i) {
      MlirOperation loop = mlirOperationGetParentOperation(dots[i]);
      inLoops = inLoops && tileOpIsNamed(loop, "scf.for") &&
                mlirBlockEqual(mlirOperationGetBlock(loop), body) &&
                hasTmaLoad(loop);
      after = after && mlirOperationEqual(loop, kernel);
    }
    if (!ok || n == 0 || !(inLoops || after))
      continue;
    mlirOperationSetAttributeByName(op, tileStr("tile.tma"),
                                    mlirUnitAttrGet(ctx));
    mlirOperationSetAttributeByName(op, tileStr("tile.producer_load"),
                                    mlirUnitAttrGet(ctx));
    /* Its tensor map must not push a loop's load past the kernel's last
     * map (tileTmaMaps): then it stays as it was. */
    MapsWalk w = {kernel, true};
    mlirOperationWalk(kernel, everyTmaOpMapped, &w, MlirWalkPreOrder);
    if (!w.all) {
      mlirOperationRemoveAttributeByName(op, tileStr("tile.tma"));
      mlirOperationRemoveAttributeByName(op, tileStr("tile.producer_load"));
    }
  }
}

static MlirWalkResult pipelineKernel(MlirOperation op, void *userData) {
  const PipelineOptions *o = userData;
  if (!tileOpIsKernel(op))
    return MlirWalkResultAdvance;
  PipelineState st = {tileKernelNumStages(op, o->numStages), o->tma,
                      tileKernelNumWarps(op, 0), o->chip,
                      tileKernelBlocksPerSm(op, o->blocksPerSm)};
  if (st.blocks > 1)
    mlirOperationSetAttributeByName(
        op, tileStr("tile.blocks_per_sm"),
        tileI32Attr(mlirOperationGetContext(op), st.blocks));
  /* Before the loops: auto's stages leave room for the boxes' buffer. */
  if (o->bulkReduce == TILE_CHOICE_ON && o->chip &&
      strcmp(o->chip, "sm_90a") == 0)
    mlirOperationWalk(op, markReduce, NULL, MlirWalkPreOrder);
  if (st.stages == 0 || st.stages >= 2)
    mlirOperationWalk(op, markLoops, &st, MlirWalkPostOrder);
  if (o->tma) {
    mlirOperationWalk(op, markStores, NULL, MlirWalkPreOrder);
    markWarpSpecialized(op, o->warpSpecialize, &st,
                        o->blocksPerSm > 0 || !mlirAttributeIsNull(tileOpAttr(
                                                  op, "tile.blocks_per_sm")));
    if (strcmp(o->chip, "sm_90a") == 0 &&
        !mlirAttributeIsNull(tileOpAttr(op, "tile.producer_warps")))
      mlirOperationWalk(op, joinRowBoxes, &st, MlirWalkPreOrder);
    markPersistent(op, o->persistent);
    if (tileChipHasTcgen05(o->chip))
      markCtaPairs(op, o->chip, o->ctaPairs);
    markMulticast(op, o->chip, o->multicast);
    markStreamK(op, o->chip, o->streamK);
    if (strcmp(o->chip, "sm_90a") == 0 && o->producerLoads != TILE_CHOICE_OFF)
      markProducerLoads(op);
  }
  return MlirWalkResultSkip;
}

MlirLogicalResult tilePipeline(MlirOperation op, int numStages, int blocksPerSm,
                               const char *chip, TileChoice ws,
                               TileChoice persistent, TileChoice ctaPairs,
                               TileChoice multicast, TileChoice bulkReduce,
                               TileChoice streamK, TileChoice producerLoads) {
  /* Bulk tensor copies on Hopper and Blackwell (whose dots read them as
   * wgmma's do, tileTcgen05For). */
  bool tma = chip && (strcmp(chip, "sm_90a") == 0 || tileChipHasTcgen05(chip));
  PipelineOptions o = {.numStages = numStages,
                       .blocksPerSm = blocksPerSm,
                       .tma = tma,
                       .warpSpecialize = ws,
                       .persistent = persistent,
                       .ctaPairs = ctaPairs,
                       .multicast = multicast,
                       .bulkReduce = bulkReduce,
                       .chip = chip,
                       .streamK = streamK,
                       .producerLoads = producerLoads};
  mlirOperationWalk(op, pipelineKernel, &o, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
