/* Variant files: several packages of one kernel, each tuned for the
 * launch shapes it names (or none: the default), with the grid it was
 * tuned with, so a program launches the tuned variant for its arguments
 * without tuning (tile-c/Runtime.h, "Variants"; tile-run --save-variant
 * writes them). The format, little-endian:
 *
 *   "TILEVARS"  u32 version (1)  u32 count
 *   count x { u32 keyLength, key bytes ("" for the default),
 *             i64 grid[3] (0 0 0 for the default),
 *             u64 packageLength, a whole package (Package.h) }
 *   u64 checksum (tilePackageChecksum of every byte before it)
 *
 * and nothing after. Every package is read and validated as a package
 * file is; all are of one kernel with one argument list; keys are unique,
 * at most one is the default. */
#ifndef TILE_RUNTIME_VARIANTS_H
#define TILE_RUNTIME_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"
#include "lib/Support/StrBuf.h"
#include "tile-c/Runtime.h"

#define TILE_VARIANTS_MAGIC "TILEVARS"
#define TILE_VARIANTS_VERSION 1
#define TILE_VARIANTS_MAX 1024

/* The shape key of a launch with `args`, whose element types are
 * `dtypes`: each argument as "f16 4096x4096" (a memref's element type and
 * shape) or its value (a scalar), joined by "; ". Variant files and the
 * tuning cache (tools/tile-run/Tune.c) key launches on it. */
void tileLaunchShapeKey(const TileDType *dtypes, const TileRuntimeArg *args,
                        int numArgs, TileStrBuf *out);
/* The same for a launch of package `p`, its element types. */
void tileVariantShapeKey(const TileRuntimePackage *p,
                         const TileRuntimeArg *args, int numArgs,
                         TileStrBuf *out);

/* Adds the package `package` (size bytes) to the variant file `path`
 * (created when missing) under `key` with `grid`, replacing a variant
 * of the same key; the file is written whole to a temporary file and
 * renamed over. Returns 0, or 1 with a message. */
int tileVariantsAdd(const char *path, const char *key, const int64_t grid[3],
                    const void *package, size_t size, char *err,
                    size_t errSize);

/* Whether a file starts with the variant-file magic. */
int tileVariantsFileIs(const char *path);

#endif
