/* The compiled package file; see Package.h. Format, version 8, all
 * integers little-endian:
 *
 *   "TILEPKG\0"                    8 bytes of magic
 *   u32 version                    TILE_PACKAGE_VERSION
 *   u32 length, bytes              kernel name (no NUL; < 128 bytes)
 *   u32 length, bytes              chip: "sm_" 2-3 digits, optional "a"
 *   u32 imageKind, numWarps, sharedBytes, flopsPerProgram, numArgs
 *   numArgs records of 28 bytes:   u8 isMemref, u8 isIndex, u8 dtype
 *                                  (TileDType's code; new codes are only
 *                                  appended), u8 rank, i64 shape[3] (-1:
 *                                  dynamic; 0 past the rank)
 *   u64 imageSize, bytes           the cubin/fatbin, or PTX ending in NUL
 *   u64 genericSize, bytes         0, or the generic entry's PTX ending in
 *                                  NUL (not in version 1)
 *   u32 numTensorMaps, then per map u32 arg, boxRows, boxCols,
 *                                  swizzleBytes (from version 3)
 *   u32 producerWarps              0 or 4 (from version 5)
 *   u32 persistent                 0 or 1 (from version 6), 2 (stream-K,
 *                                  from version 9)
 *   u32 indexBits                  32 or 64 (from version 7)
 *   u32 ctaPairs                   0 or 1 (from version 8)
 *   u64 checksum                   tilePackageChecksum of every byte
 *                                  before it (from version 4)
 *
 * and nothing after. Versions 1 to 8 are still read (1 to 6 as 32-bit
 * indexing, 1 to 7 without CTA pairs, 1 to 8 without stream-K). The reader
 * trusts nothing: every length is checked against what is left before it is
 * used, and the decoded package goes through the same validation the writer
 * applies. */
#define _POSIX_C_SOURCE 200809L
#include "lib/Runtime/Package.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Support/File.h"
#include "tile-c/Runtime.h"

static const char kMagic[8] = {'T', 'I', 'L', 'E', 'P', 'K', 'G', '\0'};

/* Largest shared memory a block may opt into on any supported chip
 * (sm_90: 227 KiB). */
#define TILE_PACKAGE_MAX_SHARED 232448
#define TILE_PACKAGE_ARG_BYTES 28
#define CHIP_FORMS "expected sm_NN or sm_NNN, optionally with 'a': sm_90a, sm_100a"

/* ---- validation shared by reader and writer ---- */

static bool isPrintable(const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (s[i] < 0x21 || s[i] > 0x7e)
      return false;
  return true;
}

/* "sm_", two or three digits (no leading zero), optionally "a". */
static bool isChip(const char *s) {
  if (strncmp(s, "sm_", 3) != 0 || s[3] < '1' || s[3] > '9')
    return false;
  size_t digits = 1;
  while (s[3 + digits] >= '0' && s[3 + digits] <= '9')
    ++digits;
  if (digits < 2 || digits > 3)
    return false;
  const char *rest = s + 3 + digits;
  return rest[0] == '\0' || (rest[0] == 'a' && rest[1] == '\0');
}

static bool isKernelDType(int dtype) {
  return dtype >= 0 && dtype < TILE_DTYPE_COUNT && dtype != TILE_DTYPE_U8;
}

static int validateArg(const char *name, int i, const TilePackageArg *a,
                       char *err, size_t errSize) {
  if (a->isMemref != 0 && a->isMemref != 1)
    return tileFail(err, errSize, "%s: argument #%d: bad kind %d (expected 0 or 1)",
                 name, i, a->isMemref);
  if (a->isIndex != 0 && a->isIndex != 1)
    return tileFail(err, errSize, "%s: argument #%d: bad index flag %d", name, i,
                 a->isIndex);
  if (!isKernelDType((int)a->dtype))
    return tileFail(err, errSize, "%s: argument #%d: bad dtype %d", name, i,
                 (int)a->dtype);
  if (a->isMemref) {
    if (a->isIndex)
      return tileFail(err, errSize, "%s: argument #%d: a memref cannot be index",
                   name, i);
    if (a->rank < 1 || a->rank > 3)
      return tileFail(err, errSize,
                   "%s: argument #%d: memref rank %d (expected 1 to 3)", name,
                   i, a->rank);
  } else {
    if (a->rank != 0)
      return tileFail(err, errSize, "%s: argument #%d: scalar with rank %d", name,
                   i, a->rank);
    if (a->isIndex && a->dtype != TILE_DTYPE_I64)
      return tileFail(err, errSize, "%s: argument #%d: an index scalar must be i64",
                   name, i);
  }
  for (int d = 0; d < 3; ++d) {
    bool inRank = d < a->rank;
    if (inRank ? a->shape[d] < -1 : a->shape[d] != 0)
      return tileFail(err, errSize,
                   "%s: argument #%d: bad size %lld in dimension %d (rank %d)",
                   name, i, (long long)a->shape[d], d, a->rank);
  }
  return 0;
}

