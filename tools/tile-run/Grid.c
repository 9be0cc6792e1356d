/* Grid expressions; see Grid.h. A recursive-descent evaluator with
 * overflow checks: expr := term (('+'|'-') term)*, term := unary
 * (('*'|'/') unary)*, unary := '-' unary | primary, primary := INT | NAME |
 * cdiv(expr, expr) | (expr). */
#include "tools/tile-run/Grid.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Substitute.h"

typedef struct {
  const char *text;
  const char *p;
  const Define *defs;
  size_t numDefs;
  char *err;
  size_t errSize;
  int depth;
} Parser;

static bool fail(Parser *ps, const char *fmt, const char *detail) {
  int n = snprintf(ps->err, ps->errSize, "--grid '%s': ", ps->text);
  if (n < 0 || (size_t)n >= ps->errSize)
    return false;
  int m = snprintf(ps->err + n, ps->errSize - (size_t)n, fmt, detail);
  if (m >= 0 && (size_t)(n + m) < ps->errSize)
    snprintf(ps->err + n + m, ps->errSize - (size_t)(n + m), " at column %d",
             (int)(ps->p - ps->text) + 1);
  return false;
}

static void skipSpace(Parser *ps) {
  while (isspace((unsigned char)*ps->p))
    ++ps->p;
}

static bool expr(Parser *ps, int64_t *out);

static bool primary(Parser *ps, int64_t *out) {
  skipSpace(ps);
  if (isdigit((unsigned char)*ps->p)) {
    errno = 0;
    char *end;
    long long v = strtoll(ps->p, &end, 10);
    if (errno == ERANGE)
      return fail(ps, "number too large%s", "");
    ps->p = end;
    *out = v;
    return true;
  }
  if (*ps->p == '(') {
    ++ps->p;
    if (!expr(ps, out))
      return false;
    skipSpace(ps);
    if (*ps->p != ')')
      return fail(ps, "expected ')'%s", "");
    ++ps->p;
    return true;
  }
  if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
    const char *start = ps->p;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
      ++ps->p;
    size_t len = (size_t)(ps->p - start);
    const char *after = ps->p;
    skipSpace(ps);
    if (len == 4 && memcmp(start, "cdiv", 4) == 0 && *ps->p == '(') {
      ++ps->p;
      int64_t a, b;
      if (!expr(ps, &a))
        return false;
      skipSpace(ps);
      if (*ps->p != ',')
        return fail(ps, "expected ',' in cdiv(a,b)%s", "");
      ++ps->p;
      const char *bAt = ps->p;
      if (!expr(ps, &b))
        return false;
      skipSpace(ps);
      if (*ps->p != ')')
        return fail(ps, "expected ')' after cdiv(a,b)%s", "");
      if (b <= 0) {
        ps->p = bAt;
        return fail(ps, "cdiv needs a positive divisor%s", "");
      }
      ++ps->p;
      *out = a / b + (a % b > 0);
      return true;
    }
    ps->p = after;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), start);
    const char *value = tileDefineLookup(ps->defs, ps->numDefs, start, len);
    if (!value) {
      ps->p = start;
      return fail(ps, "unknown name '%s' (define it with -D NAME=VALUE)", name);
    }
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    while (isspace((unsigned char)*end))
      ++end;
    if (end == value || *end || errno == ERANGE) {
      ps->p = start;
      return fail(ps, "-D %s is not an integer", name);
    }
    *out = v;
    return true;
  }
  if (*ps->p == '\0')
    return fail(ps, "unexpected end%s", "");
  return fail(ps, "expected a number, a name, cdiv(a,b) or '('%s", "");
}

static bool unary(Parser *ps, int64_t *out) {
  skipSpace(ps);
  if (*ps->p == '-' || *ps->p == '+') {
    bool neg = *ps->p == '-';
    ++ps->p;
    if (++ps->depth > 200)
      return fail(ps, "too deeply nested%s", "");
    bool ok = unary(ps, out);
    --ps->depth;
    if (!ok)
      return false;
    if (neg && __builtin_sub_overflow((int64_t)0, *out, out))
      return fail(ps, "overflow%s", "");
    return true;
  }
  if (++ps->depth > 200)
    return fail(ps, "too deeply nested%s", "");
  bool ok = primary(ps, out);
  --ps->depth;
  return ok;
}

static bool term(Parser *ps, int64_t *out) {
  if (!unary(ps, out))
    return false;
  for (;;) {
    skipSpace(ps);
    char op = *ps->p;
    if (op != '*' && op != '/')
      return true;
    const char *opAt = ps->p++;
    int64_t rhs;
    if (!unary(ps, &rhs))
      return false;
    if (op == '*') {
      if (__builtin_mul_overflow(*out, rhs, out)) {
        ps->p = opAt;
        return fail(ps, "overflow%s", "");
      }
    } else {
      if (rhs == 0 || (rhs == -1 && *out == INT64_MIN)) {
        ps->p = opAt;
        return fail(ps, rhs == 0 ? "division by zero%s" : "overflow%s", "");
      }
      *out /= rhs;
    }
  }
}

static bool expr(Parser *ps, int64_t *out) {
  if (!term(ps, out))
    return false;
  for (;;) {
    skipSpace(ps);
    char op = *ps->p;
    if (op != '+' && op != '-')
      return true;
    const char *opAt = ps->p++;
    int64_t rhs;
    if (!term(ps, &rhs))
      return false;
    bool overflow = op == '+' ? __builtin_add_overflow(*out, rhs, out)
                              : __builtin_sub_overflow(*out, rhs, out);
    if (overflow) {
      ps->p = opAt;
      return fail(ps, "overflow%s", "");
    }
  }
}

int gridEvaluate(const char *text, const Define *defs, size_t numDefs,
                 int64_t grid[3], char *err, size_t errSize) {
  Parser ps = {text, text, defs, numDefs, err, errSize, 0};
  static const char *const kAxis[3] = {"x", "y", "z"};
  grid[0] = grid[1] = grid[2] = 1;
  for (int axis = 0;; ++axis) {
    if (axis == 3) {
      fail(&ps, "more than 3 dimensions%s", "");
      return 1;
    }
    const char *start = ps.p;
    int64_t v;
    if (!expr(&ps, &v))
      return 1;
    skipSpace(&ps);
    if (*ps.p != ',' && *ps.p != '\0') {
      char bad[2] = {*ps.p, '\0'};
      fail(&ps, "unexpected '%s'", bad);
      return 1;
    }
    if (v < 1) {
      snprintf(err, errSize, "--grid '%s': %s = %.*s is %lld; every grid dimension must be >= 1",
               text, kAxis[axis], (int)(ps.p - start), start, (long long)v);
      return 1;
    }
    grid[axis] = v;
    if (*ps.p == '\0')
      return 0;
    ++ps.p;
  }
}

int gridSubstituteEvaluate(const char *text, const Define *defs,
                           size_t numDefs, int64_t grid[3], char *err,
                           size_t errSize) {
  char *substituted;
  if (tileSubstitute(text, strlen(text), defs, numDefs, "--grid", false, "-D",
                     &substituted, NULL, err, errSize))
    return 1;
  int rc = gridEvaluate(substituted, defs, numDefs, grid, err, errSize);
  free(substituted);
  return rc;
}
