/* Reading a whole file into memory and writing one out, for every tool
 * and loader (kernel files, packages, PTX). Needs neither MLIR nor CUDA. */
#ifndef TILE_SUPPORT_FILE_H
#define TILE_SUPPORT_FILE_H

#include <stddef.h>

/* Reads `path` ("-" is stdin) into a malloc'ed buffer with a NUL after the
 * last byte (not counted in *size). `what` names the file in messages
 * ("kernel file", "package"). Returns 0, or 1 with a message in err. */
int tileReadFile(const char *path, const char *what, char **out,
                 size_t *size, char *err, size_t errSize);

/* Returns 0 if `text` looks like text, or 1 with "PATH: not a text file
 * (...)" in err: it holds a NUL byte, or more than an eighth of its first
 * 4 KiB are control characters other than whitespace. The tools say this
 * in one line instead of echoing binary bytes in a parse error. */
int tileCheckText(const char *path, const char *text, size_t size, char *err,
                  size_t errSize);

/* Writes `size` bytes to `path` (created or truncated; "-" is stdout, as
 * mlir-opt's -o - is). `what` names the
 * file in messages ("package"). Returns 0, or 1 with a message in err. */
int tileWriteFile(const char *path, const char *what, const void *data,
                  size_t size, char *err, size_t errSize);

#endif
