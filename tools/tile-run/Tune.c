/* Tuning in tile-run; see Tune.h. */
#ifdef TILE_RUN_HAVE_GPU_COMPILER
#define _POSIX_C_SOURCE 200809L /* strdup, open_memstream */
#include "tools/tile-run/Tune.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/IR/DiagnosticPrinter.h"
#include "lib/Runtime/Package.h"
#include "lib/Runtime/Variants.h"
#include "lib/Support/Clock.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Target/TuneCache.h"
#include "lib/Transforms/TuneSpace.h"
#include "tile-c/Dialect.h"
#include "tools/tile-run/Check.h"
#include "tools/tile-run/Grid.h"
#include "tools/tile-run/Kernel.h"
#include "tools/tile-run/Substitute.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1 };

/* ---- variants --------------------------------------------------------- */

static char *own(TuneVariant *v, const char *text) {
  char **grown = realloc(v->owned, (size_t)(v->numOwned + 1) * sizeof *grown);
  char *copy = strdup(text);
  if (!grown || !copy) {
    free(copy);
    if (grown)
      v->owned = grown;
    return NULL;
  }
  v->owned = grown;
  v->owned[v->numOwned++] = copy;
  return copy;
}

static void appendLabel(TuneVariant *v, const char *name, const char *value) {
  size_t n = strlen(v->label);
  snprintf(v->label + n, sizeof v->label - n, "%s%s=%s", n ? " " : "", name,
           value);
}

/* `o` plus the parameter defaults (name, value pairs) no -D gives, then
 * candidate `choice` of `space` (NULL: none). */
static int variantMake(const Options *o, char *const *defaults,
                       const TileTuneSpace *space, const int *choice,
                       TuneVariant *v) {
  memset(v, 0, sizeof *v);
  v->options = *o;
  size_t numDefaults = 0;
  while (defaults && defaults[2 * numDefaults])
    ++numDefaults;
  int numParams = space ? space->numParams : 0;
  Define *defines = calloc(o->numDefines + numDefaults + (size_t)numParams + 1,
                           sizeof *defines);
  const char **options = calloc(o->numCompileOptions + (size_t)numParams + 1,
                                sizeof *options);
  v->options.defines = defines;
  v->options.compileOptions = options;
  if (!defines || !options)
    return sessionFail("out of memory");
  size_t nd = 0, no = 0;
  /* A later definition wins: the defaults first. */
  for (size_t i = 0; i < numDefaults; ++i) {
    const char *name = defaults[2 * i], *value = defaults[2 * i + 1];
    if (substituteLookup(o->defines, o->numDefines, name, strlen(name)))
      continue;
    const char *n = own(v, name), *val = own(v, value);
    if (!n || !val)
      return sessionFail("out of memory");
    defines[nd++] = (Define){n, val};
  }
  for (size_t i = 0; i < o->numDefines; ++i)
    defines[nd++] = o->defines[i];
  for (size_t i = 0; i < o->numCompileOptions; ++i)
    options[no++] = o->compileOptions[i];
  for (int i = 0; choice && i < numParams; ++i) {
    const TileTuneParam *p = &space->params[i];
    const char *value = p->values[choice[i]];
    appendLabel(v, p->name, value);
    if (p->isOption) {
      char kv[256];
      snprintf(kv, sizeof kv, "%s=%s", p->name, value);
      if (!(options[no++] = own(v, kv)))
        return sessionFail("out of memory");
    } else {
      const char *n = own(v, p->name), *val = own(v, value);
      if (!n || !val)
        return sessionFail("out of memory");
      defines[nd++] = (Define){n, val};
    }
  }
  v->options.numDefines = nd;
  v->options.numCompileOptions = no;
  return EXIT_OK;
}

void tuneVariantFree(TuneVariant *v) {
  free(v->options.defines);
  free(v->options.compileOptions);
  for (int i = 0; i < v->numOwned; ++i)
    free(v->owned[i]);
  free(v->owned);
  memset(v, 0, sizeof *v);
}

int tuneDefaults(const Options *o, const KernelFile *k, TuneVariant *out) {
  char **defaults = tileTuneParamDefaults(k->raw, k->rawLen);
  int rc = variantMake(o, defaults, NULL, NULL, out);
  tileTuneStringsFree(defaults);
  return rc;
}

/* ---- candidates ------------------------------------------------------- */

