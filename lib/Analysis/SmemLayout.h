/* How a dot operand is laid out in shared memory: the staging format that
 * tile-promote-smem chooses and TileToGPU (the dot's ldmatrix reads, the
 * stagings' stores, the pipeline's cp.async copies) follows.
 *
 * A tile of R x C elements is stored as rows of `rowElems` elements of
 * `elemBytes` bytes: row-major (rowElems = C), or transposed (element
 * (i, j) at stored row j, column i; rowElems = R). Rows are swizzled in
 * 16-byte chunks: chunk c of stored row r sits at chunk
 *   c ^ ((r / perPhase) % maxPhase)
 * so the 8 rows one ldmatrix reads fall in 8 different 16-byte bank groups
 * of a 128-byte line (rows shorter than a line share one: perPhase rows per
 * phase). Printed on the dot as tile.smem_a / tile.smem_b:
 *   {row_elems = 32, elem_bytes = 2, per_phase = 2, max_phase = 4,
 *    transposed = false, bytes = 8192} */
#ifndef TILE_ANALYSIS_SMEMLAYOUT_H
#define TILE_ANALYSIS_SMEMLAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

typedef struct {
  int64_t rowElems;
  int elemBytes;
  int perPhase, maxPhase;
  bool transposed;
  int64_t bytes; /* the whole tile */
} TileSmemLayout;

/* The swizzled layout of an R x C tile of `elemBytes` elements, row-major
 * or transposed. */
TileSmemLayout tileSmemLayoutFor(int64_t rows, int64_t cols, int elemBytes,
                                 bool transposed);

MlirAttribute tileSmemLayoutToAttr(MlirContext ctx, const TileSmemLayout *s);
/* False if `attr` is not such a dictionary. */
bool tileSmemLayoutFromAttr(MlirAttribute attr, TileSmemLayout *out);

#endif
