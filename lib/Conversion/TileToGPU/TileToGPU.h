/* TileToGPU: translates one tile kernel, whose tiles carry layouts
 * (tile-assign-layouts), into a gpu.module holding a kernel llvm.func
 * (NVVM ops for the GPU's registers, shuffles and barriers) with tile's
 * kernel ABI (lib/Runtime/Package.h): per memref a pointer, sizes and
 * strides; scalars as themselves; program id = block id. Each tile becomes
 * the registers its layout gives each thread; memory is accessed through
 * the LLVM dialect so bounds, masks and 16-byte vectors are explicit.
 * The gpu.module (targets `chip`) is added to the kernel's module; the
 * kernel itself is left for the caller to erase. */
#ifndef TILE_CONVERSION_TILETOGPU_H
#define TILE_CONVERSION_TILETOGPU_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

/* Whether `op` is an arith or math op that libdevice implements (as
 * convert-gpu-to-nvvm's libdevice patterns know them): the ones TileToGPU
 * turns into calls, or, with fast-math flags or other types, leaves for
 * that conversion. */
bool tileGpuIsLibdeviceOp(MlirOperation op);

/* Remarks about how a kernel was lowered (not errors): a tile.dot that
 * runs as an FMA loop, and why. */
typedef void (*TileGpuRemarkFn)(void *userData, MlirLocation loc,
                                const char *message);
typedef struct {
  TileGpuRemarkFn fn; /* NULL: no remarks */
  void *userData;
} TileGpuRemarks;

/* TileGpuMma (Options.h): auto, wgmma where a dot fits it (others say
 * why in a remark); sync, mma.sync only; wgmma, every tensor-core dot on
 * wgmma, and one that cannot be is an error saying why. */

/* Lowers `kernel` into the kernel llvm.func `entryName` (added to the module's
 * gpu.module when one exists: variants of one kernel share a binary).
 * assumeAligned16 makes the aligned variant (GpuValues.h); the launcher
 * uses it only when every memref meets its conditions. */
MlirLogicalResult tileLowerKernelToGPU(MlirOperation kernel, const char *chip,
                                       TileGpuMma mma,
                                       int numWarps, const char *entryName,
                                       bool assumeAligned16,
                                       const TileGpuRemarks *remarks,
                                       int64_t *sharedBytes);

#endif
