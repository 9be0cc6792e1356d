/* Running a compiled package on the GPU: checks host arguments against the
 * package's argument list, uploads memrefs, packs the kernel parameters per
 * the ABI in Package.h (pointer, sizes, C-order strides in elements per
 * memref; scalars at their width), launches the grid with 32 * numWarps
 * threads per block, and copies every memref back. Optionally times more
 * launches with CUDA events (bench mode). Needs no MLIR. */
#ifndef TILE_RUNTIME_LAUNCH_H
#define TILE_RUNTIME_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Cuda.h"
#include "lib/Runtime/HostArray.h"
#include "lib/Runtime/Package.h"

/* One argument value (the runtime's twin of lib/Execution's TileArgValue). */
typedef struct {
  TileHostArray *array; /* memrefs: C-ordered, read and written back */
  int64_t i;            /* integer and index scalars (bits of the value) */
  double f;             /* float scalars, rounded to the scalar's type */
} TileLaunchArg;

typedef struct {
  int warmup; /* launches before timing */
  int iters;  /* timed launches; 0: no bench */
} TileBenchOptions;

typedef struct {
  double launchUs;             /* the one launch whose results are copied back */
  int aligned;                 /* ran the package's aligned entry (Package.h) */
  int genericFromPtx;          /* ran the generic entry from the package's
                                * PTX for it, compiled by the driver */
  double jitMs;                /* then: loading it (the driver's JIT, or its
                                * compute cache) */
  int numRegs;                 /* registers per thread */
  int staticShared, dynamicShared;
  /* Bench mode only (iters > 0): */
  int iters;
  double medianUs, minUs, maxUs;
  double bytes;                /* all memref arguments' bytes */
  double gbPerSecond;          /* bytes / median */
  double flops;                /* flopsPerProgram * programs; 0 if unknown */
  double tflopPerSecond;       /* flops / median; 0 if unknown */
} TileLaunchResult;

/* Writes how messages name argument i, as MLIR writes its type:
 * "memref<?x64xf32>", "f32", "index", "memref<?xf8E4M3FN>". */
void tileLaunchArgType(const TilePackageArg *a, char *buf, size_t size);

/* Checks `numArgs` values against the package's arguments (count; memref
 * dtype, rank, static sizes), naming the argument:
 * "argument #1 (memref<?xf32>): array has dtype f16, the memref needs f32". */
int tileLaunchValidate(const TilePackage *p, const TileLaunchArg *args,
                       int numArgs, char *err, size_t errSize);

/* Validates, loads, runs the grid once and copies every memref back into
 * its host array; then, if bench->iters > 0, times more launches (their
 * results are not copied back). `bench` may be NULL. */
int tileLaunchRun(TileCuda *cu, const TilePackage *p,
                  const TileLaunchArg *args, int numArgs,
                  const int64_t grid[3], const TileBenchOptions *bench,
                  TileLaunchResult *out, char *err, size_t errSize);

#endif
