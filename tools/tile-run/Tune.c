/* Tuning in tile-run; see Tune.h. */
#ifdef TILE_RUN_HAVE_GPU_COMPILER
#include "tools/tile-run/Tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Target/TuneCache.h"
#include "lib/Transforms/TuneSpace.h"
#include "lib/Tuning/Tuner.h"
#include "tools/tile-run/Grid.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1 };

/* ---- variants --------------------------------------------------------- */

/* `o` with `settings` (moved into the variant): their definitions, and
 * their options as --option KEY=VALUE after the command line's. */
static int variantMake(const Options *o, TileTuneSettings *settings,
                       TuneVariant *v) {
  memset(v, 0, sizeof *v);
  v->options = *o;
  v->settings = *settings;
  memset(settings, 0, sizeof *settings);
  const TileTuneSettings *s = &v->settings;
  v->options.defines = s->defines;
  v->options.numDefines = s->numDefines;
  const char **options =
      calloc(o->numCompileOptions + s->numOptions + 1, sizeof *options);
  v->options.compileOptions = options;
  v->keyValues = calloc(s->numOptions + 1, sizeof *v->keyValues);
  if (!options || !v->keyValues)
    return sessionFail("out of memory");
  size_t n = 0;
  for (size_t i = 0; i < o->numCompileOptions; ++i)
    options[n++] = o->compileOptions[i];
  for (size_t i = 0; i < s->numOptions; ++i) {
    size_t len = strlen(s->options[i].name) + strlen(s->options[i].value) + 2;
    if (!(v->keyValues[i] = malloc(len)))
      return sessionFail("out of memory");
    snprintf(v->keyValues[i], len, "%s=%s", s->options[i].name,
             s->options[i].value);
    options[n++] = v->keyValues[i];
  }
  v->options.numCompileOptions = n;
  return EXIT_OK;
}

/* The variant of `o` a run that does not tune takes: `first`'s first
 * candidate (tileTunerFirst), or without a tuner the file's parameter
 * `defaults`. */
static int variantOf(const Options *o, char *const *defaults,
                     const TileTuner *first, TuneVariant *out) {
  TileTuneSettings s;
  char err[256];
  int failed = first ? tileTunerFirst(first, &s, err, sizeof err)
                     : tileTuneSettingsMake(defaults, o->defines,
                                            o->numDefines, NULL, NULL, &s,
                                            err, sizeof err);
  int rc = failed ? sessionFail(err) : variantMake(o, &s, out);
  tileTuneSettingsFree(&s);
  return rc;
}

void tuneVariantFree(TuneVariant *v) {
  free(v->options.compileOptions);
  for (size_t i = 0; v->keyValues && v->keyValues[i]; ++i)
    free(v->keyValues[i]);
  free(v->keyValues);
  tileTuneSettingsFree(&v->settings);
  memset(v, 0, sizeof *v);
}

int tuneDefaults(const Options *o, const KernelFile *k, TuneVariant *out) {
  char **defaults = tileTuneParamDefaults(k->raw, k->rawLen);
  int rc = variantOf(o, defaults, NULL, out);
  tileTuneStringsFree(defaults);
  return rc;
}

/* ---- the tuner's request ---------------------------------------------- */

/* A candidate's grid: --grid with its definitions. */
static int candidateGrid(void *userData, const TileTuneSettings *s,
                         int64_t grid[3], char *err, size_t errSize) {
  const Options *o = userData;
  return gridSubstituteEvaluate(o->grid, s->defines, s->numDefines, grid,
                                err, errSize);
}

static void logLine(void *userData, const char *line) {
  fprintf(stderr, "tile-run: %s\n", line);
}

/* The names the command line chose: -D names, options given (each key
 * copied after the pointers, in the same block), num-warps with
 * --num-warps. One free() releases it. */
