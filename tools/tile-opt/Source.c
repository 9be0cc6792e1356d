/* Reading and splitting tile-opt's input; see Source.h. */
#include "tools/tile-opt/Source.h"

#include "lib/Support/File.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sourceRead(Source *src, const char *path, char *err, size_t errSize) {
  memset(src, 0, sizeof *src);
  if (tileReadFile(path, "input file", &src->text, &src->len, err, errSize))
    return false;
  src->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
  if (tileCheckText(src->name, src->text, src->len, err, errSize)) {
    free(src->text);
    src->text = NULL;
    return false;
  }
  return true;
}

/* Whether the line starting at `p` is a split marker. */
static bool isMarker(const char *p, const char *end, const char *marker) {
  while (p < end && (*p == ' ' || *p == '\t'))
    ++p;
  size_t m = strlen(marker);
  return (size_t)(end - p) >= m && memcmp(p, marker, m) == 0;
}

void sourceSplit(Source *src, bool split, const char *marker) {
  size_t cap = 8;
  src->chunks = malloc(cap * sizeof *src->chunks);
  src->numChunks = 0;
  const char *start = src->text, *end = src->text + src->len;
  unsigned startLine = 1, line = 1;
  for (const char *p = src->text; split && p < end;) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *next = eol ? eol + 1 : end;
    if (isMarker(p, eol ? eol : end, marker)) {
      if (src->numChunks == cap)
        src->chunks = realloc(src->chunks, (cap *= 2) * sizeof *src->chunks);
      src->chunks[src->numChunks++] =
          (Chunk){start, (size_t)(p - start), startLine};
      start = next;
      startLine = line + 1;
    }
    p = next;
    ++line;
  }
  if (src->numChunks == cap)
    src->chunks = realloc(src->chunks, (cap + 1) * sizeof *src->chunks);
  src->chunks[src->numChunks++] = (Chunk){start, (size_t)(end - start),
                                          startLine};
}

void sourceFree(Source *src) {
  free(src->text);
  free(src->chunks);
  memset(src, 0, sizeof *src);
}
