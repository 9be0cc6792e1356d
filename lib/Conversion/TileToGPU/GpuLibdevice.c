/* Math ops as calls into libdevice, made by TileToGPU itself: the calls
 * convert-gpu-to-nvvm's libdevice patterns would make (f32 functions; f16
 * goes through f32; afn picks the __nv_fast_* variants), so a kernel with
 * math needs no GPU-dialect conversion either (the lean pipeline of
 * lib/Target/GpuEntries.c). Ops outside the table and other types are
 * left as they are, for convert-gpu-to-nvvm. */
#include <stdio.h>
#include <string.h>

#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The f32 function of each op: the names convert-gpu-to-nvvm (LLVM 22)
 * uses, as mlir-opt shows them, and the __nv_fast_* one it picks when the
 * op allows approximation (afn). */
static const struct {
  const char *op, *function, *fast;
} kFunctions[] = {
    {"math.absf", "__nv_fabsf", NULL},     {"math.acos", "__nv_acosf", NULL},
    {"math.acosh", "__nv_acoshf", NULL},   {"math.asin", "__nv_asinf", NULL},
    {"math.asinh", "__nv_asinhf", NULL},   {"math.atan", "__nv_atanf", NULL},
    {"math.atanh", "__nv_atanhf", NULL},   {"math.cbrt", "__nv_cbrtf", NULL},
    {"math.ceil", "__nv_ceilf", NULL},
    {"math.cos", "__nv_cosf", "__nv_fast_cosf"},
    {"math.cosh", "__nv_coshf", NULL},     {"math.erf", "__nv_erff", NULL},
    {"math.erfc", "__nv_erfcf", NULL},
    {"math.exp", "__nv_expf", "__nv_fast_expf"},
    {"math.exp2", "__nv_exp2f", NULL},     {"math.expm1", "__nv_expm1f", NULL},
    {"math.floor", "__nv_floorf", NULL},
    {"math.log", "__nv_logf", "__nv_fast_logf"},
    {"math.log10", "__nv_log10f", "__nv_fast_log10f"},
    {"math.log1p", "__nv_log1pf", NULL},
    {"math.log2", "__nv_log2f", "__nv_fast_log2f"},
    {"math.round", "__nv_roundf", NULL},   {"math.roundeven", "__nv_rintf", NULL},
    {"math.rsqrt", "__nv_rsqrtf", NULL},
    {"math.sin", "__nv_sinf", "__nv_fast_sinf"},
    {"math.sinh", "__nv_sinhf", NULL},     {"math.sqrt", "__nv_sqrtf", NULL},
    {"math.tan", "__nv_tanf", "__nv_fast_tanf"},
    {"math.tanh", "__nv_tanhf", NULL},     {"math.trunc", "__nv_truncf", NULL},
    {"math.atan2", "__nv_atan2f", NULL},
    {"math.copysign", "__nv_copysignf", NULL},
    {"math.powf", "__nv_powf", "__nv_fast_powf"},
    {"math.fma", "__nv_fmaf", NULL},       {"arith.remf", "__nv_fmodf", NULL},
    {"arith.maxnumf", "__nv_fmaxf", NULL}, {"arith.minnumf", "__nv_fminf", NULL},
};

/* The table's row for `op`'s name, or -1. */
static int tableRow(MlirOperation op) {
  for (size_t i = 0; i < sizeof kFunctions / sizeof kFunctions[0]; ++i)
    if (tileOpIsNamed(op, kFunctions[i].op))
      return (int)i;
  return -1;
}

bool tileGpuIsLibdeviceOp(MlirOperation op) { return tableRow(op) >= 0; }

bool gpuAllowsApproximation(MlirOperation op) {
  return tileOpAllowsApprox(op);
}

const char *gpuLibdeviceFunction(MlirOperation op, MlirType elem) {
  /* f16 only for one operand: the widening checked against upstream. */
  if (!mlirTypeIsAF32(elem) &&
      !(mlirTypeIsAF16(elem) && mlirOperationGetNumOperands(op) == 1))
    return NULL;
  int row = tableRow(op);
  if (row < 0)
    return NULL;
  if (kFunctions[row].fast && gpuAllowsApproximation(op))
    return kFunctions[row].fast;
  return kFunctions[row].function;
}

/* `llvm.func @name(f32, ...) -> f32` in the gpu.module, declared once. */
static void declare(GpuLowering *g, const char *name, int arity) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->gpuModule, 0));
  MlirOperation old = tileChildSymbol(g->gpuModule, name);
  if (!mlirOperationIsNull(old) && tileOpIsNamed(old, "llvm.func"))
    return;
  char text[128];
  snprintf(text, sizeof text, "llvm.func @%s(f32%s%s) -> f32", name,
           arity > 1 ? ", f32" : "", arity > 2 ? ", f32" : "");
  MlirOperation decl = mlirOperationCreateParse(g->ctx, tileStr(text),
                                                tileStr("tile-libdevice"));
  mlirBlockInsertOwnedOperation(body, 0, decl);
}

MlirValue gpuLibdeviceCall(GpuLowering *g, TileBuilder *b,
                           const char *function, intptr_t n,
                           const MlirValue *args) {
  declare(g, function, (int)n);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirType type = mlirValueGetType(args[0]);
  bool narrow = !mlirTypeIsAF32(type);
  MlirValue wide[3];
  for (intptr_t i = 0; i < n; ++i)
    wide[i] = narrow ? bCast(b, "arith.extf", args[i], f32) : args[i];
  int32_t segments[] = {(int32_t)n, 0};
  TileNamedAttr attrs[] = {
      {"callee", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(function))},
      {"op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)},
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments)}};
  MlirValue r = bInsert(
      b, tileOpCreate(b->loc, "llvm.call", n, wide, 1, &f32, 3, attrs));
  return narrow ? bCast(b, "arith.truncf", r, type) : r;
}
