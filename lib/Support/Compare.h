/* Compares an output array with an expected one (tile-run's --check, a
 * tuning candidate's outputs against a reference or the other
 * candidates'), element by element: |a - e| <= atol + rtol*|e| (atol
 * = rtol unless given); NaN matches only NaN, an infinity only the same infinity.
 * The default rtol follows the output's dtype (tileCompareDefaultRtol);
 * integers and bool compare exactly. */
#ifndef TILE_SUPPORT_COMPARE_H
#define TILE_SUPPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Support/HostArray.h"

typedef struct {
  size_t numElements;
  size_t numMismatches;
  size_t worst;       /* flat index of the worst element (mismatch or not) */
  double expected;    /* at `worst` */
  double actual;
  double error;       /* |actual - expected| at `worst` */
  double maxError;    /* the largest |actual - expected| among finite pairs */
  double rtol, atol;  /* the tolerances compared at, defaults resolved */
} TileCompareResult;

/* 1e-5 for f32/f64, 1e-2 for f16/bf16, one ulp at 1 for f8 (0.125 for
 * f8e4m3, 0.25 for f8e5m2), 0 for integers and bool. */
double tileCompareDefaultRtol(TileDType dtype);

/* Whether `expected` can be compared with `actual` (both float or both
 * not, one shape); 1 with a message if not. tile-run checks this before
 * the kernel runs, with the argument's array as `actual`. */
int tileCompareCompatible(const TileHostArray *actual,
                          const TileHostArray *expected, char *err,
                          size_t errSize);
/* Compares, with rtol < 0 meaning the actual dtype's default and atol < 0
 * meaning atol = rtol (both as used land in *r). Returns 1 with a message
 * when the two cannot be compared (shapes differ, a float array against
 * an integer one), else 0 and fills *r (the check passed when
 * r->numMismatches == 0). */
int tileCompareArrays(const TileHostArray *actual,
                      const TileHostArray *expected, double rtol, double atol,
                      TileCompareResult *r, char *err, size_t errSize);

/* Element `i` of `a` as a double. */
double tileCompareElement(const TileHostArray *a, size_t i);

/* Writes "[i, j, k]" for flat index `flat` of `shape`. */
void tileCompareFormatIndex(size_t flat, int rank, const int64_t *shape,
                            char *buf, size_t size);

#endif
