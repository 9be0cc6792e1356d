/* Parsing a kernel file (tileDialectParse, Dialect.h; the public
 * tileParseModule): a lexical pass over the text for what crashes MLIR
 * 22's parser, then the parser itself. The pass skips string literals and
 * // comments, so neither can trip it. */
#include "dialect/Dialect.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "mlir-c/Diagnostics.h"

typedef struct {
  MlirContext ctx;
  MlirStringRef name;
  const char *text;
  size_t len;
} Source;

/* A located error at byte `at` of the source. */
static void errorAt(const Source *s, size_t at, const char *message) {
  unsigned line = 1, col = 1;
  for (size_t i = 0; i < at && i < s->len; ++i) {
    if (s->text[i] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  mlirEmitError(mlirLocationFileLineColGet(s->ctx, s->name, line, col),
                message);
}

/* Whether `array<index` (spaces allowed after `<`) starts at byte i, with
 * `index` a whole word. */
static bool indexArrayAt(const Source *s, size_t i) {
  static const char kArray[] = "array<";
  size_t n = sizeof kArray - 1;
  if (i + n > s->len || memcmp(s->text + i, kArray, n) != 0)
    return false;
  if (i > 0 && (isalnum((unsigned char)s->text[i - 1]) ||
                s->text[i - 1] == '_' || s->text[i - 1] == '.'))
    return false; /* part of a longer name */
  size_t j = i + n;
  while (j < s->len && isspace((unsigned char)s->text[j]))
    ++j;
  if (j + 5 > s->len || memcmp(s->text + j, "index", 5) != 0)
    return false;
  return j + 5 == s->len || !(isalnum((unsigned char)s->text[j + 5]) ||
                              s->text[j + 5] == '_');
}

/* Returns false after a located error for the first crasher found. */
static bool scan(const Source *s) {
  int depth = 0;
  for (size_t i = 0; i < s->len; ++i) {
    char c = s->text[i];
    if (c == '"') { /* a string literal, with \ escapes */
      for (++i; i < s->len && s->text[i] != '"'; ++i)
        if (s->text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < s->len && s->text[i + 1] == '/') {
      while (i < s->len && s->text[i] != '\n')
        ++i;
      continue;
    }
    if (c == 'a' && indexArrayAt(s, i)) {
      errorAt(s, i,
              "dense arrays of index (array<index: ...>) are not supported: "
              "MLIR 22's parser crashes on them; use array<i64: ...>");
      return false;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > TILE_DIALECT_MAX_PARSE_DEPTH) {
        char message[160];
        snprintf(message, sizeof message,
                 "nesting deeper than %d brackets is not supported (MLIR's "
                 "parser would overflow its stack)",
                 TILE_DIALECT_MAX_PARSE_DEPTH);
        errorAt(s, i, message);
        return false;
      }
    } else if ((c == ')' || c == ']' || c == '}' ||
                (c == '>' && (i == 0 || s->text[i - 1] != '-'))) &&
               depth > 0) {
      --depth;
    }
  }
  return true;
}

static bool wordChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* The byte at which a tile op is written in a custom form (`%t = tile.load
 * %x[...]`, or `tile.store ...` starting a line), or -1. IRDL gives tile ops
 * no custom syntax, and MLIR 22's parser then fails without a word; an
 * attribute (`tile.kernel`, `tile.num_warps = 8`) is never first on a line
 * nor right after `=`. Strings and comments are skipped. */
static long customTileOp(const Source *s) {
  bool lineStart = true;
  char prev = '\n';
  for (size_t i = 0; i < s->len; ++i) {
    char c = s->text[i];
    if (c == '"') {
      for (++i; i < s->len && s->text[i] != '"'; ++i)
        if (s->text[i] == '\\')
          ++i;
      prev = '"';
      lineStart = false;
      continue;
    }
    if (c == '/' && i + 1 < s->len && s->text[i + 1] == '/') {
      while (i + 1 < s->len && s->text[i + 1] != '\n')
        ++i;
      continue;
    }
    if (c == '\n') {
      lineStart = true;
      prev = c;
      continue;
    }
    if (isspace((unsigned char)c))
      continue;
    if ((lineStart || prev == '=') && i + 5 < s->len &&
        memcmp(s->text + i, "tile.", 5) == 0 &&
        isalpha((unsigned char)s->text[i + 5]) &&
        (i == 0 || !wordChar(s->text[i - 1])))
      return (long)i;
    lineStart = false;
    prev = c;
  }
  return -1;
}

MlirModule tileDialectParse(MlirContext ctx, MlirStringRef text,
                            MlirStringRef sourceName) {
  Source s = {ctx, sourceName, text.data, text.length};
  if (!scan(&s))
    return (MlirModule){NULL};
  MlirModule m = mlirModuleCreateParse(ctx, text);
  long custom = mlirModuleIsNull(m) ? customTileOp(&s) : -1;
  if (custom >= 0)
    errorAt(&s, (size_t)custom,
            "tile ops take MLIR's generic form: \"tile.load\"(%x, %c0) : "
            "(memref<?xf32>, index) -> tensor<16xf32> (docs/dialect.md)");
  if (!mlirModuleIsNull(m))
    tileRenameLocations(mlirModuleGetOperation(m), tileStr("-"), sourceName);
  return m;
}
