/* Builders for tile ops through the generic MlirOperationState; see
 * include/tile-c/Ops.h. */
#include "tile-c/Ops.h"

#include <stdlib.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirContext ctxOf(MlirLocation loc) {
  return mlirLocationGetContext(loc);
}

MlirOperation tileKernelCreate(MlirLocation loc, MlirStringRef name,
                               intptr_t numArgs, const MlirType *argTypes,
                               int32_t numWarps) {
  MlirContext ctx = ctxOf(loc);
  MlirType fnType = mlirFunctionTypeGet(ctx, numArgs, argTypes, 0, NULL);
  MlirRegion body = mlirRegionCreate();
  MlirLocation *argLocs = malloc((size_t)(numArgs ? numArgs : 1) *
                                  sizeof *argLocs);
  for (intptr_t i = 0; i < numArgs; ++i)
    argLocs[i] = loc;
  MlirBlock entry = mlirBlockCreate(numArgs, argTypes, argLocs);
  free(argLocs);
  mlirRegionAppendOwnedBlock(body, entry);

  MlirOperationState state = mlirOperationStateGet(tileStr("func.func"), loc);
  MlirNamedAttribute attrs[4];
  int n = 0;
  attrs[n++] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, tileStr("sym_name")),
                                     mlirStringAttrGet(ctx, name));
  attrs[n++] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, tileStr("function_type")),
      mlirTypeAttrGet(fnType));
  attrs[n++] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, tileStr("tile.kernel")), mlirUnitAttrGet(ctx));
  if (numWarps)
    attrs[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, tileStr("tile.num_warps")),
        tileI32Attr(ctx, numWarps));
  mlirOperationStateAddAttributes(&state, n, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  return mlirOperationCreate(&state);
}

MlirBlock tileKernelGetBody(MlirOperation kernel) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
}

MlirOperation tileReturnOpCreate(MlirLocation loc) {
  return tileOpCreate(loc, "func.return", 0, NULL, 0, NULL, 0, NULL);
}

static MlirOperation axisOp(MlirLocation loc, const char *name, int32_t axis) {
  MlirType index = mlirIndexTypeGet(ctxOf(loc));
  TileNamedAttr attrs[] = {{"axis", tileI32Attr(ctxOf(loc), axis)}};
  return tileOpCreate(loc, name, 0, NULL, 1, &index, 1, attrs);
}

MlirOperation tileProgramIdOpCreate(MlirLocation loc, int32_t axis) {
  return axisOp(loc, "tile.program_id", axis);
}

MlirOperation tileNumProgramsOpCreate(MlirLocation loc, int32_t axis) {
  return axisOp(loc, "tile.num_programs", axis);
}

MlirOperation tileRangeOpCreate(MlirLocation loc, int32_t start, int32_t end) {
  MlirContext ctx = ctxOf(loc);
  int64_t shape[] = {(int64_t)end - start};
  MlirType type = mlirRankedTensorTypeGet(1, shape, mlirIntegerTypeGet(ctx, 32),
                                          mlirAttributeGetNull());
  TileNamedAttr attrs[] = {{"start", tileI32Attr(ctx, start)},
                           {"end", tileI32Attr(ctx, end)}};
  return tileOpCreate(loc, "tile.range", 0, NULL, 1, &type, 2, attrs);
}

static MlirOperation unary(MlirLocation loc, const char *name, MlirValue x,
                           MlirType type) {
  return tileOpCreate(loc, name, 1, &x, 1, &type, 0, NULL);
}

MlirOperation tileSplatOpCreate(MlirLocation loc, MlirValue scalar,
                                MlirType tileType) {
  return unary(loc, "tile.splat", scalar, tileType);
}

MlirOperation tileBroadcastOpCreate(MlirLocation loc, MlirValue source,
                                    MlirType tileType) {
  return unary(loc, "tile.broadcast", source, tileType);
}

MlirOperation tileExpandDimsOpCreate(MlirLocation loc, MlirValue source,
                                     int32_t axis, MlirType tileType) {
  TileNamedAttr attrs[] = {{"axis", tileI32Attr(ctxOf(loc), axis)}};
  return tileOpCreate(loc, "tile.expand_dims", 1, &source, 1, &tileType, 1,
                      attrs);
}

