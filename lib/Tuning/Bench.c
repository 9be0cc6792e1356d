/* Running, judging and timing a tuner's compiled candidates; see
 * Steps.h and Tuner.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Compare.h"
#include "lib/Support/Error.h"
#include "lib/Tuning/Steps.h"

/* What most candidates computed: memref arguments after the run. */
typedef struct {
  TileHostArray *arrays; /* one per argument; empty for scalars */
  int members;
  int first; /* the first candidate that computed it */
} Outcome;

typedef struct {
  const TileHostArray *inputs; /* the request's, or `read` */
  TileHostArray *read;         /* the inputs as the buffers held them */
  TileHostArray *after;        /* the last run's memrefs */
  Outcome *outcomes;
  int numOutcomes;
  int *outcomeOf; /* per candidate; -1: none */
} Bench;

static bool isMemref(const TileTuner *t, int i) {
  return t->sig[i].kind == TILE_ARG_MEMREF;
}

/* An empty array shaped as memref argument `i`. */
static int arrayFor(const TileTuner *t, int i, TileHostArray *out, char *err,
                    size_t errSize) {
  const TileRuntimeArg *a = &t->r.args[i];
  return tileHostArrayCreate(t->sig[i].dtype, a->rank, a->shape, out, err,
                             errSize);
}

static int benchOpen(const TileTuner *t, Bench *b, char *err,
                     size_t errSize) {
  int n = t->numSig;
  b->after = calloc((size_t)n + 1, sizeof *b->after);
  b->outcomes = calloc((size_t)t->n + 1, sizeof *b->outcomes);
  b->outcomeOf = calloc((size_t)t->n + 1, sizeof *b->outcomeOf);
  if (!t->r.inputs)
    b->read = calloc((size_t)n + 1, sizeof *b->read);
  if (!b->after || !b->outcomes || !b->outcomeOf ||
      (!t->r.inputs && !b->read))
    return tileFail(err, errSize, "out of memory");
  b->inputs = t->r.inputs ? t->r.inputs : b->read;
  for (int i = 0; i < t->n; ++i)
    b->outcomeOf[i] = -1;
  for (int i = 0; i < n; ++i) {
    if (!isMemref(t, i))
      continue;
    if (arrayFor(t, i, &b->after[i], err, errSize))
      return 1;
    if (t->r.inputs)
      continue;
    TileStatus st;
    if (arrayFor(t, i, &b->read[i], err, errSize))
      return 1;
    if (tileRuntimeCopyToHost(t->device, b->read[i].data, t->r.args[i].data,
                              b->read[i].bytes, &st))
      return tileFailCode(st.code, err, errSize, "%s", st.message);
  }
  return 0;
}

/* Writes the inputs read from the buffers back into them: the caller's
 * buffers end as they began. */
static int benchRestore(const TileTuner *t, const Bench *b, char *err,
                        size_t errSize) {
  for (int i = 0; b->read && i < t->numSig; ++i) {
    TileStatus st;
    if (isMemref(t, i) &&
        tileRuntimeCopyToDevice(t->device, t->r.args[i].data, b->read[i].data,
                                b->read[i].bytes, &st))
      return tileFailCode(st.code, err, errSize, "%s", st.message);
  }
  return 0;
}

static void benchClose(const TileTuner *t, Bench *b) {
  for (int i = 0; i < t->numSig; ++i) {
    if (b->after)
      tileHostArrayDestroy(&b->after[i]);
    if (b->read)
      tileHostArrayDestroy(&b->read[i]);
    for (int k = 0; k < b->numOutcomes; ++k)
      tileHostArrayDestroy(&b->outcomes[k].arrays[i]);
  }
  for (int k = 0; k < b->numOutcomes; ++k)
    free(b->outcomes[k].arrays);
  free(b->after);
  free(b->read);
  free(b->outcomes);
  free(b->outcomeOf);
}

/* ---- judging ------------------------------------------------------------ */

/* Whether every memref of `a` matches `ref` at each dtype's default
 * tolerance; *worst gets a description of the first that does not. */
