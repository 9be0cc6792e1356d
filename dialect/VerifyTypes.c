/* The value rules of the tile dialect: what a tile is (a small static
 * power-of-two tensor) and what global memory is (a rank 1-3 memref with an
 * identity or strided layout), plus the helpers every op check shares. */
#include "dialect/Verify.h"

#include <stdio.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

bool tileIsSignlessInt(MlirType t, unsigned width) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
         mlirIntegerTypeGetWidth(t) == width;
}

bool tileIsTileElementType(MlirType t) {
  if (mlirTypeIsAInteger(t)) {
    if (!mlirIntegerTypeIsSignless(t))
      return false;
    unsigned w = mlirIntegerTypeGetWidth(t);
    return w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
  }
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF32(t) ||
         mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t);
}

static bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* Elements of a static ranked tensor (saturating: dims may be huge). */
static int64_t numElements(MlirType t) {
  int64_t n = 1;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(t); i < r; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(t, i);
    n = d > 0 && n > INT64_MAX / d ? INT64_MAX : n * d;
  }
  return n;
}

bool tileIsTileType(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank < 1 || rank > 3)
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(t, i) ||
        !isPowerOfTwo(mlirShapedTypeGetDimSize(t, i)))
      return false;
  if (numElements(t) > TILE_MAX_ELEMENTS)
    return false;
  return tileIsTileElementType(mlirShapedTypeGetElementType(t));
}

bool tileVerifyTileType(MlirOperation op, const char *what, MlirType t) {
  char ts[TILE_TYPE_STR], es[TILE_TYPE_STR];
  bool ok = true;
  tileTypeStr(t, ts, sizeof ts);
  if (!mlirTypeIsATensor(t)) {
    tileEmitOpError(op, "%s type %s is not a tile: expected a tensor", what,
                    ts);
    return false;
  }
  if (!mlirTypeIsARankedTensor(t)) {
    tileEmitOpError(op, "%s type %s is not a tile: it is unranked", what, ts);
    ok = false;
  } else {
    intptr_t rank = mlirShapedTypeGetRank(t);
    if (rank < 1 || rank > 3) {
      tileEmitOpError(op, "%s type %s is not a tile: rank %ld is not 1 to 3",
                      what, ts, (long)rank);
      ok = false;
    }
    for (intptr_t i = 0; i < rank; ++i) {
      if (mlirShapedTypeIsDynamicDim(t, i)) {
        tileEmitOpError(op,
                        "%s type %s is not a tile: dimension %ld is dynamic",
                        what, ts, (long)i);
        ok = false;
      } else if (!isPowerOfTwo(mlirShapedTypeGetDimSize(t, i))) {
        tileEmitOpError(op,
                        "%s type %s is not a tile: dimension %ld (%lld) is "
                        "not a power of two",
                        what, ts, (long)i,
                        (long long)mlirShapedTypeGetDimSize(t, i));
        ok = false;
      }
    }
  }
  if (ok && mlirTypeIsARankedTensor(t) &&
      numElements(t) > TILE_MAX_ELEMENTS) {
    tileEmitOpError(op,
                    "%s type %s is not a tile: %lld elements are more than "
                    "the %d a tile may hold",
                    what, ts, (long long)numElements(t),
                    TILE_MAX_ELEMENTS);
    ok = false;
  }
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!tileIsTileElementType(elem)) {
    tileEmitOpError(op,
                    "%s type %s is not a tile: element type %s is not one of "
                    TILE_ELEMENT_TYPES,
                    what, ts, tileTypeStr(elem, es, sizeof es));
    ok = false;
  }
  return ok;
}

/* Identity (an identity affine map, which is what no layout means) or
 * strided<[...], offset: ...>; anything else needs a real address map. */
static bool isSupportedLayout(MlirAttribute layout) {
  if (mlirAttributeIsNull(layout) || mlirAttributeIsAStridedLayout(layout))
    return true;
  return mlirAttributeIsAAffineMap(layout) &&
         mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
}

bool tileIsGlobalMemRefType(MlirType t) {
  if (!mlirTypeIsAMemRef(t))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  return rank >= 1 && rank <= 3 &&
         tileIsTileElementType(mlirShapedTypeGetElementType(t)) &&
         isSupportedLayout(mlirMemRefTypeGetLayout(t));
}

