/* Command-line helpers; see Args.h. */
#include "lib/Tooling/Args.h"

#include <stdio.h>
#include <string.h>

#include "lib/Support/Error.h"

bool tileFlagValue(const char *arg, const char *name, int *i, int argc,
                   char **argv, const char **value, bool *missing) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0)
    return false;
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  if (arg[n] != '\0')
    return false;
  if (*i + 1 >= argc) {
    *missing = true;
    return true;
  }
  *value = argv[++*i];
  return true;
}

bool tileParseBytes(const char *s, int64_t *out) {
  int64_t v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; ++p) {
    int digit = *p - '0';
    if (v > (INT64_MAX - digit) / 10)
      return false;
    v = v * 10 + digit;
  }
  if (p == s)
    return false;
  static const char kSuffixes[] = "KMGT";
  const char *suffix = *p ? strchr(kSuffixes, *p) : NULL;
  if (*p && (!suffix || p[1]))
    return false;
  for (int shift = suffix ? 10 * (int)(suffix - kSuffixes + 1) : 0; shift;
       shift -= 10) {
    if (v > INT64_MAX >> 10)
      return false;
    v <<= 10;
  }
  if (v < 1)
    return false;
  *out = v;
  return true;
}

void tileFormatBytes(int64_t bytes, char *buf, size_t size) {
  static const char *const kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB",
                                       "EiB"};
  if (bytes < 1024) {
    snprintf(buf, size, "%lld bytes", (long long)bytes);
    return;
  }
  double v = (double)bytes / 1024;
  int unit = 0;
  while (v >= 1024 && unit < 5) {
    v /= 1024;
    ++unit;
  }
  snprintf(buf, size, "%.4g %s", v, kUnits[unit]);
}


int tileArgCheckSize(int index, const char *type, const char *what,
                     int64_t elements, int64_t bytes,
                     const TileArgLimits *limits, char *err, size_t errSize) {
  /* The package's limit first: no tile-run option lifts it. */
  int64_t shape[1] = {elements};
  if (limits->indexBits == 32 && tileArrayNeedsIndex64(1, shape, NULL))
    return tileFail(err, errSize,
                    "argument #%d (%s): %s, " TILE_INDEX32_LIMIT_MSG, index,
                    type, what);
  if (bytes > limits->maxBytes) {
    char have[32], most[32];
    tileFormatBytes(bytes, have, sizeof have);
    tileFormatBytes(limits->maxBytes, most, sizeof most);
    if (strcmp(have, most) == 0) { /* rounded alike: say it exactly */
      snprintf(have, sizeof have, "%lld bytes", (long long)bytes);
      snprintf(most, sizeof most, "%lld bytes", (long long)limits->maxBytes);
    }
    return tileFail(
        err, errSize,
        "argument #%d (%s): %s (%s), more than the %s one array may take "
        "(%s N raises it)",
        index, type, what, have, most, limits->maxBytesFlag);
  }
  return 0;
}