static bool sameOutputs(const TileTuner *t, const TileHostArray *a,
                        const TileHostArray *ref, char *worst, size_t size) {
  for (int i = 0; i < t->numSig; ++i) {
    if (!isMemref(t, i) || memcmp(a[i].data, ref[i].data, a[i].bytes) == 0)
      continue;
    TileCompareResult r;
    char err[256];
    if (tileCompareArrays(&a[i], &ref[i], -1, -1, &r, err, sizeof err) ||
        r.numMismatches) {
      char at[128];
      tileCompareFormatIndex(r.worst, a[i].rank, a[i].shape, at, sizeof at);
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
static int fileOutcome(const TileTuner *t, Bench *b, int index) {
  char why[512];
  for (int k = 0; k < b->numOutcomes; ++k)
    if (sameOutputs(t, b->after, b->outcomes[k].arrays, why, sizeof why)) {
      ++b->outcomes[k].members;
      b->outcomeOf[index] = k;
      return 0;
    }
  Outcome *o = &b->outcomes[b->numOutcomes];
  o->arrays = calloc((size_t)t->numSig + 1, sizeof *o->arrays);
  if (!o->arrays)
    return 1;
  for (int i = 0; i < t->numSig; ++i) {
    const TileHostArray *a = &b->after[i];
    if (!isMemref(t, i))
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

/* Against the caller's references and check: 0 when candidate `c`'s
 * outputs are right, else 1 with why. */
static int judge(const TileTuner *t, const Bench *b,
                 const TileTuneCandidate *c, char *why, size_t size) {
  for (int i = 0; i < t->r.numRefs; ++i) {
    const TileTunerReference *ref = &t->r.refs[i];
    const TileHostArray *a = &b->after[ref->arg];
    TileCompareResult r;
    char err[256];
    if (tileCompareArrays(a, ref->expected, ref->rtol, ref->atol, &r, err,
                          sizeof err))
      return tileFail(why, size, "%s: %s", ref->what, err);
    if (r.numMismatches)
      return tileFail(why, size, "fails %s: %zu of %zu elements differ",
                      ref->what, r.numMismatches, r.numElements);
  }
  why[0] = '\0';
  if (t->r.check &&
      t->r.check(t->r.checkUserData, &c->settings, b->after, why, size))
    return why[0] ? 1
                  : tileFail(why, size, "the check says its outputs are wrong");
  return 0;
}

/* ---- running and timing ----------------------------------------------- */

/* Timed launches enough for about 100 ms (at least 5), after warm-up of
 * about 25 ms, within the request's limits: what Triton's do_bench
 * spends on a configuration. */
static void benchCounts(const TileTuneRequest *r, double launchMs,
                        TileRuntimeBenchmarkOptions *how) {
  double ms = launchMs > 1e-3 ? launchMs : 1e-3;
  double iters = 100.0 / ms, warmup = 25.0 / ms;
  how->iters = iters < 5 ? 5 : iters > r->maxIters ? r->maxIters : (int)iters;
  how->warmup = warmup < 1           ? 1
                : warmup > r->maxWarmup ? r->maxWarmup
                                        : (int)warmup;
  how->flushL2 = 1;
}

/* Uploads fresh inputs and launches once, synchronized; with `fetch`,
 * the memrefs come back into b->after. */
static int runOnce(const TileTuner *t, Bench *b, TileRuntimeKernel *kernel,
                   const TileTuneCandidate *c, bool fetch, double *ms,
                   TileStatus *st) {
  const TileRuntimeArg *args = t->r.args;
  for (int i = 0; i < t->numSig; ++i)
    if (isMemref(t, i) &&
        tileRuntimeCopyToDevice(t->device, args[i].data, b->inputs[i].data,
                                b->inputs[i].bytes, st))
      return 1;
  TileRuntimeLaunchConfig config = {{c->grid[0], c->grid[1], c->grid[2]},
                                    NULL, TILE_RUNTIME_ENTRY_AUTO, 1};
  TileRuntimeLaunchInfo info;
  if (tileRuntimeKernelLaunch(kernel, args, t->numSig, &config, &info, st))
    return 1;
  *ms = info.gpuMs;
  for (int i = 0; fetch && i < t->numSig; ++i)
    if (isMemref(t, i) &&
        tileRuntimeCopyToHost(t->device, b->after[i].data, args[i].data,
                              b->after[i].bytes, st))
      return 1;
  return 0;
}

/* Candidate `c`'s package and kernel, loaded; on failure neither is left
 * (st says why). */
static int loadCandidate(const TileTuner *t, const TileTuneCandidate *c,
                         TileRuntimePackage **p, TileRuntimeKernel **kernel,
                         TileStatus *st) {
  *p = NULL;
  *kernel = NULL;
  if (!tileRuntimePackageLoadMemory(c->package, c->packageSize,
                                    t->r.packageName, p, st) &&
      !tileRuntimeKernelCreate(t->device, *p, kernel, st))
    return 0;
  tileRuntimePackageDestroy(*p);
  *p = NULL;
  return 1;
}

/* The median of candidate `c`'s timed launches (benchCounts' numbers for a
 * launch of `launchMs`). */
static int benchmark(const TileTuner *t, TileRuntimeKernel *kernel,
                     const TileTuneCandidate *c, double launchMs,
                     double *medianUs, TileStatus *st) {
  TileRuntimeLaunchConfig config = {
      {c->grid[0], c->grid[1], c->grid[2]}, NULL, TILE_RUNTIME_ENTRY_AUTO, 0};
  TileRuntimeBenchmarkOptions how;
  benchCounts(&t->r, launchMs, &how);
  TileRuntimeBenchmark timing;
  if (tileRuntimeKernelBenchmarkWith(kernel, t->r.args, t->numSig, &config,
                                     &how, &timing, st))
    return 1;
  *medianUs = timing.medianUs;
  return 0;
}

/* Runs `c` on fresh inputs and judges its outputs by the caller's
 * references and check: true when right (c->judged), else false with c
 * failed (did not run, or wrong). */
static bool judgeRun(TileTuner *t, Bench *b, TileRuntimeKernel *kernel,
                     TileTuneCandidate *c) {
  double ms;
  TileStatus st;
  char why[600];
  if (runOnce(t, b, kernel, c, true, &ms, &st)) {
    tileTuneFail(t, c, TILE_TUNER_NO_RUN, "does not run: %.450s", st.message);
    return false;
  }
  if (judge(t, b, c, why, sizeof why)) {
    tileTuneFail(t, c, TILE_TUNER_WRONG, "%.500s", why);
    return false;
  }
  c->judged = true;
  return true;
}

/* A candidate whose single launch took more than this many times the
 * fastest median so far is not timed further: it cannot win. */
#define PRUNE_FACTOR 2.0

/* Runs candidate `index` and times it. Its outputs are judged: by the
 * caller's references and check, when it is the fastest so far (only
 * such a candidate can be picked; its outputs come from a run of its own
 * on fresh inputs, since timed launches may have changed them); without,
 * every candidate's outputs join the vote in benchAll. `bestUs` is the
 * fastest median so far (0: none). */
static void timeOne(TileTuner *t, Bench *b, int index, double bestUs) {
  TileTuneCandidate *c = &t->c[index];
  bool vote = t->r.numRefs == 0 && !t->r.check;
  TileStatus st;
  TileRuntimePackage *p;
  TileRuntimeKernel *kernel;
  if (loadCandidate(t, c, &p, &kernel, &st)) {
    tileTuneFail(t, c, TILE_TUNER_REFUSED, "does not load: %.450s",
                 st.message);
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
    if (benchmark(t, kernel, c, ms, &c->result.medianUs, &st))
      goto failed;
    if (!vote && (bestUs <= 0 || c->result.medianUs < bestUs) &&
        !judgeRun(t, b, kernel, c)) {
      tileRuntimeKernelDestroy(kernel);
      tileRuntimePackageDestroy(p);
      return;
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
  tileTuneFail(t, c, TILE_TUNER_NO_RUN, "does not run: %.450s", st.message);
}

/* The candidate whose package is `index`'s, compiled earlier: identical
 * code need not be timed twice. -1 when none. */
static int sameCode(const TileTuner *t, int index) {
  const TileTuneCandidate *c = &t->c[index];
  for (int i = 0; i < index; ++i) {
    const TileTuneCandidate *e = &t->c[i];
    if (e->package && e->packageSize == c->packageSize &&
        memcmp(e->grid, c->grid, sizeof c->grid) == 0 &&
        memcmp(e->package, c->package, c->packageSize) == 0)
      return i;
  }
  return -1;
}

/* ---- the final: the closest candidates again, side by side ------------ */

/* The candidates within FINAL_MARGIN of the fastest median (at most
 * FINAL_MAX) are timed again in FINAL_ROUNDS rounds, each timing every
 * one of them in turn, a different one first each round, and are ranked
 * by the median of their rounds' medians. A GPU's clocks drift while it
 * tunes: an H200 timed an 8192^3 GEMM at 1447 us in one process and at
 * 1627 us as the tuner's first candidate, and the tuner picked candidates
 * that replayed 4-18% slower than the defaults, one of them 8% faster at
 * first (docs/performance.md, 2026-12-01). Timed side by side, close
 * candidates are ranked by how they differ, not by when each ran. */
enum { FINAL_MAX = 4, FINAL_ROUNDS = 3 };
#define FINAL_MARGIN 0.10

typedef struct {
  int index;
  TileRuntimePackage *package;
  TileRuntimeKernel *kernel;
  double rounds[FINAL_ROUNDS];
} Finalist;

static int byMedian(const void *x, const void *y) {
  double a = *(const double *)x, c = *(const double *)y;
  return (a > c) - (a < c);
}

/* The candidates timed now (not failed, pruned or twins), fastest first,
 * within the margin of the fastest; returns how many. */
static int finalists(const TileTuner *t, Finalist *f) {
  int n = 0;
  for (int i = 0; i < t->n; ++i) {
    const TileTuneCandidate *c = &t->c[i];
    if (!c->package || c->done || c->twin || c->result.failed ||
        c->result.note[0])
      continue;
    /* Insertion into the sorted few. */
    int at = n < FINAL_MAX ? n++ : FINAL_MAX;
    while (at > 0 &&
           t->c[f[at - 1].index].result.medianUs > c->result.medianUs) {
      if (at < FINAL_MAX)
        f[at] = f[at - 1];
      --at;
    }
    if (at < FINAL_MAX)
      f[at] = (Finalist){.index = i};
  }
  double limit = n ? t->c[f[0].index].result.medianUs * (1 + FINAL_MARGIN) : 0;
  while (n > 0 && t->c[f[n - 1].index].result.medianUs > limit)
    --n;
  return n;
}

static void finalRound(TileTuner *t, Bench *b) {
  Finalist f[FINAL_MAX];
  int n = finalists(t, f);
  if (n < 2)
    return;
  TileStatus st;
  int loaded = 0;
  for (; loaded < n; ++loaded)
    if (loadCandidate(t, &t->c[f[loaded].index], &f[loaded].package,
                      &f[loaded].kernel, &st))
      goto failed;
  for (int r = 0; r < FINAL_ROUNDS; ++r)
    for (int k = 0; k < n; ++k) {
      Finalist *x = &f[(k + r) % n];
      TileTuneCandidate *c = &t->c[x->index];
      /* As the first timing did: fresh inputs and one launch first (the
       * GPU idles a little before each timing, as it did between the
       * candidates). */
      double ms;
      if (runOnce(t, b, x->kernel, c, false, &ms, &st) ||
          benchmark(t, x->kernel, c, 1e-3 * c->result.medianUs, &x->rounds[r],
                    &st))
        goto failed;
    }
  char line[1024];
  int len = snprintf(line, sizeof line,
                     "tune: the %d within %.0f%% of the fastest, again in %d "
                     "rounds side by side:",
                     n, 100 * FINAL_MARGIN, FINAL_ROUNDS);
  double fastest = 0;
  for (int k = 0; k < n; ++k) {
    qsort(f[k].rounds, FINAL_ROUNDS, sizeof f[k].rounds[0], byMedian);
    double us = f[k].rounds[FINAL_ROUNDS / 2];
    fastest = k == 0 || us < fastest ? us : fastest;
    if (len < (int)sizeof line)
      len += snprintf(line + len, sizeof line - (size_t)len,
                      "%s %s %.2f us (first %.2f)", k ? "," : "",
                      t->c[f[k].index].settings.label, us,
                      t->c[f[k].index].result.medianUs);
  }
  tileTuneLog(t, "%s", line);
  /* The final ranks the finalists; its times keep the first round's
   * scale: the final's fastest takes the fastest first time (f[0]'s),
   * the others their ratio to it. Taken as they are, they ran 14% slower
   * than they first timed on an H200 at 8192^3 (its clocks fell under the
   * steady load), and a candidate left out of the final won on its first
   * time. */
  double scale = t->c[f[0].index].result.medianUs / fastest;
  for (int k = 0; k < n; ++k)
    t->c[f[k].index].result.medianUs =
        scale * f[k].rounds[FINAL_ROUNDS / 2];
  /* With references, only the fastest at its time was judged: judge the
   * fastest now before it can be picked. */
  for (;;) {
    int best = -1;
    for (int k = 0; k < n; ++k) {
      const TileTuneCandidate *c = &t->c[f[k].index];
      if (!c->result.failed &&
          (best < 0 ||
           c->result.medianUs < t->c[f[best].index].result.medianUs))
        best = k;
    }
    TileTuneCandidate *c = best < 0 ? NULL : &t->c[f[best].index];
    if (!c || c->judged || (t->r.numRefs == 0 && !t->r.check))
      break;
    judgeRun(t, b, f[best].kernel, c);
  }
  for (int k = 0; k < n; ++k) {
    tileRuntimeKernelDestroy(f[k].kernel);
    tileRuntimePackageDestroy(f[k].package);
  }
  return;
failed:
  /* Their first timings stand. */
  tileTuneLog(t, "tune: the final round did not run: %.450s", st.message);
  for (int k = 0; k < loaded; ++k) {
    tileRuntimeKernelDestroy(f[k].kernel);
    tileRuntimePackageDestroy(f[k].package);
  }
}

static void timeAll(TileTuner *t, Bench *b) {
  int total = 0, done = 0;
  for (int i = 0; i < t->n; ++i)
    total += t->c[i].package != NULL;
  for (int i = 0; i < t->n; ++i) {
    TileTuneCandidate *c = &t->c[i];
    if (!c->package)
      continue;
    int same = sameCode(t, i);
    if (same >= 0) {
      /* Judged with its twin below. */
      c->twin = true;
      c->result = t->c[same].result;
      c->failure = t->c[same].failure;
      c->done = t->c[same].done; /* failed already, or judged below */
      b->outcomeOf[i] = b->outcomeOf[same];
      if (b->outcomeOf[i] >= 0)
        ++b->outcomes[b->outcomeOf[i]].members;
      if (!c->result.failed)
        snprintf(c->result.note, sizeof c->result.note,
                 "the same code as %.400s", t->c[same].settings.label);
      ++done;
      continue;
    }
    double bestUs = 0;
    for (int j = 0; j < i; ++j) {
      const TileTuneCandidate *e = &t->c[j];
      if (e->package && !e->result.failed && !e->result.note[0] &&
          (bestUs <= 0 || e->result.medianUs < bestUs))
        bestUs = e->result.medianUs;
    }
    timeOne(t, b, i, bestUs);
    ++done;
    if (c->result.failed)
      tileTuneLog(t, "tune [%d/%d] %s: %s", done, total, c->settings.label,
                  c->result.note);
    else
      tileTuneLog(t, "tune [%d/%d] %s: %.2f us", done, total,
                  c->settings.label, c->result.medianUs);
  }
  /* What most candidates computed is taken as right (unless the caller's
   * references or check say what is): a candidate that computed
   * something else is a wrong kernel, never picked, and worth a
   * report. */
  int best = -1, judged = 0;
  for (int k = 0; k < b->numOutcomes; ++k) {
    judged += b->outcomes[k].members;
    if (best < 0 || b->outcomes[k].members > b->outcomes[best].members)
      best = k;
  }
  if (best >= 0 && 2 * b->outcomes[best].members <= judged)
    tileTuneLog(t,
                "tune: no result is computed by most candidates (%d of %d "
                "agree on the most common one): taking it%s%s%s",
                b->outcomes[best].members, judged,
                t->r.referenceHint ? "; " : "",
                t->r.referenceHint ? t->r.referenceHint : "",
                t->r.referenceHint ? " to judge by a reference" : "");
  for (int i = 0; i < t->n; ++i) {
    TileTuneCandidate *c = &t->c[i];
    if (!c->package || c->done)
      continue;
    if (b->outcomeOf[i] >= 0 && b->outcomeOf[i] != best) {
      char why[512];
      sameOutputs(t, b->outcomes[b->outcomeOf[i]].arrays,
                  b->outcomes[best].arrays, why, sizeof why);
      char note[700];
      snprintf(note, sizeof note,
               "computes other results than %d of the candidates (%.200s); "
               "%.300s",
               b->outcomes[best].members,
               t->c[b->outcomes[best].first].settings.label, why);
      tileTuneLog(t,
                  "tune: %s %s: a wrong kernel, never picked (please report "
                  "it)",
                  c->settings.label, note);
      tileTuneFail(t, c, TILE_TUNER_WRONG, "%.500s", note);
    }
  }
  finalRound(t, b);
  for (int i = 0; i < t->n; ++i) {
    TileTuneCandidate *c = &t->c[i];
    if (!c->package || c->done)
      continue;
    /* A twin shares its original's outcome, the final round's too. */
    int same = c->twin ? sameCode(t, i) : -1;
    if (same >= 0 && t->c[same].result.failed) {
      c->result = t->c[same].result;
      c->failure = t->c[same].failure;
      c->done = true;
      continue;
    }
    if (same >= 0)
      c->result.medianUs = t->c[same].result.medianUs;
    tileTuneRecord(t, c);
  }
}

int tileTuneBenchAll(TileTuner *t, char *err, size_t errSize) {
  bool waiting = false;
  for (int i = 0; i < t->n; ++i)
    waiting = waiting || (t->c[i].package && !t->c[i].done);
  if (!waiting)
    return 0;
  Bench b;
  memset(&b, 0, sizeof b);
  int rc = benchOpen(t, &b, err, errSize);
  if (!rc) {
    timeAll(t, &b);
    rc = benchRestore(t, &b, err, errSize);
  }
  benchClose(t, &b);
  return rc;
}
