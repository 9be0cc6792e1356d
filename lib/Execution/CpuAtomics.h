/* The atomics that JIT-compiled CPU kernels call where LLVM's atomicrmw
 * has no exact form (TileToCPU's CpuIndirect.c emits the calls): a
 * compare-and-swap for tile.atomic_cas, and float max/min as docs/dialect.md
 * defines them (maxnum/minnum: a NaN operand leaves memory as it is, a NaN
 * in memory is replaced, -0 < +0), each a compare-and-swap loop. They are
 * real atomics (sequentially consistent, at least as strong as any `sem`),
 * so programs may run concurrently.
 *
 * `addr` is the element's address as an integer (the IR computes it from
 * the memref's aligned pointer and strided metadata). Values travel as
 * their bit patterns; 16-bit ones in the low half of a 32-bit word, so the
 * calling convention never depends on who extends narrow arguments. Each
 * returns the bits it found in memory. */
#ifndef TILE_EXECUTION_CPUATOMICS_H
#define TILE_EXECUTION_CPUATOMICS_H

#include <stdint.h>

uint32_t tileCpuAtomicCas16(intptr_t addr, uint32_t cmp, uint32_t value);
uint32_t tileCpuAtomicCas32(intptr_t addr, uint32_t cmp, uint32_t value);
uint64_t tileCpuAtomicCas64(intptr_t addr, uint64_t cmp, uint64_t value);

uint32_t tileCpuAtomicMaxF32(intptr_t addr, uint32_t value);
uint32_t tileCpuAtomicMinF32(intptr_t addr, uint32_t value);
uint32_t tileCpuAtomicMaxF16(intptr_t addr, uint32_t value);
uint32_t tileCpuAtomicMinF16(intptr_t addr, uint32_t value);
uint32_t tileCpuAtomicMaxBF16(intptr_t addr, uint32_t value);
uint32_t tileCpuAtomicMinBF16(intptr_t addr, uint32_t value);

#endif
