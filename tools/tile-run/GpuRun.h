/* --target cuda: runs a compiled package on GPU 0 with the session's
 * arguments (lib/Runtime/Launch), copying every memref back into the
 * session, and prints what ran and, with --bench, its timing:
 *   @vecadd on cuda (NVIDIA H100 80GB HBM3, sm_90): grid 32x1x1, block 128, 0.011 ms
 *   bench: median 4.1 us, min 3.9 us, max 6.2 us (100 iterations after 10 warmup), 12.0 GB/s */
#ifndef TILE_RUN_GPURUN_H
#define TILE_RUN_GPURUN_H

#include "lib/Runtime/Package.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

/* Checks --kernel, --chip and --num-warps (when given) against the package.
 * Returns an exit code. */
int gpuCheckPackage(const Options *o, const TilePackage *p);

/* Runs the package. Returns an exit code. */
int gpuRun(Session *s, const Options *o, const TilePackage *p);

#endif
