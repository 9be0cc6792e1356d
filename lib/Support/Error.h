/* The libraries' one error convention (docs/architecture.md, "Errors").
 *
 * A fallible call returns int: 0 on success, else 1, or a TileStatusCode
 * (tile-c/Runtime.h) where the failure has a kind the public runtime API
 * reports (no driver, wrong chip, a newer package format, ...), with a
 * one-line message naming the input in the caller's buffer (err, errSize).
 * Results come back through out parameters. Code that reports about IR
 * emits an MLIR diagnostic at the op's location and returns
 * MlirLogicalResult instead. `bool` is only for questions (is, has, fits,
 * found without a reason) and never carries a message.
 * scripts/check-errors.py holds lib/, dialect/ and c-api/ to this. */
#ifndef TILE_SUPPORT_ERROR_H
#define TILE_SUPPORT_ERROR_H

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
