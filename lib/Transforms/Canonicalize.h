/* tile-canonicalize: local simplifications of tile ops, run greedily with
 * MLIR's folding. Expects verified tile IR; leaves the same IR with splats of
 * constants as dense constants, shape-op chains collapsed, identity shape ops
 * gone, loop-invariant transposes of dot operands before their loops and
 * unused side-effect-free tile ops erased. Result types (encodings
 * included) of replaced values never change. */
#ifndef TILE_TRANSFORMS_CANONICALIZE_H
#define TILE_TRANSFORMS_CANONICALIZE_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

/* Whether `op` is one of the tile ops tile-canonicalize erases when its
 * result is unused (the only effect of each is its result). */
bool tileCanonicalizeErasesUnused(MlirOperation op);
/* Populates `set` with tile's canonicalization patterns. */
void tilePopulateCanonicalizePatterns(MlirContext ctx,
                                      MlirRewritePatternSet set);
/* Applies them (and MLIR's folding) greedily to `op` and everything in it.
   Returns failure only if the driver failed to converge. */
MlirLogicalResult tileCanonicalize(MlirOperation op);

#endif
