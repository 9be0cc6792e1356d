/* The v2 lowerings of TileToCPU, one file per family:
 *   CpuIndirect.c  gather, scatter and the atomics (memory through index
 *                  tiles; atomics are memref.atomic_rmw)
 *   CpuScan.c      tile.scan
 *   CpuRandom.c    tile.randint and tile.rand (Philox-4x32-10)
 *   CpuPrint.c     tile.print and tile.assert
 *   CpuRuntime.c   calls into tile's C runtime, which the JIT resolves
 *                  (compare-and-swap, float max/min atomics, print, assert)
 * Each inserts its code before `op` and returns the value that replaces
 * op's result (a null value for ops without one, or after a located
 * error, which `ok` tells apart); TileToCPU erases the op. */
#ifndef TILE_CONVERSION_CPUOPS_H
#define TILE_CONVERSION_CPUOPS_H

#include <stdbool.h>

#include "lib/IR/Build.h"
#include "mlir-c/IR.h"

/* The tile type without its layout encoding (TileToCPU.c). */
MlirType tileCpuPlainTile(MlirType tile);

/* An scf.for nest over the elements of a tile of `shape` (CpuIndirect.c),
 * carrying `init` (a tile, or null for none). */
typedef struct {
  TileBuilder loops[4];
  MlirOperation fors[3];
  intptr_t rank;
  MlirValue e[3];    /* the element's indices */
  MlirValue carried; /* the innermost body's carried tile */
} TileCpuElementLoop;
/* Returns the builder of the innermost body. */
TileBuilder *tileCpuElementLoopBegin(TileBuilder *b, MlirType shape,
                                     MlirValue init, TileCpuElementLoop *l);
/* Ends the nest; the innermost body yields `next` (null: nothing) and the
 * result is the outermost loop's (null without a carried tile). */
MlirValue tileCpuElementLoopEnd(TileCpuElementLoop *l, MlirValue next);

/* CpuIndirect.c */
MlirValue tileCpuLowerGather(MlirOperation op);
void tileCpuLowerScatter(MlirOperation op);
MlirValue tileCpuLowerAtomic(MlirOperation op); /* atomic_rmw, atomic_cas */

/* CpuPrint.c; `pid` are the program's ids on axes 0..2. */
void tileCpuLowerPrint(MlirOperation op, const MlirValue pid[3]);
void tileCpuLowerAssert(MlirOperation op, const MlirValue pid[3]);

/* CpuRuntime.c */
/* func.call of runtime function `name` (declared in `anchor`'s module on
 * first use, from the arguments' types) returning `result` (null type:
 * nothing); returns the result or a null value. */
MlirValue tileCpuCall(TileBuilder *b, MlirOperation anchor, const char *name,
                      intptr_t n, const MlirValue *args, MlirType result);
/* A pointer (!llvm.ptr) to a NUL-terminated constant copy of `text`, one
 * global per distinct text in `anchor`'s module. */
MlirValue tileCpuString(TileBuilder *b, MlirOperation anchor,
                        const char *text);
/* What element addresses of a memref are computed from, read once. */
typedef struct {
  MlirValue base, offset, strides[3], bytes; /* index values */
  intptr_t rank;
} TileCpuAddressing;
TileCpuAddressing tileCpuAddressing(TileBuilder *b, MlirValue mem);
/* The address of mem[g] as an index. */
MlirValue tileCpuElementAddress(TileBuilder *b, const TileCpuAddressing *a,
                                const MlirValue *g);

/* CpuScan.c */
MlirValue tileCpuLowerScan(MlirOperation op);

/* CpuRandom.c */
MlirValue tileCpuLowerRandom(MlirOperation op); /* randint, rand */

#endif
