/* The public tuner (include/tile-c/Tune.h) over lib/Tuning's, which
 * tile-run --tune runs too: the options become a tuner's request, its
 * candidates the table's rows, and the fastest a loaded kernel. */
#include "tile-c/Tune.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-api/CompileOptions.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/DiskCache.h"
#include "lib/Support/Error.h"
#include "lib/Support/File.h"
#include "lib/Tuning/Tuner.h"

struct TileTuning {
  /* Its request points into the call that made it: after the call only
   * its candidates are read. */
  TileTuner *tuner;
  TileTuneRow *rows;
  TileTuneSetting *settings; /* every row's, in one block */
  int chosen;
  TileRuntimePackage *package;
  TileRuntimeKernel *kernel;
};

/* What the tuning owns besides its table while it runs. */
typedef struct {
  char *text;                 /* the kernel file read from `path` */
  TileDefine *defines;
  const char **fixed;
  TileTunerReference *refs;
  TileHostArray *expected;    /* the references' data, described */
  char (*what)[64];           /* each reference's name in notes */
} Owned;

static void ownedFree(Owned *w) {
  free(w->text);
  free(w->defines);
  free(w->fixed);
  free(w->refs);
  free(w->expected);
  free(w->what);
}

/* ---- the tuner's callbacks ------------------------------------------- */

/* A candidate's settings as the callbacks get them (*n of them): its
 * choice, then the ${NAME} values it does not choose (the caller's
 * definitions, the file's defaults), each name once. NULL when out of
 * memory. */
static TileTuneSetting *publicSettings(const TileTuneSettings *s, int *n) {
  TileTuneSetting *out = calloc(s->numChosen + s->numDefines + 1, sizeof *out);
  *n = 0;
  for (size_t i = 0; out && i < s->numChosen; ++i)
    out[(*n)++] = (TileTuneSetting){s->chosen[i].name, s->chosen[i].value};
  /* From the last: a later definition of a name wins. */
  for (size_t i = s->numDefines; out && i-- > 0;)
    if (!tileTuneSettingValue(out, *n, s->defines[i].name))
      out[(*n)++] = (TileTuneSetting){s->defines[i].name, s->defines[i].value};
  return out;
}

static int checkGrid(const int64_t grid[3], char *err, size_t errSize) {
  if (grid[0] >= 1 && grid[1] >= 1 && grid[2] >= 1)
    return 0;
  return tileFail(err, errSize,
                  "grid %lldx%lldx%lld: every dimension must be >= 1",
                  (long long)grid[0], (long long)grid[1], (long long)grid[2]);
}

static int gridOf(void *userData, const TileTuneSettings *s, int64_t grid[3],
                  char *err, size_t errSize) {
  const TileTuneOptions *in = userData;
  if (!in->gridFn) {
    memcpy(grid, in->grid, sizeof in->grid);
    return checkGrid(grid, err, errSize);
  }
  int n;
  TileTuneSetting *settings = publicSettings(s, &n);
  if (!settings)
    return tileFail(err, errSize, "out of memory");
  err[0] = '\0';
  int rc = in->gridFn(in->gridUserData, settings, n, grid, err, errSize);
  free(settings);
  if (rc)
    return err[0] ? 1 : tileFail(err, errSize, "the grid callback gave none");
  return checkGrid(grid, err, errSize);
}

static int checkOf(void *userData, const TileTuneSettings *s,
                   const TileHostArray *outputs, char *why, size_t whySize) {
  const TileTuneOptions *in = userData;
  int n;
  TileTuneSetting *settings = publicSettings(s, &n);
  const void **data = calloc((size_t)in->numArgs + 1, sizeof *data);
  int rc = settings && data ? 0 : tileFail(why, whySize, "out of memory");
  for (int i = 0; !rc && i < in->numArgs; ++i)
    data[i] = outputs[i].data; /* NULL for a scalar's empty array */
  if (!rc)
    rc = in->check(in->checkUserData, settings, n, data, why, whySize) != 0;
  free(settings);
  free(data);
  return rc;
}

static void progressOf(void *userData, const char *line) {
  const TileTuneOptions *in = userData;
  in->progress(in->progressUserData, line);
}

