/* tile-run's diagnostic handler; see Diagnostics.h. */
#ifndef TILE_RUN_NO_COMPILER
#include "tools/tile-run/Diagnostics.h"

#include <stdio.h>

#include "lib/IR/DiagnosticPrinter.h"

static void printOne(DiagSource *src, MlirDiagnostic diag) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++src->numErrors;
  TileSourceText text = {src->name, src->text, src->len};
  tilePrintDiagnostic(stderr, &text, diag);
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  DiagSource *src = userData;
  printOne(src, diag);
  intptr_t n = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < n; ++i)
    printOne(src, mlirDiagnosticGetNote(diag, i));
  return mlirLogicalResultSuccess();
}

void diagAttach(MlirContext ctx, DiagSource *src) {
  mlirContextAttachDiagnosticHandler(ctx, handler, src, NULL);
}
#endif
