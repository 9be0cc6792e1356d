/* What tile.print writes for a value, shared by the CPU lowering
 * (TileToCPU/CpuPrint.c, through printf in lib/Execution/CpuDebug.c)
 * and the GPU one (GpuDebug.c, through the device's vprintf), so the two targets print
 * the same text for the same values (docs/dialect.md, "v2"; docs/dialect.md):
 * integers as signed decimals, floats as %.Ng of the value widened to
 * double, N the significant digits that read back the same value. */
#ifndef TILE_CONVERSION_PRINTFORMAT_H
#define TILE_CONVERSION_PRINTFORMAT_H

#include "mlir-c/IR.h"

/* The significant digits of float type `t`: f64 17, f32 9, f16 5, bf16 4,
 * f8 3. */
int tilePrintFloatDigits(MlirType t);

#endif
