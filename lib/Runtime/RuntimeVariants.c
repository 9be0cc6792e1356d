/* Variant files and the runtime API over them; see Variants.h and
 * tile-c/Runtime.h, "Variants". */
#define _POSIX_C_SOURCE 200809L /* strdup, mkstemp */
#include "lib/Runtime/Variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/Runtime/Package.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/Error.h"
#include "lib/Support/File.h"

struct TileRuntimeVariants {
  int count;
  char **keys;
  int64_t (*grids)[3];
  TileRuntimePackage **packages;
  /* Each package's bytes as read, for a file rewritten with one more. */
  void **bytes;
  size_t *sizes;
};

/* ---- shape keys --------------------------------------------------------- */

void tileLaunchShapeKey(const TileDType *dtypes, const TileRuntimeArg *args,
                        int numArgs, TileStrBuf *out) {
  for (int i = 0; i < numArgs; ++i) {
    const TileRuntimeArg *a = &args[i];
    if (i)
      tileStrBufAppendStr(out, "; ");
    if (a->kind == TILE_RUNTIME_ARG_MEMREF) {
      tileStrBufPrintf(out, "%s ", tileDTypeName(dtypes[i]));
      for (int d = 0; d < a->rank && d < 3; ++d)
        tileStrBufPrintf(out, "%s%lld", d ? "x" : "", (long long)a->shape[d]);
    } else if (a->kind == TILE_RUNTIME_ARG_FLOAT) {
      tileStrBufPrintf(out, "%.17g", a->f);
    } else {
      tileStrBufPrintf(out, "%lld", (long long)a->i);
    }
  }
}

void tileVariantShapeKey(const TileRuntimePackage *p,
                         const TileRuntimeArg *args, int numArgs,
                         TileStrBuf *out) {
  TileDType dtypes[TILE_PACKAGE_MAX_ARGS];
  for (int i = 0; i < numArgs && i < TILE_PACKAGE_MAX_ARGS; ++i)
    dtypes[i] = i < p->p.numArgs ? p->p.args[i].dtype : (TileDType)-1;
  tileLaunchShapeKey(dtypes, args,
                     numArgs < TILE_PACKAGE_MAX_ARGS ? numArgs
                                                     : TILE_PACKAGE_MAX_ARGS,
                     out);
}

/* ---- reading ------------------------------------------------------------ */

typedef struct {
  const unsigned char *at;
  size_t left;
} Reader;

static bool take(Reader *r, void *out, size_t n) {
  if (r->left < n)
    return false;
  if (out)
    memcpy(out, r->at, n);
  r->at += n;
  r->left -= n;
  return true;
}

static uint64_t getLE(const unsigned char *b, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i)
    v = v << 8 | b[i];
  return v;
}

static bool takeLE(Reader *r, int n, uint64_t *v) {
  unsigned char b[8];
  if (!take(r, b, (size_t)n))
    return false;
  *v = getLE(b, n);
  return true;
}

static TileStatusCode bad(TileStatus *st, const char *name, const char *why) {
  return runtimeStatus(st, TILE_STATUS_BAD_PACKAGE, "%s: %s", name, why);
}

/* Whether two packages take the same arguments. */
static bool sameArguments(const TileRuntimePackage *a,
                          const TileRuntimePackage *b) {
  if (a->p.numArgs != b->p.numArgs)
    return false;
  for (int i = 0; i < a->p.numArgs; ++i) {
    const TilePackageArg *x = &a->p.args[i], *y = &b->p.args[i];
    if (x->isMemref != y->isMemref || x->isIndex != y->isIndex ||
        x->dtype != y->dtype || x->rank != y->rank)
      return false;
  }
  return true;
}

