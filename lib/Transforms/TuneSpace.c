/* Tuning spaces from `// tile.tune` lines; see TuneSpace.h. */
#define _POSIX_C_SOURCE 200809L /* strndup */
#include "lib/Transforms/TuneSpace.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Transforms/Options.h"

static const char kDirective[] = "tile.tune";

/* One directive line, split: the kernel it names ("" for all) and the
 * text after the colon. */
typedef struct {
  const char *kernel;
  size_t kernelLen;
  const char *items;
  size_t itemsLen;
} Directive;

static bool isNameChar(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether line[0..len) is a `// tile.tune` line; then *d is filled, or
 * *malformed set with why. */
static bool readDirective(const char *line, size_t len, Directive *d,
                          const char **malformed) {
  *malformed = NULL;
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    ++i;
  if (len - i < 2 || line[i] != '/' || line[i + 1] != '/')
    return false;
  i += 2;
  while (i < len && line[i] == ' ')
    ++i;
  size_t n = sizeof kDirective - 1;
  if (len - i < n || memcmp(line + i, kDirective, n) != 0 ||
      (i + n < len && isNameChar(line[i + n])))
    return false;
  i += n;
  while (i < len && line[i] == ' ')
    ++i;
  d->kernel = "";
  d->kernelLen = 0;
  if (i < len && line[i] == '@') {
    size_t start = ++i;
    while (i < len && (isNameChar(line[i]) || line[i] == '.' || line[i] == '$'))
      ++i;
    if (i == start) {
      *malformed = "'@' must be followed by a kernel name";
      return true;
    }
    d->kernel = line + start;
    d->kernelLen = i - start;
    while (i < len && line[i] == ' ')
      ++i;
  }
  if (i >= len || line[i] != ':') {
    *malformed = "expected ':' after tile.tune (// tile.tune [@kernel]: "
                 "NAME=V1,V2 ...)";
    return true;
  }
  d->items = line + i + 1;
  d->itemsLen = len - i - 1;
  return true;
}

typedef struct {
  const char *fileName;
  int line;
  char *err;
  size_t errSize;
} Where;

static int failAt(const Where *w, const char *fmt, ...) {
  int n = snprintf(w->err, w->errSize, "%s:%d: tile.tune: ", w->fileName,
                   w->line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < w->errSize)
    vsnprintf(w->err + n, w->errSize - (size_t)n, fmt, ap);
  va_end(ap);
  return 1;
}

static bool contains(const char *const *names, const char *name) {
  for (; names && *names; ++names)
    if (strcmp(*names, name) == 0)
      return true;
  return false;
}

/* Whether `text` uses ${name}. */
static bool usesParameter(const char *text, size_t len, const char *name) {
  size_t n = strlen(name);
  for (size_t i = 0; i + n + 3 <= len; ++i)
    if (text[i] == '$' && text[i + 1] == '{' &&
        memcmp(text + i + 2, name, n) == 0 && text[i + 2 + n] == '}')
      return true;
  return false;
}

static int addParam(TileTuneSpace *s, const char *name, bool isOption,
                    int line) {
  TileTuneParam *grown =
      realloc(s->params, (size_t)(s->numParams + 1) * sizeof *grown);
  if (!grown)
    return -1;
  s->params = grown;
  s->params[s->numParams] = (TileTuneParam){strdup(name), isOption, NULL, 0,
                                            line};
  return s->numParams++;
}

static bool addValue(TileTuneParam *p, const char *v, size_t len) {
  char **grown = realloc(p->values, (size_t)(p->numValues + 1) * sizeof *grown);
  if (!grown)
    return false;
  p->values = grown;
  p->values[p->numValues++] = strndup(v, len);
  return true;
}

/* Checks that `value` is one of option `key`'s values. */
static int checkOptionValue(const Where *w, const char *key,
                            const char *value) {
  TileOptions scratch;
  tileOptionsInitCompile(&scratch);
  char why[256];
  if (tileOptionSet(&scratch, key, value, why, sizeof why))
    return failAt(w, "%s", why);
  return 0;
}

/* Parses one item "NAME=V1,V2" into the space. */
static int readItem(const Where *w, const char *item, size_t len,
                    const char *text, size_t textLen,
                    const char *const *fixed, TileTuneSpace *s) {
  const char *eq = memchr(item, '=', len);
  if (!eq || eq == item || eq + 1 == item + len)
    return failAt(w, "'%.*s' is not NAME=V1,V2,...", (int)len, item);
  char name[128];
  size_t nameLen = (size_t)(eq - item);
  if (nameLen >= sizeof name)
    return failAt(w, "the name '%.*s' is too long", (int)nameLen, item);
  memcpy(name, item, nameLen);
  name[nameLen] = '\0';
  const TileOptionDef *def = tileOptionFind(name);
  if (def && !def->tuneDefault)
    return failAt(w,
                  "%s cannot be tuned: it changes what the kernel computes "
                  "or where it runs (tunable options: mma, num-warps, "
                  "num-stages, warp-specialize, persistent, cta-pairs)",
                  name);
  if (!def) {
    for (size_t i = 0; i < nameLen; ++i)
      if (!isNameChar(name[i]) || isdigit((unsigned char)name[0]))
        return failAt(w,
                      "'%s' is neither a compile option nor a parameter "
                      "name (letters, digits and '_')",
                      name);
    if (!usesParameter(text, textLen, name))
      return failAt(w,
                    "'%s' is not a compile option, and the file never uses "
                    "${%s}",
                    name, name);
  }
  for (int i = 0; i < s->numParams; ++i)
    if (strcmp(s->params[i].name, name) == 0)
      return failAt(w, "%s is declared twice for this kernel (line %d)",
                    name, s->params[i].line);
  if (contains(fixed, name))
    return 0; /* chosen by the caller */
  int index = addParam(s, name, def != NULL, w->line);
  if (index < 0)
    return failAt(w, "out of memory");
  TileTuneParam *p = &s->params[index];
  const char *v = eq + 1, *end = item + len;
  while (v <= end) {
    const char *comma = memchr(v, ',', (size_t)(end - v));
    const char *stop = comma ? comma : end;
    if (stop == v)
      return failAt(w, "%s has an empty value", name);
    if (!addValue(p, v, (size_t)(stop - v)))
      return failAt(w, "out of memory");
    const char *added = p->values[p->numValues - 1];
    for (int i = 0; i + 1 < p->numValues; ++i)
      if (strcmp(p->values[i], added) == 0)
        return failAt(w, "%s lists %s twice", name, added);
    if (def && checkOptionValue(w, name, added))
      return 1;
    v = stop + 1;
  }
  return 0;
}

static int readLine(const Where *w, const Directive *d, const char *text,
                    size_t textLen, const char *const *fixed,
                    TileTuneSpace *s) {
  size_t i = 0;
  while (i < d->itemsLen) {
    while (i < d->itemsLen && (d->items[i] == ' ' || d->items[i] == '\t'))
      ++i;
    size_t start = i;
    while (i < d->itemsLen && d->items[i] != ' ' && d->items[i] != '\t' &&
           d->items[i] != '\r')
      ++i;
    if (i > start &&
        readItem(w, d->items + start, i - start, text, textLen, fixed, s))
      return 1;
    if (i < d->itemsLen && d->items[i] == '\r')
      ++i;
  }
  return 0;
}

static int defaultSpace(const char *const *fixed, TileTuneSpace *s) {
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d) {
    if (!d->tuneDefault || !*d->tuneDefault || contains(fixed, d->key))
      continue;
    int index = addParam(s, d->key, true, 0);
    if (index < 0)
      return 1;
    const char *v = d->tuneDefault;
    while (*v) {
      const char *comma = strchr(v, ',');
      size_t n = comma ? (size_t)(comma - v) : strlen(v);
      if (!addValue(&s->params[index], v, n))
        return 1;
      v += n + (comma ? 1 : 0);
    }
  }
  return 0;
}

