/* What the GPU options (GpuOptions.c; their interface is GpuCompile.h)
 * give the compile driver besides: where the CUDA toolkit was looked
 * for, for the message when none was found. */
#ifndef TILE_TARGET_GPUOPTIONS_H
#define TILE_TARGET_GPUOPTIONS_H

#include <stddef.h>

#include "lib/Target/GpuCompile.h"

/* Where the toolkit was looked for, for messages. */
void tileGpuToolkitSearched(const TileGpuOptions *o, char *out, size_t size);

#endif
