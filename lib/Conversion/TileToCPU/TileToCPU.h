/* TileToCPU: rewrites one tile kernel, in place, into upstream tensor, scf,
 * memref and arith code where one call runs one program instance. The
 * function gets six trailing index arguments (program id x, y, z, then the
 * grid x, y, z) that replace tile.program_id and tile.num_programs.
 * Expects verified tile IR without layouts; leaves elementwise arith/math on
 * tensors for convert-elementwise-to-linalg, and everything else for
 * bufferization and the LLVM lowering (see lib/Execution/CpuKernel.c). */
#ifndef TILE_CONVERSION_TILETOCPU_H
#define TILE_CONVERSION_TILETOCPU_H

#include "mlir-c/IR.h"

/* Lowers kernel `kernel` (a func.func) in place; errors are located
 * diagnostics. */
MlirLogicalResult tileLowerKernelToCPU(MlirOperation kernel);

/* The upstream pass pipeline (MLIR syntax, anchored on builtin.module) that
 * takes TileToCPU's output to the LLVM dialect. */
extern const char tileCpuLLVMPipeline[];

#endif
