/* --arg specs; see Arguments.h. */
#include "tools/tile-run/Arguments.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Tooling/Generate.h"
#include "lib/Tooling/Npy.h"

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

/* The data bytes of the npy file at `path`, from its size and the header
 * length in its first bytes; false where the file cannot say (tileNpyRead
 * then reports why). */
static bool npyDataBytes(const char *path, int64_t *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  unsigned char b[12];
  size_t got = fread(b, 1, sizeof b, f);
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  fclose(f);
  /* "\x93NUMPY", major, minor, then the header length: 2 bytes little
   * endian in version 1.0, 4 bytes in 2.0. */
  if (got < 10 || memcmp(b, "\x93NUMPY", 6) != 0 || size < 0)
    return false;
  int64_t header = -1;
  if (b[6] == 1)
    header = 10 + (b[8] | b[9] << 8);
  else if (b[6] == 2 && got == 12)
    header = 12 + (int64_t)((uint32_t)b[8] | (uint32_t)b[9] << 8 |
                            (uint32_t)b[10] << 16 | (uint32_t)b[11] << 24);
  if (header < 0 || header > size)
    return false;
  *out = (int64_t)size - header;
  return true;
}

int argumentCheckSize(int index, const TileKernelArg *sig, const char *spec,
                      const TileArgLimits *limits, char *err, size_t errSize) {
  if (sig->kind != TILE_ARG_MEMREF)
    return 0;
  char what[512], shape[256];
  if (startsWith(spec, "npy:")) {
    int64_t bytes, size = (int64_t)tileDTypeSize(sig->dtype);
    if (!npyDataBytes(spec + 4, &bytes))
      return 0;
    /* The file must hold the memref's dtype (raw bf16 and f8 bits have its
     * size too); a file of another dtype is refused once read. */
    snprintf(what, sizeof what, "npy file %s holds %lld data bytes, %lld %s "
             "elements", spec + 4, (long long)bytes, (long long)(bytes / size),
             tileDTypeName(sig->dtype));
    return tileArgCheckSize(index, sig->type, what, bytes / size, bytes,
                            limits, err, errSize);
  }
  if (!isGenerator(spec))
    return 0;
  TileGenSpec g;
  char inner[512];
  if (tileGenerateParse(spec, &g, inner, sizeof inner)) {
    snprintf(err, errSize, TILE_ARG_FMT ": %s", index, sig->type, inner);
    return 1;
  }
  snprintf(what, sizeof what, "generated input '%s'", spec);
  TileHostArray shell = {.dtype = g.dtype, .rank = g.rank};
  memcpy(shell.shape, g.shape, sizeof shell.shape);
  if (checkArray(index, sig, what, &shell, err, errSize))
    return 1;
  /* tileGenerateParse checked that these fit an int64. */
  int64_t elements = 1;
  for (int d = 0; d < g.rank; ++d)
    elements *= g.shape[d];
  tileShapeFormat(g.rank, g.shape, shape, sizeof shape);
  snprintf(what, sizeof what, "generated input '%s' has shape %s", spec,
           shape);
  return tileArgCheckSize(index, sig->type, what, elements,
                          elements * (int64_t)tileDTypeSize(g.dtype), limits,
                          err, errSize);
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
