/* The table of tile passes: pipeline names, descriptions, entry points. */
#include "lib/Passes/PassDef.h"

#include <string.h>

#include "dialect/Dialect.h"
#include "lib/Conversion/TileToCPU/TileToCPU.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "lib/Transforms/Canonicalize.h"
#include "lib/Transforms/Coalesce.h"
#include "lib/Transforms/CoissueDots.h"
#include "lib/Transforms/FoldExp.h"
#include "lib/Transforms/Numerics.h"
#include "lib/Transforms/OrderPrograms.h"
#include "lib/Transforms/OverlapSoftmax.h"
#include "lib/Transforms/Pipeline.h"
#include "lib/Transforms/PromoteSmem.h"
#include "lib/Transforms/SplitLoops.h"
#include "lib/Transforms/StripAsserts.h"
#include "lib/Transforms/WidenF8Dots.h"

static MlirLogicalResult runVerify(MlirOperation op,
                                   const TileOptions *options) {
  (void)options;
  return tileVerifyOp(op);
}

static MlirLogicalResult runCanonicalize(MlirOperation op,
                                         const TileOptions *options) {
  if (options->assertsOff)
    tileStripAsserts(op);
  return tileCanonicalize(op);
}

/* Lowers every function at or under `op` (kernels, and plain functions
 * computing on tiles, which tests use to pass tiles in). */
static MlirWalkResult lowerFunction(MlirOperation op, void *userData) {
  bool *ok = userData;
  if (tileOpIsNamed(op, "func.func") &&
      mlirLogicalResultIsFailure(tileLowerKernelToCPU(op)))
    *ok = false;
  return tileOpIsNamed(op, "func.func") ? MlirWalkResultSkip
                                        : MlirWalkResultAdvance;
}

