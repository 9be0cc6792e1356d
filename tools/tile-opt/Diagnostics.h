/* tile-opt's diagnostic handler: prints `file:line:col: error: message`
 * with the source line and a caret, or, for --verify-diagnostics, collects
 * the diagnostics for VerifyDiagnostics.c to match. */
#ifndef TILE_OPT_DIAGNOSTICS_H
#define TILE_OPT_DIAGNOSTICS_H

#include <stdbool.h>

#include "mlir-c/Diagnostics.h"
#include "tools/tile-opt/Source.h"

typedef struct {
  MlirDiagnosticSeverity severity;
  bool hasLoc;
  bool inInput;  /* the location is in the input file */
  unsigned line, col;
  char *message;
} Diag;

typedef struct {
  const Source *src;
  bool collect;       /* keep diagnostics instead of printing them */
  Diag *diags;
  size_t numDiags, cap;
  unsigned numErrors; /* errors seen since the last diagReset */
} DiagState;

/* Attaches the handler to `ctx` for the lifetime of the context. */
void diagAttach(MlirContext ctx, DiagState *state);
/* Drops collected diagnostics and zeroes the error count. */
void diagReset(DiagState *state);
const char *diagSeverityName(MlirDiagnosticSeverity s);

#endif
