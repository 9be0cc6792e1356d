/* Shared setup of the MLIR harnesses; see Harness.h. */
#include "fuzz/Harness.h"

#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "tile-c/Dialect.h"

static MlirLogicalResult dropDiagnostic(MlirDiagnostic d, void *userData) {
  (void)d;
  (void)userData;
  return mlirLogicalResultSuccess();
}

MlirContext tileFuzzContextCreate(void) {
  MlirContext ctx = mlirContextCreate();
  mlirContextEnableMultithreading(ctx, false);
  tileContextRegisterUpstream(ctx);
  mlirContextAttachDiagnosticHandler(ctx, dropDiagnostic, NULL, NULL);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx)))
    abort(); /* the embedded dialect itself is broken: not the input's fault */
  return ctx;
}

char *tileFuzzText(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text)
    abort();
  memcpy(text, data, size);
  text[size] = '\0';
  return text;
}

MlirModule tileFuzzParseAndVerify(MlirContext ctx, const char *text,
                                  size_t size) {
  MlirModule m =
      tileParseModule(ctx, mlirStringRefCreate(text, size),
                      mlirStringRefCreateFromCString("fuzz.mlir"));
  if (mlirModuleIsNull(m))
    return m;
  if (mlirLogicalResultIsFailure(tileVerify(mlirModuleGetOperation(m)))) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

int tileFuzzKernelNames(MlirModule module, MlirStringRef *names, int max) {
  int n = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && n < max;
       op = mlirOperationGetNextInBlock(op)) {
    if (!tileIsKernel(op))
      continue;
    MlirAttribute sym = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym))
      names[n++] = mlirStringAttrGetValue(sym);
  }
  return n;
}

int tileFuzzEachKernel(const uint8_t *data, size_t size,
                       void (*fn)(const TileFuzzInput *in,
                                  MlirStringRef name)) {
  if (size > TILE_FUZZ_MAX_TEXT)
    return -1;
  char *text = tileFuzzText(data, size);
  TileFuzzInput in = {tileFuzzContextCreate(), text, size, {NULL}};
  in.module = tileFuzzParseAndVerify(in.ctx, text, size);
  if (!mlirModuleIsNull(in.module)) {
    MlirStringRef names[TILE_FUZZ_MAX_KERNELS];
    int n = tileFuzzKernelNames(in.module, names, TILE_FUZZ_MAX_KERNELS);
    for (int i = 0; i < n; ++i)
      fn(&in, names[i]);
    mlirModuleDestroy(in.module);
  }
  mlirContextDestroy(in.ctx);
  free(text);
  return 0;
}