/* A tensor map must describe one of the package's memrefs as the launcher
 * can encode it. */
static int validateTensorMap(const char *name, int i, const TilePackage *p,
                             char *err, size_t errSize) {
  const TilePackageTensorMap *t = &p->tensorMaps[i];
  if (t->arg < 0 || t->arg >= p->numArgs || !p->args[t->arg].isMemref ||
      p->args[t->arg].rank < 2)
    return tileFail(err, errSize,
                    "%s: tensor map #%d names argument #%d, which is not a "
                    "memref of rank 2 or 3 of the kernel's %d arguments",
                    name, i, t->arg, p->numArgs);
  int elem = (int)tileDTypeSize(p->args[t->arg].dtype);
  if (t->swizzleBytes != 0 && t->swizzleBytes != 32 &&
      t->swizzleBytes != 64 && t->swizzleBytes != 128)
    return tileFail(err, errSize,
                    "%s: tensor map #%d: swizzle of %d bytes (expected 0, "
                    "32, 64 or 128)",
                    name, i, t->swizzleBytes);
  /* Swizzled rows fit the swizzle; unswizzled ones (a plain box) are
   * whole 16-byte units, as a bulk copy moves them. */
  bool rowsFit = t->swizzleBytes > 0 ? t->boxCols * elem <= t->swizzleBytes
                                     : (t->boxCols * elem) % 16 == 0;
  if (t->boxRows < 1 || t->boxRows > 256 || t->boxCols < 1 ||
      t->boxCols > 256 || !rowsFit)
    return tileFail(err, errSize,
                    "%s: tensor map #%d: a box of %dx%d elements of %d bytes "
                    "(at most 256 per side, rows of at most the %d-byte "
                    "swizzle, or of whole 16 bytes without one)",
                    name, i, t->boxRows, t->boxCols, elem, t->swizzleBytes);
  return 0;
}

/* The little-endian integer of `bytes` bytes at p. */
static uint64_t le(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i)
    v = v << 8 | p[i];
  return v;
}

/* A cubin: a 64-bit little-endian ELF file for EM_CUDA (190) whose program
 * headers, section headers and sections lie inside the image. The driver
 * trusts these; a damaged one crashed or hung it. */
static int validateElf(const char *name, const unsigned char *img,
                       size_t size, char *err, size_t errSize) {
  if (size < 64 || img[4] != 2 || img[5] != 1 || le(img + 18, 2) != 190)
    return tileFail(err, errSize,
                    "%s: damaged package: the cubin is not a 64-bit "
                    "little-endian CUDA ELF file",
                    name);
  uint64_t phoff = le(img + 0x20, 8), shoff = le(img + 0x28, 8);
  uint64_t phsize = le(img + 0x36, 2), phnum = le(img + 0x38, 2);
  uint64_t shsize = le(img + 0x3A, 2), shnum = le(img + 0x3C, 2);
  if ((phnum && (phsize != 56 || phoff < 64 || phoff > size ||
                 phnum * 56 > size - phoff)) ||
      shsize != 64 || shoff < 64 || shoff > size || shnum * 64 > size - shoff)
    return tileFail(err, errSize,
                    "%s: damaged package: the cubin's ELF headers point "
                    "outside its %zu bytes",
                    name, size);
  for (uint64_t i = 0; i < shnum; ++i) {
    const unsigned char *sh = img + shoff + i * 64;
    uint64_t type = le(sh + 4, 4), off = le(sh + 0x18, 8),
             bytes = le(sh + 0x20, 8);
    if (type != 8 /* SHT_NOBITS */ && (off > size || bytes > size - off))
      return tileFail(err, errSize,
                      "%s: damaged package: the cubin's section %llu lies "
                      "outside its %zu bytes",
                      name, (unsigned long long)i, size);
  }
  return 0;
}