/* ---- the request -------------------------------------------------------- */

/* What the options leave wrong before anything is read, or 0. */
static int checkOptions(const TileTuneOptions *in, char *err,
                        size_t errSize) {
  if (!in->source == !in->path)
    return tileFail(err, errSize,
                    "give the kernel file as `source` or as `path`, one of "
                    "the two");
  if (!in->device)
    return tileFail(err, errSize, "device is NULL");
  if (in->numArgs < 0)
    return tileFail(err, errSize, "numArgs is %d", in->numArgs);
  if (in->numArgs > 0 && !in->args)
    return tileFail(err, errSize, "args is NULL for %d arguments",
                    in->numArgs);
  if (!in->gridFn && checkGrid(in->grid, err, errSize))
    return tileFail(err, errSize,
                    "no grid: give `grid` (each dimension >= 1) or `gridFn`");
  for (int i = 0; i < in->numDefines; ++i) {
    const char *name = in->defines[i].name;
    if (!name || !in->defines[i].value || !tileIsName(name, strlen(name)))
      return tileFail(err, errSize,
                      "defines[%d]: '%s' is not NAME=VALUE with a name of "
                      "letters, digits and '_'",
                      i, name ? name : "(null)");
  }
  for (int i = 0; i < in->numArgs; ++i) {
    const TileRuntimeArg *a = &in->args[i];
    for (int d = 0; a->kind == TILE_RUNTIME_ARG_MEMREF && d < 3; ++d)
      if (a->strides[d])
        return tileFail(err, errSize,
                        "argument #%d: tuning takes dense C-order memrefs "
                        "(strides 0)",
                        i);
  }
  for (int i = 0; i < in->numReferences; ++i) {
    const TileTuneReference *r = &in->references[i];
    if (r->arg < 0 || r->arg >= in->numArgs)
      return tileFail(err, errSize,
                      "references[%d]: no argument #%d (of %d arguments)", i,
                      r->arg, in->numArgs);
    if (!r->data)
      return tileFail(err, errSize, "references[%d]: data is NULL", i);
  }
  return 0;
}

/* Whether the string options ("num-stages=4 mma=sync") give `key`. */
static bool givesKey(const char *options, const char *key) {
  size_t n = strlen(key);
  for (const char *p = options; p && (p = strstr(p, key)); p += n)
    if ((p == options || p[-1] == ' ' || p[-1] == ',') && p[n] == '=')
      return true;
  return false;
}

/* Whether a field of `c` sets option `key`. */
static bool fieldGives(const TileCompileOptions *c, const char *key) {
  const struct {
    const char *key;
    bool given;
  } fields[] = {
      {"num-warps", c->numWarps != 0},
      {"num-stages", c->numStages != 0},
      {"mma", c->mma != NULL},
      {"warp-specialize", c->warpSpecialize != NULL},
      {"persistent", c->persistent != NULL},
      {"cta-pairs", c->ctaPairs != NULL},
  };
  for (size_t i = 0; i < sizeof fields / sizeof *fields; ++i)
    if (strcmp(fields[i].key, key) == 0)
      return fields[i].given;
  return false;
}

/* The names the caller fixes, NULL-terminated: its definitions and the
 * tunable options (lib/Transforms/Options.h) it gives, by a field or by
 * key. */
static const char **fixedNames(const TileTuneOptions *in) {
  static const TileCompileOptions none;
  const TileCompileOptions *c = in->compile ? in->compile : &none;
  size_t numOptions = 0;
  while (tileOptionTable[numOptions].key)
    ++numOptions;
  const char **names =
      calloc((size_t)in->numDefines + numOptions + 1, sizeof *names);
  size_t n = 0;
  for (int i = 0; names && i < in->numDefines; ++i)
    names[n++] = in->defines[i].name;
  for (const TileOptionDef *d = tileOptionTable; names && d->key; ++d)
    if (d->tuneDefault &&
        (fieldGives(c, d->key) || givesKey(c->options, d->key)))
      names[n++] = d->key;
  return names;
}

/* The chip a device runs: the architecture-specific one where tile has
 * one (wgmma on 9.0, tcgen05 on 10.0). */
