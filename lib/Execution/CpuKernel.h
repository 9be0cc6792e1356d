/* Running a tile kernel on the CPU: TileToCPU lowers it, upstream passes take
 * it to LLVM, and Jit.h JIT-compiles it in-process. One
 * call of the compiled function runs one program instance; tileCpuKernelRun
 * loops over the grid. This is the reference every GPU result is compared
 * with, so it follows docs/dialect.md's semantics exactly (bounds, padding, masks,
 * reduce NaN rules, f16/bf16 rounding per op). */
#ifndef TILE_EXECUTION_CPUKERNEL_H
#define TILE_EXECUTION_CPUKERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"
#include "lib/Support/KernelArg.h"
#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"


/* One argument value for a run. */
typedef struct {
  TileHostArray *array;  /* TILE_ARG_MEMREF: C-ordered, dtype must match */
  int64_t i;             /* TILE_ARG_INT / TILE_ARG_INDEX */
  double f;              /* TILE_ARG_FLOAT (rounded to the scalar's type) */
} TileArgValue;

typedef struct TileCpuKernel TileCpuKernel;

/* How a kernel is compiled for the CPU; all zero is the default. */
typedef struct {
  bool assertsOff; /* asserts=off: tile.assert erased (StripAsserts.h) */
  bool splitLoopsOff; /* split-loops=false: tile-split-loops leaves loops
                         whole (SplitLoops.h) */
  /* overlap-softmax: on the CPU only true rotates (OverlapSoftmax.h); the
   * results are the same, which the tests check. */
  TileChoice overlapSoftmax;
  TileCpuJit jit; /* cpu-jit: the JIT's level (Jit.h) */
} TileCpuOptions;

/* The CPU's options of parsed compile options `o`. */
TileCpuOptions tileCpuOptionsOf(const TileOptions *o);

/* Compiles kernel `name` of `module` for the CPU. `module` is not changed
 * (a clone is lowered). Lowering problems are reported through the
 * context's diagnostic engine at the kernel's ops; the returned message says
 * what failed. Returns 0 on success. */
int tileCpuKernelCreate(MlirModule module, const char *name,
                        TileCpuKernel **out, char *err, size_t errSize);
/* The same with options (NULL: the defaults). */
int tileCpuKernelCreateWithOptions(MlirModule module, const char *name,
                                   const TileCpuOptions *options,
                                   TileCpuKernel **out, char *err,
                                   size_t errSize);
int tileCpuKernelNumArgs(const TileCpuKernel *k);
const char *tileCpuKernelName(const TileCpuKernel *k);
const TileKernelArg *tileCpuKernelArg(const TileCpuKernel *k, int index);
/* Runs every program of `grid` (x, y, z; each >= 1) in order. Memref
 * arguments are read and written in place. Checks argument kinds, dtypes,
 * ranks and static sizes first (a message naming the argument). Returns 0,
 * or non-zero with a message: TILE_STATUS_ASSERT (tile-c/Runtime.h) when
 * a tile.assert failed ("LOC: tile.assert failed in program (x, y, z):
 * MESSAGE", CpuDebug.h), TILE_STATUS_OUT_OF_MEMORY, else 1. */
int tileCpuKernelRun(TileCpuKernel *k, const TileArgValue *args,
                     const int64_t grid[3], char *err, size_t errSize);

/* Progress of a long run: report(done, total, ms since the start, userData)
 * once intervalMs have passed and then every intervalMs, never after the
 * last program. */
typedef struct {
  void (*report)(int64_t done, int64_t total, double ms, void *userData);
  void *userData;
  double intervalMs;
} TileCpuProgress;

/* tileCpuKernelRun with progress reports (none when progress is NULL). The
 * clock is read every few programs, as many as take about a millisecond,
 * so a report comes at most a few milliseconds late. */
int tileCpuKernelRunWithProgress(TileCpuKernel *k, const TileArgValue *args,
                                 const int64_t grid[3],
                                 const TileCpuProgress *progress, char *err,
                                 size_t errSize);
void tileCpuKernelDestroy(TileCpuKernel *k);

#endif