static int validate(const char *name, const TilePackage *p, char *err,
                    size_t errSize) {
  size_t nameLen = strnlen(p->kernelName, sizeof p->kernelName);
  if (nameLen == 0 || nameLen == sizeof p->kernelName ||
      !isPrintable(p->kernelName, nameLen))
    return tileFail(err, errSize,
                 "%s: the kernel name must be 1 to %zu printable characters",
                 name, sizeof p->kernelName - 1);
  if (strnlen(p->chip, sizeof p->chip) == sizeof p->chip || !isChip(p->chip))
    return tileFail(err, errSize, "%s: bad chip '%.15s' (" CHIP_FORMS ")", name,
                 p->chip);
  if (p->imageKind != TILE_IMAGE_CUBIN && p->imageKind != TILE_IMAGE_PTX &&
      p->imageKind != TILE_IMAGE_FATBIN)
    return tileFail(err, errSize,
                    "%s: bad image kind %d (0 cubin, 1 ptx, 2 fatbin)", name,
                    (int)p->imageKind);
  if (p->numWarps < 1 || p->numWarps > 32 ||
      (p->numWarps & (p->numWarps - 1)) != 0)
    return tileFail(err, errSize,
                 "%s: %d warps (expected a power of two from 1 to 32)", name,
                 p->numWarps);
  if ((p->producerWarps != 0 && p->producerWarps != 4) ||
      p->numWarps + p->producerWarps > 32)
    return tileFail(err, errSize,
                    "%s: %d producer warps beside %d (expected 0, or 4 with "
                    "at most 28 others)",
                    name, p->producerWarps, p->numWarps);
  if (p->persistent < 0 || p->persistent > 2)
    return tileFail(err, errSize, "%s: persistent flag %d (expected 0, 1 or 2)",
                    name, p->persistent);
  if (p->indexBits != 32 && p->indexBits != 64)
    return tileFail(err, errSize, "%s: index width %d (expected 32 or 64)",
                    name, p->indexBits);
  if (p->ctaPairs != 0 && p->ctaPairs != 1)
    return tileFail(err, errSize, "%s: CTA-pairs flag %d (expected 0 or 1)",
                    name, p->ctaPairs);
  if (p->sharedBytes < 0 || p->sharedBytes > TILE_PACKAGE_MAX_SHARED)
    return tileFail(err, errSize,
                 "%s: %d bytes of shared memory (expected 0 to %d)", name,
                 p->sharedBytes, TILE_PACKAGE_MAX_SHARED);
  if (p->flopsPerProgram < 0)
    return tileFail(err, errSize, "%s: negative flops per program (%d)", name,
                 p->flopsPerProgram);
  if (p->numArgs < 0 || p->numArgs > TILE_PACKAGE_MAX_ARGS)
    return tileFail(err, errSize, "%s: %d arguments (expected 0 to %d)", name,
                 p->numArgs, TILE_PACKAGE_MAX_ARGS);
  for (int i = 0; i < p->numArgs; ++i)
    if (validateArg(name, i, &p->args[i], err, errSize))
      return 1;
  if (!p->image || p->imageSize == 0)
    return tileFail(err, errSize, "%s: empty image", name);
  const unsigned char *img = p->image;
  if (p->imageKind == TILE_IMAGE_PTX) {
    if (img[p->imageSize - 1] != '\0')
      return tileFail(err, errSize, "%s: the PTX image is not NUL-terminated",
                   name);
  } else if (p->imageKind == TILE_IMAGE_FATBIN) {
    static const unsigned char fatbin[4] = {0x50, 0xed, 0x55, 0xba};
    if (p->imageSize < 4 || memcmp(img, fatbin, 4) != 0)
      return tileFail(err, errSize, "%s: the fatbin image has no fatbin magic",
                      name);
  } else {
    /* A cubin is an ELF file; a fatbin (also loadable) has its own magic. */
    static const unsigned char elf[4] = {0x7f, 'E', 'L', 'F'};
    static const unsigned char fatbin[4] = {0x50, 0xed, 0x55, 0xba};
    if (p->imageSize < 4 ||
        (memcmp(img, elf, 4) != 0 && memcmp(img, fatbin, 4) != 0))
      return tileFail(err, errSize,
                   "%s: the cubin image is neither an ELF file nor a fatbin",
                   name);
    if (memcmp(img, elf, 4) == 0 &&
        validateElf(name, img, p->imageSize, err, errSize))
      return 1;
  }
  if (p->numTensorMaps < 0 || p->numTensorMaps > TILE_PACKAGE_MAX_TENSOR_MAPS)
    return tileFail(err, errSize, "%s: %d tensor maps (expected 0 to %d)",
                    name, p->numTensorMaps, TILE_PACKAGE_MAX_TENSOR_MAPS);
  for (int i = 0; i < p->numTensorMaps; ++i)
    if (validateTensorMap(name, i, p, err, errSize))
      return 1;
  if (p->genericPtx) {
    char entry[sizeof p->kernelName + 16];
    snprintf(entry, sizeof entry, ".entry %s(", p->kernelName);
    if (p->genericPtxSize == 0 || p->genericPtx[p->genericPtxSize - 1] != '\0' ||
        strlen(p->genericPtx) + 1 != p->genericPtxSize)
      return tileFail(err, errSize,
                      "%s: the generic entry's PTX is not one NUL-terminated "
                      "text",
                      name);
    if (!strstr(p->genericPtx, entry))
      return tileFail(err, errSize,
                      "%s: the generic entry's PTX does not define .entry %s",
                      name, p->kernelName);
  }
  return 0;
}

