/* What a kernel's signature says about one argument, in a form that needs
 * no MLIR: tile-run, the CPU kernel (lib/Execution) and the GPU compile all
 * describe arguments with it (lib/IR/DType.h reads one from an MLIR
 * type; packages store the same facts in their own format). */
#ifndef TILE_SUPPORT_KERNELARG_H
#define TILE_SUPPORT_KERNELARG_H

#include <stdint.h>

#include "lib/Support/HostArray.h"

typedef enum {
  TILE_ARG_MEMREF, /* a host array, read and written in place */
  TILE_ARG_INT,    /* integer scalar: dtype BOOL (i1), I8..I64 */
  TILE_ARG_FLOAT,  /* float scalar: dtype F16, BF16, F32, F64, F8* */
  TILE_ARG_INDEX,  /* index scalar: dtype I64 */
} TileArgKind;

typedef struct {
  TileArgKind kind;
  TileDType dtype;  /* element type of a memref, or the scalar's type */
  int rank;         /* memrefs: 1..3; scalars: 0 */
  int64_t shape[3]; /* memrefs: static sizes, -1 where dynamic */
  char type[96];    /* the MLIR type as written, for messages */
} TileKernelArg;

/* "argument #1 (memref<?xf32>)": how messages name argument `index`. */
#define TILE_ARG_FMT "argument #%d (%s)"

#endif
