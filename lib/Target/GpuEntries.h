/* The GPU compile's step between TileToGPU and the upstream lowering:
 * the gpu.module's entries (the generic kernel and the 16-byte aligned
 * one) split into modules of their own, which the pass manager lowers in
 * parallel (lib/Target/EntriesToPtx.h), and the pipeline that lowers
 * each to the LLVM/NVVM dialects. */
#ifndef TILE_TARGET_GPUENTRIES_H
#define TILE_TARGET_GPUENTRIES_H

#include <stddef.h>

#include "lib/Target/EntriesToPtx.h"
#include "mlir-c/IR.h"

/* Moves each entry of `module`'s gpu.module into a gpu.module of its own
 * (with copies of the rest), each in a builtin.module appended to
 * `module`, returned in `wrappers` (the generic entry, then the aligned
 * one). Returns the number of entries (0: no gpu.module or no entry) and
 * writes to `lowering` the pipeline elements, for an entry's
 * builtin.module, that lower it to NVVM with `indexBits`-bit index. */
int tileGpuSeparateEntries(MlirModule module,
                           MlirOperation wrappers[TILE_MAX_ENTRIES],
                           int indexBits, char *lowering,
                           size_t loweringSize);

#endif
