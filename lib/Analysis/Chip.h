/* What tile knows of a chip ("sm_80", "sm_90a", ...) that decides code:
 * the shared memory a block may use. */
#ifndef TILE_ANALYSIS_CHIP_H
#define TILE_ANALYSIS_CHIP_H

#include <stdint.h>

#include "mlir-c/IR.h"

/* Shared memory one block may use on `chip`: the opt-in limit of dynamic
 * shared memory (CUDA programming guide, "technical specifications per
 * compute capability"); 48 KiB for chips it does not know. The launcher
 * opts in above 48 KiB. */
int64_t tileChipSharedBytes(const char *chip);

/* Shared memory each block may use when `blocks` of them share an SM:
 * the SM's (one block's limit and the 1 KiB the hardware keeps for each
 * block) split evenly, less that 1 KiB. On sm_90a two blocks get 113 KiB
 * each, three 75 KiB. */
int64_t tileChipSharedBytesPerBlock(const char *chip, int blocks);

/* The blocks a kernel asks to share an SM: tile.blocks_per_sm, else
 * `fallback` when > 0, else 1 (the blocks-per-sm option, Options.h). */
int tileKernelBlocksPerSm(MlirOperation kernel, int fallback);

#endif
