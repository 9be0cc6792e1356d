/* f16 (IEEE binary16) and bf16 conversions, written out so every machine
 * rounds the same way: float -> half rounds to nearest, ties to even;
 * overflow gives Inf; NaN stays a (quiet) NaN with its sign. */
#ifndef TILE_SUPPORT_HALF_H
#define TILE_SUPPORT_HALF_H

#include <stdint.h>

/* An f32's bit pattern, and the f32 of one (memcpy: no aliasing rules
 * broken); the f16, bf16 and f8 conversions work on them. */
uint32_t tileF32Bits(float f);
float tileF32FromBits(uint32_t x);
uint16_t tileF32ToF16(float f);
float tileF16ToF32(uint16_t h);
uint16_t tileF32ToBF16(float f);
float tileBF16ToF32(uint16_t h);
/* An f64 rounded to f16 or bf16 once (nearest, ties to even; overflow to
 * Inf, NaN quiet with its sign): not through f32, which would round twice
 * (1 + 2^-11 + 2^-30 is 1 + 2^-10 in f16, but 1 after f32). */
uint16_t tileF64ToF16(double d);
uint16_t tileF64ToBF16(double d);

#endif
