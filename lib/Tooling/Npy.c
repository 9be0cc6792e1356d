/* .npy reader and writer. Layout (numpy/lib/format.py): the magic
 * "\x93NUMPY", a major and minor version byte, the header length (2 bytes LE
 * for 1.0, 4 bytes for 2.0), an ASCII Python dict literal with exactly the
 * keys 'descr', 'fortran_order' and 'shape', then the raw data. */
#include "lib/Tooling/Npy.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"

static const unsigned char kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
enum { kPreludeV1 = 10, kPreludeV2 = 12, kAlign = 64, kMaxHeader = 1 << 20 };

/* The one spelling we write per dtype; bf16 is written as '<u2', f8 as
 * '|u1'. */
static const char *const kDescr[TILE_DTYPE_COUNT] = {
    [TILE_DTYPE_BOOL] = "|b1", [TILE_DTYPE_I8] = "|i1",  [TILE_DTYPE_I16] = "<i2",
    [TILE_DTYPE_I32] = "<i4",  [TILE_DTYPE_I64] = "<i8", [TILE_DTYPE_U8] = "|u1",
    [TILE_DTYPE_F16] = "<f2",  [TILE_DTYPE_BF16] = "<u2", [TILE_DTYPE_F32] = "<f4",
    [TILE_DTYPE_F64] = "<f8",
    [TILE_DTYPE_F8E4M3] = "|u1", [TILE_DTYPE_F8E5M2] = "|u1",
};

typedef struct {
  char descr[32];
  int haveDescr, haveFortran, haveShape;
  int fortran;
  int rank;
  int64_t shape[TILE_MAX_RANK];
} Header;

typedef struct {
  const char *s, *end;
  const char *name;
  char *err;
  size_t errSize;
} Parser;

static void skipSpace(Parser *p) {
  while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
    ++p->s;
}

static int fail(Parser *p, const char *what) {
  snprintf(p->err, p->errSize, "%s: malformed npy header: %s", p->name, what);
  return 1;
}

static int expectChar(Parser *p, char c, const char *what) {
  skipSpace(p);
  if (p->s >= p->end || *p->s != c)
    return fail(p, what);
  ++p->s;
  return 0;
}

/* A quoted Python string without escapes, into buf (truncation is an error). */
static int parseString(Parser *p, char *buf, size_t bufSize) {
  skipSpace(p);
  if (p->s >= p->end || (*p->s != '\'' && *p->s != '"'))
    return fail(p, "expected a quoted string");
  char quote = *p->s++;
  size_t n = 0;
  while (p->s < p->end && *p->s != quote) {
    if (*p->s == '\\' || !isprint((unsigned char)*p->s))
      return fail(p, "unexpected character in string");
    if (n + 1 >= bufSize)
      return fail(p, "string too long");
    buf[n++] = *p->s++;
  }
  if (p->s >= p->end)
    return fail(p, "unterminated string");
  ++p->s;
  buf[n] = '\0';
  return 0;
}

static int parseShape(Parser *p, Header *h) {
  if (expectChar(p, '(', "'shape' must be a tuple"))
    return 1;
  h->rank = 0;
  for (;;) {
    skipSpace(p);
    if (p->s < p->end && *p->s == ')') {
      ++p->s;
      return 0;
    }
    if (p->s >= p->end || !isdigit((unsigned char)*p->s))
      return fail(p, "'shape' must hold non-negative integers");
    int64_t v = 0;
    while (p->s < p->end && isdigit((unsigned char)*p->s)) {
      int digit = *p->s++ - '0';
      if (v > (INT64_MAX - digit) / 10)
        return fail(p, "'shape' dim too large");
      v = v * 10 + digit;
    }
    if (p->s < p->end && *p->s == 'L') /* Python 2 longs */
      ++p->s;
    if (h->rank == TILE_MAX_RANK) {
      snprintf(p->err, p->errSize, "%s: rank above %d is not supported", p->name, TILE_MAX_RANK);
      return 1;
    }
    h->shape[h->rank++] = v;
    skipSpace(p);
    if (p->s < p->end && *p->s == ',') {
      ++p->s;
      continue;
    }
    if (p->s < p->end && *p->s == ')') {
      /* "(3)" is an int in Python, not a tuple. */
      if (h->rank == 1)
        return fail(p, "'shape' of rank 1 needs a trailing comma");
      ++p->s;
      return 0;
    }
    return fail(p, "expected ',' or ')' in 'shape'");
  }
}

