/* tile-coalesce: gives every load a blocked layout that reads 16 bytes per
 * thread along the memref's contiguous dimension (one element per thread
 * where the innermost stride is not 1). The layout is recorded on the load
 * (tile.layout) and applied by tile-assign-layouts, which runs next: changing
 * the type here would leave the load's users inconsistent in between.
 * Expects verified tile IR. */
#ifndef TILE_TRANSFORMS_COALESCE_H
#define TILE_TRANSFORMS_COALESCE_H

#include "mlir-c/IR.h"

MlirLogicalResult tileCoalesce(MlirOperation op, int numWarps);

#endif
