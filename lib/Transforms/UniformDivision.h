/* Integer division of a tile by a uniform divisor (one value in every
 * element: a splat, a splat constant, or integer arithmetic and shape ops
 * on those) by multiplication, for tile-numerics on the GPU. A GPU divides
 * in software: each rem.s32 is some 20 instructions, and ptxas spent 26 of
 * 32 seconds on a kernel of four 64x64 i32 remainders by a tile's
 * dimension (difftest seed 918084). With the divisor uniform, its
 * reciprocal is computed once (the GPU lowering computes an op of uniform
 * tiles once) as the 64-bit c = ceil(2^64 / d), and each element's
 * quotient is the high 64 bits of n * c: exact for all 32-bit n and
 * 2 <= d < 2^32 (Lemire, Kaser and Kurz, "Faster remainder by direct
 * computation", 2019, theorem 1 with F = 64, N = 32), two wide multiplies
 * and an add an element. */
#ifndef TILE_TRANSFORMS_UNIFORMDIVISION_H
#define TILE_TRANSFORMS_UNIFORMDIVISION_H

#include <stdbool.h>

#include "lib/IR/Build.h"
#include "mlir-c/IR.h"

/* Whether division `op` (divsi, divui, remsi, remui, ceildiv, floordiv)
 * divides a tile of i8 to i32 by a uniform tile, with enough
 * elements a thread (8, at the kernel's tile.num_warps, else 4 warps) to
 * pay for the reciprocal. */
bool tileDividesByUniform(MlirOperation op);

/* q = x / d and r = x - q * d, rounded toward zero, for a tile x and a
 * uniform tile d of x's type that is never 0 (nor -1 when signed: the
 * caller answers those). */
void tileDivideByUniform(TileBuilder *b, bool isSigned, MlirValue x,
                         MlirValue d, MlirValue *q, MlirValue *r);

#endif
