/* Checks the host runtime (lib/Runtime): f16/bf16/f8 rounding, .npy reading and
 * writing against bytes numpy 2.4 wrote, the generators' determinism and
 * statistics, and the error message of every bad input. Exits 1 on any
 * failed check.
 *
 * RUN: ./tile-runtime-test 2>&1 | FileCheck %s
 * CHECK-NOT: FAIL
 * CHECK: all {{[0-9]+}} runtime checks passed
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Tooling/Args.h"
#include "lib/Support/Fp8.h"
#include "lib/Tooling/Generate.h"
#include "lib/Support/Half.h"
#include "lib/Support/HostArray.h"
#include "lib/Tooling/Npy.h"
#include "test/Runtime/TestCheck.h"

static char err[512];

/* Expects `rc` nonzero and the message to contain `want`. */
static void expectError(int rc, const char *want, int line) {
  ++checks;
  if (rc == 0 || !strstr(err, want)) {
    ++failures;
    printf("FAIL line %d: expected an error containing \"%s\", got rc=%d \"%s\"\n", line, want,
           rc, rc ? err : "");
  }
}
#define EXPECT_ERROR(call, want) (err[0] = '\0', expectError((call), (want), __LINE__))

static uint32_t f32bits(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  return x;
}

static float f32of(uint32_t x) {
  float f;
  memcpy(&f, &x, 4);
  return f;
}

/* ---- f16 / bf16 ---- */
static void testHalf(void) {
  CHECK(tileF32ToF16(1.0f) == 0x3C00, "1.0");
  CHECK(tileF32ToF16(-2.0f) == 0xC000, "-2.0");
  CHECK(tileF32ToF16(65504.0f) == 0x7BFF, "max f16");
  CHECK(tileF32ToF16(65519.0f) == 0x7BFF, "just below the rounding midpoint to inf");
  CHECK(tileF32ToF16(65520.0f) == 0x7C00, "midpoint 65520 ties to even: inf");
  CHECK(tileF32ToF16(1e6f) == 0x7C00, "overflow -> inf");
  CHECK(tileF32ToF16(-1e6f) == 0xFC00, "overflow -> -inf");
  CHECK(tileF32ToF16(1e-8f) == 0x0000, "1e-8 is below half the smallest subnormal");
  CHECK(tileF32ToF16(-1e-8f) == 0x8000, "-1e-8 -> -0");
  CHECK(tileF32ToF16(5e-8f) == 0x0001, "5e-8 -> smallest subnormal 2^-24");
  CHECK(tileF32ToF16(0x1p-25f) == 0x0000, "2^-25 ties to even 0");
  CHECK(tileF32ToF16(0x1.8p-25f) == 0x0001, "1.5*2^-25 rounds up");
  CHECK(tileF32ToF16(0x1p-24f * 3) == 0x0003, "subnormal 3*2^-24");
  CHECK(tileF32ToF16(0x1p-14f) == 0x0400, "smallest normal");
  CHECK(tileF32ToF16(0x1.ff8p-15f) == 0x03FF, "largest subnormal");
  CHECK(tileF32ToF16(0x1.ffcp-15f) == 0x0400, "largest subnormal + half ulp ties up into normal");
  CHECK(tileF32ToF16(1.0f + 0x1p-11f) == 0x3C00, "1 + half ulp ties to even (down)");
  CHECK(tileF32ToF16(1.0f + 3 * 0x1p-11f) == 0x3C02, "1 + 3 half ulps ties to even (up)");
  CHECK(tileF32ToF16(1.0f + 0x1p-11f + 0x1p-20f) == 0x3C01, "above the tie rounds up");
  CHECK(tileF32ToF16(INFINITY) == 0x7C00, "inf");
  CHECK(tileF32ToF16(-INFINITY) == 0xFC00, "-inf");
  uint16_t hn = tileF32ToF16(NAN);
  CHECK((hn & 0x7C00) == 0x7C00 && (hn & 0x3FF), "NaN stays NaN: %04x", hn);
  uint16_t hsnan = tileF32ToF16(f32of(0x7F800001u)); /* payload only in the low bits */
  CHECK((hsnan & 0x7C00) == 0x7C00 && (hsnan & 0x3FF), "signaling NaN stays NaN: %04x", hsnan);
  CHECK(tileF32ToF16(-0.0f) == 0x8000, "-0");

  CHECK(tileF16ToF32(0x3C00) == 1.0f, "f16 1.0");
  CHECK(tileF16ToF32(0x7BFF) == 65504.0f, "f16 max");
  CHECK(tileF16ToF32(0x0001) == 0x1p-24f, "f16 smallest subnormal");
  CHECK(tileF16ToF32(0x03FF) == 0x1.ff8p-15f, "f16 largest subnormal");
  CHECK(isinf(tileF16ToF32(0xFC00)) && tileF16ToF32(0xFC00) < 0, "f16 -inf");
  CHECK(isnan(tileF16ToF32(0x7E00)), "f16 NaN");
  /* Every finite f16 survives f16 -> f32 -> f16. */
  int bad = 0;
  for (uint32_t h = 0; h < 0x10000; ++h)
    if ((h & 0x7C00) != 0x7C00 && tileF32ToF16(tileF16ToF32((uint16_t)h)) != h)
      ++bad;
  CHECK(bad == 0, "%d f16 values do not round trip", bad);

  CHECK(tileF32ToBF16(1.0f) == 0x3F80, "bf16 1.0");
  CHECK(tileF32ToBF16(1.00390625f) == 0x3F80, "bf16 1+2^-8 ties to even (down)");
  CHECK(tileF32ToBF16(1.01171875f) == 0x3F82, "bf16 1+3*2^-8 ties to even (up)");
  CHECK(tileF32ToBF16(1.0f + 0x1p-8f + 0x1p-20f) == 0x3F81, "bf16 above the tie rounds up");
  CHECK(tileF32ToBF16(-3.0f) == 0xC040, "bf16 -3");
  CHECK(tileF32ToBF16(INFINITY) == 0x7F80, "bf16 inf");
  CHECK(tileF32ToBF16(-INFINITY) == 0xFF80, "bf16 -inf");
  CHECK(tileF32ToBF16(f32of(0x7F7FFFFFu)) == 0x7F80, "bf16 FLT_MAX rounds to inf");
  uint16_t bn = tileF32ToBF16(f32of(0x7F800001u));
  CHECK((bn & 0x7F80) == 0x7F80 && (bn & 0x7F), "bf16 NaN stays NaN (low payload): %04x", bn);
  CHECK(isnan(tileBF16ToF32(tileF32ToBF16(NAN))), "bf16 NaN round trip");
  CHECK(f32bits(tileBF16ToF32(0x3F80)) == 0x3F800000u, "bf16 -> f32");
}

/* ---- f8 ---- */

