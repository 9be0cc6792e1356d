/* tile-split-loops: an scf.for whose masks are constant on a prefix of its
 * iterations (an arith.cmpi of tiles of the induction variable against an
 * invariant bound: keys before Lk, keys below a causal diagonal;
 * lib/Analysis/AffineMask.h) becomes two loops over the same iterations:
 * the prefix, with those masks replaced by their constant and folded
 * away (a select of the scores, an andi of two masks), then the rest as
 * written. This is the hand split of attention and of ragged reductions,
 * made for kernels written plainly. The first loop carries
 * tile.split = "unmasked", the second tile.split = "masked"; loops with
 * either are not split again, nor are loops split by hand: one that
 * starts from another loop's results, or one that starts where its masks
 * no longer hold (AffineMask.h). Runs on tile IR before layouts (GPU) and
 * before tile-to-cpu (CPU), so both paths compute what the same loops
 * compute. */
#ifndef TILE_TRANSFORMS_SPLITLOOPS_H
#define TILE_TRANSFORMS_SPLITLOOPS_H

#include "mlir-c/IR.h"

/* Splits the loops at or under `op`; returns how many it split. */
int tileSplitLoops(MlirOperation op);

#endif
