/* tile-promote-smem: decides how each tensor-core dot's operands are
 * staged in shared memory (lib/Analysis/SmemLayout.h) and records it on the
 * dot as tile.smem_a / tile.smem_b:
 *   A row-major [M][K] (ldmatrix reads 16 x 32-byte blocks);
 *   B row-major [K][N] when ldmatrix can transpose it (16-bit elements),
 *     else transposed, [N][K] (tf32 and i8: ldmatrix has no .trans for
 *     32- and 8-bit data, so the staging transposes);
 *   an A whose fragments are already in registers (a chained dot, see
 *     tileMmaAFromRegisters) gets no tile.smem_a: it is not staged.
 * tile-pipeline copies straight into these layouts; TileToGPU stages and
 * reads in them. Dots without the mma layout (the FMA loop) get nothing.
 * Where the bytes go (liveness, the budget) is TileToGPU's: docs/gpu.md. */
#ifndef TILE_TRANSFORMS_PROMOTESMEM_H
#define TILE_TRANSFORMS_PROMOTESMEM_H

#include "mlir-c/IR.h"

MlirLogicalResult tilePromoteSmem(MlirOperation op);

#endif
