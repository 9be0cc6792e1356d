/* Math ops as calls into libdevice, made by TileToGPU itself: the calls
 * convert-gpu-to-nvvm's libdevice patterns would make (f32 functions; f16
 * goes through f32), so a kernel with math needs no GPU-dialect conversion
 * either (GpuCompile.c's lean pipeline). Ops outside the table, other types
 * and fast-math flags (which pick __nv_fast_* variants) are left as they
 * are, for convert-gpu-to-nvvm. */
#include <stdio.h>
#include <string.h>

#include "lib/Conversion/GpuOps.h"
#include "lib/Conversion/TileToGPU.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The f32 function of each op: the names convert-gpu-to-nvvm (LLVM 22)
 * uses, as mlir-opt shows them. */
static const struct {
  const char *op, *function;
} kFunctions[] = {
    {"math.absf", "__nv_fabsf"},     {"math.acos", "__nv_acosf"},
    {"math.acosh", "__nv_acoshf"},   {"math.asin", "__nv_asinf"},
    {"math.asinh", "__nv_asinhf"},   {"math.atan", "__nv_atanf"},
    {"math.atanh", "__nv_atanhf"},   {"math.cbrt", "__nv_cbrtf"},
    {"math.ceil", "__nv_ceilf"},     {"math.cos", "__nv_cosf"},
    {"math.cosh", "__nv_coshf"},     {"math.erf", "__nv_erff"},
    {"math.erfc", "__nv_erfcf"},     {"math.exp", "__nv_expf"},
    {"math.exp2", "__nv_exp2f"},     {"math.expm1", "__nv_expm1f"},
    {"math.floor", "__nv_floorf"},   {"math.log", "__nv_logf"},
    {"math.log10", "__nv_log10f"},   {"math.log1p", "__nv_log1pf"},
    {"math.log2", "__nv_log2f"},     {"math.round", "__nv_roundf"},
    {"math.roundeven", "__nv_rintf"}, {"math.rsqrt", "__nv_rsqrtf"},
    {"math.sin", "__nv_sinf"},       {"math.sinh", "__nv_sinhf"},
    {"math.sqrt", "__nv_sqrtf"},     {"math.tan", "__nv_tanf"},
    {"math.tanh", "__nv_tanhf"},     {"math.trunc", "__nv_truncf"},
    {"math.atan2", "__nv_atan2f"},
    {"math.copysign", "__nv_copysignf"}, {"math.powf", "__nv_powf"},
    {"math.fma", "__nv_fmaf"},       {"arith.remf", "__nv_fmodf"},
    {"arith.maxnumf", "__nv_fmaxf"}, {"arith.minnumf", "__nv_fminf"},
};

/* The table's function for `op`'s name, or NULL. */
static const char *tableFunction(MlirOperation op) {
  for (size_t i = 0; i < sizeof kFunctions / sizeof kFunctions[0]; ++i)
    if (tileOpIsNamed(op, kFunctions[i].op))
      return kFunctions[i].function;
  return NULL;
}

bool tileGpuIsLibdeviceOp(MlirOperation op) {
  return tableFunction(op) != NULL;
}

const char *gpuLibdeviceFunction(MlirOperation op, MlirType elem) {
  /* f16 only for one operand: the widening checked against upstream. */
  if (!mlirTypeIsAF32(elem) &&
      !(mlirTypeIsAF16(elem) && mlirOperationGetNumOperands(op) == 1))
    return NULL;
  /* Fast-math flags choose other functions: left to upstream. */
  MlirAttribute fm = tileOpAttr(op, "fastmath");
  if (!mlirAttributeIsNull(fm)) {
    char text[64];
    tileAttrStr(fm, text, sizeof text);
    if (!strstr(text, "<none>"))
      return NULL;
  }
  return tableFunction(op);
}

/* `llvm.func @name(f32, ...) -> f32` in the gpu.module, declared once. */
static void declare(GpuLowering *g, const char *name, int arity) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->gpuModule, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (tileOpIsNamed(op, "llvm.func") && tileOpStrAttr(op, "sym_name", &sym) &&
        sym.length == strlen(name) && memcmp(sym.data, name, sym.length) == 0)
      return;
  }
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
