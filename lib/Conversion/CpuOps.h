/* The v2 lowerings of TileToCPU, one file per family:
 *   CpuIndirect.c  gather, scatter and the atomics (memory through index
 *                  tiles; atomics are memref.atomic_rmw)
 *   CpuScan.c      tile.scan
 *   CpuRandom.c    tile.randint and tile.rand (Philox-4x32-10)
 * Each inserts its code before `op` and returns the value that replaces
 * op's result (a null value for ops without one, or after a located
 * error, which `ok` tells apart); TileToCPU erases the op. */
#ifndef TILE_CONVERSION_CPUOPS_H
#define TILE_CONVERSION_CPUOPS_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* The tile type without its layout encoding (TileToCPU.c). */
MlirType tileCpuPlainTile(MlirType tile);

/* CpuIndirect.c */
MlirValue tileCpuLowerGather(MlirOperation op);
void tileCpuLowerScatter(MlirOperation op);
MlirValue tileCpuLowerAtomic(MlirOperation op); /* atomic_rmw, atomic_cas */

/* CpuScan.c */
MlirValue tileCpuLowerScan(MlirOperation op);

/* CpuRandom.c */
MlirValue tileCpuLowerRandom(MlirOperation op); /* randint, rand */

#endif
