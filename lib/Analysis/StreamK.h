/* Stream-K for a persistent kernel (tile-pipeline's stream-k, TileToGPU's
 * GpuStreamK.c): the programs of the launch's last wave, when it would
 * leave at least half of the blocks idle, are split along the kernel's
 * loop of dots into parts that the idle blocks run at once; the block of
 * each program's first part waits for the others' partial sums (through
 * a workspace in global memory), adds them in a fixed order and runs the
 * code after the loop.
 *
 * That is the same kernel only when every part computes a share of the
 * loop's results that the shares sum to, and the code around the loop
 * may run once per part:
 *   - the loop (scf.for) lies in the kernel's body itself, and it is the
 *     only loop there that holds a tile.dot;
 *   - each of its iter_args is an f32 tile that starts at a constant 0
 *     and is yielded through a chain of tile.dots accumulating into it
 *     (the dot's third operand) and nothing else, so a part's results
 *     are the sums of its own iterations;
 *   - nothing before the loop, nor in it, writes memory or prints (a
 *     part runs what comes before the loop again).
 * Code after the loop runs once, in the block holding the first part. */
#ifndef TILE_ANALYSIS_STREAMK_H
#define TILE_ANALYSIS_STREAMK_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* The loop of `kernel` stream-K splits, or false with *why (a sentence
 * fragment, static) saying what stands in the way. */
bool tileStreamKLoop(MlirOperation kernel, MlirOperation *loop,
                     const char **why);

/* tile.stream_k = true on the kernel (set by tile-pipeline). */
bool tileKernelStreamK(MlirOperation kernel);

#endif
