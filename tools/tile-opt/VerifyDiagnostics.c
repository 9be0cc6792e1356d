/* --verify-diagnostics; see VerifyDiagnostics.h. */
#include "tools/tile-opt/VerifyDiagnostics.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  unsigned line;     /* 0 with `unknown` */
  bool unknownLoc;
  unsigned srcLine;  /* where the comment is */
  unsigned srcCol;
  char *text;
  bool matched;
} Expectation;

typedef struct {
  Expectation *items;
  size_t n, cap;
  bool malformed;
} Expectations;

static const char *lineEnd(const char *p, const char *end) {
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  return eol ? eol : end;
}

/* A line holding only an expectation comment does not count for
 * @above/@below. */
static bool isExpectationOnly(const char *p, const char *e) {
  while (p < e && isspace((unsigned char)*p))
    ++p;
  if (e - p < 2 || p[0] != '/' || p[1] != '/')
    return false;
  for (const char *q = p; q + 9 <= e; ++q)
    if (memcmp(q, "expected-", 9) == 0)
      return true;
  return false;
}

static void add(Expectations *xs, Expectation x) {
  if (xs->n == xs->cap) {
    xs->cap = xs->cap ? 2 * xs->cap : 16;
    xs->items = realloc(xs->items, xs->cap * sizeof *xs->items);
  }
  xs->items[xs->n++] = x;
}

static void malformed(Expectations *xs, const Source *src, unsigned line,
                      unsigned col, const char *why) {
  fprintf(stderr, "%s:%u:%u: error: %s\n", src->name, line, col, why);
  xs->malformed = true;
}

/* Finds the 1-based line `delta` non-expectation lines away from `line`. */
static unsigned relativeLine(const Chunk *c, unsigned line, int direction) {
  const char *p = c->text, *end = c->text + c->len;
  /* Collect line starts once per call; chunks are small. */
  size_t count = 0;
  for (const char *q = p; q <= end; q = lineEnd(q, end) + 1) {
    ++count;
    if (lineEnd(q, end) == end)
      break;
  }
  const char **starts = malloc(count * sizeof *starts);
  size_t i = 0;
  for (const char *q = p; i < count; q = lineEnd(q, end) + 1)
    starts[i++] = q;
  long local = (long)(line - c->firstLine) + direction;
  while (local >= 0 && (size_t)local < count &&
         isExpectationOnly(starts[local], lineEnd(starts[local], end)))
    local += direction;
  free(starts);
  return local < 0 ? 0 : (unsigned)local + c->firstLine;
}

