/* tile-pipeline: chooses the scf.for loops whose loads feed tensor-core
 * dots for software pipelining, and how deep.
 *
 * A load qualifies when it sits directly in the loop body, is an unmasked
 * tile.load with zero padding of a rank-2 tile (or of a rank-3 [1][R][C]
 * one, a batch element, reshaped to [R][C] in place), its only user is a
 * tile.dot in the same block (as A or B, possibly through that reshape
 * and a tile.trans, tileMmaLoadOperand) that stages it row-major in
 * shared memory with 16-bit elements, or fp8 on wgmma (tile.smem_a /
 * tile.smem_b, from tile-promote-smem, which runs first), its layout reads
 * 16 bytes per thread along the memref's contiguous dimension, and its
 * offsets are computed from the induction variable and loop-invariant
 * values by arith ops alone. The loop must be innermost and must not
 * store (a store could feed a later load).
 *
 * The pass only decides; TileToGPU builds the pipeline (GpuPipeline.c):
 *   scf.for  gets  tile.num_stages = S : i32  (S buffers per load)
 *   each chosen load gets  tile.async_copy  (a unit attribute)
 *   and, with chip=sm_90a, when every chosen load of the loop can
 *   (lib/Analysis/Tma.h: they feed a dot on wgmma),  tile.tma : the copies
 *   are bulk tensor copies completing on mbarriers instead of cp.async
 * S is the kernel's tile.num_stages, else the pass option, else auto; S <
 * 2 turns pipelining off. Auto counts the shared memory of one block of
 * the kernel's tile.blocks_per_sm, else of the pass's blocks-per-sm, that
 * share an SM; the pass puts a count above 1 on the kernel as
 *   tile.blocks_per_sm = N : i32
 * for TileToGPU, which sizes the threads' registers to it.
 *
 * With warp-specialize=auto (the default: kernels of 8 or more warps
 * whose TMA loop chains two or more dots, as attention does, or has an
 * fp8 dot whose sums promote on wgmma; Pipeline.c says what was
 * measured) or true (any), a kernel whose TMA loops are all
 * statements of its body (each runs once) gets
 *   tile.producer_warps = 4 : i32
 * TileToGPU then launches one more warpgroup: its first warp issues the
 * loops' bulk copies, each stage after the kernel's warps released it (an
 * mbarrier per stage each way), so the consumers never wait at a block
 * barrier for the copies; with 8 consumer warps, setmaxnreg moves
 * registers from the producer to them. tile.warp_specialize (a bool) on
 * the kernel overrides the option either way.
 *
 * With persistent=true (auto, the default, leaves it off for now:
 * Pipeline.c says what was measured), a warp-specialized kernel
 * whose TMA loops the producer can feed by itself, whose programs run
 * along axis 0 only and whose code after the loops fits in shared memory
 * beside the stages gets
 *   tile.persistent = true
 * TileToGPU then runs program after program in each block (the launcher
 * starts as many blocks as fit on the GPU at once), the producer filling
 * the next program's stages during the last one's epilogue.
 * tile.persistent (a bool) on the kernel overrides the option.
 *
 * With cta-pairs=true on chip=sm_100a (auto, the default, leaves it off:
 * nothing of it has run on a Blackwell GPU), a kernel whose one dot can
 * run on a pair of CTAs (tileTcgen05CtaPairsFor, lib/Analysis/Tcgen05.h)
 * gets
 *   tile.cta_pairs = true
 * TileToGPU then compiles the aligned entry for clusters of two CTAs along
 * axis 0 whose dots are one cta_group::2 MMA (GpuTcgen05.c). A kernel's
 * tile.cta_pairs (a bool) overrides the option; either way a kernel that
 * cannot pair keeps one CTA per program.
 *
 * With multicast=true on chip=sm_90a (auto leaves it off), a
 * warp-specialized kernel whose loop's B two programs could copy once
 * (tileMulticastFor, lib/Analysis/Multicast.h) gets
 *   tile.multicast = true
 * on the kernel and on that B load. TileToGPU then compiles the aligned
 * entry for clusters of two CTAs along x, whose producers, where the two
 * programs read the same B, each copy half of it into both CTAs. A
 * kernel's tile.multicast (a bool) overrides the option. */
#ifndef TILE_TRANSFORMS_PIPELINE_H
#define TILE_TRANSFORMS_PIPELINE_H

#include <stdbool.h>

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

/* chip: the target ("sm_90a" allows tile.tma; NULL or "": no TMA). */
MlirLogicalResult tilePipeline(MlirOperation op, int numStages, int blocksPerSm,
                               const char *chip, TileChoice ws,
                               TileChoice persistent, TileChoice ctaPairs,
                               TileChoice multicast, TileChoice bulkReduce,
                               TileChoice streamK, TileChoice producerLoads);

/* The stages a kernel asks for: tile.num_stages, else `fallback` when > 0,
 * else 0: auto, as many as the chip's shared memory holds (Pipeline.c,
 * autoStages). */
int tileKernelNumStages(MlirOperation kernel, int fallback);

#endif
