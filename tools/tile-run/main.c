/* tile-run: runs one tile kernel and checks its results. Reads the kernel
 * file (after -D substitution), builds each argument from its --arg spec
 * (checked against the signature), runs the grid on the target, then
 * writes --out files, compares --check files and prints a summary line per
 * output. The CPU target JIT-compiles through lib/Execution/CpuKernel; the
 * CUDA target is a later issue. Built with TILE_RUN_NO_COMPILER (no MLIR)
 * it can only say that running .mlir files needs the compiler build. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/tile-run/Options.h"

#ifndef TILE_RUN_NO_COMPILER
#include "lib/Execution/CpuKernel.h"
#include "lib/Runtime/Npy.h"
#include "mlir-c/RegisterEverything.h"
#include "tile-c/Dialect.h"
#include "tools/tile-run/Arguments.h"
#include "tools/tile-run/Check.h"
#include "tools/tile-run/Diagnostics.h"
#include "tools/tile-run/Grid.h"
#include "tools/tile-run/Kernel.h"
#include "tools/tile-run/Substitute.h"
#include "tools/tile-run/Summary.h"
#endif

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

#ifndef TILE_RUN_NO_COMPILER

static int failf(const char *msg) {
  fprintf(stderr, "tile-run: %s\n", msg);
  return EXIT_BAD_INPUT;
}

static char *readFile(const char *path, size_t *len, char *err,
                      size_t errSize) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "cannot open kernel file '%s': %s", path,
             strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *grown = realloc(buf, cap *= 2);
    if (!grown)
      free(buf);
    buf = grown;
  }
  bool bad = !buf || ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    snprintf(err, errSize, "cannot read kernel file '%s'", path);
    return NULL;
  }
  *len = n;
  return buf;
}

/* Checks that --out/--check name a memref argument of the kernel. */
static int checkOutputIndex(const OutputSpec *s, const char *flag,
                            const char *kernel, const SigArg *sig, int n,
                            char *err, size_t errSize) {
  if (s->index >= n) {
    snprintf(err, errSize, "%s %s: kernel @%s has no argument #%ld (it takes %d)",
             flag, s->flag, kernel, s->index, n);
    return 1;
  }
  if (sig[s->index].kind != SIG_MEMREF) {
    snprintf(err, errSize, "%s %s: " SIG_ARG_FMT " is a scalar, not a memref",
             flag, s->flag, (int)s->index, sig[s->index].type);
    return 1;
  }
  return 0;
}

static void formatValue(double v, TileDType dtype, char *buf, size_t size) {
  snprintf(buf, size, tileDTypeIsFloat(dtype) ? "%.9g" : "%.17g", v);
}

/* Compares output `index` with check `c`; prints the failure. */
static bool runCheck(const OutputSpec *c, const TileHostArray *actual,
                     const TileHostArray *expected, char *note,
                     size_t noteSize) {
  double rtol = c->rtol >= 0 ? c->rtol : checkDefaultRtol(actual->dtype);
  CheckResult r;
  char err[512];
  if (checkCompare(actual, expected, rtol, &r, err, sizeof err)) {
    fprintf(stderr, "tile-run: --check %s: %s\n", c->flag, err);
    snprintf(note, noteSize, "check %s FAILED", c->path);
    return false;
  }
  char tol[64], e[48], a[48], at[128];
  if (rtol == 0)
    snprintf(tol, sizeof tol, "exact");
  else
    snprintf(tol, sizeof tol, "rtol %g, atol %g", rtol, rtol);
  if (r.numMismatches == 0) {
    snprintf(note, noteSize, "check %s ok (%s, max error %g)", c->path, tol,
             r.maxError);
    return true;
  }
  formatValue(r.expected, actual->dtype, e, sizeof e);
  formatValue(r.actual, actual->dtype, a, sizeof a);
  checkFormatIndex(r.worst, actual->rank, actual->shape, at, sizeof at);
  fprintf(stderr,
          "tile-run: --check %s: %zu of %zu elements differ (%s); worst at "
          "flat index %zu %s: expected %s, actual %s, error %g\n",
          c->flag, r.numMismatches, r.numElements, tol, r.worst, at, e, a,
          r.error);
  snprintf(note, noteSize, "check %s FAILED", c->path);
  return false;
}

