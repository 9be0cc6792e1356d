/* One tile-run run; see Session.h. */
#include "tools/tile-run/Session.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/Support/Compare.h"
#include "lib/Support/Substitute.h"
#include "lib/Tooling/Npy.h"
#include "tools/tile-run/Grid.h"
#include "tools/tile-run/Summary.h"

int sessionFail(const char *msg) {
  fprintf(stderr, "tile-run: %s\n", msg);
  return 1;
}

int sessionGrid(Session *s, const Options *o) {
  char err[1024];
  return gridSubstituteEvaluate(o->grid, o->defines, o->numDefines, s->grid,
                                err, sizeof err)
             ? sessionFail(err)
             : 0;
}

void sessionSignatureFromPackage(Session *s, const TileRuntimePackage *p) {
  s->numSig = tileRuntimePackageNumArgs(p);
  s->sig = calloc((size_t)s->numSig + 1, sizeof *s->sig);
  for (int i = 0; i < s->numSig; ++i) {
    TileRuntimeArgInfo a;
    tileRuntimePackageArg(p, i, &a, NULL); /* i is in range */
    TileKernelArg *g = &s->sig[i];
    g->kind = a.kind == TILE_RUNTIME_ARG_MEMREF ? TILE_ARG_MEMREF
              : a.isIndex                      ? TILE_ARG_INDEX
              : a.kind == TILE_RUNTIME_ARG_FLOAT ? TILE_ARG_FLOAT
                                                 : TILE_ARG_INT;
    g->dtype = (TileDType)a.elementType;
    g->rank = a.rank;
    memcpy(g->shape, a.shape, sizeof g->shape);
    snprintf(g->type, sizeof g->type, "%s", a.type);
  }
}

/* Checks that --out/--check name a memref argument of the kernel. */
static int checkOutputIndex(const Session *s, const OutputSpec *spec,
                            const char *flag, char *err, size_t errSize) {
  if (spec->index >= s->numSig) {
    snprintf(err, errSize, "%s %s: kernel @%s has no argument #%ld (it takes %d)",
             flag, spec->flag, s->kernel, spec->index, s->numSig);
    return 1;
  }
  if (s->sig[spec->index].kind != TILE_ARG_MEMREF) {
    snprintf(err, errSize, "%s %s: " TILE_ARG_FMT " is a scalar, not a memref",
             flag, spec->flag, (int)spec->index, s->sig[spec->index].type);
    return 1;
  }
  return 0;
}

/* The host's physical memory: no array larger can be generated or read
 * (--max-arg-bytes' default). TILE_DEFAULT_MAX_ARG_BYTES where the system
 * does not say. */
static int64_t hostMemoryBytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return TILE_DEFAULT_MAX_ARG_BYTES;
  return (int64_t)pages * (int64_t)size;
}

/* Whether a file can be written at `path`: its folder exists and takes
 * files, and a file already there may be overwritten; else false with the
 * reason. Checked before the kernel runs, not after. */
static bool writable(const char *path, char *err, size_t size) {
  if (access(path, F_OK) == 0) {
    if (access(path, W_OK) == 0)
      return true;
    snprintf(err, size, "%.400s: %s", path, strerror(errno));
    return false;
  }
  char dir[1024];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (!slash)
    snprintf(dir, sizeof dir, ".");
  else if (slash == dir)
    dir[1] = '\0';
  else
    *slash = '\0';
  if (access(dir, W_OK) == 0)
    return true;
  snprintf(err, size, "cannot write %.400s: folder %.400s: %s", path, dir,
           strerror(errno));
  return false;
}

