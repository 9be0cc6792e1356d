/* The tile dialect for the layers above it (lib/ and c-api/): loading it
 * into a context, what a kernel is, and the verifier's entry point. The
 * public C API (include/tile-c/Dialect.h) wraps these; code inside the
 * libraries calls these, never the public names (scripts/check-layers.py). */
#ifndef TILE_DIALECT_DIALECT_H
#define TILE_DIALECT_DIALECT_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

/* Loads the upstream dialects tile kernels use and the tile dialect (its
 * IRDL text, embedded at build time); a context that has it keeps it. */
MlirLogicalResult tileDialectLoad(MlirContext ctx);
/* Every upstream dialect, pass and LLVM translation, for pipelines that
 * lower beyond tile's own ops (the pass registry is filled once per
 * process). */
void tileDialectRegisterUpstream(MlirContext ctx);
/* Whether `op` is a func.func marked tile.kernel. */
bool tileOpIsKernel(MlirOperation op);
/* tileParseModule (include/tile-c/Dialect.h): the parser, after refusing
 * with a located error what crashes it (dense arrays of index, nesting
 * deeper than this many brackets: the public TILE_PARSE_MAX_DEPTH). */
#define TILE_DIALECT_MAX_PARSE_DEPTH 512
MlirModule tileDialectParse(MlirContext ctx, MlirStringRef text,
                            MlirStringRef sourceName);
/* The rules IRDL cannot state, at and under `op` (Verifier.c), with
 * located errors. */
MlirLogicalResult tileVerifyOp(MlirOperation op);
/* dialect/tile.irdl.mlir, as embedded. */
MlirStringRef tileDialectSource(void);

#endif
