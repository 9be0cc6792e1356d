/* Reading and rewriting source locations through the C API. */
#ifndef TILE_IR_LOCATION_H
#define TILE_IR_LOCATION_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* The file/line/column a location points at: a FileLineCol location, or the
 * first such location inside a name, call-site (callee) or fused location.
 * False for unknown locations. */
bool tileLocationFileLineCol(MlirLocation loc, MlirStringRef *file,
                             unsigned *line, unsigned *col);

/* Rewrites every FileLineCol location on `op`, its nested ops and block
 * arguments whose file name is `from` into the same position in `to`. The
 * C API parses strings under the name "-"; tools use this to put the real
 * file name into the IR. */
void tileRenameLocations(MlirOperation op, MlirStringRef from, MlirStringRef to);

#endif
