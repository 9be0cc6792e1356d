/* tile-run's diagnostic handler; see Diagnostics.h. */
#ifndef TILE_RUN_NO_COMPILER
#include "tools/tile-run/Diagnostics.h"

#include <stdio.h>

#include "lib/IR/DiagnosticPrinter.h"

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  DiagSource *src = userData;
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++src->numErrors;
  TileSourceText text = {src->name, src->text, src->len};
  tilePrintDiagnosticAndNotes(stderr, &text, diag);
  return mlirLogicalResultSuccess();
}

void diagAttach(MlirContext ctx, DiagSource *src) {
  mlirContextAttachDiagnosticHandler(ctx, handler, src, NULL);
}
#endif
