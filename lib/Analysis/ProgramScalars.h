/* Program scalars: the kernel's scalar values that are functions of the
 * program alone. They are built from the program id and the number of
 * programs, the kernel's scalar arguments, the memref arguments' sizes
 * (memref.dim at a constant index) and constants, by integer arith ops
 * (arith.addi ... arith.select, casts between integer types and index)
 * and float ops whose result is the same bits wherever they are computed
 * (multiplies, divisions, compares, casts, rsqrt and sqrt as the kernel
 * lowers them; not adds, which ptxas may fuse into an fma in one copy
 * only): tile-fold-exp's loop bounds chosen by a scale's sign.
 *
 * Such a value can be computed again anywhere the kernel's own lowering of
 * it is out of reach: by the producer warpgroup of a warp-specialized
 * kernel (its own block, beside the kernel's warps), and by a persistent
 * kernel for a program other than the one it runs now, with the program
 * id given. tile-pipeline asks (warp specialization and persistence need
 * a TMA loop's bounds and offsets to be program scalars); TileToGPU then
 * computes them (lib/Conversion/TileToGPU/GpuProgramScalars.c). */
#ifndef TILE_ANALYSIS_PROGRAMSCALARS_H
#define TILE_ANALYSIS_PROGRAMSCALARS_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* Whether `v` is a program scalar of `kernel` (a func.func). */
bool tileIsProgramScalar(MlirOperation kernel, MlirValue v);

/* Whether loop `loop` (an scf.for of `kernel`) is fed by program scalars:
 * its bounds are, and so is every value from before the loop that the
 * offsets of its TMA loads (tile.tma) use besides its induction variable
 * (they are arith ops on those inside the body). */
bool tileLoopFedByProgramScalars(MlirOperation kernel, MlirOperation loop);

/* Whether `v` is an argument of `kernel` (of its entry block). */
bool tileIsKernelArgument(MlirOperation kernel, MlirValue v);

/* Whether an op of this name, on integers and index, is pure arithmetic a
 * program scalar may be computed with. */
bool tileIsScalarArithOp(MlirOperation op);

#endif
