/* Output comparison; see Compare.h. */
#include "lib/Support/Compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/Support/Fp8.h"
#include "lib/Support/Half.h"

double tileCompareDefaultRtol(TileDType dtype) {
  switch (dtype) {
  case TILE_DTYPE_F32:
  case TILE_DTYPE_F64:
    return 1e-5;
  case TILE_DTYPE_F16:
  case TILE_DTYPE_BF16:
    return 1e-2;
  case TILE_DTYPE_F8E4M3:
    return 0.125;
  case TILE_DTYPE_F8E5M2:
    return 0.25;
  default:
    return 0;
  }
}

/* Integers are read exactly as int64 (doubles lose bits above 2^53). */
static int64_t intElement(const TileHostArray *a, size_t i) {
  const char *p = (const char *)a->data + i * tileDTypeSize(a->dtype);
  switch (a->dtype) {
  case TILE_DTYPE_BOOL:
  case TILE_DTYPE_U8:
    return *(const uint8_t *)p;
  case TILE_DTYPE_I8:
    return *(const int8_t *)p;
  case TILE_DTYPE_I16: {
    int16_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case TILE_DTYPE_I32: {
    int32_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case TILE_DTYPE_I64: {
    int64_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  default:
    return 0;
  }
}

double tileCompareElement(const TileHostArray *a, size_t i) {
  const char *p = (const char *)a->data + i * tileDTypeSize(a->dtype);
  switch (a->dtype) {
  case TILE_DTYPE_F16:
  case TILE_DTYPE_BF16: {
    uint16_t h;
    memcpy(&h, p, sizeof h);
    return a->dtype == TILE_DTYPE_F16 ? tileF16ToF32(h) : tileBF16ToF32(h);
  }
  case TILE_DTYPE_F8E4M3:
    return tileF8E4M3ToF32(*(const uint8_t *)p);
  case TILE_DTYPE_F8E5M2:
    return tileF8E5M2ToF32(*(const uint8_t *)p);
  case TILE_DTYPE_F32: {
    float f;
    memcpy(&f, p, sizeof f);
    return f;
  }
  case TILE_DTYPE_F64: {
    double d;
    memcpy(&d, p, sizeof d);
    return d;
  }
  default:
    return (double)intElement(a, i);
  }
}

void tileCompareFormatIndex(size_t flat, int rank, const int64_t *shape,
                            char *buf, size_t size) {
  int64_t idx[TILE_MAX_RANK];
  for (int d = rank - 1; d >= 0; --d) {
    size_t dim = shape[d] > 0 ? (size_t)shape[d] : 1;
    idx[d] = (int64_t)(flat % dim);
    flat /= dim;
  }
  size_t n = 0;
  buf[0] = '\0';
  n += (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < rank && n < size; ++d)
    n += (size_t)snprintf(buf + n, size - n, d ? ", %lld" : "%lld",
                          (long long)idx[d]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
}

/* How far a pair is from passing: <= 1 passes; NaN/Inf mismatches are
 * infinitely bad. */
static double badness(double a, double e, double rtol, double atol,
                      double *error) {
  if (isnan(a) || isnan(e)) {
    *error = isnan(a) && isnan(e) ? 0 : INFINITY;
    return isnan(a) && isnan(e) ? 0 : INFINITY;
  }
  if (a == e) {
    *error = 0;
    return 0;
  }
  *error = fabs(a - e);
  if (isinf(a) || isinf(e))
    return INFINITY;
  double tol = atol + rtol * fabs(e);
  return tol > 0 ? *error / tol : INFINITY;
}

int tileCompareCompatible(const TileHostArray *actual,
                          const TileHostArray *expected, char *err,
                          size_t errSize) {
  bool aFloat = tileDTypeIsFloat(actual->dtype);
  if (aFloat != (bool)tileDTypeIsFloat(expected->dtype)) {
    snprintf(err, errSize, "the output has dtype %s, the expected file %s",
             tileDTypeName(actual->dtype), tileDTypeName(expected->dtype));
    return 1;
  }
  bool sameShape = actual->rank == expected->rank;
  for (int d = 0; sameShape && d < actual->rank; ++d)
    sameShape = actual->shape[d] == expected->shape[d];
  if (!sameShape) {
    char a[128], e[128];
    tileShapeFormat(actual->rank, actual->shape, a, sizeof a);
    tileShapeFormat(expected->rank, expected->shape, e, sizeof e);
    snprintf(err, errSize, "the output has shape %s, the expected file %s", a, e);
    return 1;
  }
  return 0;
}

int tileCompareArrays(const TileHostArray *actual,
                      const TileHostArray *expected, double rtol, double atol,
                      TileCompareResult *r, char *err, size_t errSize) {
  memset(r, 0, sizeof *r);
  if (rtol < 0)
    rtol = tileCompareDefaultRtol(actual->dtype);
  if (atol < 0)
    atol = rtol;
  r->rtol = rtol;
  r->atol = atol;
  if (tileCompareCompatible(actual, expected, err, errSize))
    return 1;
  bool aFloat = tileDTypeIsFloat(actual->dtype);
  size_t n = tileHostArrayNumElements(actual);
  r->numElements = n;
  double worst = -1;
  for (size_t i = 0; i < n; ++i) {
    double bad, error;
    if (!aFloat && rtol == 0) {
      /* Integers compare as integers (a double would round past 2^53):
       * exactly, or within an atol given. */
      int64_t a = intElement(actual, i), e = intElement(expected, i);
      error = a == e ? 0 : fabs((double)a - (double)e);
      bad = a == e ? 0 : atol > 0 ? error / atol : INFINITY;
    } else {
      bad = badness(tileCompareElement(actual, i),
                    tileCompareElement(expected, i), rtol, atol, &error);
    }
    if (bad > 1)
      ++r->numMismatches;
    if (isfinite(error) && error > r->maxError)
      r->maxError = error;
    if (bad > worst || (bad == worst && error > r->error)) {
      worst = bad;
      r->worst = i;
      r->error = error;
    }
  }
  if (n) {
    r->expected = tileCompareElement(expected, r->worst);
    r->actual = tileCompareElement(actual, r->worst);
  }
  return 0;
}
