/* One entry's gpu.module, in the LLVM/NVVM dialects, to PTX text through
 * the LLVM C API, in place of upstream's gpu-module-to-binary: MLIR's
 * translation to LLVM IR, libdevice linked only where the module calls
 * it, then a short IR pipeline and the NVPTX back end at -O3.
 *
 * Why not LLVM's O3 pipeline: TileToGPU's code is straight-line per
 * register, and ptxas optimizes it again anyway. On our kernels O3's
 * middle end (InstCombine eight times, most of it) cost 40-60% of the
 * LLVM stage and changed neither the PTX's size nor ptxas's time by more
 * than a few percent. What the back end needs from the middle end is
 * libdevice inlined, duplicate index arithmetic merged (EarlyCSE) and one
 * round of folding (NvvmToPtx.c says why). */
#ifndef TILE_TARGET_NVVMTOPTX_H
#define TILE_TARGET_NVVMTOPTX_H

#include <stddef.h>

#include "mlir-c/IR.h"

/* Translates `gpuModule` for `chip` ("sm_90a") to PTX (*outPtx:
 * malloc'ed, NUL-terminated). `toolkit` is the CUDA toolkit root whose
 * libdevice a module that calls __nv_* functions needs (NULL: none).
 * Safe to call from several threads at once, each with its own module.
 * Returns 0, or 1 with a message in err. */
int tileNvvmToPtx(MlirOperation gpuModule, const char *chip,
                  const char *toolkit, char **outPtx, char *err,
                  size_t errSize);

#endif
