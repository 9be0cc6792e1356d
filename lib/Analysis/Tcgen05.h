/* Which dots run on Blackwell's tcgen05 (chip=sm_100a), and how much
 * tensor memory their accumulators take. tile-assign-layouts asks first
 * (such a dot's result gets tileLayoutTcgen05, Layout.h), TileToGPU sizes
 * the kernel's tensor-memory allocation from the same answer
 * (lib/Conversion/DotOpToNVVM/GpuTcgen05.c). */
#ifndef TILE_ANALYSIS_TCGEN05_H
#define TILE_ANALYSIS_TCGEN05_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* An SM's tensor memory: 128 lanes of 512 32-bit columns. */
enum { TILE_TMEM_COLUMNS = 512 };

/* Whether `chip` has tcgen05 and tensor memory (sm_100a; the NVVM ops
 * require the arch-specific target). */
bool tileChipHasTcgen05(const char *chip);

/* Whether `dot` runs on tcgen05.mma (cta_group::1) on `chip` with
 * `numWarps` warps, and with how many columns per instruction (*n). It
 * does when the chip has it, the inputs are f16, bf16, tf32 or fp8 with
 * an f32 accumulator (tf32 and fp8 with B read K-major: the source of a
 * tile.trans, stored [N][K], as on Hopper), M is a multiple of 128 (one
 * accumulator row per tensor-memory lane; each 128-row block takes N
 * columns of its own), the warps are whole groups of 4 (warp w reads
 * lanes 32 * (w % 4)..), K a multiple of the instruction's k, and the
 * operands' shared-memory rows a width the swizzles describe (the same
 * layouts as wgmma's). *n is N up to 256, else the largest multiple of 16
 * dividing N up to 256. Otherwise false with the reason in *why. Whether
 * the accumulator fits tensor memory is not checked here: the lowering
 * says so, located (tileTcgen05Columns). */
bool tileTcgen05For(MlirOperation dot, const char *chip, int numWarps, int *n,
                    const char **why);

/* The tensor-memory columns a dot's f32 accumulator takes (M / 128 blocks
 * of N columns), and what tcgen05.alloc must ask for it: a power of two,
 * at least 32. */
int64_t tileTcgen05AccumulatorColumns(MlirOperation dot);
int64_t tileTcgen05AllocColumns(int64_t columns);

/* CTA pairs (tcgen05's cta_group::2). Programs 2i and 2i + 1 along axis 0
 * run as a cluster of two CTAs whose dots are one tcgen05.mma of M = 256:
 * each CTA loads its own A (its 128 rows) and half of B (the N / 2
 * columns at rank * N / 2), the even CTA issues the MMAs for both, and
 * each CTA's tensor memory holds its own 128 rows of the result. That is
 * each program's own dot as long as both programs of a pair read the same
 * B and run the same K loop, which this checks: the kernel has one
 * tile.dot, on tcgen05 (M = 128, N a multiple of twice B's column block
 * and at most 256: one instruction), in an scf.for of the kernel's body
 * pipelined with TMA (tile.num_stages >= 3, its loads tile.tma) that keeps
 * the accumulator (an iter_arg only the dot reads, the result only
 * yielded); A and B are its loads, B stored [K][N] (N-major: its copies
 * are boxes of whole column blocks, so half of them are half of B); B's
 * offsets and the loop's bounds do not depend on tile.program_id along
 * axis 0; the kernel has no producer warps and is not persistent.
 * Otherwise false with the reason in *why. */
bool tileTcgen05CtaPairsFor(MlirOperation kernel, const char *chip,
                            int numWarps, const char **why);

/* Whether tile-pipeline paired the kernel's CTAs (tile.cta_pairs = true). */
bool tileKernelCtaPairs(MlirOperation kernel);

#endif