/* One f8 format, described by its bit fields; the expected values below come
 * from this description, never from the converters. */
typedef struct {
  const char *name;
  int expBits, manBits, bias, hasInf;
  double max;
  uint8_t (*fromF32)(float);
  float (*toF32)(uint8_t);
} F8Format;

static const F8Format kF8Formats[] = {
    {"e4m3", 4, 3, 7, 0, 448.0, tileF32ToF8E4M3, tileF8E4M3ToF32},
    {"e5m2", 5, 2, 15, 1, 57344.0, tileF32ToF8E5M2, tileF8E5M2ToF32},
};

static int f8IsNaN(const F8Format *f, unsigned c) {
  unsigned exp = (c >> f->manBits) & ((1u << f->expBits) - 1),
           man = c & ((1u << f->manBits) - 1);
  if (f->hasInf)
    return exp == (1u << f->expBits) - 1 && man != 0;
  return (c & 0x7F) == 0x7F;
}

/* The value of code c: (-1)^s * 2^(E - bias) * (1 + M/2^m), or
 * 2^(1 - bias) * M/2^m for E = 0; infinities where the format has them. */
static double f8Value(const F8Format *f, unsigned c) {
  unsigned exp = (c >> f->manBits) & ((1u << f->expBits) - 1),
           man = c & ((1u << f->manBits) - 1);
  double sign = c & 0x80 ? -1.0 : 1.0;
  if (f8IsNaN(f, c))
    return NAN;
  if (f->hasInf && exp == (1u << f->expBits) - 1)
    return sign * INFINITY;
  double frac = (double)man / (double)(1u << f->manBits);
  return exp == 0 ? sign * ldexp(frac, 1 - f->bias)
                  : sign * ldexp(1.0 + frac, (int)exp - f->bias);
}

static void testF8Format(const F8Format *f) {
  /* Every code extends exactly (signed zeros by their bits), and comes back. */
  int badExtend = 0, badBack = 0;
  for (unsigned c = 0; c < 256; ++c) {
    float v = f->toF32((uint8_t)c);
    double want = f8Value(f, c);
    if (isnan(want) ? !isnan(v) : (v != want || !signbit(v) != !signbit(want)))
      ++badExtend;
    unsigned back = f->fromF32(v);
    unsigned wantBack = f8IsNaN(f, c) ? (c & 0x80) | 0x7F : c;
    if (f->hasInf && isinf(want))
      wantBack = (c & 0x80) | 0x7B; /* satfinite: Inf saturates */
    if (back != wantBack)
      ++badBack;
  }
  CHECK(badExtend == 0, "%s: %d codes do not extend to their value", f->name,
        badExtend);
  CHECK(badBack == 0, "%s: %d codes do not come back from f32", f->name,
        badBack);

  /* Between neighbouring finite codes: the midpoint ties to the even code,
   * the floats just beside it go to the nearer code, in both signs. */
  int badRound = 0;
  for (unsigned c = 0; f8Value(f, c + 1) <= f->max; ++c) {
    float mid = (float)((f8Value(f, c) + f8Value(f, c + 1)) / 2); /* exact */
    unsigned even = c & 1 ? c + 1 : c;
    for (unsigned sign = 0; sign <= 0x80; sign += 0x80) {
      float m = sign ? -mid : mid;
      badRound += f->fromF32(m) != (sign | even);
      badRound += f->fromF32(nextafterf(m, 0.0f)) != (sign | c);
      badRound += f->fromF32(nextafterf(m, sign ? -INFINITY : INFINITY)) !=
                  (sign | (c + 1));
    }
  }
  CHECK(badRound == 0, "%s: %d roundings at midpoints are wrong", f->name,
        badRound);

  /* Saturation: the largest value, everything above it, and Inf. */
  uint8_t maxCode = f->hasInf ? 0x7B : 0x7E;
  float max = (float)f->max,
        ulp = (float)ldexp(1.0, (int)log2(f->max) - f->manBits);
  CHECK(f->fromF32(max) == maxCode, "%s: max", f->name);
  CHECK(f->fromF32(max + ulp / 2) == maxCode,
        "%s: the midpoint above max saturates", f->name);
  CHECK(f->fromF32(max + ulp) == maxCode, "%s: a step above max saturates",
        f->name);
  CHECK(f->fromF32(-4 * max) == (0x80 | maxCode), "%s: -4 max saturates",
        f->name);
  CHECK(f->fromF32(f32of(0x7F7FFFFFu)) == maxCode, "%s: FLT_MAX saturates",
        f->name);
  CHECK(f->fromF32(INFINITY) == maxCode, "%s: inf saturates", f->name);
  CHECK(f->fromF32(-INFINITY) == (0x80 | maxCode), "%s: -inf saturates",
        f->name);

  /* Subnormals, zeros and NaN. */
  float tiny = (float)ldexp(1.0, 1 - f->bias - f->manBits); /* code 1 */
  CHECK(f->fromF32(tiny) == 0x01 && f->fromF32(-tiny) == 0x81,
        "%s: smallest subnormal", f->name);
  CHECK(f->fromF32(tiny / 2) == 0x00,
        "%s: half the smallest subnormal ties to 0", f->name);
  CHECK(f->fromF32(-tiny / 2) == 0x80, "%s: -half the smallest ties to -0",
        f->name);
  CHECK(f->fromF32(nextafterf(tiny / 2, 1.0f)) == 0x01,
        "%s: above half rounds up", f->name);
  CHECK(f->fromF32(tiny * 3) == 0x03, "%s: subnormal 3", f->name);
  CHECK(f->fromF32(f32of(0x00000001u)) == 0x00 &&
            f->fromF32(f32of(0x80400000u)) == 0x80,
        "%s: f32 subnormals go to signed zero", f->name);
  CHECK(f->fromF32(0.0f) == 0x00 && f->fromF32(-0.0f) == 0x80,
        "%s: signed zeros", f->name);
  CHECK(f->toF32(0x00) == 0.0f && !signbit(f->toF32(0x00)) &&
            signbit(f->toF32(0x80)),
        "%s: zeros extend with their sign", f->name);
  CHECK(f->fromF32(NAN) == 0x7F && f->fromF32(-NAN) == 0xFF, "%s: NaN",
        f->name);
  CHECK(f->fromF32(f32of(0x7F800001u)) == 0x7F, "%s: signaling NaN stays NaN",
        f->name);
  CHECK(f->fromF32(1.0f) == (unsigned)(f->bias << f->manBits), "%s: 1.0",
        f->name);
}

/* f64 -> f8 rounds once: between every two neighbouring finite codes of
 * either sign, the midpoint goes to the even code and a value 2^-35 of it
 * above or below (too little for f32 to keep, so rounding to f32 first
 * would land on the midpoint) to the nearer one. */
