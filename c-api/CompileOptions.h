/* The public compile options (tile-c/Compile.h) as the GPU compile takes
 * them (lib/Target/GpuCompile.h), for the C API's compile and tuning
 * entry points alike. */
#ifndef TILE_CAPI_COMPILEOPTIONS_H
#define TILE_CAPI_COMPILEOPTIONS_H

#include <stddef.h>

#include "lib/Target/GpuCompile.h"
#include "tile-c/Compile.h"

/* `options` (NULL: the defaults) into *o: each field through the option
 * table, so the C API refuses what --tile-compile refuses, in the same
 * words; then `options->options` by key; the remark callback; the
 * compile cache. Returns 0, or 1 with a message. */
int tileCapiGpuOptions(const TileCompileOptions *options, TileGpuOptions *o,
                       char *err, size_t errSize);

#endif
