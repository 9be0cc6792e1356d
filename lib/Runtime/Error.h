/* The runtime's error convention: fallible calls return 0, or 1 with a
 * one-line message in the caller's buffer (err, errSize). */
#ifndef TILE_RUNTIME_ERROR_H
#define TILE_RUNTIME_ERROR_H

#include <stddef.h>

/* Formats the message into err and returns 1, so `return tileFail(...)`. */
int tileFail(char *err, size_t errSize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