static const char **fixedNames(const Options *o) {
  size_t count = o->numDefines + o->numCompileOptions + 2, bytes = 0;
  for (size_t i = 0; i < o->numCompileOptions; ++i)
    bytes += strlen(o->compileOptions[i]) + 1;
  const char **names = calloc(1, count * sizeof *names + bytes);
  if (!names)
    return NULL;
  char *keys = (char *)(names + count);
  size_t n = 0;
  for (size_t i = 0; i < o->numDefines; ++i)
    names[n++] = o->defines[i].name;
  for (size_t i = 0; i < o->numCompileOptions; ++i) {
    const char *kv = o->compileOptions[i];
    size_t len = (size_t)(strchr(kv, '=') - kv);
    memcpy(keys, kv, len);
    keys[len] = '\0';
    names[n++] = keys;
    keys += len + 1;
  }
  if (o->numWarpsGiven)
    names[n++] = "num-warps";
  return names;
}

int tuneCheckSpace(const Options *o, const KernelFile *k) {
  char err[1024];
  const char **fixed = fixedNames(o);
  TileTuneSpace space;
  int rc = tileTuneSpaceRead(k->raw, k->rawLen, k->name, k->kernel, fixed,
                             &space, err, sizeof err);
  free(fixed);
  if (rc)
    return sessionFail(err);
  tileTuneSpaceFree(&space);
  return EXIT_OK;
}

/* What the request points to, owned here. */
typedef struct {
  const char **fixed;
  TileGpuOptions compile;
  char cacheDir[1024];
  TileRuntimeArg *args;    /* memrefs' data: buffers of tuneOnDevice */
  TileHostArray *inputs;   /* shallow copies of the session's arrays */
  TileTunerReference *refs; /* one per --check */
  char (*what)[600];       /* each one's "--check 1=ref.npy" */
} Owned;

static void ownedFree(Owned *w) {
  free(w->fixed);
  free(w->args);
  free(w->inputs);
  free(w->refs);
  free(w->what);
}

static int request(const Options *o, const KernelFile *k, const Session *s,
                   Owned *w, TileTuneRequest *r) {
  memset(w, 0, sizeof *w);
  w->fixed = fixedNames(o);
  w->args = sessionRuntimeArgs(s);
  w->inputs = calloc((size_t)s->numSig + 1, sizeof *w->inputs);
  w->refs = calloc(o->numChecks + 1, sizeof *w->refs);
  w->what = calloc(o->numChecks + 1, sizeof *w->what);
  if (!w->fixed || !w->args || !w->inputs || !w->refs || !w->what)
    return sessionFail("out of memory");
  for (int i = 0; i < s->numSig; ++i)
    w->inputs[i] = s->values[i].array;
  for (size_t i = 0; i < o->numChecks; ++i) {
    snprintf(w->what[i], sizeof w->what[i], "--check %s", o->checks[i].flag);
    w->refs[i] = (TileTunerReference){w->what[i], (int)o->checks[i].index,
                                     &s->expected[i], o->checks[i].rtol,
                                     o->checks[i].atol};
  }
  tileGpuOptionsInit(&w->compile);
  bool cache = !o->noCache &&
               tileTuneCacheDir(w->cacheDir, sizeof w->cacheDir);
  *r = (TileTuneRequest){
      .text = k->raw,
      .len = k->rawLen,
      .sourceName = k->name,
      .kernel = k->kernel,
      .sig = s->sig,
      .numSig = s->numSig,
      .defines = o->defines,
      .numDefines = o->numDefines,
      .fixed = w->fixed,
      .defineFlag = "-D",
      .compile = &w->compile,
      .tuneCacheDir = cache ? w->cacheDir : NULL,
      .retune = o->retune,
      .maxWarmup = o->warmup,
      .maxIters = o->iters,
      .args = w->args,
      .grid = candidateGrid,
      .gridUserData = (void *)o,
      .inputs = w->inputs,
      .refs = w->refs,
      .numRefs = (int)o->numChecks,
      .referenceHint = "give --check files",
      .packageName = o->input,
      .log = logLine,
  };
  return EXIT_OK;
}

