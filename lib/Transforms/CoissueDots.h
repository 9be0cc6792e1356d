/* tile-overlap-softmax's second part: in a loop it did not rotate, issue a
 * dot that does not read the loop's first dot beside it.
 *
 * Attention's backward loops compute two independent products from the
 * step's tiles, S = Q K^T and dP = dO V^T (dK/dV's S^T and dP^T), and
 * accumulate others (dV += P^T dO, dK += dS^T Q, dQ += dS K). Written as
 * the math reads, the second product comes after S's softmax, and each
 * dot waits for its wgmmas before the next op: four waits a step in
 * dK/dV, the tensor cores idle through each. This moves the first dot
 * after the loop's first dot that reads no dot's result (with the loads,
 * reshapes and transposes it reads, all of the step) to right after it,
 * marks both tile.defer_wait (on the GPU their waits move to their first
 * readers: both run at once), and marks the dots whose result only the
 * loop carries tile.defer_wait too (their wait moves to the step's end).
 * Every value is computed by the same operations from the same operands,
 * so the results do not change, bit for bit.
 *
 * It takes a loop whose body holds only pure ops (loads, shape ops,
 * arith, math, reductions) and at least three dots, where a dot stands
 * between the two it issues together (dQ's S and dP, adjacent already,
 * ran slower together); `enable`:
 * TILE_CHOICE_AUTO where its dots run on wgmma (chip sm_90a) and the
 * loop's carried tiles, the two dots' results and the largest operand
 * computed in registers fit FIT_REGS registers a thread (CoissueDots.c
 * says what was measured); TILE_CHOICE_ON every such loop (the CPU too,
 * for the tests); OFF none. Returns how many loops it changed; a loop
 * auto declines says why in tile.overlap_softmax_why. */
#ifndef TILE_TRANSFORMS_COISSUEDOTS_H
#define TILE_TRANSFORMS_COISSUEDOTS_H

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

int tileCoissueDots(MlirOperation op, TileChoice enable, const char *chip,
                    int numWarps);

#endif
