/* Small helpers over the MLIR C API, so passes read like the IR they touch.
 * Nothing here owns MLIR objects: types and attributes belong to the
 * context; created operations are returned detached unless a block is given. */
#ifndef TILE_IR_IR_H
#define TILE_IR_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

static inline MlirStringRef tileStr(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* MlirStringCallback appending to the TileStrBuf (lib/Support/StrBuf.h)
 * in userData. */
void tileStrBufCallback(MlirStringRef s, void *userData);

/* Whether `op` is named exactly `name` (e.g. "tile.load"). */
bool tileOpIsNamed(MlirOperation op, const char *name);
/* The first op named `name` in the body of single-region `parent` (a
 * module), or a null op. */
MlirOperation tileFirstChildNamed(MlirOperation parent, const char *name);
/* The op in the body of single-region `parent` (a module) whose
 * sym_name is `name`, or a null op. */
MlirOperation tileChildSymbol(MlirOperation parent, const char *name);
/* Whether `op` belongs to the tile dialect ("tile." prefix). */
bool tileOpIsTile(MlirOperation op);
/* Whether `op` belongs to the arith or math dialect (the element-wise
 * ops a kernel writes on scalars and tiles alike). */
bool tileOpIsArithOrMath(MlirOperation op);
/* The op's name as a NUL-terminated string in a caller buffer. */
const char *tileOpName(MlirOperation op, char *buf, size_t size);

/* Attribute lookup by name; null attribute when absent. */
MlirAttribute tileOpAttr(MlirOperation op, const char *name);
/* Reads an integer attribute; false when absent or not an integer. */
bool tileOpIntAttr(MlirOperation op, const char *name, int64_t *out);
/* Whether a float op's fastmath flags allow approximate functions (afn,
 * or fast). */
bool tileOpAllowsApprox(MlirOperation op);
/* The string value of a string attribute, or false. */
bool tileOpStrAttr(MlirOperation op, const char *name, MlirStringRef *out);
/* Whether string attribute `name` is `value`, taking `dflt` where the op
 * has none (an atomic's sem = "acq_rel", say). */
bool tileOpStrAttrIs(MlirOperation op, const char *name, const char *value,
                     const char *dflt);
/* Sets string attribute `name` to `value`: a pass's decision's reason
 * (tile.*_why) shows in the IR after it, and TileToGPU says it as a
 * remark (gpuRemarkFromAttr). */
void tileOpSetStrAttr(MlirOperation op, const char *name, const char *value);

/* True if `v` has no uses. */
bool tileValueIsUnused(MlirValue v);
/* True if every result of `op` is unused. */
bool tileOpResultsUnused(MlirOperation op);
/* The op defining `v`, or a null op for block arguments. */
MlirOperation tileDefiningOp(MlirValue v);
/* Whether `v` is defined in `op`: by it or an op nested in it, or as an
 * argument of a block in its regions (a loop's induction variable and
 * iter_args). */
bool tileValueDefinedIn(MlirValue v, MlirOperation op);
/* The only use of `v`, or a null operand when it has none or several. */
MlirOpOperand tileOnlyUse(MlirValue v);

/* Emit a located error at `op`: "<op name>: <formatted message>". */
void tileEmitOpError(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Emit a located error at `loc` with a formatted message. */
void tileEmitError(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Creates a detached op from its pieces; attribute names are C strings. */
typedef struct {
  const char *name;
  MlirAttribute value;
} TileNamedAttr;
MlirOperation tileOpCreate(MlirLocation loc, const char *name,
                           intptr_t nOperands, const MlirValue *operands,
                           intptr_t nResults, const MlirType *results,
                           intptr_t nAttrs, const TileNamedAttr *attrs);

/* Common attributes and types. */
MlirAttribute tileI32Attr(MlirContext ctx, int64_t v);
/* An attribute written in MLIR's syntax ("#nvvm.shared_space<cta>"), as the
 * NVVM ops' enum attributes are easiest to make. */
MlirAttribute tileParseAttr(MlirContext ctx, const char *text);
MlirType tileI32Type(MlirContext ctx);
MlirType tileI64Type(MlirContext ctx);

/* Prints a type/attribute into `buf` (truncated to `size`), for messages. */
/* Whether `t`, or the element type of shaped `t`, is f8E4M3FN or f8E5M2. */
bool tileTypeIsF8(MlirType t);
/* The value of an integer arith.constant (a scalar, or a splat tile). */
bool tileConstantInt(MlirValue v, int64_t *out);
/* The value of a float arith.constant: a scalar, a splat tile, or a
 * tile.splat of a scalar one. */
bool tileConstantFloat(MlirValue v, double *out);
/* `like` with element type `elem`: a ranked tensor of the same shape and
 * encoding, or `elem` itself when `like` is a scalar. */
MlirType tileShapedLike(MlirType like, MlirType elem);
/* The element type of a shaped type; a scalar type is its own. */
MlirType tileElementType(MlirType t);
const char *tileTypeStr(MlirType t, char *buf, size_t size);
const char *tileAttrStr(MlirAttribute a, char *buf, size_t size);

#endif
