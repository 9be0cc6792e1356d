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
