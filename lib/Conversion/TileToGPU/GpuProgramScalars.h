/* Program scalars (lib/Analysis/ProgramScalars.h) computed again where the
 * kernel's own lowering of them is out of reach: in the producer
 * warpgroup's block, which the kernel's values do not dominate, and for a
 * program other than the one a persistent kernel's block runs now. */
#ifndef TILE_CONVERSION_GPUPROGRAMSCALARS_H
#define TILE_CONVERSION_GPUPROGRAMSCALARS_H

#include "lib/Conversion/TileToGPU/GpuValues.h"

/* A special register (tid, ctaid, nctaid) along `axis`, as an index: the
 * NVVM op itself, with the range LLVM may assume when `bound` > 0 (the
 * block size for tid). */
MlirValue gpuSpecialRegister(TileBuilder *b, const char *reg, int64_t axis,
                             int bound);

/* The kernel's tile.program_order: *axis -1 without one. False, with the
 * reason in `why`, when it is not {axis = 0 or 1 : i32, reversed = a
 * bool}. */
bool gpuProgramOrderOf(MlirOperation kernel, int *axis, bool *reversed,
                       const char **why);

/* tile.program_id (or, with `count`, tile.num_programs) along `axis` at
 * b: blockIdx / gridDim, except along axis 0 of a persistent kernel, where
 * the program is `program` (the block's loop runs several) and the count
 * the kernel's parameter (GpuLowering.programs). Under a program order
 * (GpuLowering.orderAxis), the blocks of axes 0 and 1 take their
 * programs in that order instead. With GpuLowering.blockX set, as if
 * blockIdx.x were it. */
MlirValue gpuProgramId(GpuLowering *g, TileBuilder *b, bool count,
                       int64_t axis, MlirValue program);

/* Values already computed in one block, so a shared operand is computed
 * once. */
enum { GPU_SCALAR_MEMO = 64 };
typedef struct {
  MlirValue keys[GPU_SCALAR_MEMO], values[GPU_SCALAR_MEMO];
  int size;
} GpuScalarMemo;

/* Kernel value `v` (a program scalar) computed at b for program `program`
 * (as gpuProgramId), its ops cloned; a null value when `v` is not a
 * program scalar. */
MlirValue gpuProgramScalar(GpuLowering *g, TileBuilder *b, GpuScalarMemo *memo,
                           MlirValue v, MlirValue program);

#endif
