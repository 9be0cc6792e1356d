/* Deterministic generators: spec parsing, PRNG and the distributions. */
#include "lib/Tooling/Generate.h"

#include <math.h> /* sqrt only: IEEE 754 requires it correctly rounded */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Support/Fp8.h"
#include "lib/Support/Half.h"

#if defined(__clang__)
/* Bit-identical results need every multiply-add rounded on its own. GCC in
 * ISO C mode (-std=c11) already does not contract. */
#pragma STDC FP_CONTRACT OFF
#endif

typedef enum { GEN_RANDN, GEN_RAND, GEN_ZEROS, GEN_ONES, GEN_IOTA } GenKind;

static const char *const kGenNames[] = {"randn", "rand", "zeros", "ones", "iota"};

/* ---- PRNG: xoshiro256** (Blackman & Vigna), state from splitmix64. ---- */
typedef struct {
  uint64_t s[4];
} Rng;

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static void rngSeed(Rng *r, uint64_t seed) {
  for (int i = 0; i < 4; ++i)
    r->s[i] = splitmix64(&seed);
}

static uint64_t rngNext(Rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Uniform [0, 1) on a grid of 2^-bits, exact in a type with `bits` of
 * significand, so the stored value can never round up to 1. */
static double rngUniform(Rng *r, int bits) {
  return (double)(rngNext(r) >> (64 - bits)) * (1.0 / (double)(1ull << bits));
}

/* ---- Elementary functions in plain IEEE double arithmetic (no libm). ---- */
static const double kPi = 3.14159265358979323846;

/* ln(x) for x > 0 normal: x = m * 2^e with m in [sqrt(1/2), sqrt(2)),
 * ln(m) = 2 atanh(s), s = (m-1)/(m+1), |s| < 0.172; the series to s^25 is
 * below 1e-19 relative. */
static double detLog(double x) {
  int e = 0;
  while (x >= 1.4142135623730951) {
    x *= 0.5;
    ++e;
  }
  while (x < 0.7071067811865476) {
    x *= 2.0;
    --e;
  }
  double s = (x - 1.0) / (x + 1.0), s2 = s * s, term = s, sum = 0.0;
  for (int k = 1; k <= 25; k += 2) {
    sum += term / k;
    term *= s2;
  }
  return 2.0 * sum + e * 0.69314718055994530942;
}

/* sin and cos of 2*pi*u for u in [0, 1): reduce by quadrant on u (exact),
 * then Taylor series on [0, pi/2) to degree 25 (error below 1e-17). */
static void detSinCos2Pi(double u, double *sinOut, double *cosOut) {
  double q4 = u * 4.0;
  int q = (int)q4;
  double t = (q4 - q) * (kPi / 2.0), t2 = t * t;
  double s = 0.0, c = 0.0, ts = t, tc = 1.0;
  for (int k = 0; k < 13; ++k) {
    s += ts;
    c += tc;
    ts *= -t2 / ((2.0 * k + 2.0) * (2.0 * k + 3.0));
    tc *= -t2 / ((2.0 * k + 1.0) * (2.0 * k + 2.0));
  }
  switch (q & 3) {
  case 0: *sinOut = s; *cosOut = c; break;
  case 1: *sinOut = c; *cosOut = -s; break;
  case 2: *sinOut = -s; *cosOut = -c; break;
  default: *sinOut = -c; *cosOut = s; break;
  }
}

/* ---- Storing values. ---- */
static void storeDouble(TileDType d, void *data, size_t i, double v) {
  switch (d) {
  case TILE_DTYPE_F64: ((double *)data)[i] = v; break;
  case TILE_DTYPE_F32: ((float *)data)[i] = (float)v; break;
  case TILE_DTYPE_F16: ((uint16_t *)data)[i] = tileF32ToF16((float)v); break;
  case TILE_DTYPE_BF16: ((uint16_t *)data)[i] = tileF32ToBF16((float)v); break;
  case TILE_DTYPE_F8E4M3: ((uint8_t *)data)[i] = tileF32ToF8E4M3((float)v); break;
  case TILE_DTYPE_F8E5M2: ((uint8_t *)data)[i] = tileF32ToF8E5M2((float)v); break;
  case TILE_DTYPE_BOOL: ((uint8_t *)data)[i] = v != 0.0; break;
  case TILE_DTYPE_I8: ((int8_t *)data)[i] = (int8_t)v; break;
  case TILE_DTYPE_I16: ((int16_t *)data)[i] = (int16_t)v; break;
  case TILE_DTYPE_I32: ((int32_t *)data)[i] = (int32_t)v; break;
  case TILE_DTYPE_I64: ((int64_t *)data)[i] = (int64_t)v; break;
  case TILE_DTYPE_U8: ((uint8_t *)data)[i] = (uint8_t)v; break;
  }
}

/* Largest value iota may reach in each dtype (exact integers for floats). */
static double iotaLimit(TileDType d) {
  switch (d) {
  case TILE_DTYPE_I8: return 127.0;
  case TILE_DTYPE_I16: return 32767.0;
  case TILE_DTYPE_I32: return 2147483647.0;
  case TILE_DTYPE_U8: return 255.0;
  case TILE_DTYPE_F16: return 2048.0;
  case TILE_DTYPE_BF16: return 256.0;
  case TILE_DTYPE_F8E4M3: return 16.0;
  case TILE_DTYPE_F8E5M2: return 8.0;
  case TILE_DTYPE_F32: return 16777216.0;
  default: return 9007199254740992.0; /* i64 and f64: 2^53 */
  }
}

/* Significand bits of a float dtype, the implicit bit included: rand's grid
 * of 2^-bits is exact in it. */
static int significandBits(TileDType d) {
  switch (d) {
  case TILE_DTYPE_F64: return 53;
  case TILE_DTYPE_F32: return 24;
  case TILE_DTYPE_F16: return 11;
  case TILE_DTYPE_F8E4M3: return 4;
  case TILE_DTYPE_F8E5M2: return 3;
  default: return 8; /* bf16 */
  }
}

/* ---- Spec parsing. ---- */
static int parseU64(const char *s, size_t len, uint64_t *out) {
  if (len == 0 || len > 20)
    return 1;
  uint64_t v = 0;
  for (size_t i = 0; i < len; ++i) {
    if (s[i] < '0' || s[i] > '9')
      return 1;
    unsigned digit = (unsigned)(s[i] - '0');
    if (v > (UINT64_MAX - digit) / 10)
      return 1;
    v = v * 10 + digit;
  }
  *out = v;
  return 0;
}

int tileGenerateParse(const char *spec, TileGenSpec *out, char *err,
                      size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (!spec)
    spec = "";
  /* gen ':' type [':' option]* */
  const char *colon = strchr(spec, ':');
  size_t genLen = colon ? (size_t)(colon - spec) : strlen(spec);
  int gen = -1;
  for (int i = 0; i < 5; ++i)
    if (strlen(kGenNames[i]) == genLen && strncmp(spec, kGenNames[i], genLen) == 0)
      gen = i;
  if (gen < 0)
    return tileFail(err, errSize,
                    "generator '%s': unknown generator '%.*s' (expected randn, "
                    "rand, zeros, ones or iota)",
                    spec, (int)genLen, spec);
  if (!colon)
    return tileFail(
        err, errSize,
        "generator '%s': missing shape and dtype, e.g. '%s:64x64xf32'", spec,
        spec);
  const char *type = colon + 1;
  const char *typeEnd = strchr(type, ':');
  if (!typeEnd)
    typeEnd = type + strlen(type);

  /* Shape and dtype: dims separated by 'x', the last field is the dtype. */
  int64_t shape[TILE_MAX_RANK];
  int rank = 0;
  const char *field = type;
  TileDType dtype;
  for (;;) {
    const char *x = memchr(field, 'x', (size_t)(typeEnd - field));
    if (!x) {
      char name[16];
      size_t len = (size_t)(typeEnd - field);
      if (len == 0 || len >= sizeof name)
        return tileFail(err, errSize, "generator '%s': missing or bad dtype",
                        spec);
      memcpy(name, field, len);
      name[len] = '\0';
      if (tileDTypeFromName(name, &dtype))
        return tileFail(
            err, errSize,
            "generator '%s': unknown dtype '%s' (expected bool, i8, i16, "
            "i32, i64, u8, f16, bf16, f32, f64, f8e4m3 or f8e5m2)",
            spec, name);
      break;
    }
    uint64_t dim;
    if (parseU64(field, (size_t)(x - field), &dim) || dim > (uint64_t)INT64_MAX)
      return tileFail(err, errSize,
                      "generator '%s': bad dim '%.*s' in the shape", spec,
                      (int)(x - field), field);
    if (dim == 0)
      return tileFail(err, errSize,
                      "generator '%s': zero-size dim in the shape", spec);
    if (rank == TILE_MAX_RANK)
      return tileFail(err, errSize,
                      "generator '%s': rank above %d is not supported", spec,
                      TILE_MAX_RANK);
    shape[rank++] = (int64_t)dim;
    field = x + 1;
  }

  /* Options. */
  uint64_t seed = 0;
  for (const char *opt = typeEnd; *opt;) {
    ++opt; /* the ':' */
    const char *end = strchr(opt, ':');
    if (!end)
      end = opt + strlen(opt);
    size_t len = (size_t)(end - opt);
    if (len > 5 && strncmp(opt, "seed=", 5) == 0) {
      if (gen != GEN_RAND && gen != GEN_RANDN)
        return tileFail(err, errSize,
                        "generator '%s': 'seed' applies only to rand and randn",
                        spec);
      if (parseU64(opt + 5, len - 5, &seed))
        return tileFail(err, errSize, "generator '%s': bad seed '%.*s'", spec,
                        (int)(len - 5), opt + 5);
    } else {
      return tileFail(err, errSize,
                      "generator '%s': unknown option '%.*s' (expected seed=N)",
                      spec, (int)len, opt);
    }
    opt = end;
  }

  if ((gen == GEN_RAND || gen == GEN_RANDN) && !tileDTypeIsFloat(dtype))
    return tileFail(
        err, errSize,
        "generator '%s': %s needs a float dtype (f16, bf16, f32, f64, "
        "f8e4m3 or f8e5m2)",
        spec, kGenNames[gen]);
  if (gen == GEN_IOTA && dtype == TILE_DTYPE_BOOL)
    return tileFail(err, errSize, "generator '%s': iota needs a numeric dtype",
                    spec);
  /* Elements and bytes in int64, the sizes every later step takes. */
  int64_t n = 1, size = (int64_t)tileDTypeSize(dtype);
  bool overflow = false;
  for (int i = 0; i < rank && !overflow; ++i) {
    overflow = n > INT64_MAX / shape[i];
    if (!overflow)
      n *= shape[i];
  }
  if (overflow || n > INT64_MAX / size) {
    char dims[256];
    tileShapeFormat(rank, shape, dims, sizeof dims);
    return tileFail(err, errSize,
                    "generator '%s': shape %s of %s is more than 2^63-1 bytes",
                    spec, dims, tileDTypeName(dtype));
  }
  if (gen == GEN_IOTA && (double)(n - 1) > iotaLimit(dtype))
    return tileFail(err, errSize,
                    "generator '%s': iota up to %lld does not fit %s exactly",
                    spec, (long long)(n - 1), tileDTypeName(dtype));
  out->name = kGenNames[gen];
  out->dtype = dtype;
  out->rank = rank;
  memcpy(out->shape, shape, sizeof shape);
  out->seed = seed;
  return 0;
}

int tileGenerate(const char *spec, TileHostArray *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  TileGenSpec g;
  if (tileGenerateParse(spec, &g, err, errSize))
    return 1;
  int gen = 0;
  while (kGenNames[gen] != g.name)
    ++gen;
  TileDType dtype = g.dtype;
  size_t n = 1;
  for (int i = 0; i < g.rank; ++i)
    n *= (size_t)g.shape[i];
  char inner[256];
  if (tileHostArrayCreate(dtype, g.rank, g.shape, out, inner, sizeof inner))
    return tileFail(err, errSize, "generator '%s': %s", spec, inner);

  Rng rng;
  rngSeed(&rng, g.seed);
  int bits = significandBits(dtype);
  switch ((GenKind)gen) {
  case GEN_ZEROS:
    break; /* Create zero-fills, and zero is all-zero bits in every dtype */
  case GEN_ONES:
    for (size_t i = 0; i < n; ++i)
      storeDouble(dtype, out->data, i, 1.0);
    break;
  case GEN_IOTA:
    for (size_t i = 0; i < n; ++i)
      storeDouble(dtype, out->data, i, (double)i);
    break;
  case GEN_RAND:
    for (size_t i = 0; i < n; ++i)
      storeDouble(dtype, out->data, i, rngUniform(&rng, bits));
    break;
  case GEN_RANDN:
    /* Box-Muller: u1 in (0, 1] keeps the log finite; each pair of draws
     * gives two normals. */
    for (size_t i = 0; i < n; i += 2) {
      double u1 = (double)((rngNext(&rng) >> 11) + 1) * 0x1p-53;
      double u2 = rngUniform(&rng, 53);
      double r = sqrt(-2.0 * detLog(u1)), s, c;
      detSinCos2Pi(u2, &s, &c);
      storeDouble(dtype, out->data, i, r * c);
      if (i + 1 < n)
        storeDouble(dtype, out->data, i + 1, r * s);
    }
    break;
  }
  return 0;
}
