/* NumPy .npy files: reads format 1.0 and 2.0, writes 1.0. Little-endian
 * '|b1' '|i1' '<i2' '<i4' '<i8' '|u1' '<f2' '<f4' '<f8', C order only.
 * bf16 and the f8 formats have no NumPy dtype: they are stored as raw bit
 * patterns, bf16 as '<u2' and f8 as '|u1', and a reader that wants one of
 * them says so (`want`). Headers are untrusted: every malformed file is a
 * one-line error naming it, never a crash. */
#ifndef TILE_TOOLING_NPY_H
#define TILE_TOOLING_NPY_H

#include <stddef.h>

#include "lib/Support/HostArray.h"

/* Reads `path` into *out (a fresh array the caller destroys). `want` is the
 * dtype the caller needs (a memref's); it decides only how raw bits are read:
 * '<u2' is bf16 when want is bf16 and refused otherwise, '|u1' is want when
 * want is an f8 dtype and u8 otherwise. Other files keep their own dtype,
 * which the caller checks against `want`. */
int tileNpyRead(const char *path, TileDType want, TileHostArray *out, char *err,
                size_t errSize);
/* Same, from `size` bytes in memory; `name` is used in messages. */
int tileNpyReadMemory(const char *name, const void *buf, size_t size,
                      TileDType want, TileHostArray *out, char *err,
                      size_t errSize);

/* Writes `a` as a format 1.0 file. */
int tileNpyWrite(const char *path, const TileHostArray *a, char *err, size_t errSize);
/* Same, into a malloc'ed buffer (*outBuf, *outSize) the caller free()s. */
int tileNpyWriteMemory(const TileHostArray *a, void **outBuf, size_t *outSize, char *err,
                       size_t errSize);

#endif
