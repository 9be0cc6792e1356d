/* Op-creation helpers at an insertion point; see Build.h. */
#include "lib/IR/Build.h"

#include <stdlib.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

TileBuilder tileBuilderBefore(MlirOperation op) {
  TileBuilder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op),
                   mlirOperationGetBlock(op), op, NULL};
  return b;
}

TileBuilder tileBuilderAtEnd(MlirBlock block, MlirLocation loc) {
  TileBuilder b = {mlirLocationGetContext(loc), loc, block,
                   (MlirOperation){NULL}, NULL};
  return b;
}

MlirValue bInsert(TileBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return mlirOperationGetNumResults(op) > 0 ? mlirOperationGetResult(op, 0)
                                            : (MlirValue){NULL};
}

MlirValue bConstAttr(TileBuilder *b, MlirAttribute value) {
  if (b->cache)
    return tileBuildCacheConstant(b->cache, b->loc, value);
  MlirType type = mlirAttributeGetType(value);
  TileNamedAttr attrs[] = {{"value", value}};
  return bInsert(b, tileOpCreate(b->loc, "arith.constant", 0, NULL, 1, &type,
                                 1, attrs));
}

/* An earlier op like `key` can stand in for a new one when it comes before
 * b's point: lowerings build forward, at the end of a block or before its
 * terminator. */
static bool canReuse(TileBuilder *b) {
  return b->cache &&
         (mlirOperationIsNull(b->before) ||
          mlirOperationEqual(b->before, mlirBlockGetTerminator(b->block)));
}

/* A pure op: reused from the cache, or built (`attrs` with the one integer
 * attribute the key carries, if any) and recorded. */
static MlirValue pure(TileBuilder *b, const TilePureKey *key, intptr_t nAttrs,
                      const TileNamedAttr *attrs) {
  if (canReuse(b)) {
    MlirValue v = tileBuildCacheFind(b->cache, key, b->block);
    if (!mlirValueIsNull(v))
      return v;
  }
  MlirValue v = bInsert(b, tileOpCreate(b->loc, key->name, key->numOperands,
                                        key->operands, 1, &key->type, nAttrs,
                                        attrs));
  if (b->cache)
    tileBuildCacheAdd(b->cache, key, b->block, v);
  return v;
}

MlirValue bConstIndex(TileBuilder *b, int64_t v) {
  return bConstAttr(b, mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), v));
}

MlirValue bConstInt(TileBuilder *b, MlirType type, int64_t v) {
  return bConstAttr(b, mlirIntegerAttrGet(type, v));
}

MlirValue bConstI32(TileBuilder *b, int64_t v) {
  return bConstInt(b, tileI32Type(b->ctx), v);
}

MlirValue bConstI64(TileBuilder *b, int64_t v) {
  return bConstInt(b, tileI64Type(b->ctx), v);
}

MlirValue bConstFloat(TileBuilder *b, MlirType type, double v) {
  return bConstAttr(b, mlirFloatAttrDoubleGet(b->ctx, type, v));
}

MlirValue bSplatAttr(TileBuilder *b, MlirType type, MlirAttribute scalar) {
  return bConstAttr(b, mlirTypeIsAShaped(type)
                           ? mlirDenseElementsAttrSplatGet(type, scalar)
                           : scalar);
}

MlirValue bSplatInt(TileBuilder *b, MlirType type, int64_t v) {
  MlirType elem = tileElementType(type);
  if (mlirTypeIsAInteger(elem)) {
    unsigned w = mlirIntegerTypeGetWidth(elem);
    if (w < 64)
      v = (int64_t)((uint64_t)v & ((UINT64_C(1) << w) - 1));
  }
  return bSplatAttr(b, type, mlirIntegerAttrGet(elem, v));
}

MlirValue bSplatFloat(TileBuilder *b, MlirType type, double v) {
  return bSplatAttr(b, type,
                    mlirFloatAttrDoubleGet(b->ctx, tileElementType(type), v));
}

MlirValue bBinary(TileBuilder *b, const char *name, MlirValue x,
                  MlirValue y) {
  TilePureKey key = {name, 2, {x, y}, mlirValueGetType(x), -1};
  return pure(b, &key, 0, NULL);
}

