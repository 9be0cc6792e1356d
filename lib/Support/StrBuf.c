/* Growable/fixed character buffer; see StrBuf.h. */
#include "lib/Support/StrBuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TileStrBuf tileStrBufFixed(char *storage, size_t size) {
  TileStrBuf b = {storage, 0, size, true};
  storage[0] = '\0';
  return b;
}

void tileStrBufAppend(TileStrBuf *b, const char *data, size_t len) {
  if (b->fixed) {
    size_t room = b->cap - 1 - b->len;
    if (len > room)
      len = room;
  } else if (b->len + len + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + len + 1)
      cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) {
      fputs("tile: out of memory\n", stderr);
      abort();
    }
    b->data = grown;
    b->cap = cap;
  }
  memcpy(b->data + b->len, data, len);
  b->len += len;
  b->data[b->len] = '\0';
}

void tileStrBufAppendStr(TileStrBuf *b, const char *s) {
  tileStrBufAppend(b, s, strlen(s));
}

void tileStrBufPrintf(TileStrBuf *b, const char *fmt, ...) {
  char small[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof small) {
    tileStrBufAppend(b, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big)
    return;
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  tileStrBufAppend(b, big, (size_t)n);
  free(big);
}

void tileStrBufFree(TileStrBuf *b) {
  if (!b->fixed)
    free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}
