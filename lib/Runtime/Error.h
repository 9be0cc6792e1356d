/* The runtime's error convention: fallible calls return 0, or non-zero
 * with a one-line message in the caller's buffer (err, errSize). The
 * non-zero value is 1, or a TileStatusCode (tile-c/Runtime.h) where the
 * failure has a kind the public API reports (no driver, wrong chip, a newer
 * package format, ...). */
#ifndef TILE_RUNTIME_ERROR_H
#define TILE_RUNTIME_ERROR_H

#include <stddef.h>

/* What internal calls return for TILE_STATUS_INVALID_ARGUMENT, whose
 * value (1) is also the plain failure's. */
#define TILE_FAIL_INVALID_ARGUMENT 100

/* Formats the message into err and returns 1, so `return tileFail(...)`. */
int tileFail(char *err, size_t errSize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same, returning `code` (a TileStatusCode). */
int tileFailCode(int code, char *err, size_t errSize, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