static void testF8FromF64(uint8_t (*from)(double), float (*to)(uint8_t),
                          uint8_t maxCode, const char *name) {
  int bad = 0;
  for (unsigned sign = 0; sign < 2; ++sign)
    for (uint8_t c = 0; c < maxCode; ++c) {
      uint8_t lo = (uint8_t)(c | sign << 7), hi = (uint8_t)((c + 1) | sign << 7);
      double a = to(lo), b = to(hi), mid = (a + b) / 2, eps = fabs(mid) * 0x1p-35;
      double nearB = mid + (b > a ? eps : -eps), nearA = mid - (b > a ? eps : -eps);
      if (c == 0)
        nearA = sign ? -0.0 : 0.0; /* 0 itself: below the first midpoint */
      bad += from(nearB) != hi || from(nearA) != lo ||
             from(mid) != ((c & 1) ? hi : lo);
    }
  CHECK(bad == 0, name);
}

static void testF8(void) {
  for (size_t i = 0; i < sizeof kF8Formats / sizeof kF8Formats[0]; ++i)
    testF8Format(&kF8Formats[i]);
  testF8FromF64(tileF64ToF8E4M3, tileF8E4M3ToF32, 0x7E,
                "e4m3 from f64: every midpoint and 2^-35 around it");
  testF8FromF64(tileF64ToF8E5M2, tileF8E5M2ToF32, 0x7B,
                "e5m2 from f64: every midpoint and 2^-35 around it");
  CHECK(tileF64ToF8E4M3(1e300) == 0x7E && tileF64ToF8E4M3(-INFINITY) == 0xFE &&
            tileF64ToF8E5M2(-1e300) == 0xFB && tileF64ToF8E5M2(NAN) == 0x7F,
        "f8 from f64: saturation and NaN");
  /* A few values by hand, against the formats' published tables. */
  CHECK(tileF32ToF8E4M3(448.0f) == 0x7E && tileF32ToF8E4M3(464.0f) == 0x7E,
        "e4m3 448, 464");
  CHECK(tileF32ToF8E4M3(0x1p-9f) == 0x01 && tileF32ToF8E4M3(0x1p-6f) == 0x08,
        "e4m3 2^-9, 2^-6");
  CHECK(tileF32ToF8E4M3(1.0625f) == 0x38 && tileF32ToF8E4M3(1.1875f) == 0x3A,
        "e4m3 ties to even at 1 + 1/16 and 1 + 3/16");
  CHECK(tileF8E4M3ToF32(0x7E) == 448.0f && isnan(tileF8E4M3ToF32(0x7F)) &&
            tileF8E4M3ToF32(0x78) == 256.0f,
        "e4m3 0x7E, 0x7F, 0x78");
  CHECK(tileF32ToF8E5M2(57344.0f) == 0x7B && tileF32ToF8E5M2(61440.0f) == 0x7B,
        "e5m2 max");
  CHECK(tileF32ToF8E5M2(1.125f) == 0x3C && tileF32ToF8E5M2(1.375f) == 0x3E,
        "e5m2 ties to even at 1 + 1/8 and 1 + 3/8");
  CHECK(isinf(tileF8E5M2ToF32(0xFC)) && tileF8E5M2ToF32(0xFC) < 0 &&
            isnan(tileF8E5M2ToF32(0x7D)) && tileF8E5M2ToF32(0x01) == 0x1p-16f,
        "e5m2 -inf, NaN, 2^-16");
}

/* ---- dtypes and host arrays ---- */
static void testHostArray(void) {
  static const size_t sizes[] = {1, 1, 2, 4, 8, 1, 2, 2, 4, 8, 1, 1};
  CHECK(sizeof sizes / sizeof sizes[0] == TILE_DTYPE_COUNT,
        "a size for every dtype");
  for (int d = 0; d < TILE_DTYPE_COUNT; ++d) {
    TileDType back;
    CHECK(tileDTypeSize((TileDType)d) == sizes[d], "size of %s", tileDTypeName((TileDType)d));
    CHECK(tileDTypeFromName(tileDTypeName((TileDType)d), &back) == 0 && back == (TileDType)d,
          "name round trip of %d", d);
  }
  TileDType d;
  CHECK(strcmp(tileDTypeName(TILE_DTYPE_F16), "f16") == 0, "f16 name");
  CHECK(strcmp(tileDTypeName(TILE_DTYPE_BF16), "bf16") == 0, "bf16 name");
  CHECK(strcmp(tileDTypeName(TILE_DTYPE_F8E4M3), "f8e4m3") == 0 &&
            strcmp(tileDTypeName(TILE_DTYPE_F8E5M2), "f8e5m2") == 0,
        "f8 names");
  CHECK(tileDTypeIsFloat(TILE_DTYPE_F8E4M3) &&
            tileDTypeIsFloat(TILE_DTYPE_F8E5M2) &&
            !tileDTypeIsFloat(TILE_DTYPE_U8) && !tileDTypeIsF8(TILE_DTYPE_I8),
        "f8 dtypes are floats");
  /* Packages store these codes: new dtypes are only appended. */
  CHECK(TILE_DTYPE_F64 == 9 && TILE_DTYPE_F8E4M3 == 10 &&
            TILE_DTYPE_F8E5M2 == 11,
        "dtype codes");
  CHECK(tileDTypeFromName("f128", &d) != 0, "unknown dtype name");
  CHECK(tileDTypeFromName("", &d) != 0, "empty dtype name");

  TileHostArray a;
  int64_t shape[3] = {2, 3, 4};
  CHECK(tileHostArrayCreate(TILE_DTYPE_F32, 3, shape, &a, err, sizeof err) == 0, "%s", err);
  CHECK(a.bytes == 96 && tileHostArrayNumElements(&a) == 24 && a.data, "2x3x4 f32");
  tileHostArrayDestroy(&a);
  CHECK(a.data == NULL && a.bytes == 0, "destroy empties");
  tileHostArrayDestroy(&a); /* twice is fine */
  CHECK(tileHostArrayCreate(TILE_DTYPE_I32, 0, NULL, &a, err, sizeof err) == 0 && a.bytes == 4,
        "scalar");
  tileHostArrayDestroy(&a);
  int64_t huge[2] = {INT64_MAX, 4};
  EXPECT_ERROR(tileHostArrayCreate(TILE_DTYPE_F64, 2, huge, &a, err, sizeof err), "overflows");
  int64_t neg[1] = {-1};
  EXPECT_ERROR(tileHostArrayCreate(TILE_DTYPE_F64, 1, neg, &a, err, sizeof err), "negative");
  EXPECT_ERROR(tileHostArrayCreate(TILE_DTYPE_F64, 9, shape, &a, err, sizeof err),
               "rank 9 is outside 0..8");
  EXPECT_ERROR(tileHostArrayCreate((TileDType)42, 1, shape, &a, err, sizeof err), "invalid dtype");
}

