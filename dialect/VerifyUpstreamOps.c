/* The upstream ops a kernel may use: tile's own ops aside, scf.for, scf.if
 * and their yields, func.return, memref.dim, memref.load and memref.store
 * (one element of a kernel argument: VerifyMemory.c), and the arith and
 * math ops that lower on every target (docs/dialect.md, "Numerics": an op the
 * verifier accepts lowers everywhere), so the rest are refused here, at
 * their line, the same for the CPU and the GPU. f8 tiles only convert:
 * they take extf, truncf, bitcast and select. */
#include "dialect/Verify.h"

#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static const char *const kArith[] = {
    "constant",  "addi",      "subi",      "muli",       "divui",
    "divsi",     "ceildivui", "ceildivsi", "floordivsi", "remui",
    "remsi",     "andi",      "ori",       "xori",       "shli",
    "shrui",     "shrsi",     "negf",      "addf",       "subf",
    "maximumf",  "maxnumf",   "maxsi",     "maxui",      "minimumf",
    "minnumf",   "minsi",     "minui",     "mulf",       "divf",
    "remf",      "extui",     "extsi",     "extf",       "trunci",
    "truncf",    "uitofp",    "sitofp",    "fptoui",     "fptosi",
    "index_cast", "index_castui", "bitcast", "cmpi",     "cmpf",
    "select",    NULL};

static const char *const kMath[] = {
    "absf",  "acos",     "acosh",     "asin",     "asinh",   "atan",
    "atan2", "atanh",    "cbrt",      "ceil",     "copysign", "cos",
    "cosh",  "erf",      "erfc",      "exp",      "exp2",    "expm1",
    "floor", "fma",      "log",       "log10",    "log1p",   "log2",
    "powf",  "round",    "roundeven", "rsqrt",    "sin",     "sinh",
    "sqrt",  "tan",      "tanh",      "trunc",    "isnan",   "isinf",
    "isfinite", "isnormal", "absi",   "ctlz",     "cttz",    "ctpop",
    NULL};

/* What f8 tiles may go through. */
static const char *const kF8[] = {"arith.extf", "arith.truncf",
                                  "arith.bitcast", "arith.select",
                                  "arith.constant", NULL};

static bool listed(const char *name, const char *const *list) {
  for (; *list; ++list)
    if (strcmp(name, *list) == 0)
      return true;
  return false;
}

static bool touchesF8(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    if (tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
    if (tileTypeIsF8(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static const char *const kOthers[] = {
    "scf.for",    "scf.if",      "scf.yield",    "func.return",
    "memref.dim", "memref.load", "memref.store", NULL};

bool tileVerifyUpstreamOp(MlirOperation op) {
  char name[64];
  tileOpName(op, name, sizeof name);
  if (strncmp(name, "tile.", 5) == 0)
    return true;
  bool arith = strncmp(name, "arith.", 6) == 0;
  if (!arith && strncmp(name, "math.", 5) != 0) {
    if (listed(name, kOthers))
      return true;
    tileEmitOpError(op, "is not supported in tile kernels (they take tile, "
                        "arith and math ops, scf.for, scf.if, memref.dim, "
                        "memref.load, memref.store and func.return)");
    return false;
  }
  if (!listed(name + (arith ? 6 : 5), arith ? kArith : kMath)) {
    tileEmitOpError(op, "is not supported in tile kernels: it has no "
                        "lowering on every target (docs/dialect.md, "
                        "\"Numerics\")");
    return false;
  }
  if (touchesF8(op) && !listed(name, kF8)) {
    tileEmitOpError(op, "f8 tiles only convert (arith.extf, arith.truncf, "
                        "arith.bitcast, arith.select): extend them to f16 "
                        "or f32 first");
    return false;
  }
  /* extf/truncf round to nearest even; other modes have no lowering. The
   * attribute holds arith's RoundingMode enum: 0 is to_nearest_even. */
  static const char *const kModes[] = {"to_nearest_even", "downward",
                                       "upward", "toward_zero",
                                       "to_nearest_away"};
  MlirAttribute mode = tileOpAttr(op, "roundingmode");
  if (!mlirAttributeIsNull(mode) && mlirAttributeIsAInteger(mode)) {
    int64_t m = mlirIntegerAttrGetValueInt(mode);
    if (m != 0) {
      tileEmitOpError(op, "rounding mode %s is not supported: tile rounds "
                          "to nearest even",
                      m > 0 && m < 5 ? kModes[m] : "(unknown)");
      return false;
    }
  }
  return true;
}
