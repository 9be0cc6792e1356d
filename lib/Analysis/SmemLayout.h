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
  /* wgmma (0 for mma.sync): the stored rows are cut into column blocks of
   * this many elements (32, 64 or 128 bytes: the hardware swizzle's
   * width), each block all rows long, one after another; the swizzle
   * within a block is the one above, which is exactly the hardware's
   * 32/64/128-byte swizzle when the block starts at a multiple of 1024
   * bytes. Printed as block_elems. */
  int64_t blockElems;
} TileSmemLayout;

/* The swizzled layout of an R x C tile of `elemBytes` elements, row-major
 * or transposed. */
TileSmemLayout tileSmemLayoutFor(int64_t rows, int64_t cols, int elemBytes,
                                 bool transposed);

/* The layout wgmma reads (lib/Conversion/DotOpToNVVM/GpuWgmma.c): stored rows of 32,
 * 64 or 128 bytes, or of a multiple of 128 bytes cut into 128-byte column
 * blocks, and a multiple of 8 rows (one swizzle atom). False for other
 * shapes. */
bool tileSmemLayoutForWgmma(int64_t rows, int64_t cols, int elemBytes,
                            bool transposed, TileSmemLayout *out);
/* The alignment a buffer holding `s` needs: 1024 bytes for wgmma's
 * swizzle atoms, else 128. */
int64_t tileSmemLayoutAlignment(const TileSmemLayout *s);
/* Whether two layouts store a tile the same way, field by field. */
bool tileSmemLayoutEqual(const TileSmemLayout *a, const TileSmemLayout *b);

MlirAttribute tileSmemLayoutToAttr(MlirContext ctx, const TileSmemLayout *s);
/* False if `attr` is not such a dictionary. */
bool tileSmemLayoutFromAttr(MlirAttribute attr, TileSmemLayout *out);

#endif
