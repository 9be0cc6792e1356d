/* The lines tile-run prints after a run, one per memref argument written
 * or checked: index, type, dtype, shape, min, max, mean (NaNs counted
 * apart), so a run shows at a glance whether its outputs are plausible. */
#ifndef TILE_RUN_SUMMARY_H
#define TILE_RUN_SUMMARY_H

#include <stdio.h>

#include "lib/Support/HostArray.h"

/* Prints "#2 memref<?xf32>: f32 4096: min -1.5 max 3.25 mean 0.0123" and
 * `note` (e.g. "-> z.npy, check ok") to `f`. */
void summaryPrint(FILE *f, int index, const char *type,
                  const TileHostArray *a, const char *note);

#endif
