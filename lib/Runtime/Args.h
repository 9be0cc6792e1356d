/* Command-line helpers shared by tile's tools (tile-opt, tile-run,
 * tile-package); no MLIR, so the runtime-only tools use them too. */
#ifndef TILE_RUNTIME_ARGS_H
#define TILE_RUNTIME_ARGS_H

#include <stdbool.h>

/* Matches `arg` against flag `name` ("-o", "-pass-pipeline": callers fold
 * "--flag" to "-flag" first): "-name=value" gives the text after '=',
 * "-name value" takes argv[*i + 1] and advances *i. True when `arg` is this
 * flag; *missing is set when its value is absent. Values point into argv. */
bool tileFlagValue(const char *arg, const char *name, int *i, int argc,
                   char **argv, const char **value, bool *missing);

#endif
