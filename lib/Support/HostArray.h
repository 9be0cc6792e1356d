/* Host arrays: a dense, C-ordered block of elements of one dtype, the unit
 * tile-run reads from .npy files, generates, uploads and compares. Needs
 * neither MLIR nor CUDA. Fallible calls return 0 on success and otherwise
 * write a one-line message naming the input into err (errSize bytes). */
#ifndef TILE_SUPPORT_HOSTARRAY_H
#define TILE_SUPPORT_HOSTARRAY_H

#include <stddef.h>
#include <stdint.h>

#define TILE_MAX_RANK 8

typedef enum {
  TILE_DTYPE_BOOL,
  TILE_DTYPE_I8,
  TILE_DTYPE_I16,
  TILE_DTYPE_I32,
  TILE_DTYPE_I64,
  TILE_DTYPE_U8,
  TILE_DTYPE_F16,
  TILE_DTYPE_BF16,
  TILE_DTYPE_F32,
  TILE_DTYPE_F64,
  /* Appended, so that the codes before them (stored in packages) stay. */
  TILE_DTYPE_F8E4M3, /* MLIR f8E4M3FN: no infinities, max 448 */
  TILE_DTYPE_F8E5M2, /* MLIR f8E5M2: IEEE-like, max 57344 */
} TileDType;

#define TILE_DTYPE_COUNT (TILE_DTYPE_F8E5M2 + 1)

typedef struct {
  TileDType dtype;
  int rank;                       /* 0..TILE_MAX_RANK; rank 0 is a scalar */
  int64_t shape[TILE_MAX_RANK];   /* shape[rank..] are 0 */
  void *data;                     /* owned; bytes long (never NULL after Create) */
  size_t bytes;
} TileHostArray;

/* Element size in bytes (bool is one byte); 0 for an invalid dtype. */
size_t tileDTypeSize(TileDType dtype);
/* "bool", "i8", ..., "bf16", "f32", "f64", "f8e4m3", "f8e5m2"; "?" for an
 * invalid dtype. */
const char *tileDTypeName(TileDType dtype);
/* Inverse of tileDTypeName; returns 0 and sets *out on success, 1 if unknown. */
int tileDTypeFromName(const char *name, TileDType *out);
/* f16, bf16, f32, f64 and the two f8 formats. */
int tileDTypeIsFloat(TileDType dtype);
int tileDTypeIsF8(TileDType dtype);

/* Number of elements of `shape` in *out; 1 on overflow of size_t or a negative
 * dim. Also checks that the byte size fits when elemSize is nonzero. */
int tileShapeNumElements(int rank, const int64_t *shape, size_t elemSize,
                         size_t *outElems, size_t *outBytes);

/* Allocates a zero-filled array. Zero-size dims are allowed (data is still a
 * valid, freeable pointer). On failure *out is left empty. */
int tileHostArrayCreate(TileDType dtype, int rank, const int64_t *shape,
                        TileHostArray *out, char *err, size_t errSize);
/* Frees the data and empties *a; safe on an empty or already destroyed array. */
void tileHostArrayDestroy(TileHostArray *a);
size_t tileHostArrayNumElements(const TileHostArray *a);
/* Writes "4096x4096" (or "scalar" for rank 0) into buf. */
void tileShapeFormat(int rank, const int64_t *shape, char *buf, size_t bufSize);

/* Whether array `a` can be kernel argument #index, a memref of `dtype`,
 * `rank` and `shape` (-1 where dynamic) written as `type`; `what` names the
 * array in the message ("array", "npy file x.npy", ...). The one check
 * tile-run, the CPU kernel and the GPU launcher share:
 *   argument #1 (memref<?xf32>): array has dtype f16, the memref needs f32 */
int tileHostArrayCheckMemref(const TileHostArray *a, int index,
                             const char *type, const char *what,
                             TileDType dtype, int rank, const int64_t *shape,
                             char *err, size_t errSize);

#endif
