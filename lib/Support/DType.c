/* MLIR types to runtime element types; see DType.h. */
#include "lib/Support/DType.h"

#include "mlir-c/BuiltinTypes.h"

bool tileDTypeOfType(MlirType t, TileDType *out) {
  if (mlirTypeIsAIndex(t)) {
    *out = TILE_DTYPE_I64;
    return true;
  }
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1: *out = TILE_DTYPE_BOOL; return true;
    case 8: *out = TILE_DTYPE_I8; return true;
    case 16: *out = TILE_DTYPE_I16; return true;
    case 32: *out = TILE_DTYPE_I32; return true;
    case 64: *out = TILE_DTYPE_I64; return true;
    default: return false;
    }
  }
  if (mlirTypeIsAF16(t)) { *out = TILE_DTYPE_F16; return true; }
  if (mlirTypeIsABF16(t)) { *out = TILE_DTYPE_BF16; return true; }
  if (mlirTypeIsAF32(t)) { *out = TILE_DTYPE_F32; return true; }
  if (mlirTypeIsAF64(t)) { *out = TILE_DTYPE_F64; return true; }
  return false;
}
