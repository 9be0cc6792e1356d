/* TMA multicast on Hopper: programs 2i and 2i + 1 along axis 0 run as a
 * cluster of two CTAs, and where the two read the same B in their
 * warp-specialized loop, each CTA's producer copies half of B's column
 * blocks into both CTAs' shared memory with one multicast copy: B crosses
 * L2 once for the pair (docs/gpu.md, "TMA multicast"). Whether the two
 * programs read the same B is decided as they start, by comparing the
 * values B's offsets and the loop's bounds are computed from
 * (GpuLowering.multicast): a kernel may pair its programs in any order,
 * and a pair that does not share B loads it as before. */
#ifndef TILE_ANALYSIS_MULTICAST_H
#define TILE_ANALYSIS_MULTICAST_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* Whether `kernel` (after tile-pipeline's other marks) can multicast:
 * chip sm_90a; a producer warpgroup (tile.producer_warps), not persistent,
 * no CTA pairs; exactly one loop of the kernel's body pipelined with TMA
 * (tile.num_stages, loads tile.tma), holding a tile.dot whose B is one of
 * the loop's TMA loads stored [K][N] in an even number (2 or more) of
 * column blocks. On success *b is that load; otherwise false with the
 * reason in *why. */
bool tileMulticastFor(MlirOperation kernel, const char *chip, MlirOperation *b,
                      const char **why);

/* Whether tile-pipeline gave the kernel TMA multicast (tile.multicast =
 * true; its B load then carries tile.multicast too). */
bool tileKernelMulticast(MlirOperation kernel);
bool tileLoadMulticast(MlirOperation load);

#endif