/* ---- writing ---- */

typedef struct {
  unsigned char *data;
  size_t size, cap;
  bool failed;
} Buf;

static void put(Buf *b, const void *src, size_t n) {
  if (b->failed)
    return;
  if (b->size + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->size + n)
      cap *= 2;
    unsigned char *grown = realloc(b->data, cap);
    if (!grown) {
      b->failed = true;
      return;
    }
    b->data = grown;
    b->cap = cap;
  }
  memcpy(b->data + b->size, src, n);
  b->size += n;
}

static void putLE(Buf *b, uint64_t v, int bytes) {
  unsigned char le[8];
  for (int i = 0; i < bytes; ++i)
    le[i] = (unsigned char)(v >> (8 * i));
  put(b, le, (size_t)bytes);
}

static void putString(Buf *b, const char *s) {
  size_t n = strlen(s);
  putLE(b, n, 4);
  put(b, s, n);
}

int tilePackageWriteMemory(const TilePackage *p, void **outBuf,
                           size_t *outSize, char *err, size_t errSize) {
  *outBuf = NULL;
  *outSize = 0;
  if (validate("package", p, err, errSize))
    return 1;
  Buf b = {0};
  put(&b, kMagic, sizeof kMagic);
  putLE(&b, TILE_PACKAGE_VERSION, 4);
  putString(&b, p->kernelName);
  putString(&b, p->chip);
  putLE(&b, (uint32_t)p->imageKind, 4);
  putLE(&b, (uint32_t)p->numWarps, 4);
  putLE(&b, (uint32_t)p->sharedBytes, 4);
  putLE(&b, (uint32_t)p->flopsPerProgram, 4);
  putLE(&b, (uint32_t)p->numArgs, 4);
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    unsigned char head[4] = {(unsigned char)a->isMemref,
                             (unsigned char)a->isIndex,
                             (unsigned char)a->dtype, (unsigned char)a->rank};
    put(&b, head, 4);
    for (int d = 0; d < 3; ++d)
      putLE(&b, (uint64_t)a->shape[d], 8);
  }
  putLE(&b, p->imageSize, 8);
  put(&b, p->image, p->imageSize);
  putLE(&b, p->genericPtx ? p->genericPtxSize : 0, 8);
  if (p->genericPtx)
    put(&b, p->genericPtx, p->genericPtxSize);
  putLE(&b, (uint32_t)p->numTensorMaps, 4);
  for (int i = 0; i < p->numTensorMaps; ++i) {
    const TilePackageTensorMap *t = &p->tensorMaps[i];
    putLE(&b, (uint32_t)t->arg, 4);
    putLE(&b, (uint32_t)t->boxRows, 4);
    putLE(&b, (uint32_t)t->boxCols, 4);
    putLE(&b, (uint32_t)t->swizzleBytes, 4);
  }
  putLE(&b, (uint32_t)p->producerWarps, 4);
  putLE(&b, (uint32_t)p->persistent, 4);
  putLE(&b, (uint32_t)p->indexBits, 4);
  putLE(&b, (uint32_t)p->ctaPairs, 4);
  if (!b.failed)
    putLE(&b, tilePackageChecksum(b.data, b.size), 8);
  if (b.failed) {
    free(b.data);
    return tileFail(err, errSize, "package: out of memory");
  }
  *outBuf = b.data;
  *outSize = b.size;
  return 0;
}

