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

enum { TILE_MAX_COORD_RANK = 8 };

/* Whether integer tile `v` is, as its definition shows, an affine form of
 * its elements' coordinates: v[x] = v[0, ..., 0] + sum_d coef[d] * x_d at
 * every position x, in v's integer type (wrapping). Its terms: tile.range,
 * splats, broadcasts, expand_dims, addi, subi, muli by a constant (or of
 * two uniform forms), trunci, and an extended tile.range; no other
 * extension. coef gets one entry per dimension (rank at most
 * TILE_MAX_COORD_RANK). */
bool tileAffineInCoords(MlirValue v, int64_t *coef);
/* Whether every coefficient of a form is zero (the tile is uniform). */
bool tileUniformCoords(const int64_t *coef, int rank);
bool tileContiguousAlong(MlirValue v, int dim);
/* Whether memref type `memref`'s innermost stride is statically 1. */
bool tileMemrefInnerContiguous(MlirType memref);

#endif