static TileStatusCode readEntries(TileRuntimeVariants *v, Reader *r,
                                  const char *name, TileStatus *st) {
  char why[1200];
  bool haveDefault = false;
  for (int i = 0; i < v->count; ++i) {
    uint64_t keyLen, pkgLen, g[3];
    if (!takeLE(r, 4, &keyLen) || keyLen > 65536 || r->left < keyLen)
      return bad(st, name, "truncated variant file (a key)");
    v->keys[i] = calloc(1, (size_t)keyLen + 1);
    if (!v->keys[i])
      return runtimeStatus(st, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
    take(r, v->keys[i], (size_t)keyLen);
    if (memchr(v->keys[i], '\0', (size_t)keyLen))
      return bad(st, name, "a variant's key holds a NUL byte");
    for (int d = 0; d < 3; ++d)
      if (!takeLE(r, 8, &g[d]))
        return bad(st, name, "truncated variant file (a grid)");
    bool isDefault = keyLen == 0;
    for (int d = 0; d < 3; ++d) {
      int64_t x = (int64_t)g[d];
      if (isDefault ? x != 0 : (x < 1 || x > INT32_MAX))
        return bad(st, name, isDefault
                                 ? "the default variant has a grid (it takes "
                                   "the caller's)"
                                 : "a variant's grid dimension is out of "
                                   "range (1 to 2^31-1)");
      v->grids[i][d] = x;
    }
    if (isDefault && haveDefault)
      return bad(st, name, "two default variants");
    haveDefault = haveDefault || isDefault;
    for (int k = 0; k < i; ++k)
      if (strcmp(v->keys[k], v->keys[i]) == 0) {
        snprintf(why, sizeof why, "two variants for '%.900s'", v->keys[i]);
        return bad(st, name, why);
      }
    if (!takeLE(r, 8, &pkgLen) || pkgLen > r->left)
      return bad(st, name, "truncated variant file (a package)");
    v->sizes[i] = (size_t)pkgLen;
    v->bytes[i] = malloc(v->sizes[i] ? v->sizes[i] : 1);
    if (!v->bytes[i])
      return runtimeStatus(st, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
    take(r, v->bytes[i], v->sizes[i]);
    char what[600];
    snprintf(what, sizeof what, "%s (variant %d)", name, i);
    TileStatusCode rc = tileRuntimePackageLoadMemory(
        v->bytes[i], v->sizes[i], what, &v->packages[i], st);
    if (rc)
      return rc;
    if (i > 0 && (strcmp(v->packages[i]->p.kernelName,
                         v->packages[0]->p.kernelName) != 0 ||
                  !sameArguments(v->packages[i], v->packages[0]))) {
      snprintf(why, sizeof why,
               "variant %d (@%s) is not a variant of @%s: another kernel "
               "or other arguments",
               i, v->packages[i]->p.kernelName, v->packages[0]->p.kernelName);
      return bad(st, name, why);
    }
  }
  return TILE_STATUS_OK;
}

TileStatusCode tileRuntimeVariantsLoadMemory(const void *bytes, size_t size,
                                             const char *name,
                                             TileRuntimeVariants **out,
                                             TileStatus *status) {
  if (!out || (!bytes && size))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeVariantsLoadMemory: %s is NULL",
                         out ? "bytes" : "out");
  *out = NULL;
  name = name ? name : "variants";
  const unsigned char *b = bytes;
  size_t magic = sizeof TILE_VARIANTS_MAGIC - 1;
  if (size < magic || memcmp(b, TILE_VARIANTS_MAGIC, magic) != 0)
    return bad(status, name, "not a variant file (no TILEVARS magic)");
  if (size < magic + 16)
    return bad(status, name, "truncated variant file");
  uint64_t stored = getLE(b + size - 8, 8);
  if (stored != tilePackageChecksum(b, size - 8))
    return bad(status, name, "damaged variant file (checksum mismatch)");
  Reader r = {b + magic, size - magic - 8};
  uint64_t version, count;
  takeLE(&r, 4, &version);
  if (version > TILE_VARIANTS_VERSION)
    return runtimeStatus(status, TILE_STATUS_PACKAGE_VERSION,
                         "%s: variant file version %llu is newer than this "
                         "reader (version %d)",
                         name, (unsigned long long)version,
                         TILE_VARIANTS_VERSION);
  if (version < 1 || !takeLE(&r, 4, &count) || count < 1 ||
      count > TILE_VARIANTS_MAX)
    return bad(status, name, "bad variant file header (version or count)");
  TileRuntimeVariants *v = calloc(1, sizeof *v);
  if (v) {
    v->count = (int)count;
    v->keys = calloc(count, sizeof *v->keys);
    v->grids = calloc(count, sizeof *v->grids);
    v->packages = calloc(count, sizeof *v->packages);
    v->bytes = calloc(count, sizeof *v->bytes);
    v->sizes = calloc(count, sizeof *v->sizes);
  }
  if (!v || !v->keys || !v->grids || !v->packages || !v->bytes || !v->sizes) {
    tileRuntimeVariantsDestroy(v);
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  TileStatusCode rc = readEntries(v, &r, name, status);
  if (!rc && r.left)
    rc = bad(status, name, "bytes after the last variant");
  if (rc) {
    tileRuntimeVariantsDestroy(v);
    return rc;
  }
  *out = v;
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimeVariantsLoadFile(const char *path,
                                           TileRuntimeVariants **out,
                                           TileStatus *status) {
  if (!path || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeVariantsLoadFile: %s is NULL",
                         path ? "out" : "path");
  char *bytes, err[1024];
  size_t size;
  if (tileReadFile(path, "variant file", &bytes, &size, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_IO, "%s", err);
  TileStatusCode rc =
      tileRuntimeVariantsLoadMemory(bytes, size, path, out, status);
  free(bytes);
  return rc;
}

void tileRuntimeVariantsDestroy(TileRuntimeVariants *v) {
  if (!v)
    return;
  for (int i = 0; i < v->count; ++i) {
    if (v->keys)
      free(v->keys[i]);
    if (v->packages)
      tileRuntimePackageDestroy(v->packages[i]);
    if (v->bytes)
      free(v->bytes[i]);
  }
  free(v->keys);
  free(v->grids);
  free(v->packages);
  free(v->bytes);
  free(v->sizes);
  free(v);
}

int tileRuntimeVariantsCount(const TileRuntimeVariants *v) {
  return v ? v->count : 0;
}

static bool inRange(const TileRuntimeVariants *v, int i) {
  return v && i >= 0 && i < v->count;
}

const TileRuntimePackage *tileRuntimeVariantsPackage(
    const TileRuntimeVariants *v, int i) {
  return inRange(v, i) ? v->packages[i] : NULL;
}

const char *tileRuntimeVariantsKey(const TileRuntimeVariants *v, int i) {
  return inRange(v, i) ? v->keys[i] : NULL;
}

void tileRuntimeVariantsGrid(const TileRuntimeVariants *v, int i,
                             int64_t grid[3]) {
  for (int d = 0; d < 3; ++d)
    grid[d] = inRange(v, i) ? v->grids[i][d] : 0;
}

TileStatusCode tileRuntimeVariantsPick(const TileRuntimeVariants *v,
                                       const TileRuntimeArg *args,
                                       int numArgs, int *index,
                                       TileStatus *status) {
  if (!v || !index || (!args && numArgs))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeVariantsPick: %s is NULL",
                         !v ? "variants" : !index ? "index" : "args");
  TileStrBuf key = tileStrBufInit();
  tileVariantShapeKey(v->packages[0], args, numArgs, &key);
  int fallback = -1;
  *index = -1;
  for (int i = 0; i < v->count && *index < 0; ++i) {
    if (strcmp(v->keys[i], tileStrBufCStr(&key)) == 0)
      *index = i;
    else if (!v->keys[i][0])
      fallback = i;
  }
  if (*index < 0)
    *index = fallback;
  TileStatusCode rc = TILE_STATUS_OK;
  if (*index < 0) {
    TileStrBuf known = tileStrBufInit();
    for (int i = 0; i < v->count && known.len < 600; ++i)
      tileStrBufPrintf(&known, "%s'%s'", i ? ", " : "", v->keys[i]);
    rc = runtimeStatus(status, TILE_STATUS_ARGUMENT_MISMATCH,
                       "no variant of @%s was tuned for '%.300s' and there "
                       "is no default; it has %d: %.600s",
                       v->packages[0]->p.kernelName, tileStrBufCStr(&key),
                       v->count, tileStrBufCStr(&known));
    tileStrBufFree(&known);
  } else {
    runtimeStatus(status, TILE_STATUS_OK, "%s", "");
  }
  tileStrBufFree(&key);
  return rc;
}

/* ---- writing ------------------------------------------------------------ */

static void putLE(TileStrBuf *b, uint64_t v, int n) {
  char bytes[8];
  for (int i = 0; i < n; ++i)
    bytes[i] = (char)(v >> (8 * i));
  tileStrBufAppend(b, bytes, (size_t)n);
}

static void putEntry(TileStrBuf *b, const char *key, const int64_t grid[3],
                     const void *package, size_t size) {
  putLE(b, strlen(key), 4);
  tileStrBufAppend(b, key, strlen(key));
  for (int d = 0; d < 3; ++d)
    putLE(b, (uint64_t)grid[d], 8);
  putLE(b, size, 8);
  tileStrBufAppend(b, package, size);
}

int tileVariantsFileIs(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return 0;
  char head[sizeof TILE_VARIANTS_MAGIC - 1];
  size_t n = fread(head, 1, sizeof head, f);
  fclose(f);
  return n == sizeof head && memcmp(head, TILE_VARIANTS_MAGIC, n) == 0;
}

int tileVariantsAdd(const char *path, const char *key, const int64_t grid[3],
                    const void *package, size_t size, char *err,
                    size_t errSize) {
  TileRuntimeVariants *old = NULL;
  TileStatus st;
  if (access(path, F_OK) == 0 && tileRuntimeVariantsLoadFile(path, &old, &st))
    return tileFail(err, errSize, "%s", st.message);
  /* The new package must read, and be a variant of the others. */
  TileRuntimePackage *added = NULL;
  if (tileRuntimePackageLoadMemory(package, size, path, &added, &st)) {
    snprintf(err, errSize, "%s", st.message);
    tileRuntimeVariantsDestroy(old);
    return 1;
  }
  if (old && (strcmp(added->p.kernelName, old->packages[0]->p.kernelName) ||
              !sameArguments(added, old->packages[0]))) {
    snprintf(err, errSize,
             "%s: @%s is not a variant of @%s: another kernel or other "
             "arguments",
             path, added->p.kernelName, old->packages[0]->p.kernelName);
    tileRuntimePackageDestroy(added);
    tileRuntimeVariantsDestroy(old);
    return 1;
  }
  tileRuntimePackageDestroy(added);
  int count = old ? old->count : 0;
  int kept = 0;
  TileStrBuf b = tileStrBufInit();
  tileStrBufAppend(&b, TILE_VARIANTS_MAGIC, sizeof TILE_VARIANTS_MAGIC - 1);
  for (int i = 0; i < count; ++i)
    kept += strcmp(old->keys[i], key) != 0;
  putLE(&b, TILE_VARIANTS_VERSION, 4);
  putLE(&b, (uint64_t)kept + 1, 4);
  for (int i = 0; i < count; ++i)
    if (strcmp(old->keys[i], key) != 0)
      putEntry(&b, old->keys[i], old->grids[i], old->bytes[i], old->sizes[i]);
  static const int64_t none[3] = {0, 0, 0};
  putEntry(&b, key, key[0] ? grid : none, package, size);
  putLE(&b, tilePackageChecksum(b.data, b.len), 8);
  tileRuntimeVariantsDestroy(old);
  int rc = 0;
  if (kept + 1 > TILE_VARIANTS_MAX) {
    snprintf(err, errSize, "%s: a variant file holds at most %d variants",
             path, TILE_VARIANTS_MAX);
    rc = 1;
  }
  /* Whole, then renamed over: a reader sees the old file or the new. */
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
  int fd = rc ? -1 : mkstemp(tmp);
  if (!rc && fd < 0) {
    snprintf(err, errSize, "%s: cannot create a file beside it", path);
    rc = 1;
  }
  if (fd >= 0) {
    close(fd);
    rc = tileWriteFile(tmp, "variant file", b.data, b.len, err, errSize);
    if (!rc && rename(tmp, path) != 0) {
      snprintf(err, errSize, "%s: cannot replace it", path);
      rc = 1;
    }
    if (rc)
      unlink(tmp);
  }
  tileStrBufFree(&b);
  return rc;
}
