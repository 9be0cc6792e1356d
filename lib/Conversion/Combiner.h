/* The arith op that combines two elements for a tile.reduce kind, shared by
 * the CPU and GPU lowerings so both follow docs/dialect.md's NaN rules: max/min
 * propagate NaN (arith.maximumf), maxnum/minnum ignore it (arith.maxnumf);
 * integer max/min are signed, except on i1 where max is or. */
#ifndef TILE_CONVERSION_COMBINER_H
#define TILE_CONVERSION_COMBINER_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* NULL when the kind has no combiner for `elem`. */
const char *tileReduceCombiner(MlirStringRef kind, MlirType elem);

/* Whether the kind accumulates in f32 rather than in `elem`: add and mul
 * of f16/bf16, which round once at the end (docs/dialect.md, "Numerics"). */
bool tileReduceAccumulatesWide(MlirStringRef kind, MlirType elem);

#endif