static void chipOf(TileRuntimeDevice *device, char *chip, size_t size) {
  int cc = tileRuntimeDeviceCapability(device);
  snprintf(chip, size, "sm_%d%s", cc, cc == 90 || cc == 100 ? "a" : "");
}

static int compileOptions(const TileTuneOptions *in, TileGpuOptions *o,
                          char *err, size_t errSize) {
  if (tileCapiGpuOptions(in->compile, o, err, errSize))
    return 1;
  if (!in->compile || !in->compile->chip) {
    char chip[16];
    chipOf(in->device, chip, sizeof chip);
    if (tileOptionSet(&o->options, "chip", chip, err, errSize))
      return 1;
  }
  if (!in->compile || !in->compile->indexBits)
    o->options.indexBits = tileRuntimeArgsIndexBits(in->args, in->numArgs);
  return 0;
}

/* The tuning cache's directory: beside the compile cache, when the
 * options turn the cache on. */
static const char *tuneCacheDir(const TileCompileOptions *c, char *dir,
                                size_t size) {
  if (!c || !c->cache)
    return NULL;
  if (!c->cacheDir)
    return tileTuneCacheDir(dir, size) ? dir : NULL;
  bool fits = (size_t)snprintf(dir, size, "%s/tune", c->cacheDir) < size;
  return fits && !tileDiskCacheOffByEnv() ? dir : NULL;
}

/* The arguments against the kernel's signature, and the references
 * described as the tuner compares them (in place: never copied). */
static int fitArguments(const TileTuner *t, const TileTuneOptions *in,
                        Owned *w, char *err, size_t errSize) {
  TilePackageArg *want = calloc((size_t)t->numSig + 1, sizeof *want);
  if (!want)
    return tileFailCode(TILE_STATUS_OUT_OF_MEMORY, err, errSize,
                        "out of memory");
  for (int i = 0; i < t->numSig; ++i)
    want[i] = tilePackageArgOf(&t->sig[i]);
  int rc = runtimeCheckArgs(t->kernel, want, t->numSig, 0, in->args,
                            in->numArgs, err, errSize)
               ? TILE_STATUS_ARGUMENT_MISMATCH
               : 0;
  free(want);
  int n = in->numReferences;
  w->refs = calloc((size_t)n + 1, sizeof *w->refs);
  w->expected = calloc((size_t)n + 1, sizeof *w->expected);
  w->what = calloc((size_t)n + 1, sizeof *w->what);
  if (!rc && (!w->refs || !w->expected || !w->what))
    rc = tileFailCode(TILE_STATUS_OUT_OF_MEMORY, err, errSize,
                      "out of memory");
  for (int i = 0; !rc && i < n; ++i) {
    const TileTuneReference *r = &in->references[i];
    const TileRuntimeArg *a = &in->args[r->arg];
    if (t->sig[r->arg].kind != TILE_ARG_MEMREF)
      return tileFailCode(TILE_STATUS_ARGUMENT_MISMATCH, err, errSize,
                          "references[%d]: argument #%d (%s) is a scalar", i,
                          r->arg, t->sig[r->arg].type);
    TileHostArray *e = &w->expected[i];
    *e = (TileHostArray){t->sig[r->arg].dtype, a->rank, {0}, (void *)r->data,
                         0};
    memcpy(e->shape, a->shape, sizeof a->shape);
    size_t elems;
    tileShapeNumElements(e->rank, e->shape, tileDTypeSize(e->dtype), &elems,
                         &e->bytes);
    snprintf(w->what[i], sizeof w->what[i], "the reference of argument #%d",
             r->arg);
    /* Public 0 is the dtype's default, negative exact; the tuner's
     * default is negative. */
    double rtol = r->rtol == 0 ? -1 : r->rtol < 0 ? 0 : r->rtol;
    w->refs[i] = (TileTunerReference){w->what[i], r->arg, e, rtol, -1};
  }
  return rc;
}

/* ---- the table ---------------------------------------------------------- */