typedef struct {
  TuneVariant v;
  int64_t grid[3];
  char *text; /* the kernel file substituted for this candidate */
  size_t len;
  TileGpuOptions gpu;
  uint8_t key[TILE_SHA256_BYTES];
  bool keyed;
  TileTuneResult result;
  bool done;      /* result holds its outcome */
  bool fromCache; /* ... read from the tuning cache */
  void *package;  /* compiled: the package's bytes */
  size_t packageSize;
  double compileMs;
} Candidate;

typedef struct {
  const Options *o;
  const KernelFile *k;
  Session *s;
  TileTuneSpace space;
  char **defaults;
  Candidate *c;
  int n;
  char gpuName[256];
  int capability, driverVersion;
  char cacheDir[1024];
  bool cache;
  int storeFailed; /* entries the cache did not take */
} Tuning;

/* What a timing depends on besides the code: the launch's shape key (as
 * variant files key launches, lib/Runtime/Variants.h) and the grid. */
static int shapeKey(const Session *s, const int64_t grid[3], TileStrBuf *out) {
  TileRuntimeArg *args = sessionRuntimeArgs(s);
  TileDType *dtypes = calloc((size_t)s->numSig + 1, sizeof *dtypes);
  if (!args || !dtypes) {
    free(args);
    free(dtypes);
    return 1;
  }
  for (int i = 0; i < s->numSig; ++i)
    dtypes[i] = s->sig[i].dtype;
  tileLaunchShapeKey(dtypes, args, s->numSig, out);
  tileStrBufPrintf(out, "; grid %lldx%lldx%lld", (long long)grid[0],
                   (long long)grid[1], (long long)grid[2]);
  free(args);
  free(dtypes);
  return 0;
}

/* Fills candidate `index`: its variant, grid, text, options and key. */
static int candidateMake(Tuning *t, int index) {
  Candidate *c = &t->c[index];
  int choice[64] = {0};
  tileTuneSpaceCandidate(&t->space, index, choice);
  int rc = variantMake(t->o, t->defaults, &t->space, choice, &c->v);
  if (rc)
    return rc;
  const Options *vo = &c->v.options;
  char err[1024], msg[1700];
  char *gridText = substitute(vo->grid, strlen(vo->grid), vo->defines,
                              vo->numDefines, "--grid", false, NULL, err,
                              sizeof err);
  bool bad = !gridText || gridEvaluate(gridText, vo->defines, vo->numDefines,
                                       c->grid, err, sizeof err);
  free(gridText);
  if (bad) {
    snprintf(msg, sizeof msg, "tuning candidate %s: %s", c->v.label, err);
    return sessionFail(msg);
  }
  c->text = substitute(t->k->raw, t->k->rawLen, vo->defines, vo->numDefines,
                       t->k->name, true, &c->len, err, sizeof err);
  if (!c->text) {
    snprintf(msg, sizeof msg, "tuning candidate %s: %s", c->v.label, err);
    return sessionFail(msg);
  }
  tileGpuOptionsInit(&c->gpu);
  rc = kernelFileCompileOptions(t->s, vo, &c->gpu.options);
  if (rc)
    return rc;
  /* Both entries by ptxas, in the parallel compile: arguments whose rows
   * are not 16-byte aligned run the generic entry, which the driver
   * would otherwise JIT-compile from PTX for every candidate, one after
   * another (0.3-0.6 s each on an H200). */
  c->gpu.options.generic = TILE_GENERIC_EAGER;
  TileStrBuf shapes = tileStrBufInit();
  if (shapeKey(t->s, c->grid, &shapes)) {
    tileStrBufFree(&shapes);
    return sessionFail("out of memory");
  }
  /* Keyed without the tile.tune lines: adding a value to the space keeps
   * every other candidate's timing. */
  char *keyText = malloc(c->len + 1);
  if (!keyText)
    return sessionFail("out of memory");
  memcpy(keyText, c->text, c->len + 1);
  size_t keyLen = tileTuneBlankDirectives(keyText, c->len);
  TileTuneKeyParts parts = {keyText,      keyLen,          t->k->kernel,
                            &c->gpu,      t->gpuName,      t->capability,
                            t->driverVersion, tileStrBufCStr(&shapes)};
  c->keyed = tileTuneKey(&parts, c->key);
  free(keyText);
  tileStrBufFree(&shapes);
  if (c->keyed && t->cache && !t->o->retune &&
      tileTuneCacheLoad(t->cacheDir, c->key, &c->result))
    c->done = c->fromCache = true;
  return EXIT_OK;
}

