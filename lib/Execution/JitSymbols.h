/* Routines that the CPU path's JIT-compiled code calls and that the process
 * may not have. On x86 CPUs without AVX512-BF16, LLVM lowers an f32 -> bf16
 * truncation to a call of __truncsfbf2, which GCC 13's libgcc provides and
 * Debian 12's (GCC 12) does not: without it a kernel that stores bf16
 * fails to link in the JIT; so does f64 -> f16 or bf16 (__truncdfhf2,
 * __truncdfbf2), which no libgcc the process loads exports. The others are
 * tile's own: the kernels' heap
 * buffers (CpuAlloc.h), the atomics LLVM's atomicrmw cannot express
 * exactly (CpuAtomics.h) and the routines behind tile.print and
 * tile.assert (CpuDebug.h). */
#ifndef TILE_EXECUTION_JITSYMBOLS_H
#define TILE_EXECUTION_JITSYMBOLS_H

#include <stddef.h>

typedef struct {
  const char *name;
  void *address;
} TileJitSymbol;

/* The routines, by the names compiled code calls them (`*count` of them),
 * for the JIT to define (Jit.c). */
const TileJitSymbol *tileJitSymbols(size_t *count);

#endif
