/* Philox-4x32 with 10 rounds (Salmon et al., "Parallel random numbers: as
 * easy as 1, 2, 3", SC'11), built from arith ops on i32 scalars, for the
 * lowerings of tile.randint and tile.rand (docs/dialect.md, "v2"): key (low,
 * high word of the seed), counter (offset, 0, 0, 0), the first output word,
 * which is Triton's tl.randint stream. The products' high halves are
 * (zext x * m) >> 32, which NVPTX selects as mul.hi.u32. Both lowerings
 * (GpuRandom.c, CpuRandom.c) build it from here, so they give the same
 * bits. */
#ifndef TILE_CONVERSION_PHILOX_H
#define TILE_CONVERSION_PHILOX_H

#include "lib/IR/Build.h"

/* The key words of an i64 seed. */
void tilePhiloxKey(TileBuilder *b, MlirValue seed, MlirValue *k0,
                   MlirValue *k1);
/* Word 0 of Philox-4x32-10 at counter (c0, 0, 0, 0), key (k0, k1). */
MlirValue tilePhiloxWord0(TileBuilder *b, MlirValue c0, MlirValue k0,
                          MlirValue k1);
/* tl.rand's map of a word to [0, 1): as i32 x, x >= 0 ? x : -x - 1 (that
 * is ~x), times 4.6566127342e-10 in f32. */
MlirValue tilePhiloxUniform(TileBuilder *b, MlirValue word);

#endif
