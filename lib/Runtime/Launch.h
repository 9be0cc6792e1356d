/* A package's arguments as host arrays, for tools that make their inputs
 * on the host (tile-run, tile-package): how messages name an argument's
 * type, and the check of host arrays against the package's argument list
 * before they are uploaded. The launch itself is the public runtime API's
 * (tile-c/Runtime.h, lib/Runtime/RuntimeLaunch.c). Needs no MLIR. */
#ifndef TILE_RUNTIME_LAUNCH_H
#define TILE_RUNTIME_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"
#include "lib/Runtime/Package.h"

/* One argument value (the runtime's twin of lib/Execution's TileArgValue). */
typedef struct {
  TileHostArray *array; /* memrefs: C-ordered */
  int64_t i;            /* integer and index scalars (bits of the value) */
  double f;             /* float scalars, rounded to the scalar's type */
} TileLaunchArg;

/* Writes how messages name argument i, as MLIR writes its type:
 * "memref<?x64xf32>", "f32", "index", "memref<?xf8E4M3FN>". */
void tileLaunchArgType(const TilePackageArg *a, char *buf, size_t size);

/* Checks `numArgs` values against the package's arguments (count; memref
 * dtype, rank, static sizes), naming the argument:
 * "argument #1 (memref<?xf32>): array has dtype f16, the memref needs f32". */
int tileLaunchValidate(const TilePackage *p, const TileLaunchArg *args,
                       int numArgs, char *err, size_t errSize);

#endif
