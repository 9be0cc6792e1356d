/* A candidate's kernel file in a context of its own; see KernelText.h. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "lib/Tuning/KernelText.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/Dialect.h"

static MlirLogicalResult keepFirst(MlirDiagnostic diag, void *userData) {
  TileKernelText *k = userData;
  if (k->firstError[0] ||
      mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (f) {
    tilePrintDiagnostic(f, &k->source, diag);
    fclose(f);
    snprintf(k->firstError, sizeof k->firstError, "%s", text ? text : "");
  }
  free(text);
  return mlirLogicalResultSuccess();
}

int tileKernelTextParse(TileKernelText *k, const char *text, size_t len,
                        const char *name) {
  memset(k, 0, sizeof *k);
  k->source = (TileSourceText){name, text, len};
  /* Every upstream dialect registered, as the GPU compile wants them. */
  k->ctx = mlirContextCreate();
  tileDialectRegisterUpstream(k->ctx);
  mlirContextAttachDiagnosticHandler(k->ctx, keepFirst, k, NULL);
  if (mlirLogicalResultIsFailure(tileDialectLoad(k->ctx))) {
    snprintf(k->firstError, sizeof k->firstError,
             "the embedded tile dialect failed to load");
    return 1;
  }
  k->module = tileDialectParse(k->ctx, mlirStringRefCreate(text, len),
                               mlirStringRefCreateFromCString(name));
  if (!mlirModuleIsNull(k->module) &&
      mlirLogicalResultIsFailure(
          tileVerifyOp(mlirModuleGetOperation(k->module)))) {
    mlirModuleDestroy(k->module);
    k->module = (MlirModule){NULL};
  }
  if (mlirModuleIsNull(k->module) && !k->firstError[0])
    snprintf(k->firstError, sizeof k->firstError, "%s does not parse", name);
  return mlirModuleIsNull(k->module);
}

void tileKernelTextFree(TileKernelText *k) {
  if (!mlirModuleIsNull(k->module))
    mlirModuleDestroy(k->module);
  if (!mlirContextIsNull(k->ctx))
    mlirContextDestroy(k->ctx);
  k->module = (MlirModule){NULL};
  k->ctx = (MlirContext){NULL};
}
