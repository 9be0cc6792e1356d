/* Which build of some code is running: the GNU build-id note that the
 * linker writes into the executable or shared library holding it (a hash
 * of the linked contents, so any change to the code, rebuilt with or
 * without reconfiguring, gives another), or, where there is no such note,
 * the file's path, size and modification time. The compile cache puts
 * those of tile's, MLIR's and LLVM's code in its compiler version, so a
 * rebuilt or upgraded compiler never reads what an older one wrote. */
#ifndef TILE_SUPPORT_BUILDID_H
#define TILE_SUPPORT_BUILDID_H

#include <stdbool.h>
#include <stddef.h>

/* The identity of the loaded object whose code holds `address`:
 * "gnu:5f05c05adf8dbb3b", or "file:/path/tile-opt:123:1732...". False
 * when neither can be found. Safe from any thread. */
bool tileBuildIdOf(const void *address, char *id, size_t size);

/* The identity of the first loaded shared library whose file name holds
 * `name` ("libLLVM"); false when none is loaded (the code was linked
 * statically) or it has no identity. */
bool tileBuildIdOfLibrary(const char *name, char *id, size_t size);

#endif
