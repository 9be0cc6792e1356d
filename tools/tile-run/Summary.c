/* Output summaries; see Summary.h. */
#include "tools/tile-run/Summary.h"

#include <math.h>

#include "lib/Support/Compare.h"

void summaryPrint(FILE *f, int index, const char *type,
                  const TileHostArray *a, const char *note) {
  char shape[128];
  tileShapeFormat(a->rank, a->shape, shape, sizeof shape);
  fprintf(f, "#%d %s: %s %s:", index, type, tileDTypeName(a->dtype), shape);
  size_t n = tileHostArrayNumElements(a), nans = 0, counted = 0;
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  for (size_t i = 0; i < n; ++i) {
    double v = tileCompareElement(a, i);
    if (isnan(v)) {
      ++nans;
      continue;
    }
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
    sum += v;
    ++counted;
  }
  if (counted)
    fprintf(f, " min %.6g max %.6g mean %.6g", lo, hi, sum / (double)counted);
  else if (!n)
    fprintf(f, " empty");
  if (nans)
    fprintf(f, " nan %zu", nans);
  fprintf(f, "%s%s\n", note && *note ? ", " : "", note ? note : "");
}
