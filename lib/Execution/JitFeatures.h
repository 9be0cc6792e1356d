/* The CPU features the CPU path's JIT compiles for: the host's, without
 * the instructions that convert f32 to bf16 (AVX512-BF16, AVX-NE-CONVERT).
 * LLVM's x86 back end carries a bf16 value that crosses blocks (a phi: a
 * padded load's element or its pad) through f32 and stores it with
 * vcvtneps2bf16, which flushes subnormals; without those features the
 * store calls __truncsfbf2, which tile registers with exact rounding
 * (JitSymbols.c). docs/difftest.md, 2026-11-30. */
#ifndef TILE_EXECUTION_JITFEATURES_H
#define TILE_EXECUTION_JITFEATURES_H

/* Those features as LLVM's target machine takes them ("+f1,-f2,..."),
 * built once per process (asking LLVM for the host's reads the CPU's
 * identification); "" where the host names none. */
const char *tileJitFeatures(void);

#endif
