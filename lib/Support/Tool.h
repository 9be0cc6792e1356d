/* Running an external program of the CUDA toolkit (ptxas, fatbinary) on
 * files in a private temporary folder, with its output kept for messages.
 * POSIX only; needs neither MLIR nor CUDA. */
#ifndef TILE_SUPPORT_TOOL_H
#define TILE_SUPPORT_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Support/StrBuf.h"

/* A folder under $TMPDIR (or /tmp) that tileScratchDestroy removes with the
 * files made in it. */
typedef struct {
  char dir[256];
} TileScratch;

/* Returns 0, or 1 with a message in err. */
int tileScratchCreate(TileScratch *s, char *err, size_t errSize);
/* "<dir>/<name>" into path. */
void tileScratchPath(const TileScratch *s, const char *name, char *path,
                     size_t size);
/* Writes `size` bytes to the file `name` of the folder. 0, or 1 + err. */
int tileScratchWrite(const TileScratch *s, const char *name, const void *data,
                     size_t size, char *err, size_t errSize);
void tileScratchDestroy(TileScratch *s);

/* Runs argv[0] (a path) with argv (NULL-terminated), its stdout and stderr
 * appended to `log`, and waits. Returns 0 when it exited with status 0;
 * otherwise 1 with a message naming the tool and its status in err (the
 * tool's own words are in log). */
int tileRunTool(const char *const *argv, TileStrBuf *log, char *err,
                size_t errSize);

#endif