/* bAddi and bMuli fold what lowerings build by the thousand (a register's
 * constant offset plus 0, a stride of 1, index constants on both sides),
 * so the IR that MLIR converts and LLVM cleans up is that much shorter.
 * Two constants fold only for index, whose width is fixed later. */
MlirValue bAddi(TileBuilder *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  bool kx = tileConstantInt(x, &cx), ky = tileConstantInt(y, &cy);
  if (ky && cy == 0)
    return x;
  if (kx && cx == 0)
    return y;
  if (kx && ky && mlirTypeIsAIndex(mlirValueGetType(x)))
    return bConstIndex(b, (int64_t)((uint64_t)cx + (uint64_t)cy));
  return bBinary(b, "arith.addi", x, y);
}

MlirValue bMuli(TileBuilder *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  bool kx = tileConstantInt(x, &cx), ky = tileConstantInt(y, &cy);
  if (ky && cy == 1)
    return x;
  if (kx && cx == 1)
    return y;
  if (kx && ky && mlirTypeIsAIndex(mlirValueGetType(x)))
    return bConstIndex(b, (int64_t)((uint64_t)cx * (uint64_t)cy));
  return bBinary(b, "arith.muli", x, y);
}

MlirValue bAndi(TileBuilder *b, MlirValue x, MlirValue y) {
  return bBinary(b, "arith.andi", x, y);
}

MlirValue bNot(TileBuilder *b, MlirValue x) {
  return bBinary(b, "arith.xori", x,
                 bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
}

static MlirValue compare(TileBuilder *b, const char *name, int predicate,
                         MlirValue x, MlirValue y) {
  TileNamedAttr attrs[] = {
      {"predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64),
                                       predicate)}};
  TilePureKey key = {name, 2, {x, y},
                     tileShapedLike(mlirValueGetType(x),
                                    mlirIntegerTypeGet(b->ctx, 1)),
                     predicate};
  return pure(b, &key, 1, attrs);
}

MlirValue bCmpi(TileBuilder *b, int predicate, MlirValue x, MlirValue y) {
  return compare(b, "arith.cmpi", predicate, x, y);
}

MlirValue bCmpf(TileBuilder *b, int predicate, MlirValue x, MlirValue y) {
  return compare(b, "arith.cmpf", predicate, x, y);
}

MlirValue bSelect(TileBuilder *b, MlirValue c, MlirValue t, MlirValue f) {
  TilePureKey key = {"arith.select", 3, {c, t, f}, mlirValueGetType(t), -1};
  return pure(b, &key, 0, NULL);
}

MlirValue bCast(TileBuilder *b, const char *name, MlirValue x, MlirType type) {
  TilePureKey key = {name, 1, {x}, type, -1};
  return pure(b, &key, 0, NULL);
}

MlirValue bExtendBF16(TileBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirType i16 = tileShapedLike(t, mlirIntegerTypeGet(b->ctx, 16));
  MlirType i32 = tileShapedLike(t, mlirIntegerTypeGet(b->ctx, 32));
  MlirAttribute sixteen =
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32), 16);
  MlirValue shift = bConstAttr(
      b, mlirTypeIsAShaped(t) ? mlirDenseElementsAttrSplatGet(i32, sixteen)
                              : sixteen);
  MlirValue bits = bCast(b, "arith.extui", bCast(b, "arith.bitcast", x, i16),
                         i32);
  return bCast(b, "arith.bitcast", bBinary(b, "arith.shli", bits, shift),
               tileShapedLike(t, mlirF32TypeGet(b->ctx)));
}

/* x in type t, extended (sign-extended for integers) where it differs;
 * bf16 to f32 through its bits (bExtendBF16). */
static MlirValue widenTo(TileBuilder *b, MlirValue x, MlirType t) {
  MlirType from = mlirValueGetType(x);
  if (mlirTypeEqual(from, t))
    return x;
  if (mlirTypeIsABF16(from) && mlirTypeIsAF32(t))
    return bExtendBF16(b, x);
  return bCast(b, mlirTypeIsAInteger(t) ? "arith.extsi" : "arith.extf", x, t);
}