int sessionLoad(Session *s, const Options *o) {
  char err[1024];
  if ((size_t)s->numSig != o->numArgs) {
    int n = snprintf(err, sizeof err, "kernel @%s takes %d argument%s (",
                     s->kernel, s->numSig, s->numSig == 1 ? "" : "s");
    for (int i = 0; i < s->numSig && n < (int)sizeof err; ++i)
      n += snprintf(err + n, sizeof err - (size_t)n, "%s%s", i ? ", " : "",
                    s->sig[i].type);
    if (n < (int)sizeof err)
      snprintf(err + n, sizeof err - (size_t)n, "), got %zu --arg", o->numArgs);
    return sessionFail(err);
  }
  for (size_t i = 0; i < o->numOuts; ++i)
    if (checkOutputIndex(s, &o->outs[i], "--out", err, sizeof err))
      return sessionFail(err);
  for (size_t i = 0; i < o->numChecks; ++i)
    if (checkOutputIndex(s, &o->checks[i], "--check", err, sizeof err))
      return sessionFail(err);

  /* Every array is weighed before any is generated or read: a shape past
   * a limit fails at once, not after minutes spent on the arguments before
   * it. */
  char **specs = calloc((size_t)s->numSig + 1, sizeof *specs);
  TileArgLimits limits = {o->maxArgBytes, "--max-arg-bytes", s->indexBits};
  if (o->maxArgBytes == 0) {
    limits.maxBytes = hostMemoryBytes();
    limits.maxBytesFlag = "the host's memory; --max-arg-bytes";
  }
  int rc = 0;
  for (int i = 0; i < s->numSig && !rc; ++i) {
    char what[32];
    snprintf(what, sizeof what, "--arg #%d", i);
    rc = tileSubstitute(o->args[i], strlen(o->args[i]), o->defines,
                        o->numDefines, what, false, "-D", &specs[i], NULL, err,
                        sizeof err) ||
         argumentCheckSize(i, &s->sig[i], specs[i], &limits, err, sizeof err);
  }
  s->values = calloc((size_t)s->numSig + 1, sizeof *s->values);
  for (int i = 0; i < s->numSig && !rc; ++i)
    rc = argumentLoad(i, &s->sig[i], specs[i], &s->values[i], err, sizeof err);
  for (int i = 0; i < s->numSig; ++i)
    free(specs[i]);
  free(specs);
  if (rc)
    return sessionFail(err);

  s->expected = calloc(o->numChecks + 1, sizeof *s->expected);
  for (size_t i = 0; i < o->numChecks; ++i) {
    const OutputSpec *c = &o->checks[i];
    char inner[512];
    if (tileNpyRead(c->path, s->sig[c->index].dtype, &s->expected[i], inner,
                    sizeof inner) ||
        tileCompareCompatible(&s->values[c->index].array, &s->expected[i],
                              inner, sizeof inner)) {
      snprintf(err, sizeof err, "--check %s: %s", c->flag, inner);
      return sessionFail(err);
    }
  }
  /* So is an --out file nothing could be written to. */
  for (size_t i = 0; i < o->numOuts; ++i)
    if (!writable(o->outs[i].path, err, sizeof err)) {
      char msg[1200];
      snprintf(msg, sizeof msg, "--out %s: %s", o->outs[i].flag, err);
      return sessionFail(msg);
    }
  return 0;
}

bool sessionNeedsIndex64(const Session *s) {
  for (int i = 0; i < s->numSig; ++i) {
    const TileHostArray *a = &s->values[i].array;
    if (s->sig[i].kind == TILE_ARG_MEMREF &&
        tileArrayNeedsIndex64(a->rank, a->shape, NULL))
      return true;
  }
  return false;
}

