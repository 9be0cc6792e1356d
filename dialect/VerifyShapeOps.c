/* Rules of the ops that make or reshape a tile without computing:
 * tile.splat, broadcast, expand_dims, reshape and trans. Each keeps the
 * element type; the shape rules are the ones docs/dialect.md states. Operands
 * and results that are not tiles were reported as values already, so each
 * check here starts only when all of them are tiles. */
#include "dialect/Verify.h"

#include <stdio.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The source and result types of a one-operand op whose arity was checked,
 * and whether both are tiles. */
static bool sourceAndResultTiles(MlirOperation op, MlirType *source,
                                 MlirType *result) {
  *source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  *result = mlirValueGetType(mlirOperationGetResult(op, 0));
  return tileIsTileType(*source) && tileIsTileType(*result);
}

bool tileVerifySplat(MlirOperation op) {
  char rs[TILE_TYPE_STR], ss[TILE_TYPE_STR];
  if (!tileVerifyArity(op, 1, 1))
    return false;
  MlirType scalar = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!tileIsTileType(result))
    return true;
  MlirType elem = mlirShapedTypeGetElementType(result);
  if (mlirTypeEqual(elem, scalar))
    return true;
  tileEmitOpError(op,
                  "result element type %s does not match the scalar operand "
                  "type %s",
                  tileTypeStr(elem, rs, sizeof rs),
                  tileTypeStr(scalar, ss, sizeof ss));
  return false;
}

bool tileVerifyBroadcast(MlirOperation op) {
  MlirType source, result;
  if (!tileVerifyArity(op, 1, 1))
    return false;
  if (!sourceAndResultTiles(op, &source, &result))
    return true;
  bool ok = tileVerifySameElementType(op, "source", source, "result", result);
  intptr_t rank = mlirShapedTypeGetRank(source);
  if (rank != mlirShapedTypeGetRank(result)) {
    tileEmitOpError(op,
                    "source rank (%ld) does not match result rank (%ld); "
                    "use tile.expand_dims to add dimensions",
                    (long)rank, (long)mlirShapedTypeGetRank(result));
    return false;
  }
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t s = mlirShapedTypeGetDimSize(source, i);
    int64_t r = mlirShapedTypeGetDimSize(result, i);
    if (s != r && s != 1) {
      tileEmitOpError(op,
                      "source dimension %ld (%lld) must equal result "
                      "dimension %ld (%lld) or be 1",
                      (long)i, (long long)s, (long)i, (long long)r);
      ok = false;
    }
  }
  return ok;
}

bool tileVerifyExpandDims(MlirOperation op) {
  char ss[TILE_TYPE_STR], rs[TILE_TYPE_STR], es[TILE_TYPE_STR];
  MlirType source, result;
  int64_t axis;
  bool ok = tileVerifyI32Attr(op, "axis", &axis);
  if (!tileVerifyArity(op, 1, 1))
    return false;
  if (!sourceAndResultTiles(op, &source, &result) || !ok)
    return ok;
  ok = tileVerifySameElementType(op, "source", source, "result", result);
  intptr_t rank = mlirShapedTypeGetRank(source);
  if (axis < 0 || axis > rank) {
    tileEmitOpError(op,
                    "axis %lld is out of range for source rank %ld "
                    "(expected 0 to %ld)",
                    (long long)axis, (long)rank, (long)rank);
    return false;
  }
  /* The expected shape, spelled out for the message. */
  TileStrBuf want = tileStrBufFixed(es, sizeof es);
  bool match = mlirShapedTypeGetRank(result) == rank + 1;
  for (intptr_t i = 0, j = 0; i <= rank; ++i) {
    int64_t d = i == axis ? 1 : mlirShapedTypeGetDimSize(source, j++);
    tileStrBufPrintf(&want, "%s%lld", i ? "x" : "", (long long)d);
    match = match && mlirShapedTypeGetDimSize(result, i) == d;
  }
  if (!match) {
    tileEmitOpError(op,
                    "result shape %s does not match source shape %s with a 1 "
                    "inserted at axis %lld (%s)",
                    tileShapeStr(result, rs, sizeof rs),
                    tileShapeStr(source, ss, sizeof ss), (long long)axis, es);
    ok = false;
  }
  return ok;
}

/* log2 of the element count: tile dimensions are powers of two, so this is
 * exact where the count itself could overflow 64 bits. */