MlirType bDotSumType(MlirType acc) {
  return mlirTypeIsAF16(acc) ? mlirF32TypeGet(mlirTypeGetContext(acc)) : acc;
}

MlirValue bDotProduct(TileBuilder *b, MlirValue x, MlirValue y, MlirType sum) {
  const char *mul = mlirTypeIsAInteger(sum) ? "arith.muli" : "arith.mulf";
  return bBinary(b, mul, widenTo(b, x, sum), widenTo(b, y, sum));
}

MlirValue bTruncateToTf32(TileBuilder *b, MlirValue x) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue bits = bCast(b, "arith.bitcast", x, i32);
  bits = bAndi(b, bits, bConstInt(b, i32, (int32_t)0xFFFFE000));
  MlirValue truncated = bCast(b, "arith.bitcast", bits, mlirValueGetType(x));
  return bSelect(b, bCmpf(b, ARITH_F_UNO, x, x), x, truncated);
}

MlirValue bDim(TileBuilder *b, MlirValue memref, int64_t dim) {
  MlirValue operands[] = {memref, bConstIndex(b, dim)};
  MlirType index = mlirIndexTypeGet(b->ctx);
  return bInsert(b, tileOpCreate(b->loc, "memref.dim", 2, operands, 1, &index,
                                 0, NULL));
}

/* `first` followed by n indices, for the load/store/extract families. */
static intptr_t withIndices(MlirValue *out, intptr_t nFirst,
                            const MlirValue *first, intptr_t n,
                            const MlirValue *indices) {
  intptr_t k = 0;
  for (intptr_t i = 0; i < nFirst; ++i)
    out[k++] = first[i];
  for (intptr_t i = 0; i < n; ++i)
    out[k++] = indices[i];
  return k;
}

MlirValue bLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                const MlirValue *indices) {
  MlirValue operands[1 + 8];
  intptr_t k = withIndices(operands, 1, &memref, n, indices);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  return bInsert(b, tileOpCreate(b->loc, "memref.load", k, operands, 1, &elem,
                                 0, NULL));
}

void bStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
            const MlirValue *indices) {
  MlirValue first[] = {value, memref};
  MlirValue operands[2 + 8];
  intptr_t k = withIndices(operands, 2, first, n, indices);
  bInsert(b, tileOpCreate(b->loc, "memref.store", k, operands, 0, NULL, 0,
                          NULL));
}

MlirValue bExtract(TileBuilder *b, MlirValue tensor, intptr_t n,
                   const MlirValue *indices) {
  MlirValue operands[1 + 8];
  intptr_t k = withIndices(operands, 1, &tensor, n, indices);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(tensor));
  return bInsert(b, tileOpCreate(b->loc, "tensor.extract", k, operands, 1,
                                 &elem, 0, NULL));
}

/* A region holding one block with `n` arguments of `types`. */
static MlirRegion regionWithBlock(MlirLocation loc, intptr_t n,
                                  const MlirType *types, MlirBlock *block) {
  MlirLocation *locs = malloc((size_t)(n + 1) * sizeof *locs);
  for (intptr_t i = 0; i < n; ++i)
    locs[i] = loc;
  MlirRegion region = mlirRegionCreate();
  *block = mlirBlockCreate(n, types, locs);
  free(locs);
  mlirRegionAppendOwnedBlock(region, *block);
  return region;
}

static MlirOperation createWithRegions(TileBuilder *b, const char *name,
                                       intptr_t nOperands,
                                       const MlirValue *operands,
                                       intptr_t nResults,
                                       const MlirType *results,
                                       intptr_t nRegions, MlirRegion *regions,
                                       intptr_t nAttrs,
                                       const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(tileStr(name), b->loc);
  mlirOperationStateAddOperands(&state, nOperands, operands);
  mlirOperationStateAddResults(&state, nResults, results);
  mlirOperationStateAddOwnedRegions(&state, nRegions, regions);
  if (nAttrs)
    mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  bInsert(b, op);
  return op;
}