int sessionCopyForCpu(Session *s) {
  char err[512];
  s->cpu = calloc((size_t)s->numSig + 1, sizeof *s->cpu);
  for (int i = 0; i < s->numSig; ++i) {
    if (s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    const TileHostArray *a = &s->values[i].array;
    if (tileHostArrayCreate(a->dtype, a->rank, a->shape, &s->cpu[i], err,
                            sizeof err))
      return sessionFail(err);
    memcpy(s->cpu[i].data, a->data, a->bytes);
  }
  return 0;
}

static void formatValue(double v, TileDType dtype, char *buf, size_t size) {
  snprintf(buf, size, tileDTypeIsFloat(dtype) ? "%.9g" : "%.17g", v);
}

/* Compares `actual` with `expected`. On success writes "<what> ok (...)"
 * into note; on failure prints "tile-run: <flag>: ..." and writes
 * "<what> FAILED". rtol, atol < 0: tileCompareArrays' defaults. */
static bool compare(const char *flag, const char *what,
                    const TileHostArray *actual,
                    const TileHostArray *expected, double rtol, double atol,
                    char *note, size_t noteSize) {
  TileCompareResult r;
  char err[512];
  if (tileCompareArrays(actual, expected, rtol, atol, &r, err, sizeof err)) {
    fprintf(stderr, "tile-run: %s: %s\n", flag, err);
    snprintf(note, noteSize, "%s FAILED", what);
    return false;
  }
  char tol[64], e[48], a[48], at[128];
  if (r.rtol == 0 && r.atol == 0)
    snprintf(tol, sizeof tol, "exact");
  else
    snprintf(tol, sizeof tol, "rtol %g, atol %g", r.rtol, r.atol);
  if (r.numMismatches == 0) {
    snprintf(note, noteSize, "%s ok (%s, max error %g)", what, tol,
             r.maxError);
    return true;
  }
  formatValue(r.expected, actual->dtype, e, sizeof e);
  formatValue(r.actual, actual->dtype, a, sizeof a);
  tileCompareFormatIndex(r.worst, actual->rank, actual->shape, at, sizeof at);
  fprintf(stderr,
          "tile-run: %s: %zu of %zu elements differ (%s); worst at "
          "flat index %zu %s: expected %s, actual %s, error %g\n",
          flag, r.numMismatches, r.numElements, tol, r.worst, at, e, a,
          r.error);
  snprintf(note, noteSize, "%s FAILED", what);
  return false;
}

/* Appends ", <text>" (or "<text>" first) to a note. */
static void appendNote(char *note, size_t size, size_t *used,
                       const char *text) {
  if (*used >= size - 1)
    return;
  *used += (size_t)snprintf(note + *used, size - *used, "%s%s",
                            *used ? ", " : "", text);
  if (*used >= size)
    *used = size - 1;
}

int sessionReport(Session *s, const Options *o) {
  int rc = 0;
  bool checkFailed = false;
  for (int i = 0; i < s->numSig; ++i) {
    if (s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    const TileHostArray *actual = &s->values[i].array;
    char note[2048] = "";
    size_t used = 0;
    bool mentioned = false;
    for (size_t j = 0; j < o->numOuts; ++j) {
      if (o->outs[j].index != i)
        continue;
      mentioned = true;
      char inner[512], one[600];
      if (tileNpyWrite(o->outs[j].path, actual, inner, sizeof inner)) {
        fprintf(stderr, "tile-run: --out %s: %s\n", o->outs[j].flag, inner);
        rc = 1;
        continue;
      }
      snprintf(one, sizeof one, "written to %s", o->outs[j].path);
      appendNote(note, sizeof note, &used, one);
    }
    for (size_t j = 0; j < o->numChecks; ++j) {
      if (o->checks[j].index != i)
        continue;
      mentioned = true;
      char flag[600], what[600], one[700];
      snprintf(flag, sizeof flag, "--check %s", o->checks[j].flag);
      snprintf(what, sizeof what, "check %s", o->checks[j].path);
      if (!compare(flag, what, actual, &s->expected[j], o->checks[j].rtol,
                   o->checks[j].atol, one, sizeof one)) {
        rc = 1;
        checkFailed = true;
      }
      appendNote(note, sizeof note, &used, one);
    }
    if (s->cpu) {
      mentioned = true;
      char flag[160], one[256];
      snprintf(flag, sizeof flag, "--check-cpu: " TILE_ARG_FMT, i,
               s->sig[i].type);
      if (!compare(flag, "cpu", actual, &s->cpu[i], o->checkCpuRtol, -1, one,
                   sizeof one))
        rc = 1;
      appendNote(note, sizeof note, &used, one);
    }
    if (mentioned)
      summaryPrint(stdout, i, s->sig[i].type, actual, note);
  }
  if (checkFailed && s->tf32Dot)
    fprintf(stderr,
            "tile-run: note: @%s has an f32 tile.dot at the default "
            "precision, \"tf32\": its inputs keep 10 of 23 mantissa bits, "
            "as on the tensor cores, so it differs from an f32 reference by "
            "about 1e-3 relatively (docs/numerics.md); precision = \"ieee\" "
            "keeps every bit\n",
            s->kernel);
  fflush(stdout);
  return rc;
}

void sessionFree(Session *s, const Options *o) {
  for (int i = 0; s->values && i < s->numSig; ++i)
    argumentFree(&s->values[i]);
  for (size_t i = 0; s->expected && i < o->numChecks; ++i)
    tileHostArrayDestroy(&s->expected[i]);
  for (int i = 0; s->cpu && i < s->numSig; ++i)
    tileHostArrayDestroy(&s->cpu[i]);
  free(s->values);
  free(s->expected);
  free(s->cpu);
  free(s->sig);
  memset(s, 0, sizeof *s);
}

/* The session's arguments as the runtime takes them (shapes and
 * values; no device pointers): what a shape key is made of. */
TileRuntimeArg *sessionRuntimeArgs(const Session *s) {
  TileRuntimeArg *args = calloc((size_t)s->numSig + 1, sizeof *args);
  for (int i = 0; args && i < s->numSig; ++i)
    args[i] = s->sig[i].kind == TILE_ARG_MEMREF
                  ? tileRuntimeArgMemref(NULL, s->values[i].array.rank,
                                         s->values[i].array.shape)
              : s->sig[i].kind == TILE_ARG_FLOAT
                  ? tileRuntimeArgFloat(s->values[i].f)
                  : tileRuntimeArgInt(s->values[i].i);
  return args;
}
