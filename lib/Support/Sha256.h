/* SHA-256 (FIPS 180-4), for keys that must not collide: the compile
 * cache's (lib/Target/CompileCache.h) names entries by the hash of what
 * the output depends on and checks each payload against the hash stored
 * beside it. Streaming: init, update any number of times, final. */
#ifndef TILE_SUPPORT_SHA256_H
#define TILE_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define TILE_SHA256_BYTES 32

typedef struct {
  uint32_t state[8];
  uint64_t length;      /* bytes hashed so far */
  uint8_t block[64];    /* the partial block */
  size_t blockLength;
} TileSha256;

void tileSha256Init(TileSha256 *s);
void tileSha256Update(TileSha256 *s, const void *data, size_t size);
/* Ends the hash; `s` must be initialized again before reuse. */
void tileSha256Final(TileSha256 *s, uint8_t digest[TILE_SHA256_BYTES]);
/* The hash of one buffer. */
void tileSha256(const void *data, size_t size,
                uint8_t digest[TILE_SHA256_BYTES]);
/* `digest` as 64 lowercase hex digits and a NUL. */
void tileSha256Hex(const uint8_t digest[TILE_SHA256_BYTES],
                   char hex[2 * TILE_SHA256_BYTES + 1]);

#endif
