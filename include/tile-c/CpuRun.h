/* tile's public C API: running a kernel on the CPU, in process (part of
 * tile::compiler). The kernel is lowered for the host and JIT-compiled
 * (LLVM's ORC JIT), then runs its grid one program after another,
 * with the tile dialect's exact semantics: what `tile-run --target cpu`
 * does, and the reference GPU results are compared with. Good for checking
 * a kernel, not for speed.
 *
 *   MlirModule m = ...;  // tile dialect loaded (tileContextLoadDialects)
 *   TileCpuKernel *k;  TileStatus st;
 *   if (tileCpuKernelCreateFromModule(m, "vecadd", &k, &st)) ...
 *   TileRuntimeArg args[3] = {tileRuntimeArgMemref1(x, n), ...};
 *   int64_t grid[3] = {(n + 1023) / 1024, 1, 1};
 *   tileCpuKernelRunArgs(k, args, 3, grid, &st);
 *   tileCpuKernelDestroy(k);
 *
 * Arguments are the runtime's (tile-c/Runtime.h) with host pointers:
 * memrefs are dense C-order arrays of the kernel's element type, read and
 * written in place. */
#ifndef TILE_C_CPURUN_H
#define TILE_C_CPURUN_H

#include <stdint.h>

#include "mlir-c/IR.h"
#include "tile-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileCpuKernel TileCpuKernel;

/* How a kernel is compiled for the CPU; all zero is the default. */
typedef struct {
  /* tile.assert (docs/dialect.md, "v2"): NULL or "on", checked; "off", erased
   * before lowering with what only computed its condition, as
   * TileCompileOptions.asserts (tile-c/Compile.h). tile.print stays. */
  const char *asserts;
} TileCpuCompileOptions;

/* Lowers and JIT-compiles kernel `name` (NULL: the module's only kernel)
 * of `module`, which is not changed. A kernel that does not lower is
 * TILE_STATUS_COMPILE, with located diagnostics through the context's
 * handlers. */
TileStatusCode tileCpuKernelCreateFromModule(MlirModule module,
                                             const char *name,
                                             TileCpuKernel **out,
                                             TileStatus *status);
/* The same with options (NULL: the defaults); an option of another value
 * is TILE_STATUS_INVALID_ARGUMENT. */
TileStatusCode tileCpuKernelCreateFromModuleWithOptions(
    MlirModule module, const char *name, const TileCpuCompileOptions *options,
    TileCpuKernel **out, TileStatus *status);

/* Runs every program of `grid` (x, y, z; each >= 1). Checks the
 * arguments as a GPU launch does (count, kind, rank, static sizes):
 * TILE_STATUS_ARGUMENT_MISMATCH. Programs run in grid order (x fastest);
 * a tile.assert that fails stops the run there with TILE_STATUS_ASSERT
 * and the message "FILE:LINE:COL: tile.assert failed in program (x, y,
 * z): MESSAGE" (what the program wrote to memory before it stays
 * written). */
TileStatusCode tileCpuKernelRunArgs(TileCpuKernel *kernel,
                                    const TileRuntimeArg *args, int numArgs,
                                    const int64_t grid[3],
                                    TileStatus *status);

void tileCpuKernelDestroy(TileCpuKernel *kernel);

#ifdef __cplusplus
}
#endif

#endif
