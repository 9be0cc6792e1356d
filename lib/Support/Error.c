/* The libraries' error convention; see Error.h. */
#include "lib/Support/Error.h"

#include <stdarg.h>
#include <stdio.h>

int tileFail(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return 1;
}

int tileFailCode(int code, char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return code;
}