MlirOperation bGenerate(TileBuilder *b, MlirType type, TileBuilder *body) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType indices[8]; /* tiles have rank 1..3 */
  for (intptr_t i = 0; i < rank; ++i)
    indices[i] = mlirIndexTypeGet(b->ctx);
  MlirBlock block;
  MlirRegion region = regionWithBlock(b->loc, rank, indices, &block);
  MlirOperation op = createWithRegions(b, "tensor.generate", 0, NULL, 1, &type,
                                       1, &region, 0, NULL);
  *body = tileBuilderAtEnd(block, b->loc);
  body->cache = b->cache;
  return op;
}

MlirOperation bIf(TileBuilder *b, MlirValue cond, intptr_t nResults,
                  const MlirType *resultTypes, bool withElse,
                  TileBuilder *thenBody, TileBuilder *elseBody) {
  MlirBlock thenBlock, elseBlock;
  MlirRegion regions[2];
  regions[0] = regionWithBlock(b->loc, 0, NULL, &thenBlock);
  if (nResults > 0 || withElse)
    regions[1] = regionWithBlock(b->loc, 0, NULL, &elseBlock);
  else
    regions[1] = mlirRegionCreate();
  MlirOperation op = createWithRegions(b, "scf.if", 1, &cond, nResults,
                                       resultTypes, 2, regions, 0, NULL);
  *thenBody = tileBuilderAtEnd(thenBlock, b->loc);
  thenBody->cache = b->cache;
  if (elseBody && (nResults > 0 || withElse)) {
    *elseBody = tileBuilderAtEnd(elseBlock, b->loc);
    elseBody->cache = b->cache;
  }
  return op;
}

MlirOperation bFor(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step,
                   intptr_t nInits, const MlirValue *inits, TileBuilder *body) {
  /* Lowered loops carry every register of their tiles: often hundreds. */
  MlirValue *operands = malloc((size_t)(3 + nInits) * sizeof *operands);
  MlirType *types = malloc((size_t)(1 + nInits) * sizeof *types);
  operands[0] = lb;
  operands[1] = ub;
  operands[2] = step;
  types[0] = mlirIndexTypeGet(b->ctx);
  for (intptr_t i = 0; i < nInits; ++i) {
    operands[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
  }
  MlirBlock block;
  MlirRegion region = regionWithBlock(b->loc, 1 + nInits, types, &block);
  MlirOperation op = createWithRegions(b, "scf.for", 3 + nInits, operands,
                                       nInits, types + 1, 1, &region, 0, NULL);
  free(operands);
  free(types);
  *body = tileBuilderAtEnd(block, b->loc);
  body->cache = b->cache;
  return op;
}

MlirOperation bWhile(TileBuilder *b, intptr_t nInits, const MlirValue *inits,
                     TileBuilder *before, TileBuilder *after) {
  MlirType *types = malloc((size_t)(nInits + 1) * sizeof *types);
  for (intptr_t i = 0; i < nInits; ++i)
    types[i] = mlirValueGetType(inits[i]);
  MlirBlock blocks[2];
  MlirRegion regions[2] = {regionWithBlock(b->loc, nInits, types, &blocks[0]),
                           regionWithBlock(b->loc, nInits, types, &blocks[1])};
  MlirOperation op = createWithRegions(b, "scf.while", nInits, inits, nInits,
                                       types, 2, regions, 0, NULL);
  free(types);
  *before = tileBuilderAtEnd(blocks[0], b->loc);
  *after = tileBuilderAtEnd(blocks[1], b->loc);
  before->cache = after->cache = b->cache;
  return op;
}

void bCondition(TileBuilder *b, MlirValue again, intptr_t n,
                const MlirValue *values) {
  MlirValue *operands = malloc((size_t)(n + 1) * sizeof *operands);
  operands[0] = again;
  for (intptr_t i = 0; i < n; ++i)
    operands[1 + i] = values[i];
  bInsert(b, tileOpCreate(b->loc, "scf.condition", n + 1, operands, 0, NULL, 0,
                          NULL));
  free(operands);
}

void bYield(TileBuilder *b, const char *name, intptr_t n,
            const MlirValue *values) {
  bInsert(b, tileOpCreate(b->loc, name, n, values, 0, NULL, 0, NULL));
}