static int parseHeader(Parser *p, Header *h) {
  memset(h, 0, sizeof(*h));
  if (expectChar(p, '{', "expected '{'"))
    return 1;
  for (;;) {
    skipSpace(p);
    if (p->s < p->end && *p->s == '}') {
      ++p->s;
      break;
    }
    char key[32];
    if (parseString(p, key, sizeof key) || expectChar(p, ':', "expected ':' after a key"))
      return 1;
    skipSpace(p);
    if (strcmp(key, "descr") == 0) {
      if (p->s < p->end && *p->s == '[') {
        snprintf(p->err, p->errSize, "%s: structured dtypes are not supported", p->name);
        return 1;
      }
      if (parseString(p, h->descr, sizeof h->descr))
        return 1;
      h->haveDescr = 1;
    } else if (strcmp(key, "fortran_order") == 0) {
      if (p->end - p->s >= 4 && memcmp(p->s, "True", 4) == 0) {
        h->fortran = 1;
        p->s += 4;
      } else if (p->end - p->s >= 5 && memcmp(p->s, "False", 5) == 0) {
        h->fortran = 0;
        p->s += 5;
      } else {
        return fail(p, "'fortran_order' must be True or False");
      }
      h->haveFortran = 1;
    } else if (strcmp(key, "shape") == 0) {
      if (parseShape(p, h))
        return 1;
      h->haveShape = 1;
    } else {
      snprintf(p->err, p->errSize, "%s: malformed npy header: unexpected key '%s'", p->name, key);
      return 1;
    }
    skipSpace(p);
    if (p->s < p->end && *p->s == ',') {
      ++p->s;
      continue;
    }
    if (p->s < p->end && *p->s == '}') {
      ++p->s;
      break;
    }
    return fail(p, "expected ',' or '}'");
  }
  skipSpace(p);
  if (p->s != p->end)
    return fail(p, "trailing characters after the dict");
  if (!h->haveDescr || !h->haveFortran || !h->haveShape)
    return fail(p, "missing 'descr', 'fortran_order' or 'shape'");
  return 0;
}

/* Maps a descr to a dtype, with a precise reason when it is not supported;
 * raw bits ('<u2', '|u1') become the bf16 or f8 dtype the caller wants. */
static int dtypeFromDescr(const char *name, const char *descr, TileDType want,
                          TileDType *out, char *err, size_t errSize) {
  char order = descr[0];
  const char *kind = descr[0] ? descr + 1 : descr;
  static const struct {
    const char *kind;
    TileDType dtype;
  } kKinds[] = {
      {"b1", TILE_DTYPE_BOOL}, {"i1", TILE_DTYPE_I8},  {"i2", TILE_DTYPE_I16},
      {"i4", TILE_DTYPE_I32},  {"i8", TILE_DTYPE_I64}, {"u1", TILE_DTYPE_U8},
      {"f2", TILE_DTYPE_F16},  {"u2", TILE_DTYPE_BF16}, {"f4", TILE_DTYPE_F32},
      {"f8", TILE_DTYPE_F64},
  };
  int found = -1;
  for (size_t i = 0; i < sizeof kKinds / sizeof kKinds[0]; ++i)
    if (strcmp(kind, kKinds[i].kind) == 0)
      found = (int)i;
  if (kind[0] == 'O')
    return tileFail(err, errSize, "%s: object dtype '%s' is not supported",
                    name, descr);
  if (found < 0 ||
      (order != '<' && order != '>' && order != '|' && order != '='))
    return tileFail(err, errSize, "%s: unsupported dtype '%s'", name, descr);
  TileDType d = kKinds[found].dtype;
  size_t size = tileDTypeSize(d);
  if (size > 1 && order == '>')
    return tileFail(err, errSize, "%s: big-endian dtype '%s' is not supported",
                    name, descr);
  if (size > 1 && order != '<')
    return tileFail(err, errSize,
                    "%s: dtype '%s' has no explicit little-endian order", name,
                    descr);
  if (d == TILE_DTYPE_BF16 && want != TILE_DTYPE_BF16)
    return tileFail(
        err, errSize,
        "%s: dtype '%s' (uint16) is read only as raw bf16; ask for bf16", name,
        descr);
  if (d == TILE_DTYPE_U8 && tileDTypeIsF8(want))
    d = want;
  *out = d;
  return 0;
}

/* Parses the magic, version and header from the first `avail` bytes; on
 * success *dataOffset is where the data starts. */