static void candidateFree(Candidate *c) {
  tuneVariantFree(&c->v);
  free(c->text);
  free(c->package);
}

static void record(Tuning *t, Candidate *c) {
  c->done = true;
  char why[256];
  if (t->cache && c->keyed &&
      tileTuneCacheStore(t->cacheDir, c->key, &c->result, why, sizeof why) &&
      !t->storeFailed++) /* once: the others fail the same way */
    fprintf(stderr,
            "tile-run: tune: timings are not kept in the tuning cache (the "
            "first, of %s: %s)\n",
            c->v.label, why);
}

/* Marks `c` failed. A failure to compile or load is the code's and is
 * kept in the tuning cache; one to run may be the moment's (memory other
 * processes hold), and wrong outputs are judged against this run's
 * --check files or other candidates: those are not kept. */
static void fail(Tuning *t, Candidate *c, bool keep, const char *fmt,
                 const char *why) {
  c->result.failed = true;
  snprintf(c->result.note, sizeof c->result.note, fmt, why);
  /* One line of it is enough for the table. */
  char *nl = strchr(c->result.note, '\n');
  if (nl)
    *nl = '\0';
  if (keep)
    record(t, c);
  else
    c->done = true;
}

/* ---- compiling, in parallel ------------------------------------------- */


/* The first error a candidate's compile reports, as tile-opt prints it. */
typedef struct {
  TileSourceText source;
  char first[1024];
} Captured;

static MlirLogicalResult capture(MlirDiagnostic diag, void *userData) {
  Captured *c = userData;
  if (c->first[0] || mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (f) {
    tilePrintDiagnostic(f, &c->source, diag);
    fclose(f);
    snprintf(c->first, sizeof c->first, "%s", text ? text : "");
  }
  free(text);
  return mlirLogicalResultSuccess();
}

static void compileOne(const Tuning *t, Candidate *c) {
  double start = tileNowMs();
  Captured cap = {{t->k->name, c->text, c->len}, ""};
  MlirContext ctx = mlirContextCreate();
  tileContextRegisterUpstream(ctx);
  mlirContextAttachDiagnosticHandler(ctx, capture, &cap, NULL);
  char err[2048];
  err[0] = '\0';
  int failed = 1;
  if (mlirLogicalResultIsSuccess(tileContextLoadDialects(ctx))) {
    MlirModule m = kernelParse(ctx, c->text, c->len, t->k->name);
    if (!mlirModuleIsNull(m)) {
      TilePackage pkg;
      memset(&pkg, 0, sizeof pkg);
      failed = tileCompileKernelToPackage(m, t->k->kernel, &c->gpu.options,
                                          !t->o->noCache, NULL, &pkg, err,
                                          sizeof err) ||
               tilePackageWriteMemory(&pkg, &c->package, &c->packageSize,
                                      err, sizeof err);
      tilePackageFree(&pkg);
      mlirModuleDestroy(m);
    }
  }
  mlirContextDestroy(ctx);
  c->compileMs = tileNowMs() - start;
  if (failed) {
    c->result.failed = true;
    snprintf(c->result.note, sizeof c->result.note, "does not compile: %s",
             cap.first[0] ? cap.first : err);
    char *nl = strchr(c->result.note, '\n');
    if (nl)
      *nl = '\0';
  }
}

typedef struct {
  Tuning *t;
  int *todo;
  int numTodo;
  int next;
  pthread_mutex_t lock;
} Pool;

static void *worker(void *arg) {
  Pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    int i = p->next < p->numTodo ? p->todo[p->next++] : -1;
    pthread_mutex_unlock(&p->lock);
    if (i < 0)
      return NULL;
    compileOne(p->t, &p->t->c[i]);
  }
}

/* Compiles every candidate without a result: the first alone (it sets up
 * what a process compiles with once), the rest on as many threads as
 * there are processors. */
