/* tile-overlap-softmax: FlashAttention-3's overlap, inside one warpgroup,
 * of a chained-dot loop's softmax with its products on the tensor cores.
 *
 * It expects an scf.for whose body ends in a dot whose only use is the
 * yield, acc' = dot(P, V_j, acc_s), where P comes from another dot of
 * the body, S_j = dot(Q, K_j), through elementwise ops (the softmax), and
 * V_j is a tile.load (possibly reshaped, transposed) at offsets computed
 * from the induction variable and loop-invariant values by arith ops:
 * attention's loop. Written so, each iteration's softmax waits for S_j
 * and its P V waits for the softmax, and the tensor cores idle while the
 * softmax runs. It leaves the loop doing the previous iteration's product
 * beside this one's scores:
 *   S_j = dot(Q, K_j)                          tile.defer_wait
 *   acc = dot(P_prev, V_{j - step}, acc_prev)  tile.defer_wait
 *   ... the softmax of S_j, acc_s from acc as before ...
 *   yield ..., acc_s, P_j              (P_prev starts as zeros)
 * and after the loop the last product, acc' = dot(P_last, V_last, acc_s)
 * (the loop's inits when it ran no iteration). Every value is computed by
 * the same operations in the same order as before, so the results are
 * the same bit for bit. On the GPU the deferred waits (GpuWgmma.c,
 * gpuWgmmaSettle) let P_prev V run on the tensor cores while the
 * softmax of S_j runs; the loop carries P in registers.
 *
 * `enable`: TILE_CHOICE_AUTO rotates the loops whose two dots both run
 * on wgmma (chip sm_90a, `numWarps`) with a 16-bit P, where the tiles the
 * loop holds fit in registers (OverlapSoftmax.c says what was measured);
 * TILE_CHOICE_ON every loop of the form (the CPU too, which runs it for
 * the tests); TILE_CHOICE_OFF none. Rotated loops carry
 * tile.overlap_softmax; returns how many. */
#ifndef TILE_TRANSFORMS_OVERLAPSOFTMAX_H
#define TILE_TRANSFORMS_OVERLAPSOFTMAX_H

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

int tileOverlapSoftmax(MlirOperation op, TileChoice enable, const char *chip,
                       int numWarps);

/* Shared with the pass's second part (CoissueDots.c): the loops either
 * part may take (an scf.for not rotated already); whether `dot` runs on
 * wgmma, where its wait can be deferred; marking it tile.defer_wait; and
 * the decision for the compile's remark at the loop
 * (tile.overlap_softmax_why, as tile.num_stages_why). */
bool tileOverlapCandidate(MlirOperation op);
bool tileOverlapOnWgmma(MlirOperation dot, const char *chip, int numWarps);
void tileOverlapDefer(MlirOperation dot);
void tileOverlapWhy(MlirOperation loop, const char *why);

#endif