/* The caller's compile options, once they are needed: a wrong --option
 * is reported where a run that does not tune reports it. */
static int compileOptions(const Options *o, const Session *s, Owned *w) {
  int rc = kernelFileCompileOptions(s, o, &w->compile.options);
  if (rc == EXIT_OK && !o->noCache)
    tileGpuOptionsUseCache(&w->compile);
  return rc;
}

/* Runs the tuning on device buffers of its own for the session's
 * memrefs (their values uploaded before each judged run). */
static int tuneOnDevice(TileTuner *t, const Session *s, Owned *w,
                        TileRuntimeDevice *device) {
  void **buffers = calloc((size_t)s->numSig + 1, sizeof *buffers);
  if (!buffers)
    return sessionFail("out of memory");
  TileStatus st;
  char err[1024];
  int rc = EXIT_OK;
  for (int i = 0; rc == EXIT_OK && i < s->numSig; ++i) {
    if (s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    if (tileRuntimeDeviceAlloc(device, s->values[i].array.bytes, &buffers[i],
                               &st))
      rc = sessionFail(st.message);
    w->args[i].data = buffers[i];
  }
  if (rc == EXIT_OK && tileTunerRun(t, err, sizeof err))
    rc = sessionFail(err);
  for (int i = 0; i < s->numSig; ++i)
    tileRuntimeDeviceFree(device, buffers[i]);
  free(buffers);
  return rc;
}

/* ---- choosing ---------------------------------------------------------- */

static const TileTuner *sortTuner; /* for qsort's comparison */

static int byTime(const void *x, const void *y) {
  const TileTuneCandidate *a = &sortTuner->c[*(const int *)x];
  const TileTuneCandidate *b = &sortTuner->c[*(const int *)y];
  int fa = !a->done || a->result.failed, fb = !b->done || b->result.failed;
  if (fa != fb)
    return fa - fb;
  if (!fa && a->result.medianUs != b->result.medianUs)
    return a->result.medianUs < b->result.medianUs ? -1 : 1;
  return *(const int *)x - *(const int *)y;
}

static void printTable(const TileTuner *t, int chosen) {
  int failed = 0, cached = 0, twins = 0, timed = 0;
  for (int i = 0; i < t->n; ++i) {
    const TileTuneCandidate *c = &t->c[i];
    failed += c->result.failed;
    cached += c->fromCache;
    bool twin = c->twin && !c->result.failed;
    twins += twin;
    timed += !c->fromCache && !c->result.failed && !twin;
  }
  printf("tune @%s on %s (sm_%d): %d candidate%s: %d timed now, %d the "
         "same code as another, %d from the tuning cache, %d failed\n",
         t->kernel, t->gpuName, t->capability, t->n, t->n == 1 ? "" : "s",
         timed, twins, cached, failed);
  int *order = calloc((size_t)t->n + 1, sizeof *order);
  if (!order)
    return;
  for (int i = 0; i < t->n; ++i)
    order[i] = i;
  sortTuner = t;
  qsort(order, (size_t)t->n, sizeof *order, byTime);
  bool flops = false;
  for (int i = 0; i < t->n; ++i)
    flops = flops || (!t->c[i].result.failed && t->c[i].result.flops > 0);
  if (flops)
    printf("  %12s  %8s  candidate (times with L2 flushed)\n", "median us",
           "TFLOP/s");
  else
    printf("  %12s  candidate (times with L2 flushed)\n", "median us");
  for (int r = 0; r < t->n; ++r) {
    const TileTuneCandidate *c = &t->c[order[r]];
    const char *label =
        c->settings.label[0] ? c->settings.label : "(defaults)";
    if (c->result.failed) {
      printf("  %12s  %s%s: %s\n", "failed", flops ? "          " : "",
             label, c->result.note);
      continue;
    }
    char tflops[32] = "";
    if (c->result.flops > 0 && c->result.medianUs > 0)
      snprintf(tflops, sizeof tflops, "%.1f",
               c->result.flops / (c->result.medianUs * 1e-6) * 1e-12);
    printf("  %12.2f  %s%s%s%s%s%s%s\n", c->result.medianUs,
           flops ? tflops : "", flops ? "  " : "", label,
           c->fromCache ? " (cached)" : "",
           c->result.note[0] ? " (" : "", c->result.note,
           c->result.note[0] ? ")" : "");
  }
  free(order);
  if (chosen >= 0)
    printf("tune: chose %s\n", t->c[chosen].settings.label[0]
                                   ? t->c[chosen].settings.label
                                   : "the defaults");
}

/* Says what a run without --tune took from the tuning cache. */
static void printCached(const TileTuner *t, int chosen) {
  int timed = 0;
  for (int i = 0; i < t->n; ++i)
    timed += t->c[i].done && !t->c[i].result.failed;
  printf("tune: %s, the fastest of %d candidate%s timed on this GPU "
         "(tuning cache)\n",
         t->c[chosen].settings.label[0] ? t->c[chosen].settings.label
                                        : "the defaults",
         timed, timed == 1 ? "" : "s");
}

int tuneChoose(const Options *o, const KernelFile *k, Session *s,
               TuneVariant *out) {
  memset(out, 0, sizeof *out);
  Owned w;
  TileTuneRequest r;
  TileTuner *t = NULL;
  char err[1024];
  int rc = request(o, k, s, &w, &r);
  if (rc == EXIT_OK && tileTunerCreate(&r, &t, err, sizeof err))
    rc = sessionFail(err);
  if (rc != EXIT_OK || (!o->tune && !r.tuneCacheDir)) {
    /* A mistake, or nothing to look up: the first values. */
    int failed = rc == EXIT_OK ? variantOf(o, NULL, t, out)
                               : tuneDefaults(o, k, out);
    tileTunerDestroy(t);
    ownedFree(&w);
    return rc != EXIT_OK ? rc : failed;
  }
  TileStatus st;
  TileRuntimeDevice *device = NULL;
  if (tileRuntimeDeviceCreate(o->device, &device, &st)) {
    rc = variantOf(o, NULL, t, out);
    tileTunerDestroy(t);
    ownedFree(&w);
    /* Without --tune the run says what is wrong with the GPU. */
    return o->tune ? sessionFail(st.message) : rc;
  }
  rc = compileOptions(o, s, &w);
  if (rc == EXIT_OK && tileTunerLookup(t, device, err, sizeof err))
    rc = sessionFail(err);
  if (rc == EXIT_OK && o->tune)
    rc = tuneOnDevice(t, s, &w, device);
  tileRuntimeDeviceDestroy(device);
  int chosen = rc == EXIT_OK ? tileTunerFastest(t) : -1;
  if (o->tune && rc == EXIT_OK) {
    printTable(t, chosen);
    if (chosen < 0)
      rc = sessionFail("tune: no candidate compiled, ran and checked (the "
                       "table says why)");
  } else if (chosen >= 0) {
    printCached(t, chosen);
  } else if (rc == EXIT_OK && t->n > 1) {
    /* Nothing timed for this shape: the defaults run, and they can be
     * far from the space's best (a GEMM's 128x256 blocks at M = 16). */
    printf("tune: no candidate of the tuning space timed for this launch "
           "on this GPU: the defaults run (--tune times the %d "
           "candidates once; later runs take the fastest)\n",
           t->n);
  }
  int failed = chosen >= 0
                   ? variantMake(o, &t->c[chosen].settings, out)
                   : variantOf(o, NULL, t, out);
  if (rc == EXIT_OK)
    rc = failed;
  tileTunerDestroy(t);
  ownedFree(&w);
  return rc;
}

#endif