int tilePackageWrite(const char *path, const TilePackage *p, char *err,
                     size_t errSize) {
  void *buf;
  size_t size;
  if (tilePackageWriteMemory(p, &buf, &size, err, errSize))
    return 1;
  int rc = tileWriteFile(path, "package", buf, size, err, errSize);
  free(buf);
  return rc;
}

/* ---- reading ---- */

typedef struct {
  const char *name;
  const unsigned char *data;
  size_t size, pos;
  char *err;
  size_t errSize;
} Reader;

/* Checks that `n` bytes of `what` are left. */
static int need(Reader *r, size_t n, const char *what) {
  if (n <= r->size - r->pos)
    return 0;
  return tileFail(r->err, r->errSize,
               "%s: truncated package: %s needs %zu byte%s at offset %zu, "
               "%zu left",
               r->name, what, n, n == 1 ? "" : "s", r->pos, r->size - r->pos);
}

static int getLE(Reader *r, int bytes, const char *what, uint64_t *out) {
  if (need(r, (size_t)bytes, what))
    return 1;
  *out = le(r->data + r->pos, bytes);
  r->pos += (size_t)bytes;
  return 0;
}

/* A u32 that must be at most `max` (so it fits an int). */
static int getU32(Reader *r, const char *what, uint32_t max, int *out) {
  size_t at = r->pos;
  uint64_t v;
  if (getLE(r, 4, what, &v))
    return 1;
  if (v > max)
    return tileFail(r->err, r->errSize, "%s: at offset %zu: %s is %llu (at most %u)",
                 r->name, at, what, (unsigned long long)v, max);
  *out = (int)v;
  return 0;
}

static int getString(Reader *r, const char *what, char *dst, size_t dstSize) {
  size_t at = r->pos;
  uint64_t len;
  char lenWhat[64];
  snprintf(lenWhat, sizeof lenWhat, "the length of the %s", what);
  if (getLE(r, 4, lenWhat, &len))
    return 1;
  if (len == 0 || len >= dstSize)
    return tileFail(r->err, r->errSize,
                 "%s: at offset %zu: the %s is %llu bytes long (expected 1 to %zu)",
                 r->name, at, what, (unsigned long long)len, dstSize - 1);
  if (need(r, (size_t)len, what))
    return 1;
  const char *s = (const char *)r->data + r->pos;
  if (memchr(s, '\0', (size_t)len))
    return tileFail(r->err, r->errSize, "%s: at offset %zu: the %s contains a NUL byte",
                 r->name, r->pos, what);
  if (!isPrintable(s, (size_t)len))
    return tileFail(r->err, r->errSize,
                 "%s: at offset %zu: the %s has a character that is not printable",
                 r->name, r->pos, what);
  memcpy(dst, s, (size_t)len);
  dst[len] = '\0';
  r->pos += (size_t)len;
  return 0;
}

