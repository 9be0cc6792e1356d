/* The parts of TileToGPU's software pipelining, which GpuPipeline.c
 * drives, each in a file of its own: Plan.c (which loads a loop stages
 * and the shared memory it needs), CpAsync.c (cp.async copies and their
 * groups), Tma.c (bulk tensor copies and their mbarriers),
 * WarpSpecialize.c (the producer warpgroup). What one part calls in
 * another is declared here; nothing outside lib/Conversion/Pipeline
 * includes it. */
#ifndef TILE_CONVERSION_PIPELINE_PARTS_H
#define TILE_CONVERSION_PIPELINE_PARTS_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/Conversion/Pipeline/GpuPipeline.h"
#include "lib/IR/IR.h"

/* Bytes per cp.async copy. */
enum { CHUNK = 16 };

/* GpuPipeline.c: maps `op`'s result to a tile without registers that
 * lives at `smem` (TileToGPU's lowering of the op then finds it there). */
void pipeMapToShared(GpuLowering *g, MlirOperation op, MlirValue smem);

/* Plan.c */
int64_t pipeTileBytes(MlirOperation load);
bool pipeDotLayoutOf(MlirOperation load, TileSmemLayout *out);

/* CpAsync.c */
MlirValue pipeScalarAt(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                       MlirValue v, MlirValue iv, const MlirValue *handed);
MlirValue pipeByteGep(TileBuilder *b, MlirValue base, MlirValue offset);
MlirValue pipeBufferOf(TileBuilder *b, GpuLowering *g, const GpuPipeline *p,
                       int j, MlirValue stage);
bool pipeIssueCopies(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                     int j, MlirValue iv, MlirValue buffer);
void pipeCommitGroup(TileBuilder *b);
void pipeWaitGroups(TileBuilder *b, int pending);

/* Tma.c */
MlirValue pipeMbarrierOf(TileBuilder *b, GpuLowering *g, const GpuPipeline *p,
                         MlirValue slot);
void pipeLeaderOnly(TileBuilder *b, GpuLowering *g, MlirValue extra,
                    TileBuilder *then);
void pipeVoidOp(TileBuilder *b, const char *name, intptr_t n,
                const MlirValue *operands, intptr_t nAttrs,
                const TileNamedAttr *attrs);
bool pipeIssueTma(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                  MlirValue iv, MlirValue stage, const MlirValue *handed);
bool pipeIssueTmaIfInLoop(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                          MlirValue iv, MlirValue ub, MlirValue stage);
/* One bulk copy through tensor map `map` of column block `c` (from
 * `first`) of a tile laid out as `s` (`rows` rows; coordinates innermost
 * first, `rank` of them) into its place in `buffer`, completing on `bar`;
 * with `mask` (i16), multicast to the blocks it names. */
void pipeCopyColumnBlock(GpuLowering *g, TileBuilder *b, MlirValue map,
                         const TileSmemLayout *s, int64_t rows, int rank,
                         const MlirValue *coord, MlirValue first, int64_t c,
                         MlirValue buffer, MlirValue bar, MlirValue mask);
void pipeInitMbarrier(TileBuilder *b, MlirValue bar, int arrivals);
void pipeInitMbarriers(GpuLowering *g, TileBuilder *b, const GpuPipeline *p);
/* mayOversleep: the producer's waits for a released stage (a sleep hint). */
void pipeWaitParity(TileBuilder *b, MlirValue bar, MlirValue parity,
                    bool mayOversleep);
void pipeRemarkNoTma(GpuLowering *g, const GpuPipeline *p);

/* WarpSpecialize.c */
MlirValue pipeStartMbarrierOf(TileBuilder *b, GpuLowering *g,
                              const GpuPipeline *p);
MlirValue pipeEmptyMbarrierOf(TileBuilder *b, GpuLowering *g,
                              const GpuPipeline *p, MlirValue stage);
/* In the producer's first thread: from n = S on, waits until the
 * kernel's warps released `stage` (n % S), the stage of the block's
 * iteration n of loop p (phase n / S - 1 of its empty mbarrier). */
void pipeWaitReleased(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                      MlirValue n, MlirValue stage);
bool pipeWaitsForStart(const GpuLowering *g);
MlirValue pipeIterationOf(TileBuilder *b, MlirValue done, MlirValue iv,
                          MlirValue lb, MlirValue step);
bool pipeProduce(GpuLowering *g, const GpuPipeline *p);
void pipeReleaseStage(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                      MlirValue stage);
/* Thread 0 of the kernel's warps: the loop's buffers are free (in a
 * multicast kernel, in the partner block's start mbarrier too). */
void pipeArriveStart(GpuLowering *g, TileBuilder *b, const GpuPipeline *p);

/* ProducerLoads.c: which of the kernel's tile.producer_load loads the
 * producer serves, each given an mbarrier slot from *base (at the entry,
 * after the warp-specialized loops are set up); their mbarriers' setup in
 * the leader; the consumers' wait before loop p; the producer's copies
 * (in its first thread, before loop p's copies). */
void pipeFindProducerLoads(GpuLowering *g, int64_t *base);
void pipeInitProducerLoads(GpuLowering *g, TileBuilder *leader);
void pipeWaitProducerLoads(GpuLowering *g, TileBuilder *b,
                           const GpuPipeline *p);
bool pipeIssueProducerLoads(GpuLowering *g, TileBuilder *one,
                            const GpuPipeline *p, MlirValue program);
/* The trailing ones after loop p (in its producer's first thread, after
 * the loop's copies): as iteration n of the loop (n: the iterations the
 * block's producer issued, this run's included). */
bool pipeIssueTrailingLoads(GpuLowering *g, TileBuilder *one,
                            const GpuPipeline *p, MlirValue program,
                            MlirValue n);

/* GpuTmaStore.c: in the leader (pipeLeaderOnly), waits until at most
 * `pending` bulk copies or reductions still read shared memory (the TMA
 * stores' and GpuTmaReduce.c's buffers). */
void pipeWaitBulkReads(TileBuilder *b, int pending);

#endif
