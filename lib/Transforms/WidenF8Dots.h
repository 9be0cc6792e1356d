/* tile-widen-f8-dots: an fp8 dot (e4m3, e5m2 or mixed, f32 accumulator)
 * that the chip's wgmma cannot run (tileWgmmaFor: another chip, mma=sync,
 * B not read K-major, a shape the warpgroups cannot split, K = 16) gets its
 * operands extended to f16 before it, so it runs as an f16 dot (mma.sync,
 * or wgmma with B N-major). Exact: every e4m3 and e5m2 value is an f16,
 * and the products are summed in f32 either way. The dot keeps why in
 * tile.widen_f8_why, which the GPU lowering says as a remark (a widened
 * dot runs at half fp8's rate), as the dot's own remark says which
 * tensor-core path it took; the GPU compile runs this
 * before tile-numerics, which then lowers the new extf for chips without
 * f8 cvt. `chip` NULL or "": no wgmma, every fp8 dot is widened;
 * `numWarps` 0: the kernel's tile.num_warps, else 4. */
#ifndef TILE_TRANSFORMS_WIDENF8DOTS_H
#define TILE_TRANSFORMS_WIDENF8DOTS_H

#include "mlir-c/IR.h"

MlirLogicalResult tileWidenF8Dots(MlirOperation op, int numWarps,
                                  const char *chip);

#endif
