/* The JIT's CPU features; see JitFeatures.h. */
#include "lib/Execution/JitFeatures.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

static bool convertsToBF16(const char *feature, size_t n) {
  return (n == 11 && strncmp(feature + 1, "avx512bf16", 10) == 0) ||
         (n == 13 && strncmp(feature + 1, "avxneconvert", 12) == 0);
}

/* #llvm.target_features<["+f1", "-f2", ...]> of the host's features, the
 * bf16 conversions turned off. */
static MlirAttribute featuresAttr(MlirContext ctx) {
  char *host = LLVMGetHostCPUFeatures();
  TileStrBuf text = tileStrBufInit();
  tileStrBufPrintf(&text, "#llvm.target_features<[");
  for (const char *f = host; f && *f;) {
    size_t n = strcspn(f, ",");
    if (n > 1 && !convertsToBF16(f, n))
      tileStrBufPrintf(&text, "\"%.*s\", ", (int)n, f);
    f += n + (f[n] == ',');
  }
  tileStrBufPrintf(&text, "\"-avx512bf16\", \"-avxneconvert\"]>");
  LLVMDisposeMessage(host);
  MlirAttribute attr = mlirAttributeParseGet(ctx, tileStr(tileStrBufCStr(&text)));
  tileStrBufFree(&text);
  return attr;
}

static MlirWalkResult setOn(MlirOperation op, void *attr) {
  char name[32];
  if (strcmp(tileOpName(op, name, sizeof name), "llvm.func") == 0)
    mlirOperationSetAttributeByName(op, tileStr("target_features"),
                                    *(MlirAttribute *)attr);
  return MlirWalkResultAdvance;
}

void tileJitSetFeatures(MlirModule module) {
  MlirAttribute attr = featuresAttr(mlirModuleGetContext(module));
  if (mlirAttributeIsNull(attr))
    return; /* the host's list did not parse: keep the JIT's own */
  mlirOperationWalk(mlirModuleGetOperation(module), setOn, &attr,
                    MlirWalkPreOrder);
}