static TileTuneStatus statusOf(const TileTuneCandidate *c) {
  switch (c->result.failed ? c->failure : TILE_TUNER_OK) {
  case TILE_TUNER_REFUSED:
    return TILE_TUNE_REFUSED;
  case TILE_TUNER_NO_RUN:
    return TILE_TUNE_FAILED;
  case TILE_TUNER_WRONG:
    return TILE_TUNE_WRONG;
  default:
    return c->fromCache ? TILE_TUNE_CACHED
           : c->twin    ? TILE_TUNE_SAME_CODE
                        : TILE_TUNE_TIMED;
  }
}

static int makeRows(TileTuning *tuning, char *err, size_t errSize) {
  const TileTuner *t = tuning->tuner;
  size_t numSettings = 0;
  for (int i = 0; i < t->n; ++i)
    numSettings += t->c[i].settings.numChosen;
  tuning->rows = calloc((size_t)t->n + 1, sizeof *tuning->rows);
  tuning->settings = calloc(numSettings + 1, sizeof *tuning->settings);
  if (!tuning->rows || !tuning->settings)
    return tileFail(err, errSize, "out of memory");
  TileTuneSetting *next = tuning->settings;
  for (int i = 0; i < t->n; ++i) {
    const TileTuneCandidate *c = &t->c[i];
    const TileTuneSettings *s = &c->settings;
    TileTuneRow *row = &tuning->rows[i];
    *row = (TileTuneRow){s->label, next, (int)s->numChosen, statusOf(c),
                         c->result.failed ? 0 : c->result.medianUs,
                         c->result.failed ? 0 : c->result.flops,
                         {c->grid[0], c->grid[1], c->grid[2]},
                         c->result.note};
    for (size_t k = 0; k < s->numChosen; ++k)
      *next++ = (TileTuneSetting){s->chosen[k].name, s->chosen[k].value};
  }
  return 0;
}

/* Why no candidate was chosen, as a status. */
static TileStatusCode noneChosen(const TileTuning *tuning, TileStatus *status) {
  int count[TILE_TUNE_WRONG + 1] = {0};
  const TileTuner *t = tuning->tuner;
  for (int i = 0; i < t->n; ++i)
    ++count[tuning->rows[i].status];
  return runtimeStatus(status, TILE_STATUS_COMPILE,
                       "@%s: no candidate compiled, ran and checked (of %d: "
                       "%d refused, %d failed to run, %d wrong; the table "
                       "says why)",
                       t->kernel, t->n, count[TILE_TUNE_REFUSED],
                       count[TILE_TUNE_FAILED], count[TILE_TUNE_WRONG]);
}

/* ---- the entry points --------------------------------------------------- */