static int elementCountLog2(MlirType t) {
  int n = 0;
  for (intptr_t i = 0, rank = mlirShapedTypeGetRank(t); i < rank; ++i)
    for (int64_t d = mlirShapedTypeGetDimSize(t, i); d > 1; d >>= 1)
      ++n;
  return n;
}

static const char *countStr(int log2, char *buf, size_t size) {
  if (log2 < 63)
    snprintf(buf, size, "%lld", 1LL << log2);
  else
    snprintf(buf, size, "2^%d", log2);
  return buf;
}

bool tileVerifyReshape(MlirOperation op) {
  char ss[TILE_TYPE_STR], rs[TILE_TYPE_STR];
  MlirType source, result;
  if (!tileVerifyArity(op, 1, 1))
    return false;
  if (!sourceAndResultTiles(op, &source, &result))
    return true;
  bool ok = tileVerifySameElementType(op, "source", source, "result", result);
  int sourceLog2 = elementCountLog2(source);
  int resultLog2 = elementCountLog2(result);
  if (sourceLog2 != resultLog2) {
    char sc[32], rc[32];
    tileEmitOpError(op,
                    "result shape %s has %s elements but source shape %s "
                    "has %s",
                    tileShapeStr(result, rs, sizeof rs),
                    countStr(resultLog2, rc, sizeof rc),
                    tileShapeStr(source, ss, sizeof ss),
                    countStr(sourceLog2, sc, sizeof sc));
    ok = false;
  }
  return ok;
}

/* Reads `permutation` into perm[0..rank), checking it is a permutation. */
static bool readPermutation(MlirOperation op, intptr_t rank, int32_t *perm) {
  char as[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(op, "permutation");
  if (mlirAttributeIsNull(a)) {
    tileEmitOpError(op, "missing required attribute 'permutation' "
                    "(array<i32: ...>)");
    return false;
  }
  tileAttrStr(a, as, sizeof as);
  if (!mlirAttributeIsADenseI32Array(a)) {
    tileEmitOpError(op,
                    "attribute 'permutation' must be an array<i32: ...>, "
                    "got %s",
                    as);
    return false;
  }
  if (mlirDenseArrayGetNumElements(a) != rank) {
    tileEmitOpError(op,
                    "permutation %s has %ld entries but the source has rank "
                    "%ld",
                    as, (long)mlirDenseArrayGetNumElements(a), (long)rank);
    return false;
  }
  bool seen[3] = {false, false, false};
  for (intptr_t i = 0; i < rank; ++i) {
    perm[i] = mlirDenseI32ArrayGetElement(a, i);
    if (perm[i] < 0 || perm[i] >= rank || seen[perm[i]]) {
      tileEmitOpError(op, "permutation %s is not a permutation of 0 to %ld",
                      as, (long)rank - 1);
      return false;
    }
    seen[perm[i]] = true;
  }
  return true;
}

bool tileVerifyTrans(MlirOperation op) {
  char ss[TILE_TYPE_STR], rs[TILE_TYPE_STR], es[TILE_TYPE_STR];
  MlirType source, result;
  int32_t perm[3];
  if (!tileVerifyArity(op, 1, 1))
    return false;
  if (!sourceAndResultTiles(op, &source, &result)) {
    /* Still check the attribute's kind when the source rank is unknown. */
    MlirAttribute a = tileOpAttr(op, "permutation");
    if (!mlirAttributeIsNull(a) && !mlirAttributeIsADenseI32Array(a)) {
      tileEmitOpError(op,
                      "attribute 'permutation' must be an array<i32: ...>, "
                      "got %s",
                      tileAttrStr(a, ss, sizeof ss));
      return false;
    }
    return true;
  }
  intptr_t rank = mlirShapedTypeGetRank(source);
  if (!readPermutation(op, rank, perm))
    return false;
  bool ok = tileVerifySameElementType(op, "source", source, "result", result);
  TileStrBuf want = tileStrBufFixed(es, sizeof es);
  bool match = mlirShapedTypeGetRank(result) == rank;
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(source, perm[i]);
    tileStrBufPrintf(&want, "%s%lld", i ? "x" : "", (long long)d);
    match = match && mlirShapedTypeGetDimSize(result, i) == d;
  }
  if (!match) {
    tileEmitOpError(op,
                    "result shape %s does not match the permuted source "
                    "shape %s (source %s)",
                    tileShapeStr(result, rs, sizeof rs), es,
                    tileShapeStr(source, ss, sizeof ss));
    ok = false;
  }
  return ok;
}