static MlirLogicalResult runToCPU(MlirOperation op,
                                  const TileOptions *options) {
  if (options->assertsOff)
    tileStripAsserts(op);
  bool ok = true;
  mlirOperationWalk(op, lowerFunction, &ok, MlirWalkPreOrder);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static MlirLogicalResult runNumerics(MlirOperation op,
                                     const TileOptions *options) {
  return tileLegalizeNumerics(
      op,
      options->chip[0] ? tileNumericsGpuTarget(options->chip)
                       : TILE_NUMERICS_CPU,
      options->fastMath);
}

/* The chip whose tensor cores beyond mma.sync (wgmma, tcgen05) dots may
 * use: none with mma=sync. */
static const char *dotChip(const TileOptions *options) {
  return options->mma == TILE_GPU_MMA_SYNC ? NULL : options->chip;
}

static MlirLogicalResult runSplitLoops(MlirOperation op,
                                       const TileOptions *options) {
  if (!options->splitLoopsOff)
    tileSplitLoops(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult runOrderPrograms(MlirOperation op,
                                          const TileOptions *options) {
  tileOrderPrograms(op, options->launchOrder);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult runOverlapSoftmax(MlirOperation op,
                                           const TileOptions *options) {
  tileOverlapSoftmax(op, options->overlapSoftmax, dotChip(options),
                     options->numWarps);
  tileCoissueDots(op, options->overlapSoftmax, dotChip(options),
                  options->numWarps);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult runFoldExp(MlirOperation op,
                                    const TileOptions *options) {
  (void)options;
  tileFoldExp(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult runWidenF8Dots(MlirOperation op,
                                        const TileOptions *options) {
  return tileWidenF8Dots(op, options->numWarps, dotChip(options));
}

static MlirLogicalResult runCoalesce(MlirOperation op,
                                     const TileOptions *options) {
  return tileCoalesce(op, options->numWarps);
}

static MlirLogicalResult runAssignLayouts(MlirOperation op,
                                          const TileOptions *options) {
  return tileAssignLayouts(op, options->numWarps, dotChip(options));
}

static MlirLogicalResult runPromoteSmem(MlirOperation op,
                                        const TileOptions *options) {
  (void)options;
  return tilePromoteSmem(op);
}

static MlirLogicalResult runPipeline(MlirOperation op,
                                     const TileOptions *options) {
  return tilePipeline(op, options->numStages, options->blocksPerSm,
                      options->chip, options->warpSpecialize,
                      options->persistent, options->ctaPairs,
                      options->multicast, options->bulkReduce, options->streamK,
                      options->producerLoads);
}

const TilePassDef tilePassTable[] = {
    {"tile-verify",
     "check the tile dialect rules IRDL cannot state (shapes, types, ranks)",
     "", runVerify},
    {"tile-canonicalize",
     "fold tile shape ops and splats, drop unused side-effect-free tile ops; "
     "asserts=off: erase tile.assert and what only computed its condition",
     "asserts", runCanonicalize},
    {"tile-widen-f8-dots",
     "extend the operands of fp8 dots that wgmma or tcgen05 cannot run (no "
     "chip=sm_90a or sm_100a, B not K-major, ...) to f16, so they run as f16 "
     "dots (exact)",
     "num-warps chip mma", runWidenF8Dots},
    {"tile-numerics",
     "give arith/math ops docs/dialect.md's meaning at their edges (total "
     "integer division and shifts, saturating float-to-int, fp8 casts; "
     "without chip: the CPU's max/min with -0 < +0; with chip: division of "
     "i8-i32 tiles by a uniform divisor as a multiplication); fast-math=true "
     "adds afn everywhere",
     "chip fast-math", runNumerics},
    {"tile-split-loops",
     "split an scf.for whose masks (cmpi of tiles of its induction variable "
     "against invariant bounds) are constant on a prefix of its iterations "
     "into that prefix without the masks (tile.split = \"unmasked\") and "
     "the rest (\"masked\"); split-loops=false: leave loops whole",
     "split-loops", runSplitLoops},
    {"tile-order-programs",
     "start the programs whose loops run longest first: a kernel whose "
     "loops run at least twice the iterations at one end of program axis 0 "
     "or 1 as at the other (causal attention) gets tile.program_order = "
     "{axis, reversed}, by which the GPU's first blocks run the heaviest "
     "programs; program-order=launch: blocks in launch order",
     "program-order", runOrderPrograms},
    {"tile-overlap-softmax",
     "rotate a chained-dot loop (attention's) so that each iteration issues "
     "the previous one's P V beside its own scores and the softmax runs "
     "while the tensor cores do both (tile.defer_wait on the dots; the "
     "loop carries P; the results are the same bit for bit); in a loop of "
     "three or more dots it does not rotate (attention's backward), issue "
     "the first dot that reads no dot beside the first and defer the waits "
     "of both and of the dots the loop only carries; auto: loops whose "
     "dots run on wgmma (and, for the second, whose tiles fit 208 "
     "registers a thread)",
     "overlap-softmax chip num-warps mma", runOverlapSoftmax},
    {"tile-fold-exp",
     "reduce max/min of x * c (c finite, positive) as max(x) * c, also "
     "under a mask's select; an f32 exp with afn as exp2 with log2(e) "
     "folded into the multiply and the broadcast row that compute its "
     "argument (one ex2 of one fma); a loop's running maximum that only "
     "such exps read is carried in base 2; a loop of dots whose max reads "
     "a scale known at run time runs in two versions, the first taking "
     "the max unscaled where the scale is positive and finite",
     "", runFoldExp},
    {"tile-coalesce",
     "give loads blocked layouts reading 16 bytes per thread along the "
     "contiguous dimension",
     "num-warps", runCoalesce},
    {"tile-assign-layouts",
     "give every tile a layout, inserting tile.convert_layout where users "
     "disagree (chip=sm_90a: dots on wgmma where they can be; sm_100a: on "
     "tcgen05)",
     "num-warps chip mma", runAssignLayouts},
    {"tile-promote-smem",
     "choose each tensor-core dot's shared-memory staging layouts (swizzled; "
     "tile.smem_a and tile.smem_b on the dot)",
     "", runPromoteSmem},
    {"tile-pipeline",
     "mark scf.for loops whose loads feed tensor-core dots, or whose "
     "gathers of 16-byte groups have indices a later iteration can "
     "recompute, for software pipelining (tile.num_stages on the loop, "
     "tile.async_copy on the loads and gathers; "
     "chip=sm_90a or sm_100a: tile.tma where bulk tensor copies serve; "
     "blocks-per-sm=N (N > 1): tile.blocks_per_sm on the kernel, and "
     "num-stages=auto fits a block's share of the shared memory; "
     "warp-specialize=auto|true|false: tile.producer_warps on kernels a "
     "producer warpgroup can feed; auto: 8 or more warps and a loop of two or "
     "more dots; persistent=auto|true|false: tile.persistent on "
     "warp-specialized kernels whose blocks can run program after program; "
     "cta-pairs=auto|true|false: tile.cta_pairs on sm_100a kernels whose "
     "programs 2i, 2i+1 can share one tcgen05 MMA; auto: off; "
     "multicast=auto|true|false: tile.multicast on sm_90a warp-specialized "
     "kernels whose programs 2i, 2i+1 may copy B once for both by TMA "
     "multicast; auto: off; "
     "bulk-reduce=auto|true|false: tile.tma_reduce on sm_90a atomic adds "
     "of a whole box, through shared memory by one bulk tensor reduction; "
     "auto: off; "
     "stream-k=auto|true|false: tile.stream_k on kernels whose loop of "
     "dots a small last wave of programs may run split, each part on a "
     "block of its own; auto: on; "
     "producer-loads=auto|true|false: tile.producer_load on sm_90a loads "
     "before a warp-specialized loop whose dots read them from shared "
     "memory, or after it like one of its loads, copied by the producer by "
     "TMA; auto: on)",
     "num-stages blocks-per-sm chip warp-specialize persistent cta-pairs "
     "multicast "
     "bulk-reduce stream-k producer-loads",
     runPipeline},
    {"tile-to-cpu",
     "lower functions to tensor/scf/memref code, one call per program "
     "(six trailing index arguments: program id x, y, z and grid x, y, z); "
     "asserts=off: tile.assert erased first",
     "asserts", runToCPU},
    {0, 0, 0, 0},
};

const TilePassDef *tilePassFind(const char *name) {
  for (const TilePassDef *d = tilePassTable; d->name; ++d)
    if (strcmp(d->name, name) == 0)
      return d;
  return NULL;
}

/* tile-canonicalize runs twice: before the layouts and after them. */
const char *const tileGpuPassPipeline[] = {
    "tile-verify",       "tile-order-programs", "tile-widen-f8-dots",
    "tile-numerics",     "tile-overlap-softmax",
    "tile-split-loops",  "tile-fold-exp",       "tile-canonicalize",
    "tile-coalesce",     "tile-assign-layouts",
    "tile-canonicalize", "tile-promote-smem",   "tile-pipeline",
    NULL};

/* tile-split-loops first, so the CPU runs the loops the GPU runs;
 * tile-numerics after tile-to-cpu, so the reductions' combiners are
 * covered too. */
const char *const tileCpuPassPipeline[] = {"tile-overlap-softmax",
                                           "tile-split-loops", "tile-fold-exp",
                                           "tile-to-cpu", "tile-numerics",
                                           NULL};