/* Calls fn for each line of text; stops at a non-zero return. */
typedef int (*LineFn)(const char *line, size_t len, int number, void *data);

static int forEachLine(const char *text, size_t len, LineFn fn, void *data) {
  int number = 1;
  for (size_t i = 0; i < len; ++number) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
    int rc = fn(text + i, n, number, data);
    if (rc)
      return rc;
    i += n + 1;
  }
  return 0;
}

typedef struct {
  const char *text;
  size_t len;
  const char *fileName, *kernel;
  const char *const *fixed;
  TileTuneSpace *space;
  char *err;
  size_t errSize;
} ReadState;

static int readOne(const char *line, size_t len, int number, void *data) {
  ReadState *r = data;
  Directive d;
  const char *malformed;
  Where w = {r->fileName, number, r->err, r->errSize};
  if (!readDirective(line, len, &d, &malformed))
    return 0;
  if (malformed)
    return failAt(&w, "%s", malformed);
  if (d.kernelLen && (strlen(r->kernel) != d.kernelLen ||
                      memcmp(d.kernel, r->kernel, d.kernelLen) != 0))
    return 0;
  r->space->declared = true;
  return readLine(&w, &d, r->text, r->len, r->fixed, r->space);
}

int tileTuneSpaceRead(const char *text, size_t len, const char *fileName,
                      const char *kernel, const char *const *fixed,
                      TileTuneSpace *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  ReadState r = {text, len, fileName, kernel, fixed, out, err, errSize};
  if (forEachLine(text, len, readOne, &r)) {
    tileTuneSpaceFree(out);
    return 1;
  }
  if (!out->declared && defaultSpace(fixed, out)) {
    tileTuneSpaceFree(out);
    return tileFail(err, errSize, "out of memory");
  }
  double size = 1;
  for (int i = 0; i < out->numParams; ++i)
    size *= out->params[i].numValues;
  if (size > TILE_TUNE_MAX_CANDIDATES) {
    snprintf(err, errSize,
             "%s: tile.tune: the space of @%s holds %.0f candidates, more "
             "than the %d one tuning may time",
             fileName, kernel, size, TILE_TUNE_MAX_CANDIDATES);
    tileTuneSpaceFree(out);
    return 1;
  }
  return 0;
}

