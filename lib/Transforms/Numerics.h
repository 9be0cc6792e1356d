/* tile-numerics: rewrites the arith and math ops whose upstream lowering
 * leaves an edge case open (poison, a trap, a tie, no lowering at all) into
 * ops whose meaning is the one docs/dialect.md's section "Numerics" fixes, the
 * same on every target:
 *   - integer division and remainder never trap: x / 0 = -1, x % 0 = x,
 *     MIN / -1 = MIN (also ceildiv/floordiv, which are expanded here); on
 *     a GPU, a tile divided by a uniform divisor is divided by
 *     multiplication (UniformDivision.h);
 *   - shifts by the bit width or more give 0 (shli, shrui) or the sign;
 *   - float to integer truncates, saturates, and NaN gives 0;
 *   - isnan/isinf/isfinite/isnormal become compares; f16/bf16 fma is the
 *     f32 fma rounded once; for the CPU, expm1 is computed in f64;
 *   - fp8 truncf (nearest even, satfinite) and extf in integer ops, but
 *     on chips with f8 cvt (sm_89+), which lowers them;
 *   - for the CPU, max/min of floats with -0 < +0 (the GPU's max/min
 *     instructions already order zeros).
 * `fastMath` first adds `afn` to every float op (the compile option
 * fast-math). Scalars and tiles alike; ops whose operands make the edge
 * case impossible (a constant divisor other than 0 and -1, a constant shift
 * below the width) are left alone. */
#ifndef TILE_TRANSFORMS_NUMERICS_H
#define TILE_TRANSFORMS_NUMERICS_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

typedef enum {
  TILE_NUMERICS_CPU,
  TILE_NUMERICS_GPU,     /* fp8 casts expanded too */
  TILE_NUMERICS_GPU_FP8, /* sm_89+: fp8 casts left for cvt (GpuFp8.c) */
} TileNumericsTarget;

/* The GPU target for `chip` ("sm_90a", ...): whether it has f8 cvt. */
TileNumericsTarget tileNumericsGpuTarget(const char *chip);

MlirLogicalResult tileLegalizeNumerics(MlirOperation root,
                                       TileNumericsTarget target,
                                       bool fastMath);

#endif
