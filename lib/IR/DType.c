/* MLIR types to runtime element types; see DType.h. */
#include "lib/IR/DType.h"

#include <string.h>

#include "lib/IR/IR.h"
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
  if (mlirTypeIsAFloat8E4M3FN(t)) { *out = TILE_DTYPE_F8E4M3; return true; }
  if (mlirTypeIsAFloat8E5M2(t)) { *out = TILE_DTYPE_F8E5M2; return true; }
  return false;
}

int tileElemBytes(MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return (int)(mlirIntegerTypeGetWidth(elem) + 7) / 8;
  if (mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem))
    return 2;
  if (mlirTypeIsAF32(elem))
    return 4;
  if (mlirTypeIsAF64(elem))
    return 8;
  return 1;
}

int64_t tileTypeBytes(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return 0;
  int64_t bytes = tileElemBytes(mlirShapedTypeGetElementType(t));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    bytes *= mlirShapedTypeGetDimSize(t, d);
  return bytes;
}

bool tileKernelArgOfType(MlirType t, TileKernelArg *out) {
  memset(out, 0, sizeof *out);
  tileTypeStr(t, out->type, sizeof out->type);
  if (mlirTypeIsAMemRef(t)) {
    out->kind = TILE_ARG_MEMREF;
    out->rank = (int)mlirShapedTypeGetRank(t);
    if (out->rank < 1 || out->rank > 3)
      return false;
    for (int d = 0; d < out->rank; ++d)
      out->shape[d] = mlirShapedTypeIsDynamicDim(t, d)
                          ? -1
                          : mlirShapedTypeGetDimSize(t, d);
    return tileDTypeOfType(mlirShapedTypeGetElementType(t), &out->dtype);
  }
  if (!mlirTypeIsAIndex(t) && !mlirTypeIsAInteger(t) && !mlirTypeIsAFloat(t))
    return false;
  if (!tileDTypeOfType(t, &out->dtype))
    return false;
  out->kind = mlirTypeIsAIndex(t)           ? TILE_ARG_INDEX
              : tileDTypeIsFloat(out->dtype) ? TILE_ARG_FLOAT
                                             : TILE_ARG_INT;
  return true;
}
