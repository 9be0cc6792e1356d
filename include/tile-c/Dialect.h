/* tile's public C API: the dialect.
 *
 * An embedding compiler creates (or brings) an MlirContext, loads the tile
 * dialect into it, builds or parses kernels, and checks them with
 * tileVerify. Every function here reports problems through the context's
 * diagnostic engine, located at the offending op. */
#ifndef TILE_C_DIALECT_H
#define TILE_C_DIALECT_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the upstream dialects tile kernels use (builtin, func, arith,
 * math, scf, tensor, memref) and loads them and the tile dialect into `ctx`.
 * The tile dialect comes from the IRDL definition embedded in the library.
 * Loading twice is harmless. */
MlirLogicalResult tileContextLoadDialects(MlirContext ctx);

/* Creates a context with tileContextLoadDialects applied, or a null context
 * if the embedded dialect failed to load (a diagnostic says why). Release
 * with mlirContextDestroy. */
MlirContext tileContextCreate(void);

/* Registers, without loading, every upstream dialect, pass and LLVM IR
 * translation: upstream passes can then be named in pipelines, any
 * upstream IR parses, and tile's CPU and GPU lowerings find the dialects
 * they produce. Only the dialects a module uses get loaded. */
void tileContextRegisterUpstream(MlirContext ctx);

/* Checks every rule of the tile dialect that IRDL cannot state (shapes,
 * element types, ranks, power-of-two dimensions, operand pairs, ...) on `op`
 * and everything nested in it. Each broken rule is one located error naming
 * the op and the rule; the result is failure if there was any. */
MlirLogicalResult tileVerify(MlirOperation op);

/* The deepest nesting of brackets ( [ { < that tileParseModule accepts:
 * MLIR's parser recurses per level and overflows an 8 MiB stack at some
 * thousands (regions about 3000 deep, attribute arrays about 10000). */
#define TILE_PARSE_MAX_DEPTH 512

/* Parses `text` into a module, as mlirModuleCreateParse does, with its
 * locations named `sourceName`, but first refuses, with a located error
 * through the context's diagnostic handlers, what crashes MLIR 22's
 * parser: dense arrays of `index` (`array<index: ...>`) and nesting deeper
 * than TILE_PARSE_MAX_DEPTH. Returns a null module on any error. Does not
 * run tileVerify. */
MlirModule tileParseModule(MlirContext ctx, MlirStringRef text,
                           MlirStringRef sourceName);

/* Whether `op` is a tile kernel: a func.func carrying the unit attribute
 * `tile.kernel`. */
bool tileIsKernel(MlirOperation op);

/* The embedded IRDL text of the dialect (what tileContextLoadDialects
 * loads), for tools that want to show or save it. */
MlirStringRef tileDialectIRDLSource(void);

/* The library version, e.g. "0.1.0". */
const char *tileVersion(void);

#ifdef __cplusplus
}
#endif

#endif
