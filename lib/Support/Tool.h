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

/* A tool started by tileToolStart and not yet waited for. */
typedef struct {
  int pid;        /* 0: none */
  int logFd;      /* the file its stdout and stderr go to */
  char tool[256]; /* argv[0], for messages */
} TileToolRun;

/* Starts argv[0] (a path) with argv (NULL-terminated), its stdout and
 * stderr going to the file logPath, and returns without waiting: the caller
 * works on while it runs. Returns 0, or 1 with a message in err. */
int tileToolStart(const char *const *argv, const char *logPath,
                  TileToolRun *run, char *err, size_t errSize);
/* Waits for a started tool and appends its output to `log` (NULL: dropped).
 * Returns 0 when it exited with status 0; otherwise 1 with a message naming
 * the tool and its status in err (the tool's own words are in log). */
int tileToolFinish(TileToolRun *run, TileStrBuf *log, char *err,
                   size_t errSize);

/* Start and finish: runs a tool and waits for it. */
int tileRunTool(const char *const *argv, const char *logPath,
                TileStrBuf *log, char *err, size_t errSize);

#endif
