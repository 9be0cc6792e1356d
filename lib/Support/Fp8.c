/* f8 <-> f32 bit conversions, by the rule tile-numerics lowers extf and
 * truncf with (lib/Transforms/Numerics.c), so that host and kernel agree bit
 * for bit (test/tile-run/f8.test compares them). */
#include "lib/Support/Fp8.h"
#include "lib/Support/Half.h"

#include <string.h>

typedef struct {
  int mantissa, bias;
  uint32_t maxCode; /* the largest finite magnitude */
  int hasInf;       /* e5m2: exponent all ones is Inf or NaN */
} Format;

static const Format kE4M3 = {3, 7, 0x7E, 0};
static const Format kE5M2 = {2, 15, 0x7B, 1};


/* a >> shift, rounded to nearest even (0 < shift < 32). */
static uint32_t roundShift(uint32_t a, unsigned shift) {
  uint32_t kept = a >> shift, rem = a & ((1u << shift) - 1),
           half = 1u << (shift - 1);
  return kept + (rem > half || (rem == half && (kept & 1)));
}

static uint8_t fromF32(float f, const Format *fmt) {
  uint32_t x = tileF32Bits(f), a = x & 0x7FFFFFFFu;
  uint8_t sign = (uint8_t)((x >> 24) & 0x80u);
  if (a > 0x7F800000u)
    return sign | 0x7F;
  int m = fmt->mantissa;
  /* The largest finite value's bits; at or above it (Inf too) saturates. */
  uint32_t maxBits = ((fmt->maxCode >> m) - (uint32_t)fmt->bias + 127) << 23 |
                     (fmt->maxCode & ((1u << m) - 1)) << (23 - m);
  if (a >= maxBits)
    return sign | (uint8_t)fmt->maxCode;
  int e = (int)(a >> 23) - 127;
  if (e >= 1 - fmt->bias) {
    /* Normal: rebias and round the mantissa; a carry bumps the exponent,
     * never past the largest value since a is below it. */
    uint32_t rebased = a - ((uint32_t)(127 - fmt->bias) << 23);
    return sign | (uint8_t)roundShift(rebased, (unsigned)(23 - m));
  }
  /* Subnormal: the code is |x| * 2^(bias - 1 + M) rounded to an integer
   * (the smallest normal's code when it rounds up), and |x| is the mantissa
   * with its implicit bit times 2^(e - 23). Below half the smallest
   * subnormal, 2^(-bias - M), everything is 0, f32 subnormals included. */
  if (e < -fmt->bias - m)
    return sign;
  uint32_t full = (a & 0x7FFFFFu) | 0x800000u;
  return sign | (uint8_t)roundShift(full, (unsigned)(24 - fmt->bias - m - e));
}

static float toF32(uint8_t b, const Format *fmt) {
  int m = fmt->mantissa;
  uint32_t sign = (uint32_t)(b & 0x80u) << 24;
  uint32_t exp = (b & 0x7Fu) >> m, man = b & ((1u << m) - 1);
  uint32_t expMax = (1u << (7 - m)) - 1;
  if (fmt->hasInf ? exp == expMax : (b & 0x7Fu) == 0x7Fu) {
    if (fmt->hasInf && man == 0)
      return tileF32FromBits(sign | 0x7F800000u);
    return tileF32FromBits(sign | 0x7FC00000u);
  }
  if (exp == 0) { /* man * 2^(1 - bias - M), exact in f32 */
    float tiny =
        (float)man * tileF32FromBits((uint32_t)(127 + 1 - fmt->bias - m) << 23);
    return tileF32FromBits(sign | tileF32Bits(tiny));
  }
  return tileF32FromBits(sign | (exp - (uint32_t)fmt->bias + 127) << 23 |
                 man << (23 - m));
}

/* d rounded to f32 toward zero, then its last bit set where inexact
 * (round to odd): a later rounding to a format of 22 or fewer mantissa
 * bits then rounds as d would directly. NaN stays NaN; beyond f32's range
 * gives its largest finite value, which saturates in f8 as d would. */
static float f64ToF32Odd(double d) {
  float f = (float)d;
  if (d != d || (double)f == d)
    return f;
  uint32_t x = tileF32Bits(f);
  if (d > 0 ? (double)f > d : (double)f < d)
    --x; /* rounded away from zero: one step back toward it */
  return tileF32FromBits(x | 1u);
}

uint8_t tileF64ToF8E4M3(double d) { return fromF32(f64ToF32Odd(d), &kE4M3); }
uint8_t tileF64ToF8E5M2(double d) { return fromF32(f64ToF32Odd(d), &kE5M2); }

uint8_t tileF32ToF8E4M3(float f) { return fromF32(f, &kE4M3); }
float tileF8E4M3ToF32(uint8_t b) { return toF32(b, &kE4M3); }
uint8_t tileF32ToF8E5M2(float f) { return fromF32(f, &kE5M2); }
float tileF8E5M2ToF32(uint8_t b) { return toF32(b, &kE5M2); }
