/* What a kernel's index arithmetic shows about a value without running
 * it: that it is a multiple of some n, or also not negative. Offsets of
 * copies ask: cp.async copies 16-byte chunks only from 16-byte aligned
 * columns, and a bulk tensor copy (TMA) takes a box only at a 16-byte
 * aligned column; elsewhere it faults with an illegal instruction on an
 * H200 (found by random kernels: loads at column -1 and +1 of 16-bit
 * memrefs; stores at column -1, +1 and -8). A store's box must also start
 * at a column and row not negative; a load's may (column -8 and row -1
 * load zeros outside the array: bench/gpu-tma-offsets.sh). */
#ifndef TILE_ANALYSIS_INDEXFACTS_H
#define TILE_ANALYSIS_INDEXFACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* Whether index `v` is a multiple of `n`, as far as its definition shows:
 * constants, sums, differences, products, casts, and scf.for induction
 * variables whose step and first values are (a lower bound that is the
 * loop's own upper bound ub starts no iteration: of min(a, ub), where
 * tile-split-loops starts its second loop, only a counts, and so for
 * tile-fold-exp's select(c, ub, 0)). */
bool tileIndexMultipleOf(MlirValue v, int64_t n);

/* Whether index `v` is known not negative and a multiple of `n`: built
 * from program ids, sizes and constants by adds, multiplies, unsigned
 * divisions, remainders and minima (a GEMM's column block pid_n * BN),
 * and scf.for induction variables whose lower bound and step are. A
 * grouped order's signed divisions are not: tile-numerics makes a
 * division by zero -1. */
bool tileIndexNonNegativeMultiple(MlirValue v, int64_t n);

#endif
