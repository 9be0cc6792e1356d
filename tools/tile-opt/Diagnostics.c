/* tile-opt's diagnostic handler; see Diagnostics.h. */
#include "tools/tile-opt/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/DiagnosticPrinter.h"
#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "lib/Support/StrBuf.h"

const char *diagSeverityName(MlirDiagnosticSeverity s) {
  return tileSeverityName(s);
}

/* The parser names string buffers "-"; tile-opt shows the input's name. */
static bool isInputFile(const DiagState *st, MlirStringRef file) {
  return mlirStringRefEqual(file, tileStr("-")) ||
         mlirStringRefEqual(file, tileStr(st->src->name));
}

static void handleOne(DiagState *st, MlirDiagnostic diag) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++st->numErrors;
  if (!st->collect) {
    TileSourceText text = {st->src->name, st->src->text, st->src->len};
    tilePrintDiagnostic(stderr, &text, diag);
    return;
  }
  /* --verify-diagnostics: keep what VerifyDiagnostics.c matches on. */
  Diag d;
  memset(&d, 0, sizeof d);
  d.severity = mlirDiagnosticGetSeverity(diag);
  TileStrBuf msg = tileStrBufInit();
  mlirDiagnosticPrint(diag, tileStrBufCallback, &msg);
  d.message = msg.data ? msg.data : calloc(1, 1);
  MlirStringRef file = {"", 0};
  d.hasLoc = tileLocationFileLineCol(mlirDiagnosticGetLocation(diag), &file,
                                     &d.line, &d.col);
  d.inInput = d.hasLoc && isInputFile(st, file);
  if (st->numDiags == st->cap) {
    st->cap = st->cap ? 2 * st->cap : 16;
    st->diags = realloc(st->diags, st->cap * sizeof *st->diags);
  }
  st->diags[st->numDiags++] = d;
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  DiagState *st = userData;
  handleOne(st, diag);
  intptr_t n = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < n; ++i)
    handleOne(st, mlirDiagnosticGetNote(diag, i));
  return mlirLogicalResultSuccess();
}

void diagAttach(MlirContext ctx, DiagState *state) {
  mlirContextAttachDiagnosticHandler(ctx, handler, state, NULL);
}

void diagReset(DiagState *state) {
  for (size_t i = 0; i < state->numDiags; ++i)
    free(state->diags[i].message);
  state->numDiags = 0;
  state->numErrors = 0;
}
