/* tile-opt --tile-compile --emit=c / c-driver: the kernel as a C header
 * and source (lib/Target/AotC.h), the source to -o DIR/NAME.c and the
 * header beside it, DIR/NAME.h. */
#ifndef TILE_OPT_EMITC_H
#define TILE_OPT_EMITC_H

#include <stdbool.h>

#include "lib/Support/StrBuf.h"
#include "lib/Target/GpuCompile.h"
#include "tools/tile-opt/Options.h"
#include "tools/tile-opt/Source.h"

/* Compiles and emits; the source goes to `out` (main writes it to -o),
 * the header is written here. Messages go to stderr. */
bool emitC(const Options *o, const Source *src, MlirModule m,
           const TileGpuOptions *gpu, TileStrBuf *out);

#endif
