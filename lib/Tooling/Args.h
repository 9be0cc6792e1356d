/* Command-line helpers shared by tile's tools (tile-opt, tile-run,
 * tile-package): flags, byte sizes, and the limits an argument array must
 * meet, weighed from its spec before it is generated or read. No MLIR, so
 * the runtime-only tools use them too. */
#ifndef TILE_TOOLING_ARGS_H
#define TILE_TOOLING_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Index64.h"

/* Matches `arg` against flag `name` ("-o", "-pass-pipeline": callers fold
 * "--flag" to "-flag" first): "-name=value" gives the text after '=',
 * "-name value" takes argv[*i + 1] and advances *i. True when `arg` is this
 * flag; *missing is set when its value is absent. Values point into argv. */
bool tileFlagValue(const char *arg, const char *name, int *i, int argc,
                   char **argv, const char **value, bool *missing);

/* A byte count: decimal digits with an optional K, M, G or T suffix
 * (powers of 1024), e.g. "16G". False unless it is one from 1 to
 * INT64_MAX. */
bool tileParseBytes(const char *s, int64_t *out);

/* "16 GiB", "1.5 MiB", "100 bytes": a byte count for messages. */
void tileFormatBytes(int64_t bytes, char *buf, size_t size);

/* One host array of more than this (8 GiB) is refused unless an option
 * raises the limit: a typo such as 2^32 elements would otherwise take
 * minutes to generate and much of the host's memory. It admits every array
 * of 4-byte elements that 32-bit indexing reaches. */
#define TILE_DEFAULT_MAX_ARG_BYTES ((int64_t)8 << 30)

/* What an argument array may be, checked before it exists. */
typedef struct {
  int64_t maxBytes;          /* host memory for one array */
  const char *maxBytesFlag;  /* the option that raises maxBytes, for messages */
  /* 32: the array goes to a GPU package compiled with index-bits=32,
   * which cannot index 2^31 elements or more (the runtime refuses them
   * again at launch); 0: no such limit (the CPU, or a compile that will
   * choose 64 bits for it). */
  int indexBits;
} TileArgLimits;

/* Whether an array of `elements` elements and `bytes` bytes may be kernel
 * argument #index (of type `type`) under `limits`. `what` names the array
 * and its size ("generated input 'randn:2147483648xf32' has shape
 * 2147483648"); the message goes on with the limit:
 *   argument #0 (memref<?xf32>): <what>, 2^31 or more elements, which a
 *   package compiled with index-bits=32 cannot index (...) */
int tileArgCheckSize(int index, const char *type, const char *what,
                     int64_t elements, int64_t bytes,
                     const TileArgLimits *limits, char *err, size_t errSize);

#endif