bool tileVerifyGlobalMemRefType(MlirOperation op, const char *what,
                                MlirType t) {
  char ts[TILE_TYPE_STR], es[TILE_TYPE_STR];
  bool ok = true;
  tileTypeStr(t, ts, sizeof ts);
  if (!mlirTypeIsAMemRef(t)) {
    tileEmitOpError(op, "%s type %s is not a supported memref: expected a "
                    "ranked memref", what, ts);
    return false;
  }
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank < 1 || rank > 3) {
    tileEmitOpError(op,
                    "%s type %s is not a supported memref: rank %ld is not "
                    "1 to 3",
                    what, ts, (long)rank);
    ok = false;
  }
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!tileIsTileElementType(elem)) {
    tileEmitOpError(op,
                    "%s type %s is not a supported memref: element type %s "
                    "is not one of " TILE_ELEMENT_TYPES,
                    what, ts, tileTypeStr(elem, es, sizeof es));
    ok = false;
  }
  MlirAttribute layout = mlirMemRefTypeGetLayout(t);
  if (!isSupportedLayout(layout)) {
    tileEmitOpError(op,
                    "%s type %s is not a supported memref: layout %s is "
                    "neither identity nor strided",
                    what, ts, tileAttrStr(layout, es, sizeof es));
    ok = false;
  }
  return ok;
}

const char *tileShapeStr(MlirType t, char *buf, size_t size) {
  TileStrBuf sb = tileStrBufFixed(buf, size);
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank == 0)
    tileStrBufAppendStr(&sb, "(rank 0)");
  for (intptr_t i = 0; i < rank; ++i) {
    if (i)
      tileStrBufAppendStr(&sb, "x");
    if (mlirShapedTypeIsDynamicDim(t, i))
      tileStrBufAppendStr(&sb, "?");
    else
      tileStrBufPrintf(&sb, "%lld",
                       (long long)mlirShapedTypeGetDimSize(t, i));
  }
  return buf;
}

bool tileSameShape(MlirType a, MlirType b) {
  intptr_t rank = mlirShapedTypeGetRank(a);
  if (rank != mlirShapedTypeGetRank(b))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    if (mlirShapedTypeGetDimSize(a, i) != mlirShapedTypeGetDimSize(b, i))
      return false;
  return true;
}

bool tileVerifySameElementType(MlirOperation op, const char *aName, MlirType a,
                               const char *bName, MlirType b) {
  char as[TILE_TYPE_STR], bs[TILE_TYPE_STR];
  MlirType ae = mlirShapedTypeGetElementType(a);
  MlirType be = mlirShapedTypeGetElementType(b);
  if (mlirTypeEqual(ae, be))
    return true;
  tileEmitOpError(op, "%s element type %s does not match %s element type %s",
                  aName, tileTypeStr(ae, as, sizeof as), bName,
                  tileTypeStr(be, bs, sizeof bs));
  return false;
}

bool tileVerifyI32Attr(MlirOperation op, const char *name, int64_t *out) {
  char as[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(op, name);
  if (mlirAttributeIsNull(a)) {
    tileEmitOpError(op, "missing required attribute '%s' (an i32 integer)",
                    name);
    return false;
  }
  /* Only a signless i32 is read: getting the value of other integer
   * attributes can assert inside MLIR. */
  if (!mlirAttributeIsAInteger(a) ||
      !tileIsSignlessInt(mlirAttributeGetType(a), 32)) {
    tileEmitOpError(op, "attribute '%s' must be an i32 integer, got %s", name,
                    tileAttrStr(a, as, sizeof as));
    return false;
  }
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool tileVerifyArity(MlirOperation op, intptr_t operands, intptr_t results) {
  intptr_t nOperands = mlirOperationGetNumOperands(op);
  intptr_t nResults = mlirOperationGetNumResults(op);
  if (nOperands >= operands && nResults == results)
    return true;
  tileEmitOpError(op,
                  "expected at least %ld operand(s) and exactly %ld "
                  "result(s), got %ld and %ld",
                  (long)operands, (long)results, (long)nOperands,
                  (long)nResults);
  return false;
}

bool tileVerifyStringAttr(MlirOperation op, const char *name, bool required,
                          MlirStringRef *out) {
  char as[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(op, name);
  *out = (MlirStringRef){NULL, 0};
  if (mlirAttributeIsNull(a)) {
    if (!required)
      return true;
    tileEmitOpError(op, "missing required attribute '%s' (a string)", name);
    return false;
  }
  if (!mlirAttributeIsAString(a)) {
    tileEmitOpError(op, "attribute '%s' must be a string, got %s", name,
                    tileAttrStr(a, as, sizeof as));
    return false;
  }
  *out = mlirStringAttrGetValue(a);
  if (!out->data)
    out->data = ""; /* present but empty */
  return true;
}

int tileStringIndex(MlirStringRef s, const char *const *list) {
  for (int i = 0; list[i]; ++i)
    if (strlen(list[i]) == s.length && memcmp(list[i], s.data, s.length) == 0)
      return i;
  return -1;
}
