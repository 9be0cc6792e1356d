/* A tuning candidate's kernel file, parsed and verified in a context of
 * its own (candidates compile on several threads, each in its own
 * context) whose errors are kept, not printed: the first one, as tile-opt
 * prints it, is the line a table shows for a candidate that does not
 * compile. The handler stays attached while the module is compiled, so
 * the compile's errors are caught the same way. */
#ifndef TILE_TUNING_KERNELTEXT_H
#define TILE_TUNING_KERNELTEXT_H

#include <stddef.h>

#include "lib/IR/DiagnosticPrinter.h"
#include "mlir-c/IR.h"

typedef struct {
  TileSourceText source;
  char firstError[1024]; /* "" until an error is reported */
  MlirContext ctx;
  MlirModule module;     /* null when the text does not parse or verify */
} TileKernelText;

/* Parses and verifies `text` (named `name` in locations) into k->module.
 * `k` must stay where it is until tileKernelTextFree (the context's
 * handler points to it). Returns 0, or 1 with k->firstError. */
int tileKernelTextParse(TileKernelText *k, const char *text, size_t len,
                        const char *name);

void tileKernelTextFree(TileKernelText *k);

#endif