static void compileAll(Tuning *t) {
  int *todo = calloc((size_t)t->n + 1, sizeof *todo);
  int numTodo = 0;
  for (int i = 0; todo && i < t->n; ++i)
    if (!t->c[i].done)
      todo[numTodo++] = i;
  if (!numTodo) {
    free(todo);
    return;
  }
  double start = tileNowMs();
  fprintf(stderr, "tile-run: tune: compiling %d candidate%s\n", numTodo,
          numTodo == 1 ? "" : "s");
  compileOne(t, &t->c[todo[0]]);
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int threads = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus;
  if (threads > numTodo - 1)
    threads = numTodo - 1;
  Pool pool = {t, todo, numTodo, 1, PTHREAD_MUTEX_INITIALIZER};
  pthread_t ids[64];
  int started = 0;
  for (; started < threads; ++started)
    if (pthread_create(&ids[started], NULL, worker, &pool) != 0)
      break;
  if (!started)
    worker(&pool);
  for (int i = 0; i < started; ++i)
    pthread_join(ids[i], NULL);
  int failed = 0;
  for (int i = 0; i < numTodo; ++i)
    if (t->c[todo[i]].result.failed) {
      ++failed;
      record(t, &t->c[todo[i]]);
    }
  fprintf(stderr,
          "tile-run: tune: compiled %d candidate%s in %.2f s on %d "
          "thread%s%s\n",
          numTodo, numTodo == 1 ? "" : "s", (tileNowMs() - start) / 1e3,
          started ? started : 1, started > 1 ? "s" : "",
          failed ? "; some do not compile (below)" : "");
  free(todo);
}

/* ---- running and timing ----------------------------------------------- */

/* What most candidates computed: memref arguments after the run. */
typedef struct {
  TileHostArray *arrays; /* one per argument; empty for scalars */
  int members;
  int first; /* the first candidate that computed it */
} Outcome;

typedef struct {
  TileRuntimeDevice *device;
  void **buffers;
  TileRuntimeArg *args;
  TileHostArray *after; /* the last run's memrefs */
  Outcome *outcomes;
  int numOutcomes;
  int *outcomeOf; /* per candidate; -1: none */
} Bench;