static int parsePrelude(const char *name, const unsigned char *buf,
                        size_t avail, TileDType want, Header *h,
                        TileDType *dtype, size_t *dataOffset, char *err,
                        size_t errSize) {
  if (avail < sizeof kMagic || memcmp(buf, kMagic, sizeof kMagic) != 0)
    return tileFail(err, errSize, "%s: not an npy file (bad magic)", name);
  if (avail < kPreludeV1)
    return tileFail(err, errSize, "%s: truncated npy file (%zu bytes)", name,
                    avail);
  unsigned major = buf[6], minor = buf[7];
  size_t headerLen, prelude;
  if (major == 1 && minor == 0) {
    prelude = kPreludeV1;
    headerLen = (size_t)buf[8] | (size_t)buf[9] << 8;
  } else if (major == 2 && minor == 0) {
    prelude = kPreludeV2;
    if (avail < prelude)
      return tileFail(err, errSize, "%s: truncated npy file (%zu bytes)", name,
                      avail);
    uint32_t len = (uint32_t)buf[8] | (uint32_t)buf[9] << 8 | (uint32_t)buf[10] << 16 |
                   (uint32_t)buf[11] << 24;
    if (len > kMaxHeader)
      return tileFail(err, errSize,
                      "%s: npy header length %u is implausibly large", name,
                      len);
    headerLen = len;
  } else {
    return tileFail(
        err, errSize,
        "%s: unsupported npy format version %u.%u (reads 1.0 and 2.0)", name,
        major, minor);
  }
  if (avail - prelude < headerLen)
    return tileFail(
        err, errSize,
        "%s: truncated npy file: header needs %zu bytes, file has %zu", name,
        headerLen, avail - prelude);
  Parser p = {(const char *)buf + prelude, (const char *)buf + prelude + headerLen, name, err,
              errSize};
  if (parseHeader(&p, h))
    return 1;
  if (h->fortran)
    return tileFail(
        err, errSize,
        "%s: 'fortran_order': True is not supported (save C-ordered arrays)",
        name);
  if (dtypeFromDescr(name, h->descr, want, dtype, err, errSize))
    return 1;
  *dataOffset = prelude + headerLen;
  return 0;
}

/* Checks the data length against the shape and allocates the array. */
static int allocFor(const char *name, const Header *h, TileDType dtype, size_t dataBytes,
                    TileHostArray *out, char *err, size_t errSize) {
  size_t need;
  char shape[256];
  tileShapeFormat(h->rank, h->shape, shape, sizeof shape);
  if (tileShapeNumElements(h->rank, h->shape, tileDTypeSize(dtype), NULL,
                           &need))
    return tileFail(err, errSize, "%s: shape %s is too large", name, shape);
  if (need != dataBytes)
    return tileFail(err, errSize,
                    "%s: shape %s of %s needs %zu data bytes, file has %zu",
                    name, shape, tileDTypeName(dtype), need, dataBytes);
  char inner[256];
  if (tileHostArrayCreate(dtype, h->rank, h->shape, out, inner, sizeof inner))
    return tileFail(err, errSize, "%s: %s", name, inner);
  return 0;
}

int tileNpyReadMemory(const char *name, const void *buf, size_t size,
                      TileDType want, TileHostArray *out, char *err,
                      size_t errSize) {
  memset(out, 0, sizeof(*out));
  Header h;
  TileDType dtype;
  size_t offset;
  if (parsePrelude(name, buf, size, want, &h, &dtype, &offset, err, errSize))
    return 1;
  if (allocFor(name, &h, dtype, size - offset, out, err, errSize))
    return 1;
  if (out->bytes)
    memcpy(out->data, (const unsigned char *)buf + offset, out->bytes);
  return 0;
}

