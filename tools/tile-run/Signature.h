/* What a kernel's signature says about each argument, in a form that needs
 * no MLIR (the GPU path will read it from a package). Kernel.c fills it
 * from a func.func; Arguments.c checks --arg specs against it. */
#ifndef TILE_RUN_SIGNATURE_H
#define TILE_RUN_SIGNATURE_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/Runtime/HostArray.h"

typedef enum {
  SIG_MEMREF, /* a host array, read and written in place */
  SIG_INT,    /* integer scalar: dtype BOOL (i1), I8..I64 */
  SIG_FLOAT,  /* float scalar: dtype F16, BF16, F32, F64 */
  SIG_INDEX,  /* index scalar: dtype I64 */
} SigKind;

typedef struct {
  SigKind kind;
  TileDType dtype;    /* element type of a memref, or the scalar's type */
  int rank;           /* memrefs: 1..3; scalars: 0 */
  int64_t shape[3];   /* memrefs: static sizes, -1 where dynamic */
  char type[96];      /* the MLIR type as written, for messages */
} SigArg;

/* "argument #1 (memref<?xf32>)": how messages name argument `index`. */
#define SIG_ARG_FMT "argument #%d (%s)"

#endif
