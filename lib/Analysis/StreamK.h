/* Stream-K (tile-pipeline's stream-k, TileToGPU's GpuStreamK.c): the
 * programs of a launch's last wave, when it would leave half of the
 * blocks or more idle, run split along the kernel's loop of dots into
 * parts, each on a block of its own; the part that finishes last adds the
 * others' partial sums (through a workspace in global memory) in a fixed
 * order and runs the code after the loop.
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
 * And the launch must be free to add blocks: programs along axis 0 only,
 * one program a block (not persistent, no clusters of CTA pairs or TMA
 * multicast), and accumulators in registers (not tcgen05's tensor
 * memory). */
#ifndef TILE_ANALYSIS_STREAMK_H
#define TILE_ANALYSIS_STREAMK_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* The loop of `kernel` (compiled for `chip`) that stream-K splits, or
 * false with *why (a static sentence fragment) saying what stands in the
 * way. */
bool tileStreamKFor(MlirOperation kernel, const char *chip, MlirOperation *loop,
                    const char **why);

/* tile.stream_k = true on the kernel (set by tile-pipeline). */
bool tileKernelStreamK(MlirOperation kernel);

#endif