static void parseLine(Expectations *xs, const Source *src, const Chunk *c,
                      const char *lineStart, const char *e, unsigned line) {
  static const struct {
    const char *word;
    MlirDiagnosticSeverity severity;
  } kinds[] = {{"error", MlirDiagnosticError},
               {"warning", MlirDiagnosticWarning},
               {"remark", MlirDiagnosticRemark},
               {"note", MlirDiagnosticNote}};
  for (const char *p = lineStart; p + 9 <= e; ++p) {
    if (memcmp(p, "expected-", 9) != 0)
      continue;
    unsigned col = (unsigned)(p - lineStart) + 1;
    const char *q = p + 9;
    Expectation x;
    memset(&x, 0, sizeof x);
    x.srcLine = line;
    x.srcCol = col;
    size_t k = 0;
    for (; k < 4; ++k) {
      size_t n = strlen(kinds[k].word);
      if ((size_t)(e - q) >= n && memcmp(q, kinds[k].word, n) == 0) {
        x.severity = kinds[k].severity;
        q += n;
        break;
      }
    }
    if (k == 4)
      continue; /* e.g. prose mentioning "expected-" */
    if (e - q >= 3 && memcmp(q, "-re", 3) == 0) {
      malformed(xs, src, line, col,
                "expected-*-re (regex) expectations are not supported");
      return;
    }
    while (q < e && *q == ' ')
      ++q;
    x.line = line;
    if (q < e && *q == '@') {
      ++q;
      if (q < e && (*q == '+' || *q == '-')) {
        int sign = *q == '+' ? 1 : -1;
        char *numEnd;
        long n = strtol(q + 1, &numEnd, 10);
        if (numEnd == q + 1) {
          malformed(xs, src, line, col, "expected a number after '@+'/'@-'");
          return;
        }
        x.line = (unsigned)((long)line + sign * n);
        q = numEnd;
      } else if (e - q >= 5 && memcmp(q, "above", 5) == 0) {
        x.line = relativeLine(c, line, -1);
        q += 5;
      } else if (e - q >= 5 && memcmp(q, "below", 5) == 0) {
        x.line = relativeLine(c, line, +1);
        q += 5;
      } else if (e - q >= 7 && memcmp(q, "unknown", 7) == 0) {
        x.unknownLoc = true;
        q += 7;
      } else {
        malformed(xs, src, line, col,
                  "unknown designator: use @+N, @-N, @above, @below or "
                  "@unknown");
        return;
      }
    }
    while (q < e && *q == ' ')
      ++q;
    const char *close = NULL;
    if (e - q >= 2 && q[0] == '{' && q[1] == '{')
      for (const char *r = e - 2; r >= q + 2; --r)
        if (r[0] == '}' && r[1] == '}') {
          close = r;
          break;
        }
    if (!close) {
      malformed(xs, src, line, col,
                "expected '{{' and '}}' around the expected text");
      return;
    }
    size_t len = (size_t)(close - (q + 2));
    x.text = malloc(len + 1);
    memcpy(x.text, q + 2, len);
    x.text[len] = '\0';
    add(xs, x);
    p = close;
  }
}

static bool matches(const Expectation *x, const Diag *d) {
  if (x->matched || x->severity != d->severity)
    return false;
  if (x->unknownLoc ? d->hasLoc : !(d->hasLoc && d->inInput &&
                                    d->line == x->line))
    return false;
  return strstr(d->message, x->text) != NULL;
}

bool verifyChunkDiagnostics(const Source *src, const Chunk *chunk,
                            const DiagState *st) {
  Expectations xs = {0};
  const char *p = chunk->text, *end = chunk->text + chunk->len;
  for (unsigned line = chunk->firstLine; p < end; ++line) {
    const char *e = lineEnd(p, end);
    parseLine(&xs, src, chunk, p, e, line);
    p = e + 1;
  }
  bool ok = !xs.malformed;
  for (size_t i = 0; i < st->numDiags; ++i) {
    const Diag *d = &st->diags[i];
    /* MLIR attaches the failing op as a note; expectations don't name it. */
    if (d->severity == MlirDiagnosticNote &&
        strncmp(d->message, "see current operation", 21) == 0)
      continue;
    size_t j = 0;
    while (j < xs.n && !matches(&xs.items[j], d))
      ++j;
    if (j < xs.n) {
      xs.items[j].matched = true;
      continue;
    }
    ok = false;
    if (d->hasLoc && d->inInput)
      fprintf(stderr, "%s:%u:%u: error: unexpected %s: %s\n", src->name,
              d->line, d->col, diagSeverityName(d->severity), d->message);
    else
      fprintf(stderr, "%s: error: unexpected %s: %s\n", src->name,
              diagSeverityName(d->severity), d->message);
  }
  for (size_t j = 0; j < xs.n; ++j) {
    if (!xs.items[j].matched) {
      ok = false;
      fprintf(stderr, "%s:%u:%u: error: expected %s \"%s\" was not produced\n",
              src->name, xs.items[j].srcLine, xs.items[j].srcCol,
              diagSeverityName(xs.items[j].severity), xs.items[j].text);
    }
    free(xs.items[j].text);
  }
  free(xs.items);
  return ok;
}
