/* Heap buffers of JIT-compiled CPU kernels. The CPU pipeline lowers
 * memref.alloc/dealloc to finalize-memref-to-llvm's generic allocation
 * functions (_mlir_memref_to_llvm_alloc, ..._aligned_alloc, ..._free),
 * which the JIT resolves to these. Each thread keeps a list of the buffers
 * its running program holds, so that a program a failed tile.assert leaves
 * by longjmp (CpuDebug.h), skipping its deallocations, frees them all. */
#ifndef TILE_EXECUTION_CPUALLOC_H
#define TILE_EXECUTION_CPUALLOC_H

#include <stdint.h>

void *tileCpuAlloc(int64_t size);
void *tileCpuAlignedAlloc(int64_t alignment, int64_t size);
void tileCpuFree(void *p);
/* Frees every buffer this thread allocated and has not freed. */
void tileCpuFreeAll(void);

#endif
