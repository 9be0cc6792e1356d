/* --arg specs; see Arguments.h. */
#include "tools/tile-run/Arguments.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Generate.h"
#include "lib/Runtime/Npy.h"

static bool startsWith(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool isGenerator(const char *spec) {
  static const char *const kGenerators[] = {"randn:", "rand:", "zeros:",
                                            "ones:", "iota:"};
  for (size_t i = 0; i < sizeof kGenerators / sizeof kGenerators[0]; ++i)
    if (startsWith(spec, kGenerators[i]))
      return true;
  return false;
}

/* Checks dtype, rank and static sizes of a loaded array. `what` says where
 * it came from: "npy file x.npy" or "generated input 'zeros:8xf32'". */
static int checkArray(int index, const TileKernelArg *sig, const char *what,
                      const TileHostArray *a, char *err, size_t errSize) {
  return tileHostArrayCheckMemref(a, index, sig->type, what, sig->dtype,
                                  sig->rank, sig->shape, err, errSize);
}

/* bf16 and f8 have no NumPy dtype: how .npy files hold them, for a message
 * about a file of another dtype. */
static const char *rawBitsHint(TileDType dtype) {
  if (dtype == TILE_DTYPE_BF16)
    return " (bf16 is stored in .npy files as raw '<u2' bits)";
  if (tileDTypeIsF8(dtype))
    return " (f8 is stored in .npy files as raw '|u1' bits)";
  return "";
}

static int loadMemref(int index, const TileKernelArg *sig, const char *spec,
                      ArgValue *out, char *err, size_t errSize) {
  char inner[512], what[256];
  int failed;
  if (startsWith(spec, "npy:")) {
    const char *path = spec + 4;
    failed = tileNpyRead(path, sig->dtype, &out->array, inner, sizeof inner);
    snprintf(what, sizeof what, "npy file %s", path);
  } else if (isGenerator(spec)) {
    failed = tileGenerate(spec, &out->array, inner, sizeof inner);
    snprintf(what, sizeof what, "generated input '%s'", spec);
  } else {
    snprintf(err, errSize,
             TILE_ARG_FMT ": expected npy:PATH or a generator (randn:, rand:, "
             "zeros:, ones:, iota:), got '%s'",
             index, sig->type, spec);
    return 1;
  }
  if (failed) {
    snprintf(err, errSize, TILE_ARG_FMT ": %s", index, sig->type, inner);
    return 1;
  }
  if (checkArray(index, sig, what, &out->array, err, errSize)) {
    size_t n = strlen(err);
    if (out->array.dtype != sig->dtype && startsWith(spec, "npy:"))
      snprintf(err + n, errSize - n, "%s", rawBitsHint(sig->dtype));
    tileHostArrayDestroy(&out->array);
    return 1;
  }
  return 0;
}

/* Integers: decimal or 0x hex, in the signed or unsigned range of the
 * width (stored as the signed value of the same bits); i1 also takes
 * true/false. */
static bool parseInt(const char *s, TileDType dtype, int64_t *out) {
  if (dtype == TILE_DTYPE_BOOL) {
    if (strcmp(s, "true") == 0 || strcmp(s, "1") == 0)
      return *out = 1, true;
    if (strcmp(s, "false") == 0 || strcmp(s, "0") == 0)
      return *out = 0, true;
    return false;
  }
  if (!*s || s[0] == ' ')
    return false;
  errno = 0;
  char *end;
  long long v = strtoll(s, &end, 0);
  if (*end || end == s)
    return false;
  if (errno == ERANGE) {
    /* Unsigned 64-bit values above INT64_MAX keep their bits. */
    if (dtype != TILE_DTYPE_I64 || s[0] == '-')
      return false;
    errno = 0;
    unsigned long long u = strtoull(s, &end, 0);
    if (*end || errno == ERANGE)
      return false;
    memcpy(out, &u, sizeof *out);
    return true;
  }
  int bits = (int)tileDTypeSize(dtype) * 8;
  if (bits < 64) {
    long long lo = -(1LL << (bits - 1)), hi = (1LL << bits) - 1;
    if (v < lo || v > hi)
      return false;
    if (v >= (1LL << (bits - 1)))
      v -= 1LL << bits;
  }
  *out = v;
  return true;
}

static bool parseFloat(const char *s, double *out) {
  if (!*s || s[0] == ' ')
    return false;
  char *end;
  *out = strtod(s, &end);
  return end != s && *end == '\0';
}

static const char *intRange(TileDType dtype, char *buf, size_t size) {
  switch (dtype) {
  case TILE_DTYPE_BOOL:
    return "true, false, 1 or 0";
  case TILE_DTYPE_I64:
    return "an integer of 64 bits";
  default: {
    int bits = (int)tileDTypeSize(dtype) * 8;
    snprintf(buf, size, "an integer from %lld to %lld", -(1LL << (bits - 1)),
             (1LL << bits) - 1);
    return buf;
  }
  }
}

int argumentLoad(int index, const TileKernelArg *sig, const char *spec,
                 ArgValue *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  char range[96];
  switch (sig->kind) {
  case TILE_ARG_MEMREF:
    return loadMemref(index, sig, spec, out, err, errSize);
  case TILE_ARG_INT:
    if (parseInt(spec, sig->dtype, &out->i))
      return 0;
    snprintf(err, errSize, TILE_ARG_FMT ": '%s' is not %s", index, sig->type,
             spec, intRange(sig->dtype, range, sizeof range));
    return 1;
  case TILE_ARG_INDEX:
    if (parseInt(spec, TILE_DTYPE_I64, &out->i))
      return 0;
    snprintf(err, errSize, TILE_ARG_FMT ": '%s' is not an integer", index,
             sig->type, spec);
    return 1;
  case TILE_ARG_FLOAT:
    if (parseFloat(spec, &out->f))
      return 0;
    snprintf(err, errSize,
             TILE_ARG_FMT ": '%s' is not a number (e.g. 0.5, -2, 1e-3, inf, nan)",
             index, sig->type, spec);
    return 1;
  }
  return 1;
}

void argumentFree(ArgValue *v) { tileHostArrayDestroy(&v->array); }