int tileNpyRead(const char *path, TileDType want, TileHostArray *out, char *err,
                size_t errSize) {
  memset(out, 0, sizeof(*out));
  FILE *f = fopen(path, "rb");
  if (!f)
    return tileFail(err, errSize, "%s: cannot open: %s", path, strerror(errno));
  int rc = 1;
  unsigned char *head = NULL;
  long fileSize;
  if (fseek(f, 0, SEEK_END) != 0 || (fileSize = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    snprintf(err, errSize, "%s: cannot determine the file size", path);
    goto done;
  }
  /* Read the prelude, then exactly the header it announces. */
  unsigned char prelude[kPreludeV2];
  size_t got = fread(prelude, 1, sizeof prelude, f);
  size_t headerEnd = got;
  if (got >= kPreludeV1 && memcmp(prelude, kMagic, sizeof kMagic) == 0) {
    if (prelude[6] == 1)
      headerEnd = kPreludeV1 + ((size_t)prelude[8] | (size_t)prelude[9] << 8);
    else if (prelude[6] == 2 && got == kPreludeV2)
      headerEnd = kPreludeV2 + ((size_t)prelude[8] | (size_t)prelude[9] << 8 |
                                (size_t)prelude[10] << 16 | (size_t)prelude[11] << 24);
    if (headerEnd > (size_t)fileSize)
      headerEnd = (size_t)fileSize; /* parsePrelude reports the truncation */
    if (headerEnd > kPreludeV2 + (size_t)kMaxHeader)
      headerEnd = kPreludeV2 + (size_t)kMaxHeader;
  }
  if (headerEnd < got)
    headerEnd = got;
  head = malloc(headerEnd ? headerEnd : 1);
  if (!head) {
    snprintf(err, errSize, "%s: out of memory", path);
    goto done;
  }
  memcpy(head, prelude, got);
  if (headerEnd > got && fread(head + got, 1, headerEnd - got, f) != headerEnd - got) {
    snprintf(err, errSize, "%s: read error", path);
    goto done;
  }
  Header h;
  TileDType dtype;
  size_t offset;
  if (parsePrelude(path, head, headerEnd, want, &h, &dtype, &offset, err,
                   errSize))
    goto done;
  if ((uint64_t)fileSize < offset) {
    snprintf(err, errSize, "%s: truncated npy file", path);
    goto done;
  }
  if (allocFor(path, &h, dtype, (size_t)fileSize - offset, out, err, errSize))
    goto done;
  if (fseek(f, (long)offset, SEEK_SET) != 0 || fread(out->data, 1, out->bytes, f) != out->bytes) {
    snprintf(err, errSize, "%s: read error in the data", path);
    tileHostArrayDestroy(out);
    goto done;
  }
  rc = 0;
done:
  free(head);
  fclose(f);
  return rc;
}

int tileNpyWriteMemory(const TileHostArray *a, void **outBuf, size_t *outSize, char *err,
                       size_t errSize) {
  *outBuf = NULL;
  *outSize = 0;
  if ((int)a->dtype < 0 || (int)a->dtype >= TILE_DTYPE_COUNT || a->rank < 0 ||
      a->rank > TILE_MAX_RANK)
    return tileFail(err, errSize,
                    "npy write: invalid array (dtype %d, rank %d)",
                    (int)a->dtype, a->rank);
  size_t need;
  if (tileShapeNumElements(a->rank, a->shape, tileDTypeSize(a->dtype), NULL,
                           &need) ||
      need != a->bytes || (need && !a->data))
    return tileFail(err, errSize,
                    "npy write: array data size %zu does not match its shape",
                    a->bytes);
  /* Byte for byte what numpy writes: the dict
   * "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 21 minus
   * len(str(shape[0])) spaces of room for growing axis 0, then 1..64 spaces
   * and a newline so that the data starts 64-byte aligned. */
  char dict[512];
  int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                   kDescr[a->dtype]);
  for (int i = 0; i < a->rank; ++i)
    n += snprintf(dict + n, sizeof dict - (size_t)n, "%s%lld", i ? ", " : "",
                  (long long)a->shape[i]);
  n += snprintf(dict + n, sizeof dict - (size_t)n, "%s), }", a->rank == 1 ? "," : "");
  if (a->rank > 0) {
    char first[24];
    int digits = snprintf(first, sizeof first, "%lld", (long long)a->shape[0]);
    for (int i = digits; i < 21; ++i)
      dict[n++] = ' ';
  }
  size_t total = kPreludeV1 + (size_t)n + 1;
  total += kAlign - total % kAlign;
  size_t headerLen = total - kPreludeV1;
  if (a->bytes > SIZE_MAX - total)
    return tileFail(err, errSize, "npy write: array too large");
  unsigned char *buf = malloc(total + a->bytes);
  if (!buf)
    return tileFail(err, errSize, "npy write: out of memory");
  memcpy(buf, kMagic, sizeof kMagic);
  buf[6] = 1;
  buf[7] = 0;
  buf[8] = (unsigned char)(headerLen & 0xff);
  buf[9] = (unsigned char)(headerLen >> 8);
  memcpy(buf + kPreludeV1, dict, (size_t)n);
  memset(buf + kPreludeV1 + n, ' ', headerLen - (size_t)n - 1);
  buf[total - 1] = '\n';
  if (a->bytes)
    memcpy(buf + total, a->data, a->bytes);
  *outBuf = buf;
  *outSize = total + a->bytes;
  return 0;
}

int tileNpyWrite(const char *path, const TileHostArray *a, char *err, size_t errSize) {
  void *buf;
  size_t size;
  char inner[256];
  if (tileNpyWriteMemory(a, &buf, &size, inner, sizeof inner))
    return tileFail(err, errSize, "%s: %s", path, inner);
  FILE *f = fopen(path, "wb");
  if (!f) {
    snprintf(err, errSize, "%s: cannot open for writing: %s", path, strerror(errno));
    free(buf);
    return 1;
  }
  int ok = fwrite(buf, 1, size, f) == size;
  ok = (fclose(f) == 0) && ok;
  free(buf);
  if (!ok)
    return tileFail(err, errSize, "%s: write error", path);
  return 0;
}
