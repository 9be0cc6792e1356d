/* NumPy .npy files: reads format 1.0 and 2.0, writes 1.0. Little-endian
 * '|b1' '|i1' '<i2' '<i4' '<i8' '|u1' '<f2' '<f4' '<f8', C order only.
 * bf16 has no NumPy dtype: it is stored as raw '<u2' bit patterns, and a
 * reader that wants bf16 says so (wantBF16). Headers are untrusted: every
 * malformed file is a one-line error naming it, never a crash. */
#ifndef TILE_RUNTIME_NPY_H
#define TILE_RUNTIME_NPY_H

#include <stddef.h>

#include "lib/Runtime/HostArray.h"

/* Reads `path` into *out (a fresh array the caller destroys). */
int tileNpyRead(const char *path, int wantBF16, TileHostArray *out, char *err, size_t errSize);
/* Same, from `size` bytes in memory; `name` is used in messages. */
int tileNpyReadMemory(const char *name, const void *buf, size_t size, int wantBF16,
                      TileHostArray *out, char *err, size_t errSize);

/* Writes `a` as a format 1.0 file. */
int tileNpyWrite(const char *path, const TileHostArray *a, char *err, size_t errSize);
/* Same, into a malloc'ed buffer (*outBuf, *outSize) the caller free()s. */
int tileNpyWriteMemory(const TileHostArray *a, void **outBuf, size_t *outSize, char *err,
                       size_t errSize);

#endif
