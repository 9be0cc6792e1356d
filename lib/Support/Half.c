/* f16/bf16 <-> f32 bit conversions (round to nearest even). */
#include "lib/Support/Half.h"

#include <string.h>

uint32_t tileF32Bits(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  return x;
}

float tileF32FromBits(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

uint16_t tileF32ToF16(float f) {
  uint32_t x = tileF32Bits(f);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  uint32_t exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
  if (exp == 0xff) /* Inf, or NaN kept quiet with the payload's top bits */
    return (uint16_t)(sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0));
  int e = (int)exp - 127 + 15;
  if (e >= 31)
    return (uint16_t)(sign | 0x7c00u);
  if (e <= 0) {
    /* Subnormal half: value = m * 2^-24. Below 2^-25 everything rounds to 0
     * (exactly 2^-25 is a tie and goes to the even 0). */
    if (e < -10)
      return sign;
    uint32_t full = man | 0x800000u;
    unsigned shift = (unsigned)(14 - e);
    uint32_t h = full >> shift, rem = full & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
      ++h; /* may carry into the smallest normal, which is right */
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
    ++h; /* a carry out of the mantissa bumps the exponent, up to Inf */
  return (uint16_t)(sign | h);
}

float tileF16ToF32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0x1f)
    return tileF32FromBits(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    if (man == 0)
      return tileF32FromBits(sign);
    /* Normalize the subnormal: shift until the implicit bit appears. */
    int e = -14;
    while (!(man & 0x400u)) {
      man <<= 1;
      --e;
    }
    man &= 0x3ffu;
    return tileF32FromBits(sign | ((uint32_t)(e + 127) << 23) | (man << 13));
  }
  return tileF32FromBits(sign | ((exp - 15 + 127) << 23) | (man << 13));
}

uint16_t tileF32ToBF16(float f) {
  uint32_t x = tileF32Bits(f);
  if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu))
    return (uint16_t)((x >> 16) | 0x40u); /* quiet NaN, never rounds to Inf */
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

float tileBF16ToF32(uint16_t h) { return tileF32FromBits((uint32_t)h << 16); }

/* The f64 bits `x` rounded to a binary format of `manBits` stored mantissa
 * bits and `expBits` exponent bits (bias 2^(expBits-1) - 1), to nearest,
 * ties to even. */
static uint16_t roundF64Bits(uint64_t x, int manBits, int expBits) {
  uint16_t sign = (uint16_t)((x >> 63) << (manBits + expBits));
  uint64_t inf = (((uint64_t)1 << expBits) - 1) << manBits;
  int e64 = (int)((x >> 52) & 0x7ff);
  uint64_t man = x & (((uint64_t)1 << 52) - 1);
  if (e64 == 0x7ff) /* Inf, or NaN kept quiet with the payload's top bits */
    return (uint16_t)(sign | inf |
                      (man ? ((uint64_t)1 << (manBits - 1)) |
                                 (man >> (52 - manBits))
                           : 0));
  if (e64 == 0) /* zero, or an f64 subnormal: far below half of any result */
    return sign;
  int bias = (1 << (expBits - 1)) - 1;
  int e = e64 - 1023 + bias; /* the result's biased exponent */
  uint64_t full = man | ((uint64_t)1 << 52);
  int shift = 52 - manBits;
  if (e <= 0) { /* a subnormal result: its quantum is that of exponent 1 */
    shift += 1 - e;
    e = 0;
  }
  if (shift > 54) /* below half the smallest subnormal */
    return sign;
  uint64_t q = full >> shift, rem = full & (((uint64_t)1 << shift) - 1);
  uint64_t half = (uint64_t)1 << (shift - 1);
  if (rem > half || (rem == half && (q & 1)))
    ++q;
  /* A normal q holds the implicit bit, so adding it to exponent e - 1
   * carries a rounded-up mantissa into the exponent; a subnormal's q is
   * its code (2^manBits being the smallest normal's). */
  uint64_t bits = e > 0 ? ((uint64_t)(e - 1) << manBits) + q : q;
  return (uint16_t)(sign | (bits >= inf ? inf : bits));
}

static uint64_t f64Bits(double d) {
  uint64_t x;
  memcpy(&x, &d, sizeof x);
  return x;
}

uint16_t tileF64ToF16(double d) { return roundF64Bits(f64Bits(d), 10, 5); }

uint16_t tileF64ToBF16(double d) { return roundF64Bits(f64Bits(d), 7, 8); }