typedef struct {
  char *text;         /* the substituted kernel file */
  size_t len;
  MlirContext ctx;
  MlirModule module;
  SigArg *sig;
  int numSig;
  ArgValue *values;
  TileHostArray *expected; /* one per --check */
  TileCpuKernel *kernel;
} Run;

static void runFree(Run *r, const Options *o) {
  if (r->kernel)
    tileCpuKernelDestroy(r->kernel);
  for (int i = 0; r->values && i < r->numSig; ++i)
    argumentFree(&r->values[i]);
  for (size_t i = 0; r->expected && i < o->numChecks; ++i)
    tileHostArrayDestroy(&r->expected[i]);
  free(r->values);
  free(r->expected);
  free(r->sig);
  if (!mlirModuleIsNull(r->module))
    mlirModuleDestroy(r->module);
  if (!mlirContextIsNull(r->ctx))
    mlirContextDestroy(r->ctx);
  free(r->text);
}

/* Everything before the run: file, kernel, arguments, grid, references. */
static int prepare(Run *r, const Options *o, DiagSource *diag,
                   int64_t grid[3]) {
  char err[1024];
  char *gridText = substitute(o->grid, strlen(o->grid), o->defines,
                              o->numDefines, "--grid", false, NULL, err,
                              sizeof err);
  if (!gridText)
    return failf(err);
  int bad = gridEvaluate(gridText, o->defines, o->numDefines, grid, err,
                         sizeof err);
  free(gridText);
  if (bad)
    return failf(err);

  size_t rawLen;
  char *raw = readFile(o->input, &rawLen, err, sizeof err);
  if (!raw)
    return failf(err);
  r->text = substitute(raw, rawLen, o->defines, o->numDefines, o->input, true,
                       &r->len, err, sizeof err);
  free(raw);
  if (!r->text)
    return failf(err);

  /* Every upstream dialect is registered (only the used ones load), so the
   * CPU lowering finds what it converts to. */
  r->ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(r->ctx, registry);
  mlirDialectRegistryDestroy(registry);
  *diag = (DiagSource){o->input, r->text, r->len, 0};
  diagAttach(r->ctx, diag);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(r->ctx)))
    return failf("the embedded tile dialect failed to load");
  r->module = kernelParse(r->ctx, r->text, r->len, o->input);
  if (mlirModuleIsNull(r->module))
    return EXIT_BAD_INPUT;

  MlirOperation func;
  if (kernelFind(r->module, o->kernel, o->input, &func, err, sizeof err) ||
      kernelSignature(func, &r->sig, &r->numSig, err, sizeof err))
    return failf(err);
  if ((size_t)r->numSig != o->numArgs) {
    int n = snprintf(err, sizeof err, "kernel @%s takes %d argument%s (",
                     o->kernel, r->numSig, r->numSig == 1 ? "" : "s");
    for (int i = 0; i < r->numSig && n < (int)sizeof err; ++i)
      n += snprintf(err + n, sizeof err - (size_t)n, "%s%s", i ? ", " : "",
                    r->sig[i].type);
    if (n < (int)sizeof err)
      snprintf(err + n, sizeof err - (size_t)n, "), got %zu --arg", o->numArgs);
    return failf(err);
  }
  for (size_t i = 0; i < o->numOuts; ++i)
    if (checkOutputIndex(&o->outs[i], "--out", o->kernel, r->sig, r->numSig,
                         err, sizeof err))
      return failf(err);
  for (size_t i = 0; i < o->numChecks; ++i)
    if (checkOutputIndex(&o->checks[i], "--check", o->kernel, r->sig,
                         r->numSig, err, sizeof err))
      return failf(err);

  r->values = calloc((size_t)r->numSig + 1, sizeof *r->values);
  for (int i = 0; i < r->numSig; ++i) {
    char what[32];
    snprintf(what, sizeof what, "--arg #%d", i);
    char *spec = substitute(o->args[i], strlen(o->args[i]), o->defines,
                            o->numDefines, what, false, NULL, err, sizeof err);
    if (!spec)
      return failf(err);
    bad = argumentLoad(i, &r->sig[i], spec, &r->values[i], err, sizeof err);
    free(spec);
    if (bad)
      return failf(err);
  }

  /* References are read before the run so a missing one fails fast. */
  r->expected = calloc(o->numChecks + 1, sizeof *r->expected);
  for (size_t i = 0; i < o->numChecks; ++i) {
    const OutputSpec *c = &o->checks[i];
    bool bf16 = r->sig[c->index].dtype == TILE_DTYPE_BF16;
    char inner[512];
    if (tileNpyRead(c->path, bf16, &r->expected[i], inner, sizeof inner)) {
      snprintf(err, sizeof err, "--check %s: %s", c->flag, inner);
      return failf(err);
    }
  }
  return EXIT_OK;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int runCpu(const Options *o) {
  Run r;
  memset(&r, 0, sizeof r);
  DiagSource diag;
  int64_t grid[3];
  int rc = prepare(&r, o, &diag, grid);
  char err[1024];
  if (rc == EXIT_OK &&
      tileCpuKernelCreate(r.module, o->kernel, &r.kernel, err, sizeof err))
    rc = failf(err);
  if (rc != EXIT_OK) {
    runFree(&r, o);
    return rc;
  }

  TileArgValue *args = calloc((size_t)r.numSig + 1, sizeof *args);
  for (int i = 0; i < r.numSig; ++i)
    args[i] = (TileArgValue){r.sig[i].kind == SIG_MEMREF ? &r.values[i].array
                                                         : NULL,
                             r.values[i].i, r.values[i].f};
  double start = seconds();
  int failed = tileCpuKernelRun(r.kernel, args, grid, err, sizeof err);
  double elapsed = seconds() - start;
  free(args);
  if (failed) {
    rc = failf(err);
    runFree(&r, o);
    return rc;
  }
  printf("@%s on cpu: grid %lldx%lldx%lld, %.3f ms\n", o->kernel,
         (long long)grid[0], (long long)grid[1], (long long)grid[2],
         elapsed * 1e3);

  /* One summary line per memref argument written or checked, in order. */
  for (int i = 0; i < r.numSig; ++i) {
    char note[2048] = "";
    size_t used = 0;
    bool mentioned = false;
    for (size_t j = 0; j < o->numOuts; ++j) {
      if (o->outs[j].index != i)
        continue;
      mentioned = true;
      char inner[512];
      if (tileNpyWrite(o->outs[j].path, &r.values[i].array, inner,
                       sizeof inner)) {
        fprintf(stderr, "tile-run: --out %s: %s\n", o->outs[j].flag, inner);
        rc = EXIT_BAD_INPUT;
        continue;
      }
      used += (size_t)snprintf(note + used, sizeof note - used, "%swritten to %s",
                               used ? ", " : "", o->outs[j].path);
      if (used >= sizeof note)
        used = sizeof note - 1;
    }
    for (size_t j = 0; j < o->numChecks; ++j) {
      if (o->checks[j].index != i)
        continue;
      mentioned = true;
      char one[640];
      if (!runCheck(&o->checks[j], &r.values[i].array, &r.expected[j], one,
                    sizeof one))
        rc = EXIT_BAD_INPUT;
      used += (size_t)snprintf(note + used, sizeof note - used, "%s%s",
                               used ? ", " : "", one);
      if (used >= sizeof note)
        used = sizeof note - 1;
    }
    if (mentioned)
      summaryPrint(stdout, i, r.sig[i].type, &r.values[i].array, note);
  }
  fflush(stdout);
  runFree(&r, o);
  return rc;
}
#endif

static int run(const Options *o) {
  if (o->target == TARGET_CUDA) {
    fprintf(stderr, "tile-run: --target cuda is not available yet (the GPU "
                    "backend is a later issue)\n");
    return EXIT_BAD_INPUT;
  }
#ifdef TILE_RUN_NO_COMPILER
  fprintf(stderr, "tile-run: running .mlir files needs the compiler build "
                  "(this tile-run was built with TILE_ENABLE_COMPILER=OFF)\n");
  return EXIT_BAD_INPUT;
#else
  return runCpu(o);
#endif
}

int main(int argc, char **argv) {
  /* Line-buffered so the summary and error lines keep their order. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  Options o;
  OptionsStatus status = optionsParse(&o, argc, argv);
  int rc = status == OPTIONS_EXIT_OK       ? EXIT_OK
           : status == OPTIONS_USAGE_ERROR ? EXIT_USAGE
                                           : run(&o);
  optionsFree(&o);
  return rc;
}
