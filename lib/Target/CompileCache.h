/* The compile cache in front of tileGpuCompile: a PTX, cubin or package
 * output compiled before is read back from a directory instead of
 * compiled again (lib/Support/DiskCache.h writes and checks the files).
 *
 * An entry's key is the SHA-256 of everything the output depends on:
 *   - the compiler: tile's version, LLVM's, the package format's, the
 *     fingerprint of the sources it was built from (generated at build
 *     time: every program built from one tree shares entries, and an
 *     edit rebuilt never reads an older build's), libMLIR's and
 *     libLLVM's build ids when they are shared (lib/Support/BuildId.h),
 *     and the process-wide LLVM options tile set;
 *   - the options (tileOptionsFormat, lib/Transforms/Options.h) and the output kind;
 *   - the CUDA toolkit: its root and the size and modification time of
 *     ptxas, fatbinary and libdevice (cheaper than running
 *     `ptxas --version`, and it also sees a patched or replaced file);
 *   - the module's attributes and the kernel, printed in MLIR's generic
 *     form without locations: whitespace, comments, SSA names and where
 *     the kernel sits in its file do not matter.
 * The remarks a compile gave are kept with its output and given again,
 * at the same ops, on a hit.
 *
 * The cache is never the reason a compile fails: a directory that cannot
 * be made or written, or an entry that does not check, is a miss (the
 * result is compiled, and written over the bad entry when it can be). */
#ifndef TILE_TARGET_COMPILECACHE_H
#define TILE_TARGET_COMPILECACHE_H

#include <stdbool.h>

#include "lib/Support/Sha256.h"
#include "lib/Target/GpuCompile.h"

/* What the cache did for one compile, for tools that say it
 * (TILE_CACHE_VERBOSE) and for tests. */
typedef struct TileCacheReport {
  bool consulted;   /* the cache was looked in */
  bool hit;         /* the output came from it */
  bool stored;      /* a miss whose output was written to it */
  char entry[1024]; /* the entry's file, when consulted */
  char note[512];   /* why it was not consulted, why a miss, why the
                       output was not written */
} TileCacheReport;

/* The report in one line: "cache: hit ENTRY", "cache: miss (WHY),
 * stored ENTRY", "cache: miss (WHY; not stored: WHY)" or "cache: off
 * ..." (the tools print it to stderr when $TILE_CACHE_VERBOSE is set). */
void tileCacheReportDescribe(const TileCacheReport *r, char *out,
                             size_t size);
/* Whether $TILE_CACHE_VERBOSE asks the tools for that line. */
bool tileCacheVerbose(void);

/* The identity of this compiler and the toolkit `o` finds, as a hash:
 * what the compile cache's keys start from (tile's version and sources,
 * LLVM's, the package format, LLVM's options, ptxas and friends). The
 * tuning cache keys on it too. */
void tileGpuCompilerKey(const TileGpuOptions *o,
                        uint8_t key[TILE_SHA256_BYTES]);

/* One compile's use of the cache. */
typedef struct TileGpuCache TileGpuCache;

/* Keys the compile of kernel `name` of `module` with `o` into `emit`.
 * NULL when the cache stays out of it: no directory, $TILE_NO_CACHE, an
 * IR output, IR dumps asked for, no kernel to key (the compile then says
 * so), no identity for the running build. */
TileGpuCache *tileGpuCacheOpen(MlirModule module, const char *name,
                               const TileGpuOptions *o, TileEmit emit);
/* True on a hit: the outputs are set as tileGpuCompile sets them (the
 * module is left unchanged), and the compile's remarks are given to
 * o->remarks again. */
bool tileGpuCacheRead(TileGpuCache *c, void **outBytes, size_t *outSize,
                      TilePackage *outPackage);
/* The remarks the compile on a miss should give: the caller's, recorded
 * for the entry on their way. */
TileGpuRemarks tileGpuCacheRemarks(TileGpuCache *c);
/* Writes the output of the compile on a miss: `package` for a package,
 * else the bytes. */
void tileGpuCacheWrite(TileGpuCache *c, const void *bytes, size_t size,
                       const TilePackage *package);
void tileGpuCacheClose(TileGpuCache *c);

/* Records the process-wide LLVM options tile set (tileSetProcessLlvmOptions),
 * which change the code LLVM writes, for the compiler's identity. */
void tileGpuCacheNoteLlvmOptions(const char *options);

#endif
