/* Routines for JIT-compiled CPU kernels; see JitSymbols.h. */
#include "lib/Execution/JitSymbols.h"

#include <stdint.h>
#include <string.h>

#include "lib/Execution/CpuAlloc.h"
#include "lib/Execution/CpuAtomics.h"
#include "lib/Execution/CpuDebug.h"
#include "lib/Support/Half.h"

/* bf16 comes back in the low 16 bits of xmm0, as _Float16 does on x86-64;
 * the rounding is the runtime's (nearest, ties to even; NaN stays NaN). */
static _Float16 bitsAsHalf(uint16_t bits) {
  _Float16 r;
  memcpy(&r, &bits, sizeof r);
  return r;
}

static _Float16 truncSfBf2(float x) { return bitsAsHalf(tileF32ToBF16(x)); }

/* f64 -> f16 and f64 -> bf16 (scalar arith.truncf from f64), which LLVM
 * lowers to these libgcc calls and no libgcc the process loads exports:
 * rounded once, as the runtime rounds. */
static _Float16 truncDfHf2(double x) { return bitsAsHalf(tileF64ToF16(x)); }

static _Float16 truncDfBf2(double x) { return bitsAsHalf(tileF64ToBF16(x)); }

/* The names TileToCPU's calls use are the C names. */
#define SYMBOL(f) {#f, (void *)f}

const TileJitSymbol *tileJitSymbols(size_t *count) {
  static const TileJitSymbol symbols[] = {
      {"__truncsfbf2", (void *)truncSfBf2},
      {"__truncdfhf2", (void *)truncDfHf2},
      {"__truncdfbf2", (void *)truncDfBf2},
      {"_mlir_memref_to_llvm_alloc", (void *)tileCpuAlloc},
      {"_mlir_memref_to_llvm_aligned_alloc", (void *)tileCpuAlignedAlloc},
      {"_mlir_memref_to_llvm_free", (void *)tileCpuFree},
      SYMBOL(tileCpuAtomicCas16),
      SYMBOL(tileCpuAtomicCas32),
      SYMBOL(tileCpuAtomicCas64),
      SYMBOL(tileCpuAtomicMaxF32),
      SYMBOL(tileCpuAtomicMinF32),
      SYMBOL(tileCpuAtomicMaxF16),
      SYMBOL(tileCpuAtomicMinF16),
      SYMBOL(tileCpuAtomicMaxBF16),
      SYMBOL(tileCpuAtomicMinBF16),
      SYMBOL(tileCpuPrintInt),
      SYMBOL(tileCpuPrintFloat),
      SYMBOL(tileCpuAssertFail),
  };
  *count = sizeof symbols / sizeof symbols[0];
  return symbols;
}
