/* Printing MLIR diagnostics the way compilers do:
 *   file.mlir:12:8: error: message
 *     <the source line>
 *          ^
 * for tools that hold the source text (tile-opt, tile-run). The C API
 * parses strings under the buffer name "-", which is shown as the source's
 * name. */
#ifndef TILE_IR_DIAGNOSTICPRINTER_H
#define TILE_IR_DIAGNOSTICPRINTER_H

#include <stddef.h>
#include <stdio.h>

#include "mlir-c/Diagnostics.h"

typedef struct {
  const char *name; /* as shown: the path, or "<stdin>" */
  const char *text; /* the whole source (line numbers count from it) */
  size_t len;
} TileSourceText;

const char *tileSeverityName(MlirDiagnosticSeverity severity);
/* Prints `diag` (not its notes) to `out`. */
void tilePrintDiagnostic(FILE *out, const TileSourceText *src,
                         MlirDiagnostic diag);
/* Prints `diag` and then each of its notes. */
void tilePrintDiagnosticAndNotes(FILE *out, const TileSourceText *src,
                                 MlirDiagnostic diag);
/* Prints a remark at `loc` the same way (the C API cannot emit remarks
 * through the context, so the compiler hands them to a callback). */
void tilePrintRemark(FILE *out, const TileSourceText *src, MlirLocation loc,
                     const char *message);

#endif
