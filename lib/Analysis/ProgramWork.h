/* How a kernel's work varies with its program id: the iterations its
 * scf.for loops run, counted at sample program ids. Causal attention's
 * query block i runs i + 1 key blocks, so launched in id order the
 * heaviest programs start last and the last wave runs them alone
 * (tile-order-programs, lib/Transforms/OrderPrograms.h, starts them
 * first).
 *
 * The loops' bounds are evaluated as program scalars
 * (ProgramScalars.h) with every grid axis 64 programs long, every memref
 * size and scalar argument 8192, and the program id 0 or 63 along one
 * axis (0 along the others): sizes of the order attention and GEMMs are
 * launched at, so a bound like min(Lk, (i + 1) * BM) is seen growing. A
 * loop whose bounds are not program scalars (they depend on loaded data
 * or an outer loop's variable) makes the work unknown. */
#ifndef TILE_ANALYSIS_PROGRAMWORK_H
#define TILE_ANALYSIS_PROGRAMWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* The programs along each sampled axis, and the sizes assumed. */
enum { TILE_WORK_PROGRAMS = 64, TILE_WORK_SIZE = 8192 };

typedef struct {
  int axis;      /* the grid axis (0 or 1) the iterations vary along; -1:
                    they do not vary (or no loop) */
  int64_t first; /* iterations of all loops at id 0 along `axis` */
  int64_t last;  /* ... at id TILE_WORK_PROGRAMS - 1 */
} TileProgramWork;

/* The work of `kernel` (a func.func) along program axes 0 and 1 (the
 * first that varies). Non-zero when it cannot be known, with the reason
 * in `why` (of `whySize` bytes). */
int tileProgramWork(MlirOperation kernel, TileProgramWork *out, char *why,
                     size_t whySize);

#endif
