/* Elements in memory through LLVM pointers: their storage types (i1 and
 * f8 as i8) and the conversions to and from them, vector lanes, GEPs,
 * loads and stores. Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdint.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

MlirType gpuStorageType(MlirType elem) {
  if ((mlirTypeIsAInteger(elem) && mlirIntegerTypeGetWidth(elem) == 1) ||
      tileTypeIsF8(elem))
    return mlirIntegerTypeGet(mlirTypeGetContext(elem), 8);
  return elem;
}

MlirValue gpuToStorage(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType s = gpuStorageType(t);
  if (mlirTypeEqual(s, t))
    return v;
  return bCast(b, tileTypeIsF8(t) ? "arith.bitcast" : "arith.extui", v, s);
}

MlirValue gpuFromStorage(TileBuilder *b, MlirValue v, MlirType elem) {
  if (mlirTypeEqual(mlirValueGetType(v), elem))
    return v;
  if (tileTypeIsF8(elem))
    return bCast(b, "arith.bitcast", v, elem);
  /* i8 -> i1: any nonzero byte is true. */
  return bCmpi(b, ARITH_NE, v, bConstInt(b, mlirValueGetType(v), 0));
}

MlirValue gpuExtractElement(TileBuilder *b, MlirValue vec, int e,
                            MlirType type) {
  MlirValue operands[] = {vec,
                          bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), e)};
  return bInsert(b, tileOpCreate(b->loc, "llvm.extractelement", 2, operands,
                                 1, &type, 0, NULL));
}

MlirValue gpuInsertElement(TileBuilder *b, MlirValue vec, MlirValue v, int e) {
  MlirValue operands[] = {vec, v,
                          bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), e)};
  MlirType type = mlirValueGetType(vec);
  return bInsert(b, tileOpCreate(b->loc, "llvm.insertelement", 3, operands, 1,
                                 &type, 0, NULL));
}

MlirValue gpuUndef(TileBuilder *b, MlirType t) {
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.undef", 0, NULL, 1, &t, 0,
                                 NULL));
}

static MlirType fourBytes(MlirContext ctx) {
  int64_t four[] = {4};
  return mlirVectorTypeGet(1, four, mlirIntegerTypeGet(ctx, 8));
}

/* The i16 whose low byte is `lo` and whose high byte is `hi`, where both
 * were cut from one (an f8 pair's cvt, GpuFp8.c: bitcast(trunci(p)) and
 * bitcast(trunci(shrui(p, 8)))); null otherwise. */
static MlirValue bytePairSource(MlirValue lo, MlirValue hi) {
  MlirValue cut[2] = {lo, hi};
  for (int i = 0; i < 2; ++i) {
    MlirOperation def = tileDefiningOp(cut[i]);
    if (!mlirOperationIsNull(def) && tileOpIsNamed(def, "arith.bitcast"))
      def = tileDefiningOp(mlirOperationGetOperand(def, 0));
    if (mlirOperationIsNull(def) || !tileOpIsNamed(def, "arith.trunci"))
      return (MlirValue){NULL};
    cut[i] = mlirOperationGetOperand(def, 0);
  }
  MlirOperation shift = tileDefiningOp(cut[1]);
  int64_t by;
  if (!mlirTypeIsAInteger(mlirValueGetType(cut[0])) ||
      mlirIntegerTypeGetWidth(mlirValueGetType(cut[0])) != 16 ||
      mlirOperationIsNull(shift) || !tileOpIsNamed(shift, "arith.shrui") ||
      !mlirValueEqual(mlirOperationGetOperand(shift, 0), cut[0]) ||
      !tileConstantInt(mlirOperationGetOperand(shift, 1), &by) || by != 8)
    return (MlirValue){NULL};
  return cut[0];
}

MlirValue gpuPackBytes(TileBuilder *b, const MlirValue *bytes, int count) {
  /* Two f8 pairs, each still one i16 as its cvt made it: the two i16,
   * where inserting the four bytes made LLVM split and rejoin each (a
   * shift, two masks and a prmt a pair, in FP8 attention's loop). */
  MlirValue p0 =
      count == 4 ? bytePairSource(bytes[0], bytes[1]) : (MlirValue){NULL};
  MlirValue p1 =
      count == 4 ? bytePairSource(bytes[2], bytes[3]) : (MlirValue){NULL};
  if (!mlirValueIsNull(p0) && !mlirValueIsNull(p1)) {
    int64_t two[] = {2};
    MlirValue pair =
        gpuUndef(b, mlirVectorTypeGet(1, two, mlirIntegerTypeGet(b->ctx, 16)));
    pair = gpuInsertElement(b, gpuInsertElement(b, pair, p0, 0), p1, 1);
    return bCast(b, "llvm.bitcast", pair, mlirIntegerTypeGet(b->ctx, 32));
  }
  MlirValue v = gpuUndef(b, fourBytes(b->ctx));
  for (int e = 0; e < count; ++e)
    v = gpuInsertElement(b, v, gpuToStorage(b, bytes[e]), e);
  return bCast(b, "llvm.bitcast", v, mlirIntegerTypeGet(b->ctx, 32));
}

void gpuUnpackBytes(TileBuilder *b, MlirValue word, int count, MlirType elem,
                    MlirValue *out) {
  MlirValue v = bCast(b, "llvm.bitcast", word, fourBytes(b->ctx));
  MlirType i8 = mlirIntegerTypeGet(b->ctx, 8);
  for (int e = 0; e < count; ++e)
    out[e] = gpuFromStorage(b, gpuExtractElement(b, v, e, i8), elem);
}

MlirValue gpuIndexToI64(TileBuilder *b, MlirValue v) {
  return bCast(b, "arith.index_cast", v, mlirIntegerTypeGet(b->ctx, 64));
}

MlirValue gpuGep(TileBuilder *b, MlirValue base, MlirValue index,
                 MlirType elem) {
  MlirValue operands[] = {base, gpuIndexToI64(b, index)};
  MlirType ptr = mlirValueGetType(base);
  int32_t dynamic = INT32_MIN;
  TileNamedAttr attrs[] = {
      {"elem_type", mlirTypeAttrGet(gpuStorageType(elem))},
      {"rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 1, &dynamic)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.getelementptr", 2, operands, 1,
                                 &ptr, 2, attrs));
}

static MlirAttribute i64Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirValue gpuLoadPtr(TileBuilder *b, MlirValue ptr, MlirType type,
                     int alignment) {
  TileNamedAttr attrs[] = {{"alignment", i64Attr(b->ctx, alignment)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.load", 1, &ptr, 1, &type, 1,
                                 attrs));
}

void gpuStorePtr(TileBuilder *b, MlirValue value, MlirValue ptr,
                 int alignment) {
  MlirValue operands[] = {value, ptr};
  TileNamedAttr attrs[] = {{"alignment", i64Attr(b->ctx, alignment)}};
  bInsert(b, tileOpCreate(b->loc, "llvm.store", 2, operands, 0, NULL, 1,
                          attrs));
}