MlirOperation tileReshapeOpCreate(MlirLocation loc, MlirValue source,
                                  MlirType tileType) {
  return unary(loc, "tile.reshape", source, tileType);
}

MlirOperation tileTransOpCreate(MlirLocation loc, MlirValue source,
                                intptr_t rank, const int32_t *permutation,
                                MlirType tileType) {
  TileNamedAttr attrs[] = {
      {"permutation", mlirDenseI32ArrayGet(ctxOf(loc), rank, permutation)}};
  return tileOpCreate(loc, "tile.trans", 1, &source, 1, &tileType, 1, attrs);
}

/* Memory ops: fixed operands first, then one index offset per dimension. */
static MlirOperation memoryOp(MlirLocation loc, const char *name,
                              intptr_t nFixed, const MlirValue *fixed,
                              intptr_t numOffsets, const MlirValue *offsets,
                              intptr_t nResults, const MlirType *results,
                              MlirAttribute padding) {
  /* Memrefs have rank 1..3; extra offsets are kept so the verifier can
   * report the mismatch. */
  MlirValue operands[3 + 16];
  intptr_t n = 0;
  for (intptr_t i = 0; i < nFixed; ++i)
    operands[n++] = fixed[i];
  for (intptr_t i = 0; i < numOffsets && i < 16; ++i)
    operands[n++] = offsets[i];
  TileNamedAttr attrs[] = {{"padding", padding}};
  return tileOpCreate(loc, name, n, operands, nResults, results,
                      mlirAttributeIsNull(padding) ? 0 : 1, attrs);
}

MlirOperation tileLoadOpCreate(MlirLocation loc, MlirValue mem,
                               intptr_t numOffsets, const MlirValue *offsets,
                               MlirType tileType, MlirAttribute padding) {
  return memoryOp(loc, "tile.load", 1, &mem, numOffsets, offsets, 1,
                  &tileType, padding);
}

MlirOperation tileLoadMaskedOpCreate(MlirLocation loc, MlirValue mem,
                                     MlirValue mask, intptr_t numOffsets,
                                     const MlirValue *offsets,
                                     MlirType tileType, MlirAttribute padding) {
  MlirValue fixed[] = {mem, mask};
  return memoryOp(loc, "tile.load_masked", 2, fixed, numOffsets, offsets, 1,
                  &tileType, padding);
}

MlirOperation tileStoreOpCreate(MlirLocation loc, MlirValue value,
                                MlirValue mem, intptr_t numOffsets,
                                const MlirValue *offsets) {
  MlirValue fixed[] = {value, mem};
  return memoryOp(loc, "tile.store", 2, fixed, numOffsets, offsets, 0, NULL,
                  mlirAttributeGetNull());
}

MlirOperation tileStoreMaskedOpCreate(MlirLocation loc, MlirValue value,
                                      MlirValue mem, MlirValue mask,
                                      intptr_t numOffsets,
                                      const MlirValue *offsets) {
  MlirValue fixed[] = {value, mem, mask};
  return memoryOp(loc, "tile.store_masked", 3, fixed, numOffsets, offsets, 0,
                  NULL, mlirAttributeGetNull());
}

MlirOperation tileDotOpCreate(MlirLocation loc, MlirValue a, MlirValue b,
                              MlirValue acc, const char *precision) {
  MlirValue operands[] = {a, b, acc};
  MlirType result = mlirValueGetType(acc);
  TileNamedAttr attrs[1];
  if (precision)
    attrs[0] = (TileNamedAttr){
        "precision", mlirStringAttrGet(ctxOf(loc), tileStr(precision))};
  return tileOpCreate(loc, "tile.dot", 3, operands, 1, &result,
                      precision ? 1 : 0, attrs);
}

MlirOperation tileReduceOpCreate(MlirLocation loc, MlirValue source,
                                 int32_t axis, const char *kind,
                                 MlirType resultType) {
  MlirContext ctx = ctxOf(loc);
  TileNamedAttr attrs[] = {{"axis", tileI32Attr(ctx, axis)},
                           {"kind", mlirStringAttrGet(ctx, tileStr(kind))}};
  return tileOpCreate(loc, "tile.reduce", 1, &source, 1, &resultType, 2,
                      attrs);
}