typedef struct {
  char **strings;
  int count;
} Defaults;

static int defaultOne(const char *line, size_t len, int number, void *data) {
  (void)number;
  Defaults *d = data;
  Directive dir;
  const char *malformed;
  if (!readDirective(line, len, &dir, &malformed) || malformed)
    return 0;
  const char *p = dir.items, *end = dir.items + dir.itemsLen;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
      ++p;
    const char *start = p;
    while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
      ++p;
    const char *eq = memchr(start, '=', (size_t)(p - start));
    if (!eq || eq == start)
      continue;
    const char *comma = memchr(eq + 1, ',', (size_t)(p - eq - 1));
    const char *stop = comma ? comma : p;
    char *name = strndup(start, (size_t)(eq - start));
    bool known = tileOptionFind(name) != NULL || stop == eq + 1;
    for (int i = 0; !known && i < d->count; i += 2)
      known = strcmp(d->strings[i], name) == 0;
    if (known) {
      free(name);
      continue;
    }
    char **grown = realloc(d->strings, (size_t)(d->count + 3) * sizeof *grown);
    if (!grown) {
      free(name);
      return 1;
    }
    d->strings = grown;
    d->strings[d->count++] = name;
    d->strings[d->count++] = strndup(eq + 1, (size_t)(stop - eq - 1));
    d->strings[d->count] = NULL;
  }
  return 0;
}

char **tileTuneParamDefaults(const char *text, size_t len) {
  Defaults d = {calloc(1, sizeof(char *)), 0};
  if (!d.strings)
    return NULL;
  forEachLine(text, len, defaultOne, &d);
  return d.strings;
}

void tileTuneStringsFree(char **strings) {
  for (char **s = strings; s && *s; ++s)
    free(*s);
  free(strings);
}

size_t tileTuneBlankDirectives(char *text, size_t len) {
  size_t out = 0;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
    Directive d;
    const char *malformed;
    if (!readDirective(text + i, n, &d, &malformed)) {
      memmove(text + out, text + i, n);
      out += n;
    }
    if (nl)
      text[out++] = '\n';
    i += n + 1;
  }
  if (out < len)
    text[out] = '\0';
  return out;
}

int tileTuneSpaceSize(const TileTuneSpace *s) {
  int n = 1;
  for (int i = 0; i < s->numParams; ++i)
    n *= s->params[i].numValues;
  return n;
}

void tileTuneSpaceCandidate(const TileTuneSpace *s, int index, int *choice) {
  for (int i = s->numParams - 1; i >= 0; --i) {
    choice[i] = index % s->params[i].numValues;
    index /= s->params[i].numValues;
  }
}

void tileTuneSpaceFree(TileTuneSpace *s) {
  for (int i = 0; i < s->numParams; ++i) {
    for (int v = 0; v < s->params[i].numValues; ++v)
      free(s->params[i].values[v]);
    free(s->params[i].values);
    free(s->params[i].name);
  }
  free(s->params);
  memset(s, 0, sizeof *s);
}
