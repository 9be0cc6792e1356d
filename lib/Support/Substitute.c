/* ${NAME} substitution; see Substitute.h. Needs no MLIR (so no StrBuf). */
#include "tools/tile-run/Substitute.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool substituteIsName(const char *s, size_t len) {
  if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (size_t i = 1; i < len; ++i)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
      return false;
  return true;
}

const char *substituteLookup(const Define *defs, size_t numDefs,
                             const char *name, size_t len) {
  for (size_t i = numDefs; i-- > 0;)
    if (strlen(defs[i].name) == len && memcmp(defs[i].name, name, len) == 0)
      return defs[i].value;
  return NULL;
}

typedef struct {
  char *data;
  size_t len, cap;
} Buf;

static void append(Buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) {
      fputs("tile-run: out of memory\n", stderr);
      abort();
    }
    b->data = grown;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

/* "what:LINE: " or "what: " in front of a message. */
static int where(char *err, size_t errSize, const char *what, bool withLines,
                 unsigned line) {
  int n = withLines ? snprintf(err, errSize, "%s:%u: ", what, line)
                    : snprintf(err, errSize, "%s: ", what);
  return n < 0 ? 0 : ((size_t)n >= errSize ? (int)errSize - 1 : n);
}

char *substitute(const char *text, size_t len, const Define *defs,
                 size_t numDefs, const char *what, bool withLines,
                 size_t *outLen, char *err, size_t errSize) {
  Buf out = {NULL, 0, 0};
  append(&out, "", 0);
  unsigned line = 1;
  size_t i = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && !(text[j] == '$' && j + 1 < len && text[j + 1] == '{'))
      line += text[j++] == '\n';
    if (j > i) {
      append(&out, text + i, j - i);
      i = j;
      continue;
    }
    const char *name = text + i + 2;
    size_t n = 0;
    while (i + 2 + n < len && name[n] != '}' && name[n] != '\n')
      ++n;
    int at = where(err, errSize, what, withLines, line);
    if (i + 2 + n >= len || name[n] != '}') {
      snprintf(err + at, errSize - (size_t)at, "unterminated '${' (expected ${NAME})");
      free(out.data);
      return NULL;
    }
    if (!substituteIsName(name, n)) {
      snprintf(err + at, errSize - (size_t)at,
               "'${%.*s}': a name is letters, digits and '_'", (int)n, name);
      free(out.data);
      return NULL;
    }
    const char *value = substituteLookup(defs, numDefs, name, n);
    if (!value) {
      snprintf(err + at, errSize - (size_t)at,
               "'${%.*s}' is not defined (use -D %.*s=VALUE)", (int)n, name,
               (int)n, name);
      free(out.data);
      return NULL;
    }
    append(&out, value, strlen(value));
    i += n + 3;
  }
  if (outLen)
    *outLen = out.len;
  return out.data;
}
