/* The runtime's element types (lib/Support/HostArray.h) of MLIR types. */
#ifndef TILE_IR_DTYPE_H
#define TILE_IR_DTYPE_H

#include <stdbool.h>

#include "lib/Support/HostArray.h"
#include "lib/Support/KernelArg.h"
#include "mlir-c/IR.h"

/* i1..i64 (i1 as bool), index (as i64), f16, bf16, f32, f64, f8E4M3FN,
 * f8E5M2; false for any other type (the other f8 formats among them). */
bool tileDTypeOfType(MlirType t, TileDType *out);

/* Bytes one element of type `elem` takes in memory (i1 takes a byte; f8
 * and unknown types 1). */
int tileElemBytes(MlirType elem);

/* Bytes a tile (a ranked tensor) of type `t` takes in memory; 0 for any
 * other type. */
int64_t tileTypeBytes(MlirType t);

/* Describes a kernel argument of type `t`. False when the runtime cannot
 * pass it (an element or scalar type without a dtype, a memref rank outside
 * 1..3, anything but memrefs, integers, floats and index); `out->type` is
 * filled either way, for the caller's message. */
bool tileKernelArgOfType(MlirType t, TileKernelArg *out);

#endif
