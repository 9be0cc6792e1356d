/* Hopper's bulk tensor copies (TMA) for pipelined loads and for stores of
 * wgmma results: which use them (tile-pipeline marks them tile.tma) and
 * the tensor maps the aligned entry takes for them (the package's
 * tensorMaps, lib/Runtime/Package.h).
 *
 * A load uses TMA when it feeds a dot on wgmma (its shared-memory layout
 * is wgmma's: column blocks as wide as the swizzle), reads a kernel
 * argument of rank 2 or 3 with a unit inner stride, and its tile has at
 * most 256 rows (and, for rank 3, one element in dimension 0), at a column
 * offset shown to be a multiple of 16 bytes (elsewhere a bulk copy faults:
 * IndexFacts.h). Each of
 * its column blocks is one copy of a box of rows x blockElems elements
 * (1 x rows x blockElems for rank 3); the memref's tensor map describes
 * that box and swizzle, and loads of one argument with the same box share
 * a map. */
#ifndef TILE_ANALYSIS_TMA_H
#define TILE_ANALYSIS_TMA_H

#include <stdbool.h>

#include "lib/Analysis/SmemLayout.h"
#include "mlir-c/IR.h"

enum { TILE_TMA_MAX_MAPS = 8 };

typedef struct {
  int arg; /* the kernel argument */
  int boxRows, boxCols;
  int swizzleBytes;
} TileTmaMap;

/* Whether `load` (a tile.load in a loop tile-pipeline pipelines, whose dot
 * tile-promote-smem laid out, or a plain box: tileTmaPlainBox) can use
 * bulk tensor copies; if not, *why (when `why` is not NULL) says why. */
bool tileTmaCanCopy(MlirOperation load, const char **why);

/* Whether `load` is a row no dot reads that one bulk tensor copy can bring
 * into shared memory as it lies in the memref, without a swizzle (its
 * tensor map's swizzleBytes is 0): an unmasked tile.load of one row (a
 * [1][N] tile, or [1][1][N]) of a kernel argument of rank 2 (or 3) with a
 * unit inner stride, at most 256 elements and a multiple of 16 bytes, at
 * a column shown to be a multiple of 16 bytes.
 * Attention's backward loads a row of 64 log-sum-exps (and of deltas) per
 * step this way, through the pipeline's stages with the step's Q and dO
 * tiles, as FlashAttention-3 does. */
bool tileTmaPlainBox(MlirOperation load);

/* Whether tile.store `store` can go out through shared memory with a bulk
 * tensor store: its value is a wgmma accumulator (or in its layout) of
 * 16-bit elements or a tcgen05 one (tmem) of 16- or 32-bit elements, the
 * memref a rank-2 kernel argument with a unit inner stride (or rank 3,
 * the value a [1][R][C] tile.reshape of such a tile: attention's O,
 * [B*H][L][D]), the tile at most 256 rows and its rows a width the
 * swizzles describe. *layout: how the tile is staged (column blocks as
 * wgmma's operands are, tileSmemLayoutForWgmma), one box per column
 * block. */
bool tileTmaCanStore(MlirOperation store, TileSmemLayout *layout);

/* The 2-D tile tile.store `store` writes: its value, or the source of the
 * [1][R][C] tile.reshape it stores to a rank-3 memref; null otherwise. */
MlirValue tileTmaStoredTile(MlirOperation store);

/* Whether tile.atomic_rmw `op` adds a whole box of a kernel argument that
 * one bulk tensor reduction (cp.reduce.async.bulk.tensor .add) can add
 * from shared memory: f32 adds, relaxed, at gpu scope, the result unused;
 * the memref a kernel argument of rank 2 (or 3, with a uniform outer
 * index) with a unit inner stride; each index tile an affine form of the
 * element's coordinates (tileAffineInCoords) that rises by one along one
 * tile dimension and is constant along the other, the two dimensions of
 * the rank-2 tile going to the memref's last two, in either order; a box
 * row of whole 16-byte units and at most 256 elements a side. *dimOf
 * (when not NULL): for each memref dimension, the tile dimension along
 * which its index rises, or -1. Attention's one-pass backward adds dQ^T
 * ([D][queries]) into dq[bh][query][d] so (FlashAttention-3 adds it from
 * shared memory with a bulk reduction too). */
bool tileTmaCanReduce(MlirOperation op, int *dimOf);

/* The tensor maps of `kernel`'s loads and stores marked tile.tma and
 * atomics marked tile.tma_reduce, in program order;
 * returns how many (at most TILE_TMA_MAX_MAPS: the loads past that keep
 * cp.async, see tileTmaMapOf). */
int tileTmaMaps(MlirOperation kernel, TileTmaMap *out);

/* The index in tileTmaMaps of the map of `op` (a load, a store or an
 * atomic), or -1. */
int tileTmaMapOf(MlirOperation kernel, MlirOperation op);

/* The warps of the producer warpgroup a warp-specialized kernel adds
 * (tile-pipeline's warp-specialize, lib/Transforms/Pipeline.h): they issue
 * a TMA loop's copies while the kernel's own warps consume them. */
#define TILE_PRODUCER_WARPS 4

/* The kernel's tile.producer_warps (TILE_PRODUCER_WARPS), or 0. */
int tileKernelProducerWarps(MlirOperation kernel);

/* Whether tile-pipeline made the kernel persistent (tile.persistent =
 * true): each block runs the programs blockIdx.x, + gridDim.x, ... below
 * a count the launcher passes last (lib/Runtime/Package.h), and the
 * producer warpgroup fills the next program's stages while the kernel's
 * warps finish the last one. */
bool tileKernelPersistent(MlirOperation kernel);

#endif
