/* The CPU path's JIT, on LLVM's ORC C API, at one of three levels
 * (cpu-jit, TileCpuJit in Options.h): the IR unoptimized and code
 * generated at LLVM's default level (fast, the default); LLVM's
 * default<O2> on the IR as well (optimized); or -O0 throughout, FastISel
 * and the fast register allocator (unoptimized). MLIR's ExecutionEngine,
 * which this replaces, could not give the last: its C API makes the code
 * generator's target machine at the default level whatever level it is
 * asked for (measured 2026-11-30: its "-O0" ran the greedy register
 * allocator and the post-RA scheduler, a third of a small kernel's
 * compile). */
#ifndef TILE_EXECUTION_JIT_H
#define TILE_EXECUTION_JIT_H

#include <stddef.h>

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

typedef struct TileJit TileJit;

/* Translates `module` (in the LLVM dialect) to LLVM IR, adds a packed entry
 * point for the function `name` (void _mlir_NAME(void **args): args[i]
 * points at the i-th argument's value) and compiles it at `level`. 0 with
 * *jit and *entry set, or non-zero with why in `err`. */
int tileJitCreate(MlirModule module, const char *name, TileCpuJit level,
                  TileJit **jit, void (**entry)(void **), char *err,
                  size_t errSize);

void tileJitDestroy(TileJit *jit);

#endif
