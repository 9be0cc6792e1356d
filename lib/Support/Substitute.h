/* -D NAME=VALUE: replaces every ${NAME} in a text (the kernel file, --grid,
 * --arg specs) before it is used. `$` not followed by `{` is left alone; an
 * undefined or malformed ${...} is an error naming it and its line. */
#ifndef TILE_RUN_SUBSTITUTE_H
#define TILE_RUN_SUBSTITUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "tools/tile-run/Options.h"

/* Whether s[0..len) is a name: a letter or '_', then letters, digits, '_'. */
bool substituteIsName(const char *s, size_t len);

/* The value of `name` (len bytes) among `defs` (the last definition wins),
 * or NULL. */
const char *substituteLookup(const Define *defs, size_t numDefs,
                             const char *name, size_t len);

/* Returns a malloc'ed, NUL-terminated copy of text[0..len) with every
 * ${NAME} replaced (its length in *outLen when not NULL), or NULL with a
 * message in err. `what` names the text in messages ("k.mlir", "--grid");
 * withLines adds the line number (for files). */
char *substitute(const char *text, size_t len, const Define *defs,
                 size_t numDefs, const char *what, bool withLines,
                 size_t *outLen, char *err, size_t errSize);

#endif
