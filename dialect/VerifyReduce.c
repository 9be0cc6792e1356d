/* Rules of tile.reduce and tile.scan, which combine along one axis with the
 * same combiners: `axis` names a dimension of the source, `kind` is one of
 * the combiners docs/dialect.md lists (the bitwise ones need integers). A reduce
 * gives the source without that dimension (a scalar of the element type
 * when the source has rank 1); a scan keeps the source's type and takes
 * the unit attribute `reverse`. */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static const char *const kinds[] = {"add",    "mul",    "max", "min",
                                    "maxnum", "minnum", "and", "or",
                                    "xor",    NULL};
enum { FIRST_BITWISE_KIND = 6 };

static bool verifyKind(MlirOperation op, MlirType source) {
  char as[TILE_TYPE_STR], es[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(op, "kind");
  if (mlirAttributeIsNull(a)) {
    tileEmitOpError(op, "missing required attribute 'kind' (a string)");
    return false;
  }
  tileAttrStr(a, as, sizeof as);
  if (!mlirAttributeIsAString(a)) {
    tileEmitOpError(op, "attribute 'kind' must be a string, got %s", as);
    return false;
  }
  int kind = tileStringIndex(mlirStringAttrGetValue(a), kinds);
  if (kind < 0) {
    tileEmitOpError(op,
                    "kind %s is not one of add, mul, max, min, maxnum, "
                    "minnum, and, or, xor",
                    as);
    return false;
  }
  if (!tileIsTileType(source))
    return true;
  MlirType elem = mlirShapedTypeGetElementType(source);
  if (tileTypeIsF8(elem)) {
    tileEmitOpError(op, "f8 tiles do not %s: extend them to f16 or f32 first",
                    tileOpIsNamed(op, "tile.scan") ? "scan" : "reduce");
    return false;
  }
  if (kind < FIRST_BITWISE_KIND || mlirTypeIsAInteger(elem))
    return true;
  tileEmitOpError(op, "kind %s needs an integer element type, got %s", as,
                  tileTypeStr(elem, es, sizeof es));
  return false;
}

static bool verifyResult(MlirOperation op, MlirType source, int64_t axis,
                         MlirType result) {
  char rs[TILE_TYPE_STR], ss[TILE_TYPE_STR], es[TILE_TYPE_STR];
  intptr_t rank = mlirShapedTypeGetRank(source);
  MlirType elem = mlirShapedTypeGetElementType(source);
  tileTypeStr(result, rs, sizeof rs);
  if (rank == 1) {
    if (mlirTypeEqual(result, elem))
      return true;
    tileEmitOpError(op,
                    "reducing a rank-1 tile gives a scalar of its element "
                    "type %s, got %s",
                    tileTypeStr(elem, es, sizeof es), rs);
    return false;
  }
  if (!mlirTypeIsATensor(result)) {
    tileEmitOpError(op, "result of reducing a rank-%ld tile must be a tile, "
                    "got %s", (long)rank, rs);
    return false;
  }
  if (!tileIsTileType(result))
    return true; /* reported as a value */
  bool ok = tileVerifySameElementType(op, "result", result, "source", source);
  bool match = mlirShapedTypeGetRank(result) == rank - 1;
  for (intptr_t i = 0, j = 0; match && i < rank; ++i)
    if (i != axis)
      match = mlirShapedTypeGetDimSize(result, j++) ==
              mlirShapedTypeGetDimSize(source, i);
  if (!match) {
    tileEmitOpError(op,
                    "result shape %s does not match source shape %s without "
                    "axis %lld",
                    tileShapeStr(result, rs, sizeof rs),
                    tileShapeStr(source, ss, sizeof ss), (long long)axis);
    ok = false;
  }
  return ok;
}

/* `axis`, an i32 naming a dimension of `source` (a tile). */
static bool verifyAxis(MlirOperation op, MlirType source, int64_t *axis) {
  if (!tileVerifyI32Attr(op, "axis", axis))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(source);
  if (*axis >= 0 && *axis < rank)
    return true;
  tileEmitOpError(op,
                  "axis %lld is out of range for source rank %ld "
                  "(expected 0 to %ld)",
                  (long long)*axis, (long)rank, (long)rank - 1);
  return false;
}

bool tileVerifyReduce(MlirOperation op) {
  int64_t axis;
  if (!tileVerifyArity(op, 1, 1))
    return false;
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  bool ok = verifyKind(op, source);
  if (!tileIsTileType(source))
    return tileVerifyI32Attr(op, "axis", &axis) && ok; /* source: a value */
  if (!verifyAxis(op, source, &axis))
    return false;
  return verifyResult(op, source, axis, result) && ok;
}

bool tileVerifyScan(MlirOperation op) {
  char as[TILE_TYPE_STR], rs[TILE_TYPE_STR], ss[TILE_TYPE_STR];
  int64_t axis;
  if (!tileVerifyArity(op, 1, 1))
    return false;
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  bool ok = verifyKind(op, source);
  MlirAttribute reverse = tileOpAttr(op, "reverse");
  if (!mlirAttributeIsNull(reverse) && !mlirAttributeIsAUnit(reverse)) {
    tileEmitOpError(op, "reverse must be a unit attribute, got %s",
                    tileAttrStr(reverse, as, sizeof as));
    ok = false;
  }
  if (!tileIsTileType(source))
    return tileVerifyI32Attr(op, "axis", &axis) && ok; /* source: a value */
  ok &= verifyAxis(op, source, &axis);
  if (!tileIsTileType(result))
    return ok; /* reported as a value */
  if (!tileSameShape(result, source) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(result),
                     mlirShapedTypeGetElementType(source))) {
    tileEmitOpError(op, "result type %s does not match source type %s",
                    tileTypeStr(result, rs, sizeof rs),
                    tileTypeStr(source, ss, sizeof ss));
    ok = false;
  }
  return ok;
}
