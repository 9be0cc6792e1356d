/* What tile knows of a chip ("sm_80", "sm_90a", ...) that decides code:
 * the shared memory a block may use. */
#ifndef TILE_ANALYSIS_CHIP_H
#define TILE_ANALYSIS_CHIP_H

#include <stdint.h>

/* Shared memory one block may use on `chip`: the opt-in limit of dynamic
 * shared memory (CUDA programming guide, "technical specifications per
 * compute capability"); 48 KiB for chips it does not know. The launcher
 * opts in above 48 KiB. */
int64_t tileChipSharedBytes(const char *chip);

#endif
