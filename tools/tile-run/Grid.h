/* --grid: one to three integer expressions separated by commas, e.g.
 * 'cdiv(N,128),2'. Integers, + - * / (integer division, truncating),
 * unary minus, parentheses, cdiv(a,b) (a/b rounded up, b > 0) and -D names
 * standing alone. Every dimension must come out >= 1; missing ones are 1. */
#ifndef TILE_RUN_GRID_H
#define TILE_RUN_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "tools/tile-run/Options.h"

/* Evaluates `text` (already ${}-substituted) into grid[3]. Returns 0, or 1
 * with a message naming the grid, the place and the problem. */
int gridEvaluate(const char *text, const Define *defs, size_t numDefs,
                 int64_t grid[3], char *err, size_t errSize);

/* --grid `text` as given: ${NAME}s substituted from `defs`, then
 * evaluated. Returns 0, or 1 with a message. */
int gridSubstituteEvaluate(const char *text, const Define *defs,
                           size_t numDefs, int64_t grid[3], char *err,
                           size_t errSize);

#endif
