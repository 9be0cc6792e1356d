/* The input of tile-opt: the whole file in memory, split into chunks at
 * `// -----` lines for --split-input-file, with line numbers kept. */
#ifndef TILE_OPT_SOURCE_H
#define TILE_OPT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *text;  /* points into Source.text */
  size_t len;
  unsigned firstLine; /* 1-based line of text[0] in the file */
} Chunk;

typedef struct {
  char *text;
  size_t len;
  const char *name; /* as shown in diagnostics: the path, or "<stdin>" */
  Chunk *chunks;
  size_t numChunks;
} Source;

/* Reads `path` ("-" is stdin). On failure writes a message to `err`. */
bool sourceRead(Source *src, const char *path, char *err, size_t errSize);
/* Splits at lines that start with `marker` (after spaces). Without
 * splitting, the whole file is one chunk. */
void sourceSplit(Source *src, bool split, const char *marker);
void sourceFree(Source *src);

#endif