static int readArg(Reader *r, int i, TilePackageArg *a) {
  char what[48];
  snprintf(what, sizeof what, "argument #%d", i);
  if (need(r, TILE_PACKAGE_ARG_BYTES, what))
    return 1;
  size_t at = r->pos;
  const unsigned char *h = r->data + r->pos;
  a->isMemref = h[0];
  a->isIndex = h[1];
  a->dtype = (TileDType)h[2];
  a->rank = h[3];
  r->pos += 4;
  for (int d = 0; d < 3; ++d) {
    uint64_t v = 0;
    getLE(r, 8, what, &v); /* cannot fail: the record's size was checked */
    a->shape[d] = (int64_t)v;
  }
  char name[512];
  snprintf(name, sizeof name, "%s: at offset %zu", r->name, at);
  return validateArg(name, i, a, r->err, r->errSize);
}

/* A u64 size and that many bytes, copied out (NULL when the size is 0 and
 * `optional`). */
static int getBlob(Reader *r, const char *what, bool optional, void **out,
                   size_t *outSize) {
  *out = NULL;
  *outSize = 0;
  size_t at = r->pos;
  char sizeWhat[64];
  snprintf(sizeWhat, sizeof sizeWhat, "the %s size", what);
  uint64_t size;
  if (getLE(r, 8, sizeWhat, &size))
    return 1;
  if (size == 0)
    return optional ? 0
                    : tileFail(r->err, r->errSize, "%s: at offset %zu: empty %s",
                               r->name, at, what);
  if (size > r->size - r->pos)
    return tileFail(r->err, r->errSize,
                    "%s: truncated package: the %s needs %llu bytes at offset "
                    "%zu, %zu left",
                    r->name, what, (unsigned long long)size, r->pos,
                    r->size - r->pos);
  *out = malloc((size_t)size);
  if (!*out)
    return tileFail(r->err, r->errSize, "%s: out of memory for a %llu-byte %s",
                    r->name, (unsigned long long)size, what);
  memcpy(*out, r->data + r->pos, (size_t)size);
  *outSize = (size_t)size;
  r->pos += (size_t)size;
  return 0;
}