/* ---- .npy ---- */

/* np.save of np.array([[1.5, -2, 0], [3, 4, 65504]], dtype='<f4'), numpy 2.4. */
static const char kNumpyF32Header[] =
    "\x93NUMPY\x01\x00v\x00"
    "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
    "                                                          \n";
static const unsigned char kNumpyF32Data[24] = {
    0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40, 0x00, 0xe0, 0x7f, 0x47};
/* numpy.lib.format.write_array(f, np.array([1, -2, 300], '<i2'), version=(2, 0)). */
static const char kNumpyV2Header[] =
    "\x93NUMPY\x02\x00t\x00\x00\x00"
    "{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }"
    "                                                          \n";
static const unsigned char kNumpyV2Data[6] = {0x01, 0x00, 0xfe, 0xff, 0x2c, 0x01};

static size_t concat(unsigned char *buf, const char *head, size_t headLen, const void *data,
                     size_t dataLen) {
  memcpy(buf, head, headLen);
  memcpy(buf + headLen, data, dataLen);
  return headLen + dataLen;
}

/* A version 1.0 file with `dict` as its header text and `dataLen` zero bytes. */
static size_t makeNpy(unsigned char *buf, const char *dict, size_t dataLen) {
  size_t len = strlen(dict);
  memcpy(buf, "\x93NUMPY\x01\x00", 8);
  buf[8] = (unsigned char)(len & 0xff);
  buf[9] = (unsigned char)(len >> 8);
  memcpy(buf + 10, dict, len);
  memset(buf + 10 + len, 0, dataLen);
  return 10 + len + dataLen;
}

static void fillPattern(TileHostArray *a) {
  unsigned char *p = a->data;
  for (size_t i = 0; i < a->bytes; ++i)
    p[i] = (unsigned char)(i * 37 + 11);
  if (a->dtype == TILE_DTYPE_BOOL)
    for (size_t i = 0; i < a->bytes; ++i)
      p[i] &= 1;
}

