/* tile-assign-layouts: gives every tile in a kernel a distributed layout
 * (lib/Analysis/Layout.h) as its tensor encoding, starting from the loads'
 * layouts tile-coalesce recorded (Coalesce.h).
 *
 * In program order: a dot with a
 *   tensor-core instruction gets the mma layout (lib/Analysis/Mma.h; the
 *   dots of a chain put their warps along M; on sm_90a the wgmma form of
 *   it, instr_shape = [64, N], where tileWgmmaFor says so), and values shaped like its
 *   result follow it; elementwise ops take their first operand's layout,
 *   reductions give slices (of blocked or mma layouts), expand_dims and
 *   broadcast keep the parent layout, everything else gets the default;
 *   where an operand's layout differs from what its user needs, a
 *   tile.convert_layout is inserted. Splats and splat constants are copied
 *   into the layout each user needs instead (every register holds the same
 *   value, so a copy is free), and so is integer index math on tile.range
 *   and such values, up to 4 ops deep (a mask: a few integer ops per
 *   register instead of a round trip through shared memory).
 * Expects verified tile IR; leaves every tensor in kernels with a layout. */
#ifndef TILE_TRANSFORMS_ASSIGNLAYOUTS_H
#define TILE_TRANSFORMS_ASSIGNLAYOUTS_H

#include "mlir-c/IR.h"

/* The most elements of one tile a layout may put on a thread. */
#define TILE_MAX_REGS_PER_THREAD 1024

/* chip: the target ("sm_90a" puts dots that can on Hopper's wgmma;
 * NULL or "" on mma.sync, as for sm_80). */
MlirLogicalResult tileAssignLayouts(MlirOperation op, int numWarps,
                                    const char *chip);

/* The warps a kernel runs with: `tile.num_warps`, else `fallback`, else 4. */
int tileKernelNumWarps(MlirOperation kernel, int fallback);
/* The same for the kernel (func.func) that holds `op`. */
int tileEnclosingNumWarps(MlirOperation op, int fallback);
/* Whether tile value `v` is uniform: a tile.splat or a splat arith.constant
 * (each register holds the same scalar). */
bool tileValueIsUniform(MlirValue v);

#endif
