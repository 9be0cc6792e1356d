/* tile-opt --show-dialects: the dialects a context can parse, listed as
 * mlir-opt lists them. */
#ifndef TILE_OPT_SHOWDIALECTS_H
#define TILE_OPT_SHOWDIALECTS_H

#include <stdio.h>

#include "mlir-c/IR.h"

/* Prints "Available Dialects: a,b,..." (sorted, one line) to `out`: each
 * dialect `ctx` has loaded or can load, tile's included. Loads them all.
 * Returns how many registered dialects the list could not name (the C API
 * only counts them); 0 when it is complete. */
int printDialects(FILE *out, MlirContext ctx);

#endif
