/* See Clock.h. */
#include "lib/Support/Clock.h"

#include <time.h>

double tileNowMs(void) {
  struct timespec t;
  timespec_get(&t, TIME_UTC); /* C11 */
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}
