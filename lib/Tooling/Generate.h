/* Deterministic input generators for tile-run, from specs such as
 *   randn:4096x4096xf16:seed=1   normal(0, 1)
 *   rand:128xf32:seed=3          uniform [0, 1)
 *   zeros:64x64xbf16   ones:8xi32   iota:1024xi32 (0, 1, 2, ...)
 * The PRNG (xoshiro256** seeded by splitmix64), Box-Muller, log, sin/cos and
 * the f16/bf16/f8 rounding are all our own IEEE-double code, so a seed gives
 * the same bytes on every machine. The default seed is 0. Values are computed
 * in double and rounded to f32, then (f16, bf16, f8) to the dtype, to nearest
 * even; f8 saturates at its largest finite value. */
#ifndef TILE_TOOLING_GENERATE_H
#define TILE_TOOLING_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"

/* A spec's parts, read without generating anything. */
typedef struct {
  const char *name;  /* "randn", "rand", ... (static) */
  TileDType dtype;
  int rank;
  int64_t shape[TILE_MAX_RANK];
  uint64_t seed;
} TileGenSpec;

/* Parses `spec` into *out: the syntax, the generator's dtype rules and the
 * size (elements and bytes must fit an int64), so a caller can weigh an
 * input before it is made. */
int tileGenerateParse(const char *spec, TileGenSpec *out, char *err,
                      size_t errSize);

/* Fills *out (a fresh array the caller destroys) from `spec`. */
int tileGenerate(const char *spec, TileHostArray *out, char *err, size_t errSize);

#endif
