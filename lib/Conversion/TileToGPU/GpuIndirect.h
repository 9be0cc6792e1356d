/* Element addresses of the ops that address memory through index tiles
 * (GpuIndirect.c): gather and scatter there, the atomics in GpuAtomic.c. */
#ifndef TILE_CONVERSION_GPUINDIRECT_H
#define TILE_CONVERSION_GPUINDIRECT_H

#include "lib/Conversion/TileToGPU/GpuOps.h"

typedef struct {
  GpuMemref *mem;
  GpuTile index[TILE_MAX_LAYOUT_RANK]; /* materialized in the layout */
  bool freeIndex[TILE_MAX_LAYOUT_RANK];
  MlirValue bound[TILE_MAX_LAYOUT_RANK]; /* sizes in each index's type */
  TileLayout layout;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  int rank; /* of the tiles */
  MlirType elem;
  int vector; /* V: consecutive registers that may be one access */
  /* Every index an affine form of the element's coordinates
   * (tileAffineInCoords) whose registers differ from register 0's by
   * constants (offset): register r's index d is base[d] + offset[d][r]
   * and its address ptr0 + the constant sum of offset[d][r] * stride,
   * so no register keeps an address of its own across a loop. */
  bool affine, inLoop;
  int64_t *offset[TILE_MAX_LAYOUT_RANK];
  MlirValue base[TILE_MAX_LAYOUT_RANK]; /* opaque in a loop (gpuOpaque) */
  MlirValue stride[TILE_MAX_LAYOUT_RANK]; /* the same, unless constant */
  MlirValue linear0, ptr0;
} GpuIndirect;

/* Reads the memref (operand `memOperand`) and the index tiles after it,
 * expanded into the layout of `tileType`; false after a located error. */
bool gpuIndirectSetUp(GpuLowering *g, MlirOperation op, intptr_t memOperand,
                      MlirType tileType, GpuIndirect *a);
void gpuIndirectTearDown(GpuIndirect *a);
/* gpuIndirectSetUp and gpuIndirectBounds for an op that writes its tile
 * operand 0 to memref operand 1 (scatter, the shared-memory atomics):
 * also that tile's registers in the layout (*v; *owned when materialized
 * from a uniform tile: the caller frees v->regs). */
bool gpuIndirectSetUpValue(GpuLowering *g, TileBuilder *b, MlirOperation op,
                           GpuIndirect *a, GpuTile *v, bool *owned);
/* The sizes in the index tiles' integer type, built once per op. */
void gpuIndirectBounds(TileBuilder *b, GpuIndirect *a);
/* Register `reg`: whether every index is in bounds (an i1), and *ptr, its
 * address. */
MlirValue gpuIndirectAddress(TileBuilder *b, const GpuIndirect *a, int reg,
                             MlirValue *ptr);
/* The same with the element's offset (an index, in elements) instead of
 * its address. */
MlirValue gpuIndirectLinear(TileBuilder *b, const GpuIndirect *a, int reg,
                            MlirValue *linear);
/* With affine indices, whether every element this thread holds is in
 * bounds (an i1, from the least and the greatest offset along each
 * index); otherwise a null value. */
MlirValue gpuIndirectAllInside(TileBuilder *b, const GpuIndirect *a);

#endif
