/* The JIT's CPU features; see JitFeatures.h. */
#include "lib/Execution/JitFeatures.h"

#include <stdbool.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

static bool convertsToBF16(const char *feature, size_t n) {
  return (n == 11 && strncmp(feature + 1, "avx512bf16", 10) == 0) ||
         (n == 13 && strncmp(feature + 1, "avxneconvert", 12) == 0);
}

/* Appends the features of the host's comma-separated list `host` whose
 * name is (bf16) or is not (!bf16) a bf16 conversion's, those turned off;
 * counts them in *count. */
static void appendFeatures(TileStrBuf *text, const char *host, bool bf16,
                           int *count) {
  for (const char *f = host; f && *f;) {
    size_t n = strcspn(f, ",");
    if (n > 1 && convertsToBF16(f, n) == bf16) {
      /* a bf16 conversion's sign (+ or -) becomes - */
      tileStrBufPrintf(text, "%s\"%s%.*s\"", *count ? ", " : "",
                       bf16 ? "-" : "", (int)(bf16 ? n - 1 : n),
                       bf16 ? f + 1 : f);
      ++*count;
    }
    f += n + (f[n] == ',');
  }
}

/* #llvm.target_features<["+f1", "-f2", ...]>: the host's list (every
 * feature the target knows, each + or -) with the bf16 conversions turned
 * off, last, which also clears what implies them (AVX10); on other
 * targets the list has neither name and stays as it is. Null where the
 * host names no features. */
static MlirAttribute featuresAttr(MlirContext ctx) {
  char *host = LLVMGetHostCPUFeatures();
  TileStrBuf text = tileStrBufInit();
  int count = 0;
  tileStrBufPrintf(&text, "#llvm.target_features<[");
  appendFeatures(&text, host, false, &count);
  appendFeatures(&text, host, true, &count);
  tileStrBufPrintf(&text, "]>");
  LLVMDisposeMessage(host);
  MlirAttribute attr =
      count ? mlirAttributeParseGet(ctx, tileStr(tileStrBufCStr(&text)))
            : mlirAttributeGetNull();
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
    return; /* no list: the JIT's own features */
  mlirOperationWalk(mlirModuleGetOperation(module), setOn, &attr,
                    MlirWalkPreOrder);
}
