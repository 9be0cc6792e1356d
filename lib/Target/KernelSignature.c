/* Argument names and read-only memrefs of a kernel; see KernelSignature.h. */
#include "lib/Target/KernelSignature.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/IR/Location.h"

/* The start of line `line` (1-based) of `text`, or NULL. */
static const char *lineStart(const char *text, unsigned line) {
  for (unsigned l = 1; l < line && text; ++l) {
    text = strchr(text, '\n');
    if (text)
      ++text;
  }
  return text;
}

/* The name at `loc` in the source, "%x: memref..." -> "x", as a C
 * identifier; false when the location does not point at one. */
static bool sourceName(const char *text, MlirLocation loc, char *out,
                       size_t size) {
  MlirStringRef file;
  unsigned line, col;
  if (!text || !tileLocationFileLineCol(loc, &file, &line, &col) || col == 0)
    return false;
  const char *at = lineStart(text, line);
  if (!at || strlen(at) < col || at[col - 1] != '%')
    return false;
  at += col;
  size_t n = 0;
  for (; n + 1 < size && (isalnum((unsigned char)at[n]) || at[n] == '_' ||
                          at[n] == '.' || at[n] == '$' || at[n] == '-');
       ++n)
    out[n] = isalnum((unsigned char)at[n]) ? at[n] : '_';
  out[n] = '\0';
  return n > 0 && !isdigit((unsigned char)out[0]);
}

/* Names a C or C++ program could not use for a parameter, and those the
 * generated function takes itself. */
static bool reserved(const char *name) {
  static const char *const words[] = {
      "stream", "grid", "status", "auto", "bool", "break", "case", "char",
      "class", "const", "continue", "default", "delete", "do", "double",
      "else", "enum", "extern", "false", "float", "for", "goto", "if",
      "inline", "int", "long", "new", "operator", "private", "protected",
      "public", "register", "restrict", "return", "short", "signed",
      "sizeof", "static", "struct", "switch", "template", "this", "true",
      "typedef", "union", "unsigned", "void", "volatile", "while"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; ++i)
    if (strcmp(name, words[i]) == 0)
      return true;
  return false;
}

static bool taken(const TileKernelSignature *s, int upTo, const char *name) {
  for (int i = 0; i < upTo; ++i)
    if (strcmp(s->names[i], name) == 0)
      return true;
  /* A memref's sizes become NAME_size0...: keep those free too. */
  return strstr(name, "_size") != NULL && isdigit((unsigned char)name[strlen(name) - 1]);
}

/* Whether every use of `v` only reads the memory behind it. */
static bool onlyRead(MlirValue v) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation owner = mlirOpOperandGetOwner(use);
    if (!tileOpIsNamed(owner, "tile.load") &&
        !tileOpIsNamed(owner, "tile.load_masked") &&
        !tileOpIsNamed(owner, "tile.gather") &&
        !tileOpIsNamed(owner, "memref.load") &&
        !tileOpIsNamed(owner, "memref.dim"))
      return false;
  }
  return true;
}

void tileKernelSignatureRead(MlirOperation kernel, const char *sourceText,
                             TileKernelSignature *out) {
  memset(out, 0, sizeof *out);
  MlirBlock entry =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  int n = (int)mlirBlockGetNumArguments(entry);
  out->numArgs = n < TILE_PACKAGE_MAX_ARGS ? n : TILE_PACKAGE_MAX_ARGS;
  for (int i = 0; i < out->numArgs; ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, i);
    out->argLocs[i] = mlirValueGetLocation(arg);
    char *name = out->names[i];
    if (!sourceName(sourceText, out->argLocs[i], name,
                    TILE_SIGNATURE_NAME_MAX - 8) ||
        reserved(name) || taken(out, i, name))
      snprintf(name, TILE_SIGNATURE_NAME_MAX, "arg%d", i);
    /* arg3 may also be a source name: number on until it is free. */
    for (int k = 0; taken(out, i, name); ++k)
      snprintf(name, TILE_SIGNATURE_NAME_MAX, "arg%d_%d", i, k);
    out->readOnly[i] =
        mlirTypeIsAMemRef(mlirValueGetType(arg)) && onlyRead(arg);
  }
}