static void testNpyKnownBytes(void) {
  unsigned char file[256];
  size_t headLen = sizeof kNumpyF32Header - 1;
  CHECK(headLen == 128, "pinned header is 128 bytes");
  size_t size = concat(file, kNumpyF32Header, headLen, kNumpyF32Data, sizeof kNumpyF32Data);

  /* Read numpy's bytes. */
  TileHostArray a;
  CHECK(tileNpyReadMemory("f32.npy", file, size, TILE_DTYPE_F32, &a, err,
                          sizeof err) == 0,
        "%s", err);
  if (a.data) {
    const float *f = a.data;
    CHECK(a.dtype == TILE_DTYPE_F32 && a.rank == 2 && a.shape[0] == 2 && a.shape[1] == 3,
          "header fields");
    CHECK(f[0] == 1.5f && f[1] == -2.0f && f[2] == 0.0f && f[3] == 3.0f && f[4] == 4.0f &&
              f[5] == 65504.0f, "values");
  }
  /* Writing gives numpy's bytes back, byte for byte. */
  void *out;
  size_t outSize;
  CHECK(tileNpyWriteMemory(&a, &out, &outSize, err, sizeof err) == 0, "%s", err);
  CHECK(outSize == size && memcmp(out, file, size) == 0, "write matches numpy's bytes");
  free(out);
  tileHostArrayDestroy(&a);

  /* Version 2.0. */
  size = concat(file, kNumpyV2Header, sizeof kNumpyV2Header - 1, kNumpyV2Data,
                sizeof kNumpyV2Data);
  CHECK(tileNpyReadMemory("v2.npy", file, size, TILE_DTYPE_I16, &a, err,
                          sizeof err) == 0,
        "%s", err);
  if (a.data) {
    const int16_t *v = a.data;
    CHECK(a.dtype == TILE_DTYPE_I16 && a.rank == 1 && a.shape[0] == 3, "v2 header");
    CHECK(v[0] == 1 && v[1] == -2 && v[2] == 300, "v2 values");
  }
  tileHostArrayDestroy(&a);

  /* Scalar, and the exact header numpy writes for a scalar and for rank 8. */
  int64_t one = 7;
  TileHostArray s;
  tileHostArrayCreate(TILE_DTYPE_I64, 0, NULL, &s, err, sizeof err);
  memcpy(s.data, &one, 8);
  CHECK(tileNpyWriteMemory(&s, &out, &outSize, err, sizeof err) == 0, "%s", err);
  CHECK(outSize == 128 + 8 && memcmp((char *)out + 10,
                                    "{'descr': '<i8', 'fortran_order': False, 'shape': (), }",
                                    55) == 0, "scalar header");
  free(out);
  tileHostArrayDestroy(&s);
  int64_t shape8[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  tileHostArrayCreate(TILE_DTYPE_U8, 8, shape8, &s, err, sizeof err);
  CHECK(tileNpyWriteMemory(&s, &out, &outSize, err, sizeof err) == 0, "%s", err);
  static const char kRank8[] =
      "{'descr': '|u1', 'fortran_order': False, 'shape': (1, 2, 3, 4, 5, 6, 7, 8), }"
      "                                        \n";
  CHECK(outSize == 128 + 40320 && memcmp((char *)out + 10, kRank8, sizeof kRank8 - 1) == 0,
        "rank-8 header");
  free(out);
  tileHostArrayDestroy(&s);
}

static void testNpyRoundTrip(void) {
  int64_t shape[3] = {3, 1, 5};
  for (int d = 0; d < TILE_DTYPE_COUNT; ++d) {
    TileDType dtype = (TileDType)d;
    for (int rank = 0; rank <= 3; ++rank) {
      TileHostArray a, b;
      tileHostArrayCreate(dtype, rank, shape, &a, err, sizeof err);
      fillPattern(&a);
      void *buf;
      size_t size;
      CHECK(tileNpyWriteMemory(&a, &buf, &size, err, sizeof err) == 0, "%s", err);
      CHECK(size % 64 == a.bytes % 64, "data is 64-byte aligned");
      CHECK(tileNpyReadMemory("rt.npy", buf, size, dtype, &b, err,
                              sizeof err) == 0,
            "%s: %s", tileDTypeName(dtype), err);
      CHECK(b.dtype == dtype && b.rank == rank && b.bytes == a.bytes &&
                memcmp(a.shape, b.shape, sizeof a.shape) == 0 &&
                memcmp(a.data, b.data, a.bytes) == 0,
            "round trip %s rank %d", tileDTypeName(dtype), rank);
      if (dtype == TILE_DTYPE_BF16)
        CHECK(strstr((char *)buf + 10, "'<u2'") != NULL, "bf16 is written as '<u2'");
      if (tileDTypeIsF8(dtype)) {
        CHECK(strstr((char *)buf + 10, "'|u1'") != NULL,
              "f8 is written as '|u1'");
        /* Read back by a caller that wants no f8, the bits are u8. */
        tileHostArrayDestroy(&b);
        CHECK(tileNpyReadMemory("rt.npy", buf, size, TILE_DTYPE_F32, &b, err,
                                sizeof err) == 0 &&
                  b.dtype == TILE_DTYPE_U8 &&
                  memcmp(a.data, b.data, a.bytes) == 0,
              "%s read as u8: %s", tileDTypeName(dtype), err);
      }
      free(buf);
      tileHostArrayDestroy(&b);

      /* Through a file as well. */
      const char *path = "runtime_test_tmp.npy";
      CHECK(tileNpyWrite(path, &a, err, sizeof err) == 0, "%s", err);
      CHECK(tileNpyRead(path, dtype, &b, err, sizeof err) == 0, "%s", err);
      CHECK(b.dtype == dtype && b.bytes == a.bytes && memcmp(a.data, b.data, a.bytes) == 0,
            "file round trip %s", tileDTypeName(dtype));
      tileHostArrayDestroy(&b);
      remove(path);
      tileHostArrayDestroy(&a);
    }
  }
  /* Zero-size arrays are valid npy files. */
  int64_t zero[2] = {0, 4};
  TileHostArray a, b;
  tileHostArrayCreate(TILE_DTYPE_F32, 2, zero, &a, err, sizeof err);
  void *buf;
  size_t size;
  CHECK(tileNpyWriteMemory(&a, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(tileNpyReadMemory("z.npy", buf, size, TILE_DTYPE_F32, &b, err,
                          sizeof err) == 0 &&
            b.bytes == 0 && b.shape[0] == 0 && b.shape[1] == 4,
        "zero-size round trip: %s", err);
  free(buf);
  tileHostArrayDestroy(&a);
  tileHostArrayDestroy(&b);
}

static void testNpyErrors(void) {
  unsigned char file[1024];
  TileHostArray a;
  size_t n;
#define BAD_DICT(dict, dataLen, want)                                          \
  do {                                                                         \
    n = makeNpy(file, dict, dataLen);                                          \
    EXPECT_ERROR(tileNpyReadMemory("x.npy", file, n, TILE_DTYPE_F32, &a, err,  \
                                   sizeof err),                                \
                 want);                                                        \
    CHECK(a.data == NULL, "no array on error");                                \
  } while (0)
  BAD_DICT("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", 16,
           "x.npy: unsupported dtype '<c8'");
  BAD_DICT("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8,
           "x.npy: big-endian dtype '>f4' is not supported");
  BAD_DICT("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", 16,
           "x.npy: object dtype '|O' is not supported");
  BAD_DICT("{'descr': [('a', '<i4'), ('b', '<f4')], 'fortran_order': False, 'shape': (2,), }",
           16, "x.npy: structured dtypes are not supported");
  BAD_DICT("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16,
           "x.npy: 'fortran_order': True is not supported");
  BAD_DICT("{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", 4,
           "x.npy: dtype '<u2' (uint16) is read only as raw bf16");
  BAD_DICT("{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", 8,
           "unsupported dtype '<u4'");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 20,
           "x.npy: shape 2x3 of f32 needs 24 data bytes, file has 20");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 28,
           "needs 24 data bytes, file has 28");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (3), }", 12,
           "rank 1 needs a trailing comma");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (-3,), }", 12,
           "non-negative integers");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", 0,
           "dim too large");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 8), }", 0,
           "too large");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }", 4,
           "rank above 8 is not supported");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False}", 4, "missing 'descr'");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'extra': 1}", 4,
           "unexpected key 'extra'");
  BAD_DICT("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,), }", 4,
           "'fortran_order' must be True or False");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } junk", 4,
           "trailing characters");
  BAD_DICT("{'descr': '<f4, 'fortran_order': False, 'shape': (1,), }", 4, "malformed npy header");
  BAD_DICT("{'descr': '<f4'", 4, "malformed npy header");
  BAD_DICT("", 4, "malformed npy header: expected '{'");
  BAD_DICT("garbage\n", 4, "malformed npy header");
  BAD_DICT("{'descr': '<f4', 'fortran_order': False, 'shape': (1,", 0, "malformed npy header");
  BAD_DICT("{'descr': '", 0, "unterminated string");

  /* Prelude errors. */
  n = makeNpy(file, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 8);
  EXPECT_ERROR(tileNpyReadMemory("x.npy", "PK\x03\x04", 4, TILE_DTYPE_F32, &a,
                                 err, sizeof err),
               "x.npy: not an npy file (bad magic)");
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, 0, TILE_DTYPE_F32, &a, err, sizeof err),
      "bad magic");
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, 8, TILE_DTYPE_F32, &a, err, sizeof err),
      "x.npy: truncated npy file");
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, 40, TILE_DTYPE_F32, &a, err, sizeof err),
      "truncated npy file: header needs 57 bytes, file has 30");
  file[6] = 3;
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, n, TILE_DTYPE_F32, &a, err, sizeof err),
      "unsupported npy format version 3.0");
  file[6] = 2; /* reinterpreted as a 4-byte length that is far too big */
  file[10] = 0xff;
  file[11] = 0x7f;
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, n, TILE_DTYPE_F32, &a, err, sizeof err),
      "implausibly large");
  file[10] = 0x01; /* 65536 + 57: plausible, but past the end */
  file[11] = 0;
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, n, TILE_DTYPE_F32, &a, err, sizeof err),
      "truncated");
  EXPECT_ERROR(
      tileNpyReadMemory("x.npy", file, 11, TILE_DTYPE_F32, &a, err, sizeof err),
      "truncated");

  /* Every truncation of a valid file is an error, never a crash. */
  size_t full = makeNpy(file, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 8);
  int bad = 0;
  for (size_t len = 0; len < full; ++len)
    if (tileNpyReadMemory("t.npy", file, len, TILE_DTYPE_F32, &a, err,
                          sizeof err) == 0)
      ++bad;
  CHECK(bad == 0, "%d truncations were accepted", bad);

  /* Files. */
  EXPECT_ERROR(tileNpyRead("/nonexistent/dir/x.npy", TILE_DTYPE_F32, &a, err,
                           sizeof err),
               "/nonexistent/dir/x.npy: cannot open");
  FILE *f = fopen("runtime_test_bad.npy", "wb");
  fwrite(file, 1, full - 3, f);
  fclose(f);
  EXPECT_ERROR(
      tileNpyRead("runtime_test_bad.npy", TILE_DTYPE_F32, &a, err, sizeof err),
      "runtime_test_bad.npy: shape 2 of f32 needs 8 data bytes, file has 5");
  f = fopen("runtime_test_bad.npy", "wb");
  fwrite(file, 1, 30, f);
  fclose(f);
  EXPECT_ERROR(
      tileNpyRead("runtime_test_bad.npy", TILE_DTYPE_F32, &a, err, sizeof err),
      "truncated");
  remove("runtime_test_bad.npy");

  TileHostArray w;
  int64_t shape[1] = {4};
  tileHostArrayCreate(TILE_DTYPE_F32, 1, shape, &w, err, sizeof err);
  EXPECT_ERROR(tileNpyWrite("/nonexistent/dir/y.npy", &w, err, sizeof err),
               "/nonexistent/dir/y.npy: cannot open for writing");
  w.bytes = 12;
  void *buf;
  size_t size;
  EXPECT_ERROR(tileNpyWriteMemory(&w, &buf, &size, err, sizeof err), "does not match its shape");
  w.bytes = 16;
  tileHostArrayDestroy(&w);
