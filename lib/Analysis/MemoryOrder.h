/* A program's own accesses to global memory happen in program order
 * (docs/dialect.md, "Programs"), but on the GPU a program is many threads
 * that run apart: an element one thread stores and another then loads (or
 * stores, or one loads before another overwrites it) needs a barrier of
 * the program's threads between the two accesses. tileMemoryOrderFind
 * walks a kernel in program order, loops to a fixed point, and names the
 * accesses that need such a barrier before them: those that meet an
 * access of the same memref since the last barrier, one of the two a
 * write, unless both put every element on the same thread (the same tile
 * type, layout included, at the same offsets, in one iteration) or both
 * are atomics whose results are unused, of one kind (they commute).
 * Distinct memref arguments are taken not to overlap where one is written
 * (docs/dialect.md says so), and the barriers other lowerings place for
 * their own reasons are not counted: a few redundant barriers, never a
 * missing one. Asynchronous copies (pipelined loads, staged gathers, TMA
 * stores) never meet a written memref: tile-pipeline leaves those to the
 * threads (tileMemrefIsWritten). */
#ifndef TILE_ANALYSIS_MEMORYORDER_H
#define TILE_ANALYSIS_MEMORYORDER_H

#include <stdbool.h>

#include "mlir-c/IR.h"

typedef struct {
  MlirOperation *ops; /* accesses that need a barrier before them */
  int count, capacity;
} TileMemoryOrder;

/* Fills *out for `kernel`; false only when out of memory. */
bool tileMemoryOrderFind(MlirOperation kernel, TileMemoryOrder *out);
bool tileMemoryOrderBarrierBefore(const TileMemoryOrder *o, MlirOperation op);
void tileMemoryOrderFree(TileMemoryOrder *o);

/* Whether `op` writes global memory: a store, scatter, atomic or
 * memref.store. */
bool tileOpWritesMemory(MlirOperation op);
/* Whether some op writes memref `memref` (a store, scatter, atomic or
 * memref.store of it). */
bool tileMemrefIsWritten(MlirValue memref);
/* Whether `op` writes global memory the program never reads: a memref
 * whose accesses all write and return nothing (a backward attention's dQ
 * sums, added with atomics in the split loops and read by a later
 * kernel). */
bool tileOpWritesPrivately(MlirOperation op);
/* Whether `op` is the only op that reads or writes memref `memref`. */
bool tileMemrefAccessedOnlyBy(MlirValue memref, MlirOperation op);

#endif
