/* Software-pipelined scf.for loops for TileToGPU; see GpuPipeline.c. */
#ifndef TILE_CONVERSION_GPUPIPELINE_H
#define TILE_CONVERSION_GPUPIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/Conversion/TileToGPU/GpuOps.h"

enum {
  GPU_PIPELINE_MAX_LOADS = 4,
  GPU_PIPELINE_MAX_INVARIANT = 4,
  GPU_PIPELINE_MAX_OUTER = 16
};

/* A dot operand of the loop's body defined before the loop (attention's
 * Q): its registers are written to shared memory once, before the loop,
 * in the layout the dot reads, instead of once per iteration. */
typedef struct {
  MlirOperation dot;
  int operand; /* 0: A, 1: B */
  TileSmemLayout layout;
  int64_t offset; /* bytes into the pipeline's region */
} GpuInvariantOperand;

typedef struct {
  int stages;
  int numLoads;
  MlirOperation loads[GPU_PIPELINE_MAX_LOADS]; /* the tile.async_copy loads */
  int64_t offset[GPU_PIPELINE_MAX_LOADS];      /* bytes into a stage */
  /* Gathers staged through shared memory (tile.gather marked
   * tile.async_copy; a loop has these or loads, not both): each thread
   * copies its own 16-byte groups (gpuGatherCopies) and reads them back
   * itself, so no barrier orders the stages, and the copies hold no
   * registers while they are in flight. The ops their indices are
   * computed from are lowered again for the iteration they copy. */
  int numGathers;
  MlirOperation gathers[GPU_PIPELINE_MAX_LOADS];
  int64_t gatherOffset[GPU_PIPELINE_MAX_LOADS]; /* bytes into a stage */
  int64_t stageBytes;
  /* A dot reads the buffers with wgmma (the async proxy): stages and
   * buffers start at multiples of 1024 bytes, and each wait is followed by
   * a proxy fence. */
  bool asyncProxyReads;
  /* The loop's wgmma dots accumulate into an iter_arg they yield: each
   * leaves its group in flight (wgmma.wait_group 1), so it runs while the
   * next iteration waits and issues its copies; the copies then run
   * lookahead = S-2 iterations ahead (the buffer of the dot in flight is
   * not overwritten), and the loop ends with wait_group 0. Otherwise the
   * dots wait for their own group and lookahead = S-1. */
  bool wgmmaInFlight;
  int lookahead;
  /* Bulk tensor copies (the loads are marked tile.tma, lib/Analysis/Tma.h):
   * one thread issues each stage's copies, whose bytes complete the
   * stage's mbarrier; every thread waits on it. mapIndex: each load's
   * tensor map (GpuLowering.tmaMaps). */
  bool tma;
  int mapIndex[GPU_PIPELINE_MAX_LOADS];
  int64_t txBytes; /* one stage's bytes */
  int numInvariant;
  GpuInvariantOperand invariant[GPU_PIPELINE_MAX_INVARIANT];
  int64_t bytes; /* the whole region: the stages, then the invariants */
  MlirBlock body; /* of the kernel's loop */
  MlirValue iv;   /* its induction variable */
  /* Warp specialization (GpuLowering.producerWarps, with TMA): the
   * producer warp issues every iteration's copies into its stage once the
   * kernel's warps released it (a second mbarrier per stage, one arrival
   * per warp), so the kernel's warps only wait for their tiles. The
   * producer computes the loop's bounds and the values from before the
   * loop that the loads' offsets use (`outer`: program scalars) itself.
   * wsLoop: the loop's entry in GpuLowering.wsLoops. */
  bool warpSpecialized;
  int wsLoop;
  int64_t barrierBase; /* the loop's mbarriers: bytes into their buffer */
  int numOuter;
  MlirValue outer[GPU_PIPELINE_MAX_OUTER]; /* kernel values */
} GpuPipeline;

/* One 16-byte cp.async (.cg: through L2 only) from global `src` to shared
 * `dst`; `srcBytes` (an i32, or a null value for all 16) of them are
 * read, the rest filled with zeros. */
void gpuCpAsync16(TileBuilder *b, MlirValue dst, MlirValue src,
                  MlirValue srcBytes);

/* Whether this entry pipelines `loop` (marked by tile-pipeline; the aligned
 * entry only, with every marked load's column offset a multiple of its
 * 16-byte group), and how. */
bool gpuPipelinePlan(const GpuLowering *g, MlirOperation loop,
                     GpuPipeline *p);
/* The shared memory the kernel's pipelined loops need (the largest). */
int64_t gpuPipelineBytes(const GpuLowering *g, MlirOperation kernel);

/* At the entry of a kernel with a producer warpgroup, before the warps
 * part (every thread of the block is there): thread 0 sets up the
 * mbarriers of each warp-specialized loop, then a barrier of the whole
 * block. */
void gpuPipelineSetUpProducer(GpuLowering *g, TileBuilder *b);
/* A tile.load the producer copies (ProducerLoads.c): its result mapped
 * to the buffer the copy lands in; false for any other op. */
bool gpuProducerLoadMap(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* Before the loop: the copies of the first `lookahead` iterations. */
bool gpuPipelinePrologue(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirValue lb, MlirValue ub, MlirValue step);
/* At the top of the lowered body (iv: its induction variable): wait for
 * this iteration's tiles, request those `lookahead` iterations ahead, and
 * map the marked loads to their shared-memory buffers. */
bool gpuPipelineIteration(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                          MlirValue iv, MlirValue lb, MlirValue ub,
                          MlirValue step);
/* At the end of the lowered body: with warp specialization, each warp
 * releases the stage it is done with (this iteration's, or with
 * wgmmaInFlight the previous one's). */
void gpuPipelineIterationEnd(GpuLowering *g, TileBuilder *b,
                             const GpuPipeline *p, MlirValue iv, MlirValue lb,
                             MlirValue step);
/* After the loop: no copy left in flight; with wgmmaInFlight, no wgmma
 * either, and the loop's results (`results`, its tiles) are pinned after
 * that wait. */
void gpuPipelineEpilogue(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                         MlirOperation loop, MlirValue lb, MlirValue ub,
                         MlirValue step);

#endif