#undef BAD_DICT
}

/* ---- generators ---- */
static uint64_t fnv1a(const void *data, size_t n) {
  const unsigned char *p = data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static void testGenerate(void) {
  TileHostArray a, b;
  CHECK(tileGenerate("randn:16xf32:seed=1", &a, err, sizeof err) == 0, "%s", err);
  CHECK(tileGenerate("randn:16xf32:seed=1", &b, err, sizeof err) == 0, "%s", err);
  CHECK(a.bytes == 64 && memcmp(a.data, b.data, 64) == 0, "same seed, same bytes");
  uint64_t golden = fnv1a(a.data, a.bytes);
  /* Pinned; an independent Python model (the same xoshiro256** and
   * splitmix64, Box-Muller with math.log/cos/sin, struct.pack('<f')) gives the
   * same checksum. A change here changes every user's data: make it on purpose. */
  CHECK(golden == 0x4023b19ead4a6b4aull, "randn:16xf32:seed=1 checksum %016llx", (unsigned long long)golden);
  tileHostArrayDestroy(&b);
  CHECK(tileGenerate("randn:16xf32:seed=2", &b, err, sizeof err) == 0, "%s", err);
  CHECK(memcmp(a.data, b.data, 64) != 0, "different seed, different bytes");
  tileHostArrayDestroy(&b);
  tileHostArrayDestroy(&a);
  TileHostArray c, d;
  tileGenerate("rand:33xf32", &c, err, sizeof err);
  tileGenerate("rand:33xf32:seed=0", &d, err, sizeof err);
  CHECK(memcmp(c.data, d.data, c.bytes) == 0, "no seed means seed 0");
  tileHostArrayDestroy(&c);
  tileHostArrayDestroy(&d);

  /* f16 randn is the f32 randn rounded, element by element. */
  tileGenerate("randn:3x5xf32:seed=9", &a, err, sizeof err);
  tileGenerate("randn:3x5xf16:seed=9", &b, err, sizeof err);
  int same = 1;
  for (int i = 0; i < 15; ++i)
    same &= ((uint16_t *)b.data)[i] == tileF32ToF16(((float *)a.data)[i]);
  CHECK(same && b.rank == 2 && b.shape[0] == 3 && b.shape[1] == 5, "f16 randn = rounded f32");
  tileHostArrayDestroy(&a);
  tileHostArrayDestroy(&b);

  /* Statistics over 1e5 samples (standard error of the mean ~0.003). */
  CHECK(tileGenerate("randn:100000xf64:seed=7", &a, err, sizeof err) == 0, "%s", err);
  double sum = 0, sum2 = 0;
  const double *x = a.data;
  for (int i = 0; i < 100000; ++i) {
    sum += x[i];
    sum2 += x[i] * x[i];
  }
  double mean = sum / 1e5, sd = sqrt(sum2 / 1e5 - mean * mean);
  CHECK(fabs(mean) < 0.015 && fabs(sd - 1.0) < 0.015, "randn mean %g std %g", mean, sd);
  int within1 = 0;
  for (int i = 0; i < 100000; ++i)
    within1 += fabs(x[i]) < 1.0;
  CHECK(within1 > 67500 && within1 < 69000, "randn: %d of 1e5 within one sigma (68.3%%)",
        within1);
  tileHostArrayDestroy(&a);

  CHECK(tileGenerate("rand:100000xf32:seed=3", &a, err, sizeof err) == 0, "%s", err);
  const float *u = a.data;
  double usum = 0;
  int inRange = 1;
  for (int i = 0; i < 100000; ++i) {
    usum += u[i];
    inRange &= u[i] >= 0.0f && u[i] < 1.0f;
  }
  CHECK(inRange && fabs(usum / 1e5 - 0.5) < 0.005, "rand in [0,1), mean %g", usum / 1e5);
  tileHostArrayDestroy(&a);
  /* f16/bf16 rand never rounds up to 1.0. */
  CHECK(tileGenerate("rand:100000xbf16:seed=5", &a, err, sizeof err) == 0, "%s", err);
  inRange = 1;
  for (int i = 0; i < 100000; ++i) {
    float v = tileBF16ToF32(((uint16_t *)a.data)[i]);
    inRange &= v >= 0.0f && v < 1.0f;
  }
  CHECK(inRange, "bf16 rand in [0,1)");
  tileHostArrayDestroy(&a);

  /* zeros, ones, iota. */
  CHECK(tileGenerate("zeros:64x64xbf16", &a, err, sizeof err) == 0, "%s", err);
  int allZero = a.bytes == 64 * 64 * 2;
  for (size_t i = 0; i < a.bytes; ++i)
    allZero &= ((unsigned char *)a.data)[i] == 0;
  CHECK(allZero && a.dtype == TILE_DTYPE_BF16, "zeros");
  tileHostArrayDestroy(&a);
  static const struct {
    const char *spec;
    uint64_t bits;
    size_t size;
  } kOnes[] = {
      {"ones:3xf16", 0x3C00, 2},     {"ones:3xbf16", 0x3F80, 2},
      {"ones:3xf32", 0x3F800000, 4}, {"ones:3xf64", 0x3FF0000000000000ull, 8},
      {"ones:3xi32", 1, 4},          {"ones:3xbool", 1, 1},
      {"ones:3xi64", 1, 8},          {"ones:3xu8", 1, 1},
      {"ones:3xf8e4m3", 0x38, 1},    {"ones:3xf8e5m2", 0x3C, 1}};
  for (size_t k = 0; k < sizeof kOnes / sizeof kOnes[0]; ++k) {
    CHECK(tileGenerate(kOnes[k].spec, &a, err, sizeof err) == 0, "%s", err);
    int ok = a.bytes == 3 * kOnes[k].size;
    for (int i = 0; i < 3 && ok; ++i) {
      uint64_t v = 0;
      memcpy(&v, (char *)a.data + i * kOnes[k].size, kOnes[k].size);
      ok = v == kOnes[k].bits;
    }
    CHECK(ok, "%s", kOnes[k].spec);
    tileHostArrayDestroy(&a);
  }
  CHECK(tileGenerate("iota:1024xi32", &a, err, sizeof err) == 0, "%s", err);
  int iotaOk = 1;
  for (int i = 0; i < 1024; ++i)
    iotaOk &= ((int32_t *)a.data)[i] == i;
  CHECK(iotaOk, "iota i32");
  tileHostArrayDestroy(&a);
  CHECK(tileGenerate("iota:4x8xf16", &a, err, sizeof err) == 0, "%s", err);
  CHECK(((uint16_t *)a.data)[31] == tileF32ToF16(31.0f) && ((uint16_t *)a.data)[1] == 0x3C00,
        "iota f16");
  tileHostArrayDestroy(&a);
  /* f8: iota to the last integer the format holds exactly; rand on a grid
   * the format holds, never 1; randn is the f32 randn rounded. */
  static const struct {
    const char *iota, *rand, *randn, *f32;
    uint8_t (*fromF32)(float);
    float (*toF32)(uint8_t);
    int gridBits;
  } kF8Gen[] = {
      {"iota:17xf8e4m3", "rand:10000xf8e4m3:seed=5", "randn:999xf8e4m3:seed=4",
       "randn:999xf32:seed=4", tileF32ToF8E4M3, tileF8E4M3ToF32, 4},
      {"iota:9xf8e5m2", "rand:10000xf8e5m2:seed=5", "randn:999xf8e5m2:seed=4",
       "randn:999xf32:seed=4", tileF32ToF8E5M2, tileF8E5M2ToF32, 3},
  };
  for (size_t k = 0; k < sizeof kF8Gen / sizeof kF8Gen[0]; ++k) {
    CHECK(tileGenerate(kF8Gen[k].iota, &a, err, sizeof err) == 0, "%s", err);
    int ok = 1;
    for (size_t i = 0; i < a.bytes; ++i)
      ok &= kF8Gen[k].toF32(((uint8_t *)a.data)[i]) == (float)i;
    CHECK(ok && a.bytes > 8, "%s", kF8Gen[k].iota);
    tileHostArrayDestroy(&a);
    CHECK(tileGenerate(kF8Gen[k].rand, &a, err, sizeof err) == 0, "%s", err);
    int seen = 0; /* which of the 2^bits grid values appeared */
    ok = 1;
    for (size_t i = 0; i < a.bytes; ++i) {
      float v = kF8Gen[k].toF32(((uint8_t *)a.data)[i]),
            scaled = v * (1 << kF8Gen[k].gridBits);
      ok &= v >= 0.0f && v < 1.0f && scaled == (float)(int)scaled;
      if (ok)
        seen |= 1 << (int)scaled;
    }
    CHECK(ok && seen == (1 << (1 << kF8Gen[k].gridBits)) - 1,
          "%s: in [0, 1) on the grid, every value: %x", kF8Gen[k].rand, seen);
    tileHostArrayDestroy(&a);
    CHECK(tileGenerate(kF8Gen[k].randn, &a, err, sizeof err) == 0, "%s", err);
    CHECK(tileGenerate(kF8Gen[k].f32, &b, err, sizeof err) == 0, "%s", err);
    ok = 1;
    for (int i = 0; i < 999; ++i)
      ok &= ((uint8_t *)a.data)[i] == kF8Gen[k].fromF32(((float *)b.data)[i]);
    CHECK(ok, "%s = rounded f32", kF8Gen[k].randn);
    tileHostArrayDestroy(&a);
    tileHostArrayDestroy(&b);
  }
  EXPECT_ERROR(tileGenerate("iota:18xf8e4m3", &a, err, sizeof err),
               "iota up to 17 does not fit f8e4m3 exactly");
  EXPECT_ERROR(tileGenerate("iota:10xf8e5m2", &a, err, sizeof err),
               "iota up to 9 does not fit f8e5m2 exactly");
  CHECK(tileGenerate("iota:2x2x2x2x2x2x2x1xi8", &a, err, sizeof err) == 0 && a.rank == 8 &&
            ((int8_t *)a.data)[127] == 127, "iota rank 8");
  tileHostArrayDestroy(&a);
  CHECK(tileGenerate("ones:f32", &a, err, sizeof err) == 0 && a.rank == 0 && a.bytes == 4 &&
            *(float *)a.data == 1.0f, "scalar spec");
  tileHostArrayDestroy(&a);

  /* Bad specs. */
  EXPECT_ERROR(tileGenerate("gauss:4xf32", &a, err, sizeof err),
               "generator 'gauss:4xf32': unknown generator 'gauss'");
  EXPECT_ERROR(tileGenerate("randn", &a, err, sizeof err), "missing shape and dtype");
  EXPECT_ERROR(tileGenerate("", &a, err, sizeof err), "unknown generator ''");
  EXPECT_ERROR(tileGenerate("randn:4x4xf8", &a, err, sizeof err),
               "unknown dtype 'f8' (expected bool, i8, i16, i32, i64, u8, f16, "
               "bf16, f32, f64, "
               "f8e4m3 or f8e5m2)");
  EXPECT_ERROR(tileGenerate("randn:4x4x", &a, err, sizeof err), "missing or bad dtype");
  EXPECT_ERROR(tileGenerate("randn:", &a, err, sizeof err), "missing or bad dtype");
  EXPECT_ERROR(tileGenerate("randn:4x0xf32", &a, err, sizeof err), "zero-size dim");
  EXPECT_ERROR(tileGenerate("randn:4x-1xf32", &a, err, sizeof err), "bad dim '-1'");
  EXPECT_ERROR(tileGenerate("randn:4xxf32", &a, err, sizeof err), "bad dim ''");
  EXPECT_ERROR(tileGenerate("randn:4a4xf32", &a, err, sizeof err), "bad dim '4a4'");
  EXPECT_ERROR(tileGenerate("randn:1x1x1x1x1x1x1x1x1xf32", &a, err, sizeof err),
               "rank above 8 is not supported");
  EXPECT_ERROR(tileGenerate("randn:99999999999999999999xf32", &a, err, sizeof err), "bad dim");
  EXPECT_ERROR(tileGenerate("randn:4294967296x4294967296xf32", &a, err, sizeof err),
               "shape 4294967296x4294967296 of f32 is more than 2^63-1 bytes");
  /* 2^61 elements of f32: elements fit an int64, bytes do not. */
  EXPECT_ERROR(tileGenerate("zeros:2305843009213693952xf32", &a, err, sizeof err),
               "is more than 2^63-1 bytes");
  EXPECT_ERROR(tileGenerate("randn:4xf32:seed=", &a, err, sizeof err), "unknown option 'seed='");
  EXPECT_ERROR(tileGenerate("randn:4xf32:seed=x1", &a, err, sizeof err), "bad seed 'x1'");
  EXPECT_ERROR(tileGenerate("randn:4xf32:sed=1", &a, err, sizeof err), "unknown option 'sed=1'");
  EXPECT_ERROR(tileGenerate("randn:4xf32:", &a, err, sizeof err), "unknown option ''");
  EXPECT_ERROR(tileGenerate("zeros:4xf32:seed=1", &a, err, sizeof err),
               "'seed' applies only to rand and randn");
  EXPECT_ERROR(
      tileGenerate("randn:4xi32", &a, err, sizeof err),
      "randn needs a float dtype (f16, bf16, f32, f64, f8e4m3 or f8e5m2)");
  EXPECT_ERROR(tileGenerate("rand:4xbool", &a, err, sizeof err), "rand needs a float dtype");
  EXPECT_ERROR(tileGenerate("iota:4xbool", &a, err, sizeof err), "iota needs a numeric dtype");
  EXPECT_ERROR(tileGenerate("iota:300xi8", &a, err, sizeof err),
               "iota up to 299 does not fit i8 exactly");
  EXPECT_ERROR(tileGenerate(NULL, &a, err, sizeof err), "unknown generator");
  CHECK(a.data == NULL, "no array on error");
}

/* Spec parsing without generating, and the argument limits (Args.h). */
static void testArgLimits(void) {
  TileGenSpec g;
  CHECK(tileGenerateParse("randn:2147483648x2xf16:seed=7", &g, err, sizeof err) == 0 &&
            strcmp(g.name, "randn") == 0 && g.dtype == TILE_DTYPE_F16 && g.rank == 2 &&
            g.shape[0] == 2147483648LL && g.shape[1] == 2 && g.seed == 7,
        "parse a spec without generating it");
  EXPECT_ERROR(tileGenerateParse("randn:4xi32", &g, err, sizeof err), "randn needs a float");

  int64_t v = 0;
  CHECK(tileParseBytes("4096", &v) && v == 4096, "bytes: plain count");
  CHECK(tileParseBytes("16G", &v) && v == (int64_t)16 << 30, "bytes: G suffix");
  CHECK(tileParseBytes("1K", &v) && v == 1024, "bytes: K suffix");
  CHECK(tileParseBytes("8388607T", &v) && v == (int64_t)8388607 << 40, "bytes: largest T");
  CHECK(!tileParseBytes("8388608T", &v), "bytes: 2^63 overflows");
  CHECK(!tileParseBytes("0", &v) && !tileParseBytes("", &v) && !tileParseBytes("G", &v) &&
            !tileParseBytes("4Q", &v) && !tileParseBytes("4GB", &v) &&
            !tileParseBytes("-4", &v) && !tileParseBytes("99999999999999999999", &v),
        "bytes: malformed counts");

  char buf[32];
  tileFormatBytes(100, buf, sizeof buf);
  CHECK(strcmp(buf, "100 bytes") == 0, "format: bytes");
  tileFormatBytes((int64_t)3 << 29, buf, sizeof buf);
  CHECK(strcmp(buf, "1.5 GiB") == 0, "format: 1.5 GiB");

  TileArgLimits cpu = {1024, "--max", 0}, gpu = {INT64_MAX, "--max", 32},
                wide = {INT64_MAX, "--max", 64};
  CHECK(tileArgCheckSize(0, "memref<?xf32>", "x", 256, 1024, &cpu, err, sizeof err) == 0,
        "limit: exactly the most bytes");
  EXPECT_ERROR(tileArgCheckSize(1, "memref<?xf32>", "x", 257, 1028, &cpu, err, sizeof err),
               "argument #1 (memref<?xf32>): x (1.004 KiB), more than the 1 KiB one array "
               "may take (--max N raises it)");
  CHECK(tileArgCheckSize(0, "memref<?xi8>", "x", INT32_MAX, INT32_MAX, &gpu, err,
                         sizeof err) == 0,
        "limit: 2^31-1 elements on the GPU");
  EXPECT_ERROR(tileArgCheckSize(2, "memref<?xi8>", "x", (int64_t)INT32_MAX + 1,
                                (int64_t)INT32_MAX + 1, &gpu, err, sizeof err),
               "argument #2 (memref<?xi8>): x, 2^31 or more elements, which a package "
               "compiled with index-bits=32 cannot index (compile it with index-bits=64)");
  CHECK(tileArgCheckSize(2, "memref<?xi8>", "x", (int64_t)INT32_MAX + 1,
                         (int64_t)INT32_MAX + 1, &wide, err, sizeof err) == 0,
        "limit: 2^31 elements with 64-bit indexing");

  /* What 32-bit indexing reaches: elements, extents, strides and the
   * largest element offset all below 2^31. */
  int64_t dense[3] = {1 << 20, 2048, 1}, big[1] = {(int64_t)1 << 31};
  CHECK(!tileArrayNeedsIndex64(2, (int64_t[]){1 << 20, 2047}, NULL),
        "index64: 2^31 - 2^20 elements fit");
  CHECK(tileArrayNeedsIndex64(2, dense, NULL), "index64: 2^31 elements");
  CHECK(!tileArrayNeedsIndex64(1, (int64_t[]){INT32_MAX}, NULL),
        "index64: 2^31-1 elements fit");
  CHECK(tileArrayNeedsIndex64(1, big, NULL), "index64: an extent of 2^31");
  CHECK(!tileArrayNeedsIndex64(2, (int64_t[]){0, (int64_t)1 << 30}, NULL),
        "index64: an empty array indexes nothing");
  CHECK(tileArrayNeedsIndex64(2, (int64_t[]){0, (int64_t)1 << 31}, NULL),
        "index64: an empty array's extent still reaches the kernel");
  /* A strided view: few elements, but its last one lies past 2^31. */
  CHECK(tileArrayNeedsIndex64(2, (int64_t[]){2, 4}, (int64_t[]){(int64_t)1 << 30, 1}) ==
            false,
        "index64: offsets up to 2^30 + 3");
  CHECK(tileArrayNeedsIndex64(2, (int64_t[]){3, 4}, (int64_t[]){(int64_t)1 << 30, 1}),
        "index64: a last offset of 2^31 + 3");
  CHECK(tileArrayNeedsIndex64(2, (int64_t[]){1, 4}, (int64_t[]){(int64_t)1 << 31, 1}),
        "index64: a stride of 2^31");
  (void)dense;
}

int main(void) {
  testHalf();
  testF8();
  testHostArray();
  testNpyKnownBytes();
  testNpyRoundTrip();
  testNpyErrors();
  testGenerate();
  testArgLimits();
  return testReport("runtime");
}
