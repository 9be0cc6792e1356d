/* The launch facts a package carries about a kernel (lib/Runtime/Package.h),
 * read from the kernel after TileToGPU: its warps, producer warps, shared
 * memory, index width, arguments, TMA tensor maps and flops per program. */
#ifndef TILE_TARGET_PACKAGEDESCRIPTION_H
#define TILE_TARGET_PACKAGEDESCRIPTION_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Package.h"
#include "lib/Target/GpuCompile.h"
#include "mlir-c/IR.h"

/* Fills *p (its image left empty) for `kernel`, compiled as `name` with
 * `o`, `numWarps` warps and `smem` bytes of shared memory. Returns 0, or 1
 * with a message when an argument is one a package cannot describe. */
int tileGpuDescribePackage(MlirOperation kernel, const char *name,
                           const TileGpuOptions *o, int numWarps, int64_t smem,
                           TilePackage *p, char *err, size_t errSize);

#endif
