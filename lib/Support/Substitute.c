/* ${NAME} substitution; see Substitute.h. */
#include "lib/Support/Substitute.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/StrBuf.h"

bool tileIsName(const char *s, size_t len) {
  if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (size_t i = 1; i < len; ++i)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
      return false;
  return true;
}

const char *tileDefineLookup(const TileDefine *defs, size_t numDefs,
                             const char *name, size_t len) {
  for (size_t i = numDefs; i-- > 0;)
    if (strlen(defs[i].name) == len && memcmp(defs[i].name, name, len) == 0)
      return defs[i].value;
  return NULL;
}

/* "what:LINE: " or "what: " in front of a message. */
static int where(char *err, size_t errSize, const char *what, bool withLines,
                 unsigned line) {
  int n = withLines ? snprintf(err, errSize, "%s:%u: ", what, line)
                    : snprintf(err, errSize, "%s: ", what);
  return n < 0 ? 0 : ((size_t)n >= errSize ? (int)errSize - 1 : n);
}

int tileSubstitute(const char *text, size_t len, const TileDefine *defs,
                   size_t numDefs, const char *what, bool withLines,
                   const char *defineFlag, char **out, size_t *outLen,
                   char *err, size_t errSize) {
  TileStrBuf b = tileStrBufInit();
  tileStrBufAppend(&b, "", 0);
  *out = NULL;
  unsigned line = 1;
  size_t i = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && !(text[j] == '$' && j + 1 < len && text[j + 1] == '{'))
      line += text[j++] == '\n';
    if (j > i) {
      tileStrBufAppend(&b, text + i, j - i);
      i = j;
      continue;
    }
    const char *name = text + i + 2;
    size_t n = 0;
    while (i + 2 + n < len && name[n] != '}' && name[n] != '\n')
      ++n;
    int at = where(err, errSize, what, withLines, line);
    char *rest = err + at;
    size_t restSize = errSize - (size_t)at;
    const char *value = NULL;
    if (i + 2 + n >= len || name[n] != '}')
      snprintf(rest, restSize, "unterminated '${' (expected ${NAME})");
    else if (!tileIsName(name, n))
      snprintf(rest, restSize,
               "'${%.*s}': a name is letters, digits and '_'", (int)n, name);
    else if (!(value = tileDefineLookup(defs, numDefs, name, n)) &&
             defineFlag)
      snprintf(rest, restSize, "'${%.*s}' is not defined (use %s %.*s=VALUE)",
               (int)n, name, defineFlag, (int)n, name);
    else if (!value)
      snprintf(rest, restSize, "'${%.*s}' is not defined", (int)n, name);
    if (!value) {
      tileStrBufFree(&b);
      return 1;
    }
    tileStrBufAppendStr(&b, value);
    i += n + 3;
  }
  if (outLen)
    *outLen = b.len;
  *out = b.data;
  return 0;
}
