/* A growable (or fixed, truncating) character buffer; lib/IR/IR.h's
 * tileStrBufCallback makes it the MlirStringCallback that C API printers
 * write through. */
#ifndef TILE_SUPPORT_STRBUF_H
#define TILE_SUPPORT_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *data;   /* always NUL-terminated once anything was written */
  size_t len;
  size_t cap;
  bool fixed;   /* caller-owned storage: truncate instead of growing */
} TileStrBuf;

/* A heap buffer; release with tileStrBufFree. */
static inline TileStrBuf tileStrBufInit(void) {
  TileStrBuf b = {0, 0, 0, false};
  return b;
}
/* Wrap caller storage of `size` bytes (size > 0). */
TileStrBuf tileStrBufFixed(char *storage, size_t size);
void tileStrBufAppend(TileStrBuf *b, const char *data, size_t len);
void tileStrBufAppendStr(TileStrBuf *b, const char *s);
void tileStrBufPrintf(TileStrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tileStrBufFree(TileStrBuf *b);
/* The contents as a C string ("" when empty). */
static inline const char *tileStrBufCStr(const TileStrBuf *b) {
  return b->data ? b->data : "";
}

#endif
