/* tile-order-programs: the programs that run longest start first. A
 * kernel whose loops run more iterations at one end of program axis 0 or
 * 1 than at the other (ProgramWork.h: causal attention, whose query block
 * i runs i + 1 key blocks) gets
 *   tile.program_order = {axis = A : i32, reversed = R}
 * and TileToGPU numbers its blocks by that: the blocks the GPU launches
 * first (blockIdx.x fastest, then .y) run axis A's heaviest programs,
 * every program of the other axis before the next of A, so the last wave
 * runs the lightest. Which block runs which program is the spec's to
 * leave open (docs/dialect.md: programs run in no order), so results do
 * not change. The decision is said in tile.program_order_why, which
 * TileToGPU reports as a remark. program-order=launch leaves the blocks
 * in launch order. */
#ifndef TILE_TRANSFORMS_ORDERPROGRAMS_H
#define TILE_TRANSFORMS_ORDERPROGRAMS_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* Decides for the kernels at or under `op`; returns how many it
 * reordered. */
int tileOrderPrograms(MlirOperation op, bool launchOrder);

#endif
