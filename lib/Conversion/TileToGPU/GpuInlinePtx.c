/* Inline PTX (llvm.inline_asm), for the instructions NVVM has no op
 * for. Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdio.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

void gpuInlinePtx(TileBuilder *b, const char *text, const char *constraints,
                  intptr_t nOperands, const MlirValue *operands, int nResults,
                  MlirType resultType, bool sideEffects, MlirValue *results) {
  enum { MAX_RESULTS = 16 };
  MlirType fields[MAX_RESULTS];
  if (nResults > MAX_RESULTS)
    nResults = MAX_RESULTS; /* callers use at most 4 */
  for (int i = 0; i < nResults; ++i)
    fields[i] = resultType;
  MlirType type = nResults > 1
                      ? mlirLLVMStructTypeLiteralGet(b->ctx, nResults, fields,
                                                     false)
                      : resultType;
  TileNamedAttr attrs[] = {
      {"asm_string", mlirStringAttrGet(b->ctx, tileStr(text))},
      {"constraints", mlirStringAttrGet(b->ctx, tileStr(constraints))},
      {"has_side_effects", mlirUnitAttrGet(b->ctx)}};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "llvm.inline_asm", nOperands,
                                        operands, nResults > 0 ? 1 : 0, &type,
                                        sideEffects ? 3 : 2, attrs));
  if (nResults == 1)
    results[0] = r;
  for (int i = 0; nResults > 1 && i < nResults; ++i) {
    int64_t position = i;
    TileNamedAttr pos[] = {
        {"position", mlirDenseI64ArrayGet(b->ctx, 1, &position)}};
    results[i] = bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &r,
                                         1, &resultType, 1, pos));
  }
}

void gpuPinValues(TileBuilder *b, const char *comment, MlirValue *regs, int n,
                  MlirType t) {
  enum { CHUNK = 16 };
  const char *kind = mlirTypeIsAF32(t) ? "=f" : "=r";
  for (int i = 0; i < n; i += CHUNK) {
    int k = n - i < CHUNK ? n - i : CHUNK;
    char constraints[256];
    int len = 0;
    for (int j = 0; j < k; ++j)
      len += snprintf(constraints + len, sizeof constraints - (size_t)len,
                      "%s%s", j ? "," : "", kind);
    for (int j = 0; j < k; ++j)
      len += snprintf(constraints + len, sizeof constraints - (size_t)len,
                      ",%d", j);
    gpuInlinePtx(b, comment, constraints, k, regs + i, k, t, true, regs + i);
  }
}

MlirValue gpuOpaque(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  bool isIndex = mlirTypeIsAIndex(t);
  MlirType i64 = tileI64Type(b->ctx);
  MlirValue x = isIndex ? bCast(b, "arith.index_cast", v, i64) : v;
  bool wide = isIndex || mlirIntegerTypeGetWidth(t) == 64;
  MlirValue r;
  gpuInlinePtx(b, wide ? "mov.b64 $0, $1;" : "mov.b32 $0, $1;",
               wide ? "=l,l" : "=r,r", 1, &x, 1, mlirValueGetType(x), true, &r);
  return isIndex ? bCast(b, "arith.index_cast", r, t) : r;
}