static int benchOpen(Tuning *t, Bench *b, TileStatus *st) {
  Session *s = t->s;
  b->buffers = calloc((size_t)s->numSig + 1, sizeof *b->buffers);
  /* The session's shapes and scalars; the memrefs' device buffers below. */
  b->args = sessionRuntimeArgs(s);
  b->after = calloc((size_t)s->numSig + 1, sizeof *b->after);
  b->outcomes = calloc((size_t)t->n + 1, sizeof *b->outcomes);
  b->outcomeOf = calloc((size_t)t->n + 1, sizeof *b->outcomeOf);
  if (!b->buffers || !b->args || !b->after || !b->outcomes || !b->outcomeOf) {
    snprintf(st->message, sizeof st->message, "out of memory");
    return 1;
  }
  for (int i = 0; i < t->n; ++i)
    b->outcomeOf[i] = -1;
  for (int i = 0; i < s->numSig; ++i) {
    const TileHostArray *v = &s->values[i].array;
    char err[256];
    if (s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    if (tileRuntimeDeviceAlloc(b->device, v->bytes, &b->buffers[i], st))
      return 1;
    if (tileHostArrayCreate(v->dtype, v->rank, v->shape, &b->after[i], err,
                            sizeof err)) {
      snprintf(st->message, sizeof st->message, "%s", err);
      return 1;
    }
    b->args[i].data = b->buffers[i];
  }
  return 0;
}

static void benchClose(const Tuning *t, Bench *b) {
  for (int i = 0; i < t->s->numSig; ++i) {
    if (b->buffers)
      tileRuntimeDeviceFree(b->device, b->buffers[i]);
    if (b->after)
      tileHostArrayDestroy(&b->after[i]);
    for (int k = 0; k < b->numOutcomes; ++k)
      tileHostArrayDestroy(&b->outcomes[k].arrays[i]);
  }
  for (int k = 0; k < b->numOutcomes; ++k)
    free(b->outcomes[k].arrays);
  free(b->buffers);
  free(b->args);
  free(b->after);
  free(b->outcomes);
  free(b->outcomeOf);
}

/* Whether every memref of `a` matches `ref` at each dtype's default
 * tolerance; *worst gets a description of the first that does not. */
static bool sameOutputs(const Session *s, const TileHostArray *a,
                        const TileHostArray *ref, char *worst, size_t size) {
  for (int i = 0; i < s->numSig; ++i) {
    if (s->sig[i].kind != TILE_ARG_MEMREF ||
        memcmp(a[i].data, ref[i].data, a[i].bytes) == 0)
      continue;
    CheckResult r;
    char err[256];
    if (checkCompare(&a[i], &ref[i], checkDefaultRtol(a[i].dtype), &r, err,
                     sizeof err) ||
        r.numMismatches) {
      char at[128];
      checkFormatIndex(r.worst, a[i].rank, a[i].shape, at, sizeof at);
      snprintf(worst, size,
               "argument #%d: %zu of %zu elements differ; at %s %g, not %g",
               i, r.numMismatches, r.numElements, at, r.actual, r.expected);
      return false;
    }
  }
  return true;
}

/* Files the outputs of candidate `index` with the outcome they match, or
 * a new one. */
static int fileOutcome(Tuning *t, Bench *b, int index) {
  char why[512];
  for (int k = 0; k < b->numOutcomes; ++k)
    if (sameOutputs(t->s, b->after, b->outcomes[k].arrays, why, sizeof why)) {
      ++b->outcomes[k].members;
      b->outcomeOf[index] = k;
      return 0;
    }
  Outcome *o = &b->outcomes[b->numOutcomes];
  o->arrays = calloc((size_t)t->s->numSig + 1, sizeof *o->arrays);
  if (!o->arrays)
    return 1;
  for (int i = 0; i < t->s->numSig; ++i) {
    const TileHostArray *a = &b->after[i];
    if (t->s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    if (tileHostArrayCreate(a->dtype, a->rank, a->shape, &o->arrays[i], why,
                            sizeof why))
      return 1;
    memcpy(o->arrays[i].data, a->data, a->bytes);
  }
  o->members = 1;
  o->first = index;
  b->outcomeOf[index] = b->numOutcomes++;
  return 0;
}

/* Against the --check files: the reason a candidate fails them, or "". */
static void checkFiles(const Tuning *t, const Bench *b, char *why,
                       size_t size) {
  why[0] = '\0';
  for (size_t i = 0; i < t->o->numChecks; ++i) {
    const OutputSpec *c = &t->o->checks[i];
    const TileHostArray *a = &b->after[c->index];
    double rtol = c->rtol >= 0 ? c->rtol : checkDefaultRtol(a->dtype);
    CheckResult r;
    char err[256];
    if (checkCompare(a, &t->s->expected[i], rtol, &r, err, sizeof err)) {
      snprintf(why, size, "--check %s: %s", c->flag, err);
      return;
    }
    if (r.numMismatches) {
      snprintf(why, size, "fails --check %s: %zu of %zu elements differ",
               c->flag, r.numMismatches, r.numElements);
      return;
    }
  }
}

/* Timed launches enough for about 100 ms (at least 5), after warm-up of
 * about 25 ms, within --iters and --warmup: what Triton's do_bench
 * spends on a configuration. */
static void benchCounts(const Options *o, double launchMs,
                        TileRuntimeBenchmarkOptions *how) {
  double ms = launchMs > 1e-3 ? launchMs : 1e-3;
  double iters = 100.0 / ms, warmup = 25.0 / ms;
  how->iters = iters < 5 ? 5 : iters > o->iters ? o->iters : (int)iters;
  how->warmup = warmup < 1 ? 1 : warmup > o->warmup ? o->warmup : (int)warmup;
  how->flushL2 = 1;
}

/* Uploads fresh inputs and launches once, synchronized; with `fetch`,
 * the memrefs come back into b->after. */
static int runOnce(Tuning *t, Bench *b, TileRuntimeKernel *kernel,
                   const Candidate *c, bool fetch, double *ms,
                   TileStatus *st) {
  Session *s = t->s;
  for (int i = 0; i < s->numSig; ++i)
    if (s->sig[i].kind == TILE_ARG_MEMREF &&
        tileRuntimeCopyToDevice(b->device, b->buffers[i],
                                s->values[i].array.data,
                                s->values[i].array.bytes, st))
      return 1;
  TileRuntimeLaunchConfig config = {{c->grid[0], c->grid[1], c->grid[2]},
                                    NULL, TILE_RUNTIME_ENTRY_AUTO, 1};
  TileRuntimeLaunchInfo info;
  if (tileRuntimeKernelLaunch(kernel, b->args, s->numSig, &config, &info, st))
    return 1;
  *ms = info.gpuMs;
  for (int i = 0; fetch && i < s->numSig; ++i)
    if (s->sig[i].kind == TILE_ARG_MEMREF &&
        tileRuntimeCopyToHost(b->device, b->after[i].data, b->buffers[i],
                              b->after[i].bytes, st))
      return 1;
  return 0;
}

/* A candidate whose single launch took more than this many times the
 * fastest median so far is not timed further: it cannot win. */
#define PRUNE_FACTOR 2.0

/* Runs candidate `index` and times it. Its outputs are judged: with
 * --check files, when it is the fastest so far (only such a candidate
 * can be picked; its outputs come from a run of its own on fresh inputs,
 * since timed launches may have changed them); without, every
 * candidate's outputs join the vote in timeAll. `bestUs` is the fastest
 * median so far (0: none). */
static void timeOne(Tuning *t, Bench *b, int index, double bestUs) {
  Candidate *c = &t->c[index];
  Session *s = t->s;
  bool vote = t->o->numChecks == 0;
  TileStatus st;
  TileRuntimePackage *p = NULL;
  TileRuntimeKernel *kernel = NULL;
  if (tileRuntimePackageLoadMemory(c->package, c->packageSize, t->o->input,
                                   &p, &st) ||
      tileRuntimeKernelCreate(b->device, p, &kernel, &st)) {
    tileRuntimePackageDestroy(p);
    fail(t, c, true, "does not load: %.450s", st.message);
    return;
  }
  double ms;
  if (runOnce(t, b, kernel, c, vote, &ms, &st))
    goto failed;
  if (vote && fileOutcome(t, b, index)) {
    snprintf(st.message, sizeof st.message, "out of memory");
    goto failed;
  }
  if (bestUs > 0 && 1e3 * ms > PRUNE_FACTOR * bestUs) {
    c->result.medianUs = 1e3 * ms;
    snprintf(c->result.note, sizeof c->result.note,
             "one launch: more than %.0fx the fastest", PRUNE_FACTOR);
  } else {
    TileRuntimeLaunchConfig config = {{c->grid[0], c->grid[1], c->grid[2]},
                                      NULL, TILE_RUNTIME_ENTRY_AUTO, 0};
    TileRuntimeBenchmarkOptions how;
    benchCounts(t->o, ms, &how);
    TileRuntimeBenchmark timing;
    if (tileRuntimeKernelBenchmarkWith(kernel, b->args, s->numSig, &config,
                                       &how, &timing, &st))
      goto failed;
    c->result.medianUs = timing.medianUs;
    if (!vote && (bestUs <= 0 || timing.medianUs < bestUs)) {
      char why[600];
      if (runOnce(t, b, kernel, c, true, &ms, &st))
        goto failed;
      checkFiles(t, b, why, sizeof why);
      if (why[0]) {
        tileRuntimeKernelDestroy(kernel);
        tileRuntimePackageDestroy(p);
        fail(t, c, false, "%.500s", why);
        return;
      }
    }
  }
  TileRuntimeResources res;
  tileRuntimePackageResources(p, &res);
  c->result.flops = (double)res.flopsPerProgram * (double)c->grid[0] *
                    (double)c->grid[1] * (double)c->grid[2];
  tileRuntimeKernelDestroy(kernel);
  tileRuntimePackageDestroy(p);
  /* Recorded once the outputs are judged against the others. */
  return;
failed:
  tileRuntimeKernelDestroy(kernel);
  tileRuntimePackageDestroy(p);
  fail(t, c, false, "does not run: %.450s", st.message);
}

/* The candidate whose package is `index`'s, compiled earlier: identical
 * code need not be timed twice. -1 when none. */
static int sameCode(const Tuning *t, int index) {
  const Candidate *c = &t->c[index];
  for (int i = 0; i < index; ++i) {
    const Candidate *e = &t->c[i];
    if (e->package && e->packageSize == c->packageSize &&
        memcmp(e->grid, c->grid, sizeof c->grid) == 0 &&
        memcmp(e->package, c->package, c->packageSize) == 0)
      return i;
  }
  return -1;
}

static int timeAll(Tuning *t, Bench *b) {
  int total = 0, done = 0;
  for (int i = 0; i < t->n; ++i)
    total += t->c[i].package != NULL;
  for (int i = 0; i < t->n; ++i) {
    Candidate *c = &t->c[i];
    if (!c->package)
      continue;
    int same = sameCode(t, i);
    if (same >= 0) {
      /* Judged with its twin below. */
      c->result = t->c[same].result;
      c->done = t->c[same].done; /* failed already, or judged below */
      b->outcomeOf[i] = b->outcomeOf[same];
      if (b->outcomeOf[i] >= 0)
        ++b->outcomes[b->outcomeOf[i]].members;
      if (!c->result.failed)
        snprintf(c->result.note, sizeof c->result.note,
                 "the same code as %.400s", t->c[same].v.label);
      ++done;
      continue;
    }
    double bestUs = 0;
    for (int j = 0; j < i; ++j) {
      const Candidate *e = &t->c[j];
      if (e->package && !e->result.failed && !e->result.note[0] &&
          (bestUs <= 0 || e->result.medianUs < bestUs))
        bestUs = e->result.medianUs;
    }
    timeOne(t, b, i, bestUs);
    ++done;
    if (c->result.failed)
      fprintf(stderr, "tile-run: tune [%d/%d] %s: %s\n", done, total,
              c->v.label, c->result.note);
    else
      fprintf(stderr, "tile-run: tune [%d/%d] %s: %.2f us\n", done, total,
              c->v.label, c->result.medianUs);
  }
  /* What most candidates computed is taken as right (unless --check
   * files say what is): a candidate that computed something else is a
   * wrong kernel, never picked, and worth a report. */
  int best = -1, judged = 0;
  for (int k = 0; k < b->numOutcomes; ++k) {
    judged += b->outcomes[k].members;
    if (best < 0 || b->outcomes[k].members > b->outcomes[best].members)
      best = k;
  }
  if (best >= 0 && 2 * b->outcomes[best].members <= judged)
    fprintf(stderr,
            "tile-run: tune: no result is computed by most candidates (%d "
            "of %d agree on the most common one): taking it; give --check "
            "files to judge by a reference\n",
            b->outcomes[best].members, judged);
  for (int i = 0; i < t->n; ++i) {
    Candidate *c = &t->c[i];
    if (!c->package || c->done)
      continue;
    if (b->outcomeOf[i] >= 0 && b->outcomeOf[i] != best) {
      char why[512];
      sameOutputs(t->s, b->outcomes[b->outcomeOf[i]].arrays,
                  b->outcomes[best].arrays, why, sizeof why);
      char note[700];
      snprintf(note, sizeof note,
               "computes other results than %d of the candidates (%.200s); %.300s",
               b->outcomes[best].members, t->c[b->outcomes[best].first].v.label,
               why);
      fprintf(stderr,
              "tile-run: tune: %s %s: a wrong kernel, never picked (please "
              "report it)\n",
              c->v.label, note);
      fail(t, c, false, "%.500s", note);
      continue;
    }
    record(t, c);
  }
  return 0;
}

/* ---- choosing ---------------------------------------------------------- */

static int fastest(const Tuning *t) {
  int best = -1;
  for (int i = 0; i < t->n; ++i) {
    const Candidate *c = &t->c[i];
    if (c->done && !c->result.failed &&
        (best < 0 || c->result.medianUs < t->c[best].result.medianUs))
      best = i;
  }
  return best;
}

static const Tuning *sortTuning; /* for qsort's comparison */

static int byTime(const void *x, const void *y) {
  const Candidate *a = &sortTuning->c[*(const int *)x];
  const Candidate *b = &sortTuning->c[*(const int *)y];
  int fa = !a->done || a->result.failed, fb = !b->done || b->result.failed;
  if (fa != fb)
    return fa - fb;
  if (!fa && a->result.medianUs != b->result.medianUs)
    return a->result.medianUs < b->result.medianUs ? -1 : 1;
  return *(const int *)x - *(const int *)y;
}

static void printTable(const Tuning *t, int chosen) {
  int failed = 0, cached = 0, twins = 0, timed = 0;
  for (int i = 0; i < t->n; ++i) {
    const Candidate *c = &t->c[i];
    failed += c->result.failed;
    cached += c->fromCache;
    bool twin = !c->fromCache && !c->result.failed &&
                strncmp(c->result.note, "the same code", 13) == 0;
    twins += twin;
    timed += !c->fromCache && !c->result.failed && !twin;
  }
  printf("tune @%s on %s (sm_%d): %d candidate%s: %d timed now, %d the "
         "same code as another, %d from the tuning cache, %d failed\n",
         t->k->kernel, t->gpuName, t->capability, t->n, t->n == 1 ? "" : "s",
         timed, twins, cached, failed);
  int *order = calloc((size_t)t->n + 1, sizeof *order);
  if (!order)
    return;
  for (int i = 0; i < t->n; ++i)
    order[i] = i;
  sortTuning = t;
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
    const Candidate *c = &t->c[order[r]];
    const char *label = c->v.label[0] ? c->v.label : "(defaults)";
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
    printf("tune: chose %s\n",
           t->c[chosen].v.label[0] ? t->c[chosen].v.label : "the defaults");
}

static void tuningFree(Tuning *t) {
  for (int i = 0; t->c && i < t->n; ++i)
    candidateFree(&t->c[i]);
  free(t->c);
  tileTuneSpaceFree(&t->space);
  tileTuneStringsFree(t->defaults);
}

/* What a run that does not tune takes: each declared name's first
 * value (candidate 0), or with no declared space the defaults. */
static int fallback(const Tuning *t, TuneVariant *out) {
  if (!t->space.declared || t->space.numParams == 0)
    return tuneDefaults(t->o, t->k, out);
  int zeros[64] = {0};
  return variantMake(t->o, t->defaults, &t->space, zeros, out);
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

int tuneChoose(const Options *o, const KernelFile *k, Session *s,
               TuneVariant *out) {
  memset(out, 0, sizeof *out);
  Tuning t;
  memset(&t, 0, sizeof t);
  t.o = o;
  t.k = k;
  t.s = s;
  t.defaults = tileTuneParamDefaults(k->raw, k->rawLen);
  t.cache = !o->noCache && tileTuneCacheDir(t.cacheDir, sizeof t.cacheDir);
  char err[1024];
  const char **fixed = fixedNames(o);
  int rc = tileTuneSpaceRead(k->raw, k->rawLen, k->name, k->kernel, fixed,
                             &t.space, err, sizeof err);
  free(fixed);
  if (rc) {
    tuningFree(&t);
    variantMake(o, NULL, NULL, NULL, out);
    return sessionFail(err);
  }
  /* Nothing to look up: the first values. */
  if (!o->tune && !t.cache) {
    rc = fallback(&t, out);
    tuningFree(&t);
    return rc;
  }
  TileStatus st;
  Bench b;
  memset(&b, 0, sizeof b);
  if (tileRuntimeDeviceCreate(o->device, &b.device, &st)) {
    rc = fallback(&t, out);
    tuningFree(&t);
    /* Without --tune the run says what is wrong with the GPU. */
    return o->tune ? sessionFail(st.message) : rc;
  }
  snprintf(t.gpuName, sizeof t.gpuName, "%s", tileRuntimeDeviceName(b.device));
  t.capability = tileRuntimeDeviceCapability(b.device);
  t.driverVersion = tileRuntimeDeviceDriverVersion(b.device);
  t.n = tileTuneSpaceSize(&t.space);
  t.c = calloc((size_t)t.n, sizeof *t.c);
  rc = t.c ? EXIT_OK : sessionFail("out of memory");
  for (int i = 0; rc == EXIT_OK && i < t.n; ++i)
    rc = candidateMake(&t, i);
  if (rc == EXIT_OK && o->tune) {
    compileAll(&t);
    rc = benchOpen(&t, &b, &st) ? sessionFail(st.message) : EXIT_OK;
    if (rc == EXIT_OK)
      rc = timeAll(&t, &b);
    benchClose(&t, &b);
  }
  tileRuntimeDeviceDestroy(b.device);
  int chosen = rc == EXIT_OK ? fastest(&t) : -1;
  if (o->tune && rc == EXIT_OK) {
    printTable(&t, chosen);
    if (chosen < 0)
      rc = sessionFail("tune: no candidate compiled, ran and checked (the "
                       "table says why)");
  } else if (chosen >= 0) {
    int timed = 0;
    for (int i = 0; i < t.n; ++i)
      timed += t.c[i].done && !t.c[i].result.failed;
    printf("tune: %s, the fastest of %d candidate%s timed on this GPU "
           "(tuning cache)\n",
           t.c[chosen].v.label[0] ? t.c[chosen].v.label : "the defaults",
           timed, timed == 1 ? "" : "s");
  }
  if (chosen >= 0) {
    *out = t.c[chosen].v;
    memset(&t.c[chosen].v, 0, sizeof t.c[chosen].v);
  } else {
    int failed = fallback(&t, out);
    if (rc == EXIT_OK)
      rc = failed;
  }
  tuningFree(&t);
  return rc;
}

#endif
