/* What the definition of an integer tile shows about its values along one
 * dimension, for indirect accesses (tile.gather, tile.scatter): whether
 * they are constant along it (splats, broadcasts, expand_dims, arith of
 * such), or rise by one from each position to the next (tile.range, plus
 * or minus a constant, through broadcasts, expand_dims and integer
 * casts). Both look through at most 8 definitions. */
#ifndef TILE_ANALYSIS_CONTIGUITY_H
#define TILE_ANALYSIS_CONTIGUITY_H

#include <stdbool.h>

#include "mlir-c/IR.h"

bool tileConstantAlong(MlirValue v, int dim);
bool tileContiguousAlong(MlirValue v, int dim);
/* Whether memref type `memref`'s innermost stride is statically 1. */
bool tileMemrefInnerContiguous(MlirType memref);

#endif
