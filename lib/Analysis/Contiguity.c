/* Contiguity of index tiles; see Contiguity.h. */
#include "lib/Analysis/Contiguity.h"

#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static bool isTile(MlirValue v) {
  return mlirTypeIsARankedTensor(mlirValueGetType(v));
}

/* A splat: tile.splat or a splat constant. */
static bool uniform(MlirValue v) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "tile.splat"))
    return true;
  MlirAttribute value = tileOpAttr(def, "value");
  return tileOpIsNamed(def, "arith.constant") && !mlirAttributeIsNull(value) &&
         mlirAttributeIsADenseElements(value) &&
         mlirDenseElementsAttrIsSplat(value);
}

static int64_t dimSize(MlirValue v, int d) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), d);
}

/* Whether tile `v` holds the same value at every position along dimension
 * `dim` (its other coordinates fixed), as its definition shows. */
static bool constantAlong(MlirValue v, int dim, int depth) {
  if (dimSize(v, dim) == 1 || uniform(v))
    return true;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > 8)
    return false;
  if (tileOpIsNamed(def, "tile.splat"))
    return true;
  if (tileOpIsNamed(def, "tile.broadcast") ||
      tileOpIsNamed(def, "tile.convert_layout"))
    return constantAlong(mlirOperationGetOperand(def, 0), dim, depth + 1);
  int64_t axis = 0;
  if (tileOpIsNamed(def, "tile.expand_dims") &&
      tileOpIntAttr(def, "axis", &axis))
    return dim == axis ||
           constantAlong(mlirOperationGetOperand(def, 0),
                         dim < axis ? dim : dim - 1, depth + 1);
  char name[64];
  tileOpName(def, name, sizeof name);
  if (strncmp(name, "arith.", 6) != 0 || mlirOperationGetNumResults(def) != 1)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    if (isTile(x) && !constantAlong(x, dim, depth + 1))
      return false;
  }
  return true;
}

/* Whether tile `v` rises by exactly one from each position along `dim` to
 * the next (modulo wrap-around of its integer type, which the bounds test
 * catches: a wrapped index is negative or past the size). */
static bool contiguousAlong(MlirValue v, int dim, int depth) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > 8)
    return false;
  if (tileOpIsNamed(def, "tile.range"))
    return dim == 0;
  if (tileOpIsNamed(def, "tile.broadcast")) {
    MlirValue src = mlirOperationGetOperand(def, 0);
    return dimSize(src, dim) != 1 && contiguousAlong(src, dim, depth + 1);
  }
  int64_t axis = 0;
  if (tileOpIsNamed(def, "tile.expand_dims") &&
      tileOpIntAttr(def, "axis", &axis))
    return dim != axis &&
           contiguousAlong(mlirOperationGetOperand(def, 0),
                           dim < axis ? dim : dim - 1, depth + 1);
  if (tileOpIsNamed(def, "arith.extsi") || tileOpIsNamed(def, "arith.extui") ||
      tileOpIsNamed(def, "arith.trunci") ||
      tileOpIsNamed(def, "arith.index_cast") ||
      tileOpIsNamed(def, "tile.convert_layout"))
    return contiguousAlong(mlirOperationGetOperand(def, 0), dim, depth + 1);
  bool add = tileOpIsNamed(def, "arith.addi");
  if (!add && !tileOpIsNamed(def, "arith.subi"))
    return false;
  MlirValue x = mlirOperationGetOperand(def, 0);
  MlirValue y = mlirOperationGetOperand(def, 1);
  return (contiguousAlong(x, dim, depth + 1) &&
          constantAlong(y, dim, depth + 1)) ||
         (add && constantAlong(x, dim, depth + 1) &&
          contiguousAlong(y, dim, depth + 1));
}

/* A splat of an integer constant (an arith.constant or a tile.splat of
 * one). */
static bool splatConstant(MlirValue v, int64_t *c) {
  MlirOperation def = tileDefiningOp(v);
  return tileConstantInt(v, c) ||
         (!mlirOperationIsNull(def) && tileOpIsNamed(def, "tile.splat") &&
          tileConstantInt(mlirOperationGetOperand(def, 0), c));
}

static int rankOf(MlirValue v) {
  return (int)mlirShapedTypeGetRank(mlirValueGetType(v));
}

/* See tileAffineInCoords. Every rule holds in wrapping arithmetic of one
 * integer width, so no extension (sext(x + y) is not sext(x) + sext(y))
 * passes but of a tile.range, whose values extend as they are; a
 * truncation does. */