int tilePackageReadMemory(const char *name, const void *buf, size_t size,
                          TilePackage *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  Reader r = {name, buf, size, 0, err, errSize};
  if (size < sizeof kMagic || memcmp(buf, kMagic, sizeof kMagic) != 0)
    return tileFail(err, errSize, "%s: not a tile package (no TILEPKG magic)",
                 name);
  r.pos = sizeof kMagic;
  uint64_t version;
  if (getLE(&r, 4, "the version", &version))
    return 1;
  if (version > TILE_PACKAGE_VERSION)
    return tileFailCode(TILE_STATUS_PACKAGE_VERSION, err, errSize,
                 "%s: package version %llu is newer than this reader (version "
                 "%d); rebuild the package or update tile",
                 name, (unsigned long long)version, TILE_PACKAGE_VERSION);
  if (version < 1)
    return tileFail(err, errSize, "%s: unknown package version %llu", name,
                 (unsigned long long)version);
  /* The checksum first: nothing of a damaged package is interpreted. */
  uint64_t checksum = 0;
  if (version >= 4) {
    if (size < r.pos + 8)
      return tileFail(err, errSize,
                      "%s: damaged package: too short for its checksum", name);
    const unsigned char *bytes = buf;
    checksum = le(bytes + size - 8, 8);
    uint64_t computed = tilePackageChecksum(buf, size - 8);
    if (computed != checksum)
      return tileFail(err, errSize,
                      "%s: damaged package: checksum mismatch (stored "
                      "%016llx, computed %016llx)",
                      name, (unsigned long long)checksum,
                      (unsigned long long)computed);
    r.size = size - 8;
  }

  TilePackage p;
  memset(&p, 0, sizeof p);
  if (getString(&r, "kernel name", p.kernelName, sizeof p.kernelName))
    return 1;
  size_t chipAt = r.pos + 4; /* the chip text, after its length */
  if (getString(&r, "chip", p.chip, sizeof p.chip))
    return 1;
  if (!isChip(p.chip))
    return tileFail(err, errSize,
                 "%s: at offset %zu: bad chip '%s' (" CHIP_FORMS ")",
                 name, chipAt, p.chip);
  int kind;
  if (getU32(&r, "the image kind", TILE_IMAGE_FATBIN, &kind) ||
      getU32(&r, "the number of warps", 32, &p.numWarps) ||
      getU32(&r, "the shared memory size", TILE_PACKAGE_MAX_SHARED,
             &p.sharedBytes) ||
      getU32(&r, "flops per program", INT32_MAX, &p.flopsPerProgram) ||
      getU32(&r, "the number of arguments", TILE_PACKAGE_MAX_ARGS, &p.numArgs))
    return 1;
  p.imageKind = (TileImageKind)kind;
  for (int i = 0; i < p.numArgs; ++i)
    if (readArg(&r, i, &p.args[i]))
      return 1;
  void *generic = NULL;
  size_t genericSize = 0;
  if (getBlob(&r, "image", false, &p.image, &p.imageSize) ||
      (version > 1 && getBlob(&r, "generic entry's PTX", true, &generic,
                              &genericSize))) {
    tilePackageFree(&p);
    return 1;
  }
  p.genericPtx = generic;
  p.genericPtxSize = genericSize;
  p.version = (int)version;
  p.checksum = checksum;
  p.indexBits = 32; /* what every package before version 7 used */
  if (version > 2) {
    bool bad = getU32(&r, "the number of tensor maps",
                      TILE_PACKAGE_MAX_TENSOR_MAPS, &p.numTensorMaps);
    for (int i = 0; !bad && i < p.numTensorMaps; ++i) {
      TilePackageTensorMap *t = &p.tensorMaps[i];
      bad = getU32(&r, "a tensor map's argument", TILE_PACKAGE_MAX_ARGS,
                   &t->arg) ||
            getU32(&r, "a tensor map's box rows", 256, &t->boxRows) ||
            getU32(&r, "a tensor map's box columns", 256, &t->boxCols) ||
            getU32(&r, "a tensor map's swizzle", 128, &t->swizzleBytes);
    }
    if (bad) {
      tilePackageFree(&p);
      return 1;
    }
  }
  if ((version > 4 &&
       getU32(&r, "the number of producer warps", 4, &p.producerWarps)) ||
      (version > 5 &&
       getU32(&r, "the persistent flag", version > 8 ? 2 : 1, &p.persistent)) ||
      (version > 6 && getU32(&r, "the index width", 64, &p.indexBits)) ||
      (version > 7 && getU32(&r, "the CTA-pairs flag", 1, &p.ctaPairs))) {
    tilePackageFree(&p);
    return 1;
  }
  if (r.pos < r.size) {
    tilePackageFree(&p);
    return tileFail(err, errSize,
                    "%s: %zu trailing bytes after the last field (at offset "
                    "%zu)",
                    name, r.size - r.pos, r.pos);
  }
  if (validate(name, &p, err, errSize)) {
    tilePackageFree(&p);
    return 1;
  }
  *out = p;
  return 0;
}

uint64_t tilePackageChecksum(const void *buf, size_t size) {
  const unsigned char *p = buf;
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a, 64-bit */
  for (size_t i = 0; i < size; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

int tilePackageRead(const char *path, TilePackage *out, char *err,
                    size_t errSize) {
  memset(out, 0, sizeof *out);
  char *buf;
  size_t n;
  if (tileReadFile(path, "package", &buf, &n, err, errSize))
    return 1;
  int rc = tilePackageReadMemory(path, buf, n, out, err, errSize);
  free(buf);
  return rc;
}

int tilePackageFileIsPackage(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return 0;
  char head[sizeof kMagic];
  size_t n = fread(head, 1, sizeof head, f);
  fclose(f);
  return n == sizeof head && memcmp(head, kMagic, sizeof kMagic) == 0;
}

void tilePackageFree(TilePackage *p) {
  free(p->image);
  free(p->genericPtx);
  p->image = NULL;
  p->imageSize = 0;
  p->genericPtx = NULL;
  p->genericPtxSize = 0;
}

TilePackageArg tilePackageArgOf(const TileKernelArg *a) {
  TilePackageArg p = {a->kind == TILE_ARG_MEMREF, a->kind == TILE_ARG_INDEX,
                      a->dtype, a->rank, {0, 0, 0}};
  for (int d = 0; d < a->rank && d < 3; ++d)
    p.shape[d] = a->shape[d];
  return p;
}
