/* tile-run's diagnostic handler: MLIR errors about the kernel file (parse,
 * verify, lowering) print as `file:line:col: error: message` with the
 * source line and a caret, as tile-opt prints them. Lines are those of the
 * file after -D substitution (which never adds or removes lines). */
#ifndef TILE_RUN_DIAGNOSTICS_H
#define TILE_RUN_DIAGNOSTICS_H

#ifndef TILE_RUN_NO_COMPILER

#include <stddef.h>

#include "mlir-c/IR.h"

typedef struct {
  const char *name;  /* the kernel file as given */
  const char *text;  /* its substituted text */
  size_t len;
  unsigned numErrors;
} DiagSource;

/* Attaches the handler to `ctx`; `src` must outlive the context. */
void diagAttach(MlirContext ctx, DiagSource *src);

#endif
#endif