static bool affineInCoords(MlirValue v, int64_t *coef, int depth) {
  int rank = rankOf(v);
  for (int d = 0; d < rank; ++d)
    coef[d] = 0;
  if (uniform(v))
    return true;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > 8)
    return false;
  if (tileOpIsNamed(def, "tile.range")) {
    coef[0] = 1;
    return true;
  }
  MlirValue src = mlirOperationGetOperand(def, 0);
  int64_t inner[TILE_MAX_COORD_RANK];
  if (tileOpIsNamed(def, "tile.convert_layout") ||
      tileOpIsNamed(def, "arith.trunci"))
    return affineInCoords(src, coef, depth + 1);
  /* An extended tile.range: its values (start..end-1 of an i32 or i64)
   * extend as they are. */
  MlirOperation srcDef = tileDefiningOp(src);
  if ((tileOpIsNamed(def, "arith.extsi") || tileOpIsNamed(def, "arith.extui") ||
       tileOpIsNamed(def, "arith.index_cast")) &&
      !mlirOperationIsNull(srcDef) && tileOpIsNamed(srcDef, "tile.range")) {
    int64_t start = 0;
    coef[0] = 1;
    return tileOpIntAttr(srcDef, "start", &start) &&
           (start >= 0 || !tileOpIsNamed(def, "arith.extui"));
  }
  if (tileOpIsNamed(def, "tile.broadcast")) {
    if (!affineInCoords(src, inner, depth + 1))
      return false;
    for (int d = 0; d < rank; ++d) /* a size-1 source dim reads x_d = 0 */
      coef[d] = dimSize(src, d) == 1 ? 0 : inner[d];
    return true;
  }
  int64_t axis = 0;
  if (tileOpIsNamed(def, "tile.expand_dims") &&
      tileOpIntAttr(def, "axis", &axis)) {
    if (!affineInCoords(src, inner, depth + 1))
      return false;
    for (int d = 0, k = 0; d < rank; ++d)
      coef[d] = d == axis ? 0 : inner[k++];
    return true;
  }
  bool add = tileOpIsNamed(def, "arith.addi");
  bool sub = tileOpIsNamed(def, "arith.subi");
  bool mul = tileOpIsNamed(def, "arith.muli");
  if (!add && !sub && !mul)
    return false;
  MlirValue y = mlirOperationGetOperand(def, 1);
  if (!isTile(src) || !isTile(y))
    return false;
  int64_t other[TILE_MAX_COORD_RANK];
  if (mul) { /* by a constant, or of two uniform forms */
    int64_t c = 0;
    MlirValue form = src;
    if (splatConstant(src, &c))
      form = y;
    else if (!splatConstant(y, &c))
      return affineInCoords(src, inner, depth + 1) &&
             affineInCoords(y, other, depth + 1) &&
             tileUniformCoords(inner, rank) && tileUniformCoords(other, rank);
    if (!affineInCoords(form, inner, depth + 1))
      return false;
    for (int d = 0; d < rank; ++d)
      coef[d] = inner[d] * c;
    return true;
  }
  if (!affineInCoords(src, inner, depth + 1) ||
      !affineInCoords(y, other, depth + 1))
    return false;
  for (int d = 0; d < rank; ++d)
    coef[d] = add ? inner[d] + other[d] : inner[d] - other[d];
  return true;
}

bool tileUniformCoords(const int64_t *coef, int rank) {
  for (int d = 0; d < rank; ++d)
    if (coef[d] != 0)
      return false;
  return true;
}

bool tileAffineInCoords(MlirValue v, int64_t *coef) {
  return isTile(v) && rankOf(v) <= TILE_MAX_COORD_RANK &&
         mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirValueGetType(v))) &&
         affineInCoords(v, coef, 0);
}

bool tileConstantAlong(MlirValue v, int dim) {
  return constantAlong(v, dim, 0);
}

bool tileContiguousAlong(MlirValue v, int dim) {
  return contiguousAlong(v, dim, 0);
}

bool tileMemrefInnerContiguous(MlirType memref) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  if (mlirAttributeIsNull(layout) || mlirAttributeIsAAffineMap(layout))
    return mlirAttributeIsNull(layout) ||
           mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
  if (!mlirAttributeIsAStridedLayout(layout))
    return false;
  intptr_t n = mlirStridedLayoutAttrGetNumStrides(layout);
  return n > 0 && mlirStridedLayoutAttrGetStride(layout, n - 1) == 1;
}
