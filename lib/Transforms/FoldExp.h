/* tile-fold-exp: softmax's exp(x * c - m) as one ex2 of one fused
 * multiply-add, as a hand-tuned kernel writes it with exp2.
 *  - A max or min reduction of x * c, c a splat known finite and
 *    positive (a constant, or rsqrt/sqrt of one), reduces x and scales
 *    the (smaller) result: exact, as rounding x * c is monotone in x.
 *    So does one of select(mask, x * c, k), k 0 or infinite (a masked
 *    tile's padding, which scaling keeps), reducing select(mask, x, k).
 *  - An f32 math.exp with afn becomes math.exp2 of x * log2(e) where that
 *    product folds into what computes x: into a multiply by a splat (its
 *    constant times log2 e; a copy of it where other ops read the
 *    product too), through add and sub, and through broadcasts
 *    and expand_dims to the smaller tile (the row maximum) and through
 *    such a select (both arms; the padding stays), so no
 *    multiply is added at the tile's size. The new ops may contract
 *    (fastmath<contract>): the exponent is part of the approximation afn
 *    allows. An exp whose argument does not fold stays (the GPU lowers it
 *    to the same ex2 of x * log2 e).
 *  - A running maximum a loop carries (m' = max(m, x)) whose other uses
 *    the fold made base 2 (m' * log2 e, exp(m - m')) is carried as
 *    m * log2 e: x takes the log2 e, those multiplies go, exp(m - m')
 *    becomes exp2, the init is scaled before the loop and a result read
 *    after it scaled back by ln 2.
 * Runs on tile IR after tile-numerics (which adds afn for fast-math=true)
 * and before layouts; the CPU runs it too. */
#ifndef TILE_TRANSFORMS_FOLDEXP_H
#define TILE_TRANSFORMS_FOLDEXP_H

#include "mlir-c/IR.h"

/* Rewrites at or under `op`; returns how many reductions and exps it
 * rewrote. */
int tileFoldExp(MlirOperation op);

#endif
