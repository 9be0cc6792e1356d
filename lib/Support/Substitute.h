/* ${NAME} substitution: replaces every ${NAME} in a text (a kernel file,
 * tile-run's --grid and --arg specs, a tuning candidate's kernel) with its
 * value before the text is used. `$` not followed by `{` is left alone; an
 * undefined or malformed ${...} is an error naming it and its line. */
#ifndef TILE_SUPPORT_SUBSTITUTE_H
#define TILE_SUPPORT_SUBSTITUTE_H

#include <stdbool.h>
#include <stddef.h>

/* NAME=VALUE (tile-run's -D, a tuning candidate's parameter). */
typedef struct {
  const char *name;
  const char *value;
} TileDefine;

/* Whether s[0..len) is a name: a letter or '_', then letters, digits, '_'. */
bool tileIsName(const char *s, size_t len);

/* The value of `name` (len bytes) among `defs` (the last definition wins),
 * or NULL. */
const char *tileDefineLookup(const TileDefine *defs, size_t numDefs,
                             const char *name, size_t len);

/* Sets *out to a malloc'ed, NUL-terminated copy of text[0..len) with every
 * ${NAME} replaced (its length in *outLen when not NULL). Returns 0, or 1
 * with a message in err (*out NULL). `what` names the text in messages
 * ("k.mlir", "--grid"); withLines adds the line number (for files);
 * `defineFlag` (may be NULL) is how the caller's user defines a name,
 * which an undefined one's message suggests ("-D": "use -D N=VALUE"). */
int tileSubstitute(const char *text, size_t len, const TileDefine *defs,
                   size_t numDefs, const char *what, bool withLines,
                   const char *defineFlag, char **out, size_t *outLen,
                   char *err, size_t errSize);

#endif
