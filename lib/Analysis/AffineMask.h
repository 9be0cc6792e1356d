/* Integer tiles in an scf.for as affine forms of its induction variable,
 * and the masks built from them that are constant on a prefix of the
 * iterations. Every element of a form is
 *     coef * iv + sum(mul[i] * term[i]) + e,   e in [lo, hi],
 * where the terms are integer or index scalars defined outside the loop
 * (program ids, sizes, a bound) and lo..hi bounds the constant part over
 * the tile's elements (tile.range from start to end gives start..end-1).
 * Integer arithmetic is taken not to wrap: these are offsets into memrefs
 * and loop bounds, which index-bits keeps in range.
 *
 * A mask `arith.cmpi slt|sle|sgt|sge` of two forms whose difference grows
 * with the loop (the key offset against Lk, a key against a causal
 * diagonal) is all true, or all false, while
 *     k * iv + E <= 0       (k > 0; E invariant),
 * that is on the iterations before some point that index ops computed
 * before the loop give (tile-split-loops, lib/Transforms/SplitLoops.c). */
#ifndef TILE_ANALYSIS_AFFINEMASK_H
#define TILE_ANALYSIS_AFFINEMASK_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/IR/Build.h"
#include "mlir-c/IR.h"

enum { TILE_AFFINE_MAX_TERMS = 4 };

typedef struct {
  int64_t coef; /* of the induction variable */
  int numTerms;
  MlirValue term[TILE_AFFINE_MAX_TERMS]; /* scalars defined outside the loop */
  int64_t mul[TILE_AFFINE_MAX_TERMS];
  int64_t lo, hi; /* the constant part's bounds over the elements */
} TileAffine;

/* The form of integer or index `v` (scalar or tile) in `loop`'s body;
 * false where it is not one (an iter_arg, a load, a product of two
 * non-constant values, ...). */
bool tileAffineOf(MlirValue v, MlirOperation loop, TileAffine *out);

/* A mask constant on a prefix of the loop's iterations: every element is
 * `value` while coef * iv + sum(mul * term) + lo <= 0 (coef > 0, lo ==
 * hi). */
typedef struct {
  TileAffine bound;
  bool value;
} TileMaskPrefix;

/* Whether `cmp`, an arith.cmpi in `loop`'s body, is such a mask. */
bool tileMaskPrefixOf(MlirOperation cmp, MlirOperation loop,
                      TileMaskPrefix *out);

/* Whether the prefix is empty whatever the sizes: the loop starts where
 * the mask no longer holds (a hand-split kernel's ragged last loop, from
 * Lk rounded down to whole blocks). */
bool tileMaskPrefixEmpty(MlirOperation loop, const TileMaskPrefix *mask);

/* Emits at `b` (before `loop`) the index at which the prefix of `mask`
 * ends: the first iteration's induction variable at which it no longer
 * holds, clamped to the loop's bounds (lb when it holds on none, ub
 * when on all). */
MlirValue tileMaskPrefixEnd(TileBuilder *b, MlirOperation loop,
                            const TileMaskPrefix *mask);

#endif
