/* --verify-diagnostics: match the diagnostics of a chunk against its
 * `// expected-error @+1 {{text}}` comments, like mlir-opt. Designators:
 * none (this line), @+N, @-N, @above, @below, @unknown. A diagnostic matches
 * an expectation of the same severity on the same line whose text it
 * contains. Mismatches are printed as located errors. */
#ifndef TILE_OPT_VERIFYDIAGNOSTICS_H
#define TILE_OPT_VERIFYDIAGNOSTICS_H

#include <stdbool.h>

#include "tools/tile-opt/Diagnostics.h"
#include "tools/tile-opt/Source.h"

/* True when every diagnostic in `st` was expected and every expectation in
 * `chunk` was produced. */
bool verifyChunkDiagnostics(const Source *src, const Chunk *chunk,
                            const DiagState *st);

#endif
