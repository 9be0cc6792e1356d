/* Which build of a shared library is loaded: the GNU build-id note that
 * the linker writes into it (a hash of the linked contents). The compile
 * cache puts libMLIR's and libLLVM's, where they are shared, beside the
 * fingerprint of tile's own sources in its compiler version
 * (lib/Target/CompileCache.c), so an upgraded library never reads what
 * an older one wrote. */
#ifndef TILE_SUPPORT_BUILDID_H
#define TILE_SUPPORT_BUILDID_H

#include <stdbool.h>
#include <stddef.h>

/* The identity of the first loaded shared library whose file name holds
 * `name` ("libLLVM"): "gnu:5f05c05adf8dbb3b"; false when none is loaded
 * (the code was linked statically) or it has no note. Safe from any
 * thread. */
bool tileBuildIdOfLibrary(const char *name, char *id, size_t size);

#endif
