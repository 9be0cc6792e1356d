/* --target cuda: runs a compiled package on a GPU through the public
 * runtime API (tile-c/Runtime.h) with the session's arguments: uploads
 * each memref, launches and waits, copies every memref back into the
 * session, and prints what ran and, with --bench, its timing:
 *   @vecadd on cuda (NVIDIA H100 80GB HBM3, sm_90): grid 32x1x1, block 128, 0.011 ms
 *   bench: median 4.1 us, min 3.9 us, max 6.2 us (100 iterations after 10 warmup), 12.0 GB/s */
#ifndef TILE_RUN_GPURUN_H
#define TILE_RUN_GPURUN_H

#include "tile-c/Runtime.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

/* Checks --kernel, --chip and --num-warps (when given) against the package.
 * Returns an exit code. */
int gpuCheckPackage(const Options *o, const TileRuntimePackage *p);

/* Runs the package. Returns an exit code. */
int gpuRun(Session *s, const Options *o, const TileRuntimePackage *p);

#endif
