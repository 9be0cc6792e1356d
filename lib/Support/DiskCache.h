/* A directory of cached results, one file per 256-bit key, shared by
 * processes that may write the same entry at the same time. An entry is
 * written to a temporary file in the directory, synced, then renamed
 * over its name, so a reader sees a whole entry or none. Each carries a
 * header (magic, format version, the writer's version string, the key,
 * the payload's length and SHA-256); a reader trusts nothing that does
 * not match its own: a truncated, damaged or other-version entry is a
 * miss, which the caller then overwrites. Nothing here fails loudly: a
 * miss and a store that did not happen each come with a reason, for
 * callers that want to say why. */
#ifndef TILE_SUPPORT_DISKCACHE_H
#define TILE_SUPPORT_DISKCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Support/Sha256.h"

#define TILE_DISK_CACHE_FORMAT 1
#define TILE_DISK_CACHE_MAGIC "TILECACH"

/* The directory when a caller names none: $TILE_CACHE_DIR, else
 * $XDG_CACHE_HOME/tile, else $HOME/.cache/tile (empty variables count as
 * unset). False when none is set or the path does not fit. */
bool tileDiskCacheDefaultDir(char *dir, size_t size);

/* Whether $TILE_NO_CACHE turns caching off: set to anything but "" or
 * "0". */
bool tileDiskCacheOffByEnv(void);

/* The file that holds `key`'s entry: DIR/<64 hex digits>.tce. */
void tileDiskCacheEntryPath(const char *dir,
                            const uint8_t key[TILE_SHA256_BYTES], char *path,
                            size_t size);

/* Reads `key`'s entry written by `version`. 0 on a hit: *payload
 * (malloc'ed, size bytes, with a NUL after them) holds the payload as it
 * was stored. Non-zero on a miss, with the reason in `why`. */
int tileDiskCacheLoad(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                      const char *version, void **payload, size_t *size,
                      char *why, size_t whySize);

/* Writes `key`'s entry atomically, creating the directory (and its
 * parents) when missing. Returns 0, or non-zero with the reason. */
int tileDiskCacheStore(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       const char *version, const void *payload, size_t size,
                       char *why, size_t whySize);

#endif
