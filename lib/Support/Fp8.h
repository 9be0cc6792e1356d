/* fp8 conversions, written out like Half.h's so every machine rounds the
 * same way, and the way a kernel's arith.truncf/extf do (docs/numerics.md,
 * "Casts"): f32 -> f8 rounds to nearest, ties to even; finite values beyond
 * the largest and infinities saturate to it (±448 for e4m3, ±57344 for
 * e5m2, PTX cvt.rn.satfinite); NaN gives the NaN code 0x7F with the sign.
 * f8 -> f32 is exact; an f8 NaN gives a quiet f32 NaN with its sign.
 * e4m3 is MLIR's f8E4M3FN (no infinities), e5m2 its f8E5M2. */
#ifndef TILE_SUPPORT_FP8_H
#define TILE_SUPPORT_FP8_H

#include <stdint.h>

uint8_t tileF32ToF8E4M3(float f);
float tileF8E4M3ToF32(uint8_t b);
uint8_t tileF32ToF8E5M2(float f);
float tileF8E5M2ToF32(uint8_t b);
/* An f64 rounded to f8 once, by the same rule (through f32 rounded to
 * odd, which keeps every bit a second rounding needs: 1 + 2^-4 + 2^-30 is
 * 1.125 in e4m3, where through f32 rounded to nearest it would be 1). */
uint8_t tileF64ToF8E4M3(double d);
uint8_t tileF64ToF8E5M2(double d);

#endif
