/* tile-run's diagnostic handler; see Diagnostics.h. */
#ifndef TILE_RUN_NO_COMPILER
#include "tools/tile-run/Diagnostics.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/IR.h"
#include "lib/Support/Location.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/Diagnostics.h"

static const char *severityName(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  default:
    return "error";
  }
}

static bool sourceLine(const DiagSource *src, unsigned line, const char **text,
                       size_t *len) {
  const char *p = src->text, *end = src->text + src->len;
  for (unsigned l = 1; l < line; ++l) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
      return false;
    p = eol + 1;
  }
  if (line == 0)
    return false;
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  *text = p;
  *len = (size_t)((eol ? eol : end) - p);
  return true;
}

static void printOne(DiagSource *src, MlirDiagnostic diag) {
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  if (severity == MlirDiagnosticError)
    ++src->numErrors;
  TileStrBuf msg = tileStrBufInit();
  mlirDiagnosticPrint(diag, tileStrBufCallback, &msg);
  MlirStringRef file = {"", 0};
  unsigned line = 0, col = 0;
  bool hasLoc = tileLocationFileLineCol(mlirDiagnosticGetLocation(diag), &file,
                                        &line, &col);
  /* The parser names string buffers "-". */
  bool inInput = hasLoc && (mlirStringRefEqual(file, tileStr("-")) ||
                            mlirStringRefEqual(file, tileStr(src->name)));
  const char *sev = severityName(severity);
  if (!hasLoc)
    fprintf(stderr, "%s: %s: %s\n", src->name, sev, tileStrBufCStr(&msg));
  else if (inInput)
    fprintf(stderr, "%s:%u:%u: %s: %s\n", src->name, line, col, sev,
            tileStrBufCStr(&msg));
  else
    fprintf(stderr, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line,
            col, sev, tileStrBufCStr(&msg));
  const char *text;
  size_t len;
  if (inInput && sourceLine(src, line, &text, &len)) {
    fwrite(text, 1, len, stderr);
    fputc('\n', stderr);
    fprintf(stderr, "%*s^\n", col > 0 ? (int)col - 1 : 0, "");
  }
  tileStrBufFree(&msg);
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
