/* The compile option asserts=off (docs/dialect.md, "v2"): every tile.assert at
 * or under an op is erased before lowering, on the CPU and the GPU alike,
 * so an assert costs nothing where it is off. What computed only the
 * condition goes too when it is trivially dead: arith and math ops and the
 * tile ops tile-canonicalize erases unused (a tile.load of the checked
 * data, say). tile.print stays. tile-canonicalize{asserts=off} and
 * tile-to-cpu{asserts=off} run it first. */
#ifndef TILE_TRANSFORMS_STRIPASSERTS_H
#define TILE_TRANSFORMS_STRIPASSERTS_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* Erases the asserts at or under `op`; returns how many there were. */
int tileStripAsserts(MlirOperation op);

/* Parses an asserts= value: "on" (the default) or "off". False for
 * anything else. */
bool tileAssertsParse(const char *value, bool *off);

#endif
