/* Printing diagnostics with the source line; see DiagnosticPrinter.h. */
#include "lib/IR/DiagnosticPrinter.h"

#include <stdbool.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "lib/Support/StrBuf.h"

const char *tileSeverityName(MlirDiagnosticSeverity severity) {
  switch (severity) {
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

/* The text of 1-based `line` of the source, without its newline. */
static bool sourceLine(const TileSourceText *src, unsigned line,
                       const char **text, size_t *len) {
  if (line == 0 || !src->text)
    return false;
  const char *p = src->text, *end = src->text + src->len;
  for (unsigned l = 1; l < line; ++l) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
      return false;
    p = eol + 1;
  }
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  *text = p;
  *len = (size_t)((eol ? eol : end) - p);
  return true;
}

static void printLocated(FILE *out, const TileSourceText *src,
                         MlirLocation loc, const char *sev, const char *msg) {
  MlirStringRef file = {"", 0};
  unsigned line = 0, col = 0;
  bool hasLoc = tileLocationFileLineCol(loc, &file, &line, &col);
  bool inSource = hasLoc && (mlirStringRefEqual(file, tileStr("-")) ||
                             mlirStringRefEqual(file, tileStr(src->name)));
  if (!hasLoc)
    fprintf(out, "%s: %s: %s\n", src->name, sev, msg);
  else if (inSource)
    fprintf(out, "%s:%u:%u: %s: %s\n", src->name, line, col, sev, msg);
  else
    fprintf(out, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line,
            col, sev, msg);
  const char *text;
  size_t len;
  if (inSource && sourceLine(src, line, &text, &len)) {
    fwrite(text, 1, len, out); /* the line may hold NUL bytes */
    fputc('\n', out);
    fprintf(out, "%*s^\n", col > 0 ? (int)col - 1 : 0, "");
  }
}

void tilePrintDiagnostic(FILE *out, const TileSourceText *src,
                         MlirDiagnostic diag) {
  TileStrBuf msg = tileStrBufInit();
  mlirDiagnosticPrint(diag, tileStrBufCallback, &msg);
  printLocated(out, src, mlirDiagnosticGetLocation(diag),
               tileSeverityName(mlirDiagnosticGetSeverity(diag)),
               tileStrBufCStr(&msg));
  tileStrBufFree(&msg);
}

void tilePrintDiagnosticAndNotes(FILE *out, const TileSourceText *src,
                                 MlirDiagnostic diag) {
  tilePrintDiagnostic(out, src, diag);
  intptr_t n = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < n; ++i)
    tilePrintDiagnostic(out, src, mlirDiagnosticGetNote(diag, i));
}

void tilePrintRemark(FILE *out, const TileSourceText *src, MlirLocation loc,
                     const char *message) {
  printLocated(out, src, loc, "remark", message);
}
