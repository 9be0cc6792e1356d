/* Host arrays: allocation, dtype names and sizes. */
#include "lib/Support/HostArray.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"

static const struct {
  const char *name;
  size_t size;
} kDTypes[TILE_DTYPE_COUNT] = {
    [TILE_DTYPE_BOOL] = {"bool", 1}, [TILE_DTYPE_I8] = {"i8", 1},
    [TILE_DTYPE_I16] = {"i16", 2},   [TILE_DTYPE_I32] = {"i32", 4},
    [TILE_DTYPE_I64] = {"i64", 8},   [TILE_DTYPE_U8] = {"u8", 1},
    [TILE_DTYPE_F16] = {"f16", 2},   [TILE_DTYPE_BF16] = {"bf16", 2},
    [TILE_DTYPE_F32] = {"f32", 4},   [TILE_DTYPE_F64] = {"f64", 8},
    [TILE_DTYPE_F8E4M3] = {"f8e4m3", 1}, [TILE_DTYPE_F8E5M2] = {"f8e5m2", 1},
};

static int validDType(TileDType d) { return (int)d >= 0 && (int)d < TILE_DTYPE_COUNT; }

size_t tileDTypeSize(TileDType dtype) { return validDType(dtype) ? kDTypes[dtype].size : 0; }

const char *tileDTypeName(TileDType dtype) { return validDType(dtype) ? kDTypes[dtype].name : "?"; }

int tileDTypeFromName(const char *name, TileDType *out) {
  if (!name)
    return 1;
  for (int i = 0; i < TILE_DTYPE_COUNT; ++i) {
    if (strcmp(name, kDTypes[i].name) == 0) {
      *out = (TileDType)i;
      return 0;
    }
  }
  return 1;
}

int tileDTypeIsFloat(TileDType d) {
  return d == TILE_DTYPE_F16 || d == TILE_DTYPE_BF16 || d == TILE_DTYPE_F32 ||
         d == TILE_DTYPE_F64 || tileDTypeIsF8(d);
}

int tileDTypeIsF8(TileDType d) {
  return d == TILE_DTYPE_F8E4M3 || d == TILE_DTYPE_F8E5M2;
}

int tileShapeNumElements(int rank, const int64_t *shape, size_t elemSize,
                         size_t *outElems, size_t *outBytes) {
  size_t n = 1;
  for (int i = 0; i < rank; ++i) {
    if (shape[i] < 0)
      return 1;
    uint64_t d = (uint64_t)shape[i];
#if SIZE_MAX < UINT64_MAX
    if (d > SIZE_MAX)
      return 1;
#endif
    if (d != 0 && n > SIZE_MAX / (size_t)d)
      return 1;
    n *= (size_t)d;
  }
  if (elemSize && n > SIZE_MAX / elemSize)
    return 1;
  if (outElems)
    *outElems = n;
  if (outBytes)
    *outBytes = n * elemSize;
  return 0;
}

void tileShapeFormat(int rank, const int64_t *shape, char *buf, size_t bufSize) {
  if (!bufSize)
    return;
  buf[0] = '\0';
  if (rank == 0) {
    snprintf(buf, bufSize, "scalar");
    return;
  }
  size_t used = 0;
  for (int i = 0; i < rank && used < bufSize; ++i) {
    int w = snprintf(buf + used, bufSize - used, "%s%lld", i ? "x" : "", (long long)shape[i]);
    if (w < 0)
      return;
    used += (size_t)w;
  }
}

int tileHostArrayCreate(TileDType dtype, int rank, const int64_t *shape,
                        TileHostArray *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (!validDType(dtype))
    return tileFail(err, errSize, "host array: invalid dtype %d", (int)dtype);
  if (rank < 0 || rank > TILE_MAX_RANK)
    return tileFail(err, errSize, "host array: rank %d is outside 0..%d", rank,
                    TILE_MAX_RANK);
  if (rank > 0 && !shape)
    return tileFail(err, errSize, "host array: no shape given for rank %d",
                    rank);
  size_t bytes;
  if (tileShapeNumElements(rank, shape, tileDTypeSize(dtype), NULL, &bytes))
    return tileFail(
        err, errSize,
        "host array: shape has a negative dim or its size overflows");
  void *data = calloc(bytes ? bytes : 1, 1);
  if (!data)
    return tileFail(err, errSize,
                    "host array: out of memory allocating %zu bytes", bytes);
  out->dtype = dtype;
  out->rank = rank;
  for (int i = 0; i < rank; ++i)
    out->shape[i] = shape[i];
  out->data = data;
  out->bytes = bytes;
  return 0;
}

void tileHostArrayDestroy(TileHostArray *a) {
  if (!a)
    return;
  free(a->data);
  memset(a, 0, sizeof(*a));
}

size_t tileHostArrayNumElements(const TileHostArray *a) {
  size_t esize = tileDTypeSize(a->dtype);
  return esize ? a->bytes / esize : 0;
}

int tileHostArrayCheckMemref(const TileHostArray *a, int index,
                             const char *type, const char *what,
                             TileDType dtype, int rank, const int64_t *shape,
                             char *err, size_t errSize) {
  char have[128];
  tileShapeFormat(a->rank, a->shape, have, sizeof have);
  if (a->dtype != dtype)
    return tileFail(
        err, errSize, "argument #%d (%s): %s has dtype %s, the memref needs %s",
        index, type, what, tileDTypeName(a->dtype), tileDTypeName(dtype));
  if (a->rank != rank)
    return tileFail(
        err, errSize,
        "argument #%d (%s): %s has rank %d (shape %s), the memref has "
        "rank %d",
        index, type, what, a->rank, have, rank);
  for (int d = 0; d < rank; ++d)
    if (shape[d] >= 0 && a->shape[d] != shape[d])
      return tileFail(
          err, errSize,
          "argument #%d (%s): %s has shape %s, but dimension %d of the "
          "memref is %lld",
          index, type, what, have, d, (long long)shape[d]);
  return 0;
}