/* Tunes with the options checked; *tuning is the caller's to destroy. */
static TileStatusCode tune(const TileTuneOptions *in, TileTuning *tuning,
                           Owned *w, TileStatus *status) {
  char err[2048];
  const char *text = in->source;
  size_t len = in->source ? strlen(in->source) : 0;
  if (in->path) {
    if (tileReadFile(in->path, "kernel file", &w->text, &len, err,
                     sizeof err))
      return runtimeStatus(status, TILE_STATUS_IO, "%s", err);
    text = w->text;
  }
  TileGpuOptions compile;
  if (compileOptions(in, &compile, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT, "%s", err);
  w->defines = calloc((size_t)in->numDefines + 1, sizeof *w->defines);
  w->fixed = fixedNames(in);
  if (!w->defines || !w->fixed)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  for (int i = 0; i < in->numDefines; ++i)
    w->defines[i] = (TileDefine){in->defines[i].name, in->defines[i].value};
  char cacheDir[1100];
  TileTuneRequest r = {
      .text = text,
      .len = len,
      .sourceName = in->path         ? in->path
                    : in->sourceName ? in->sourceName
                                     : "<source>",
      .kernel = in->kernel,
      .defines = w->defines,
      .numDefines = (size_t)in->numDefines,
      .fixed = w->fixed,
      .compile = &compile,
      .tuneCacheDir = tuneCacheDir(in->compile, cacheDir, sizeof cacheDir),
      .retune = in->retune != 0,
      .maxWarmup = in->warmup > 0 ? in->warmup : 10,
      .maxIters = in->iters > 0 ? in->iters : 100,
      .args = in->args,
      .grid = gridOf,
      .gridUserData = (void *)in,
      .check = in->check ? checkOf : NULL,
      .checkUserData = (void *)in,
      .referenceHint = "pass references or a check",
      .log = in->progress ? progressOf : NULL,
      .logUserData = (void *)in,
  };
  r.packageName = r.sourceName;
  int rc = tileTunerCreate(&r, &tuning->tuner, err, sizeof err);
  TileTuner *t = tuning->tuner;
  if (rc || (rc = fitArguments(t, in, w, err, sizeof err)))
    return runtimeStatusFrom(status, rc, TILE_STATUS_COMPILE, err);
  t->r.refs = w->refs;
  t->r.numRefs = in->numReferences;
  if ((rc = tileTunerLookup(t, in->device, err, sizeof err)))
    return runtimeStatusFrom(status, rc, TILE_STATUS_COMPILE, err);
  if ((rc = tileTunerRun(t, err, sizeof err)))
    return runtimeStatusFrom(status, rc, TILE_STATUS_OUT_OF_MEMORY, err);
  if (makeRows(tuning, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "%s", err);
  int chosen = tileTunerFastest(t);
  if (chosen < 0)
    return noneChosen(tuning, status);
  if (tileTunerCompile(t, chosen, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_COMPILE, "%s", err);
  const TileTuneCandidate *c = &t->c[chosen];
  TileStatusCode code = tileRuntimePackageLoadMemory(
      c->package, c->packageSize, r.sourceName, &tuning->package, status);
  if (code == TILE_STATUS_OK)
    code = tileRuntimeKernelCreate(in->device, tuning->package,
                                   &tuning->kernel, status);
  if (code == TILE_STATUS_OK)
    tuning->chosen = chosen;
  return code;
}

TileStatusCode tileTuningCreate(const TileTuneOptions *options,
                                TileTuning **out, TileStatus *status) {
  if (out)
    *out = NULL;
  char err[1024];
  if (!options || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileTuningCreate: %s is NULL",
                         options ? "out" : "options");
  if (checkOptions(options, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileTuningCreate: %s", err);
  TileTuning *tuning = calloc(1, sizeof *tuning);
  if (!tuning)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  tuning->chosen = -1;
  Owned w;
  memset(&w, 0, sizeof w);
  TileStatusCode code = tune(options, tuning, &w, status);
  ownedFree(&w);
  if (code == TILE_STATUS_OK || tuning->rows) {
    /* The table says why none was chosen. */
    *out = tuning;
    if (code == TILE_STATUS_OK)
      runtimeStatus(status, TILE_STATUS_OK, "%s", "");
  } else {
    tileTuningDestroy(tuning);
  }
  return code;
}

void tileTuningDestroy(TileTuning *tuning) {
  if (!tuning)
    return;
  tileRuntimeKernelDestroy(tuning->kernel);
  tileRuntimePackageDestroy(tuning->package);
  tileTunerDestroy(tuning->tuner);
  free(tuning->rows);
  free(tuning->settings);
  free(tuning);
}

int tileTuningNumCandidates(const TileTuning *tuning) {
  return tuning && tuning->rows ? tuning->tuner->n : 0;
}

const TileTuneRow *tileTuningCandidate(const TileTuning *tuning, int index) {
  return index >= 0 && index < tileTuningNumCandidates(tuning)
             ? &tuning->rows[index]
             : NULL;
}

int tileTuningChosen(const TileTuning *tuning) {
  return tuning ? tuning->chosen : -1;
}

TileRuntimeKernel *tileTuningKernel(const TileTuning *tuning) {
  return tuning ? tuning->kernel : NULL;
}

const TileRuntimePackage *tileTuningPackage(const TileTuning *tuning) {
  return tuning ? tuning->package : NULL;
}

const void *tileTuningPackageBytes(const TileTuning *tuning, size_t *size) {
  bool chosen = tuning && tuning->chosen >= 0;
  if (size)
    *size = chosen ? tuning->tuner->c[tuning->chosen].packageSize : 0;
  return chosen ? tuning->tuner->c[tuning->chosen].package : NULL;
}
