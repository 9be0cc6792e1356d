/* Small helpers over the MLIR C API; see IR.h. */
#include "lib/IR/IR.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/Support/StrBuf.h"
#include "mlir-c/Diagnostics.h"

bool tileOpIsNamed(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(name);
  return n.length == len && memcmp(n.data, name, len) == 0;
}

bool tileOpIsTile(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 5 && memcmp(n.data, "tile.", 5) == 0;
}

bool tileOpIsArithOrMath(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return (n.length > 6 && memcmp(n.data, "arith.", 6) == 0) ||
         (n.length > 5 && memcmp(n.data, "math.", 5) == 0);
}

const char *tileOpName(MlirOperation op, char *buf, size_t size) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(buf, size, "%.*s", (int)n.length, n.data);
  return buf;
}

MlirAttribute tileOpAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, tileStr(name));
}

bool tileOpIntAttr(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = tileOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool tileOpStrAttr(MlirOperation op, const char *name, MlirStringRef *out) {
  MlirAttribute a = tileOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  *out = mlirStringAttrGetValue(a);
  return true;
}

bool tileOpStrAttrIs(MlirOperation op, const char *name, const char *value,
                     const char *dflt) {
  MlirStringRef v = tileStr(dflt);
  tileOpStrAttr(op, name, &v);
  return mlirStringRefEqual(v, tileStr(value));
}

void tileOpSetStrAttr(MlirOperation op, const char *name, const char *value) {
  mlirOperationSetAttributeByName(
      op, tileStr(name),
      mlirStringAttrGet(mlirOperationGetContext(op), tileStr(value)));
}

bool tileValueIsUnused(MlirValue v) {
  return mlirOpOperandIsNull(mlirValueGetFirstUse(v));
}

bool tileOpResultsUnused(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < n; ++i)
    if (!tileValueIsUnused(mlirOperationGetResult(op, i)))
      return false;
  return true;
}

MlirOpOperand tileOnlyUse(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOpOperand){NULL};
  return use;
}

MlirOperation tileDefiningOp(MlirValue v) {
  if (mlirValueIsAOpResult(v))
    return mlirOpResultGetOwner(v);
  return (MlirOperation){NULL};
}

bool tileValueDefinedIn(MlirValue v, MlirOperation op) {
  MlirOperation at =
      mlirValueIsAOpResult(v)
          ? mlirOpResultGetOwner(v)
          : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (; !mlirOperationIsNull(at); at = mlirOperationGetParentOperation(at))
    if (mlirOperationEqual(at, op))
      return true;
  return false;
}

static void emitv(MlirLocation loc, const char *prefix, const char *fmt,
                  va_list ap) {
  char msg[1024];
  size_t n = 0;
  if (prefix)
    n = (size_t)snprintf(msg, sizeof msg, "%s: ", prefix);
  if (n < sizeof msg)
    vsnprintf(msg + n, sizeof msg - n, fmt, ap);
  mlirEmitError(loc, msg);
}

void tileEmitOpError(MlirOperation op, const char *fmt, ...) {
  char name[128];
  va_list ap;
  va_start(ap, fmt);
  emitv(mlirOperationGetLocation(op), tileOpName(op, name, sizeof name), fmt,
        ap);
  va_end(ap);
}

void tileEmitError(MlirLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emitv(loc, NULL, fmt, ap);
  va_end(ap);
}

MlirOperation tileOpCreate(MlirLocation loc, const char *name,
                           intptr_t nOperands, const MlirValue *operands,
                           intptr_t nResults, const MlirType *results,
                           intptr_t nAttrs, const TileNamedAttr *attrs) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState state = mlirOperationStateGet(tileStr(name), loc);
  if (nOperands)
    mlirOperationStateAddOperands(&state, nOperands, operands);
  if (nResults)
    mlirOperationStateAddResults(&state, nResults, results);
  for (intptr_t i = 0; i < nAttrs; ++i) {
    MlirNamedAttribute na = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, tileStr(attrs[i].name)), attrs[i].value);
    mlirOperationStateAddAttributes(&state, 1, &na);
  }
  return mlirOperationCreate(&state);
}

MlirAttribute tileI32Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), v);
}

MlirAttribute tileParseAttr(MlirContext ctx, const char *text) {
  return mlirAttributeParseGet(ctx, tileStr(text));
}

MlirType tileI32Type(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 32); }
MlirType tileI64Type(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 64); }

bool tileOpAllowsApprox(MlirOperation op) {
  MlirAttribute fm = tileOpAttr(op, "fastmath");
  if (mlirAttributeIsNull(fm))
    return false;
  char text[128];
  tileAttrStr(fm, text, sizeof text);
  return strstr(text, "afn") || strstr(text, "fast>");
}

/* The scalar attribute of an arith.constant `def` (a scalar's, or a
 * splat tile's one value), or a null attribute. */
static MlirAttribute constantScalar(MlirOperation def) {
  if (mlirOperationIsNull(def) || !tileOpIsNamed(def, "arith.constant"))
    return (MlirAttribute){NULL};
  MlirAttribute a = tileOpAttr(def, "value");
  if (!mlirAttributeIsNull(a) && mlirAttributeIsADenseElements(a) &&
      mlirDenseElementsAttrIsSplat(a))
    a = mlirDenseElementsAttrGetSplatValue(a);
  return a;
}

bool tileConstantInt(MlirValue v, int64_t *out) {
  MlirAttribute a = constantScalar(tileDefiningOp(v));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool tileConstantFloat(MlirValue v, double *out) {
  MlirOperation def = tileDefiningOp(v);
  if (!mlirOperationIsNull(def) && tileOpIsNamed(def, "tile.splat"))
    def = tileDefiningOp(mlirOperationGetOperand(def, 0));
  MlirAttribute a = constantScalar(def);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return false;
  *out = mlirFloatAttrGetValueDouble(a);
  return true;
}

MlirType tileElementType(MlirType t) {
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

MlirType tileShapedLike(MlirType like, MlirType elem) {
  if (!mlirTypeIsARankedTensor(like))
    return elem;
  intptr_t rank = mlirShapedTypeGetRank(like);
  int64_t shape[8];
  for (intptr_t d = 0; d < rank && d < 8; ++d)
    shape[d] = mlirShapedTypeGetDimSize(like, d);
  return mlirRankedTensorTypeGet(rank, shape, elem,
                                 mlirRankedTensorTypeGetEncoding(like));
}

bool tileTypeIsF8(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t);
}

const char *tileTypeStr(MlirType t, char *buf, size_t size) {
  TileStrBuf sb = tileStrBufFixed(buf, size);
  mlirTypePrint(t, tileStrBufCallback, &sb);
  return buf;
}

const char *tileAttrStr(MlirAttribute a, char *buf, size_t size) {
  TileStrBuf sb = tileStrBufFixed(buf, size);
  mlirAttributePrint(a, tileStrBufCallback, &sb);
  return buf;
}

MlirOperation tileFirstChildNamed(MlirOperation parent, const char *name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, name))
      return op;
  return (MlirOperation){NULL};
}

MlirOperation tileChildSymbol(MlirOperation parent, const char *name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (tileOpStrAttr(op, "sym_name", &sym) &&
        mlirStringRefEqual(sym, mlirStringRefCreateFromCString(name)))
      return op;
  }
  return (MlirOperation){NULL};
}

void tileStrBufCallback(MlirStringRef s, void *userData) {
  tileStrBufAppend((TileStrBuf *)userData, s.data, s.length);
}
