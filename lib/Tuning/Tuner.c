/* The tuner's set-up and choice; see Tuner.h. Compiling the candidates is
 * ParallelCompile.c, running and timing them Bench.c. */
#include "lib/Tuning/Tuner.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Runtime/Variants.h"
#include "lib/Support/Error.h"
#include "lib/Tuning/KernelText.h"
#include "lib/Tuning/Steps.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

void tileTuneLog(const TileTuner *t, const char *fmt, ...) {
  if (!t->r.log)
    return;
  char line[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  t->r.log(t->r.logUserData, line);
}

void tileTuneRecord(TileTuner *t, TileTuneCandidate *c) {
  c->done = true;
  char why[256];
  if (t->r.tuneCacheDir &&
      tileTuneCacheStore(t->r.tuneCacheDir, c->key, &c->result, why,
                         sizeof why) &&
      !t->storeFailed++) /* once: the others fail the same way */
    tileTuneLog(t,
                "tune: timings are not kept in the tuning cache (the first, "
                "of %s: %s)",
                c->settings.label, why);
}

void tileTuneNote(TileTuneCandidate *c, TileTunerFailure how,
                  const char *fmt, const char *why) {
  c->result.failed = true;
  c->failure = how;
  snprintf(c->result.note, sizeof c->result.note, fmt, why);
  /* One line of it is enough for a table. */
  char *nl = strchr(c->result.note, '\n');
  if (nl)
    *nl = '\0';
}

void tileTuneFail(TileTuner *t, TileTuneCandidate *c, TileTunerFailure how,
                  const char *fmt, const char *why) {
  tileTuneNote(c, how, fmt, why);
  if (how == TILE_TUNER_REFUSED)
    tileTuneRecord(t, c);
  else
    c->done = true;
}

/* ---- the kernel --------------------------------------------------------- */

/* The arguments of kernel `func` into t->sig. */
static int readSignature(TileTuner *t, MlirOperation func, char *err,
                         size_t errSize) {
  MlirType fn = mlirTypeAttrGetValue(tileOpAttr(func, "function_type"));
  int n = (int)mlirFunctionTypeGetNumInputs(fn);
  t->sig = calloc((size_t)n + 1, sizeof *t->sig);
  if (!t->sig)
    return tileFail(err, errSize, "out of memory");
  for (; t->numSig < n; ++t->numSig)
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fn, t->numSig),
                             &t->sig[t->numSig]))
      return tileFail(err, errSize,
                      "kernel @%s: argument #%d has type %s, which a launch "
                      "cannot pass",
                      t->kernel, t->numSig, t->sig[t->numSig].type);
  return 0;
}

/* Reads the kernel's name and arguments from the file substituted with
 * the defaults, as a run that does not tune would compile it. */
static int readKernel(TileTuner *t, char *err, size_t errSize) {
  const TileTuneRequest *r = &t->r;
  TileTuneSettings s;
  char *text = NULL;
  size_t len;
  int rc = tileTuneSettingsMake(t->defaults, r->defines, r->numDefines, NULL,
                                NULL, &s, err, errSize) ||
           tileSubstitute(r->text, r->len, s.defines, s.numDefines,
                          r->sourceName, true, r->defineFlag, &text, &len, err,
                          errSize);
  tileTuneSettingsFree(&s);
  if (rc)
    return 1;
  TileKernelText k;
  MlirOperation func;
  MlirStringRef sym = {"", 0};
  if (tileKernelTextParse(&k, text, len, r->sourceName)) {
    rc = tileFail(err, errSize, "%.*s", (int)strcspn(k.firstError, "\n"),
                  k.firstError); /* its first line */
  } else if (tileGpuFindKernel(k.module, r->kernel, &func, err, errSize)) {
    rc = TILE_FAIL_INVALID_ARGUMENT; /* the caller named no kernel of it */
  } else {
    tileOpStrAttr(func, "sym_name", &sym);
    snprintf(t->kernel, sizeof t->kernel, "%.*s", (int)sym.length, sym.data);
    rc = readSignature(t, func, err, errSize);
  }
  tileKernelTextFree(&k);
  free(text);
  return rc;
}

int tileTunerCreate(const TileTuneRequest *r, TileTuner **out, char *err,
                    size_t errSize) {
  TileTuner *t = *out = calloc(1, sizeof *t);
  if (!t)
    return tileFail(err, errSize, "out of memory");
  t->r = *r;
  t->defaults = tileTuneParamDefaults(r->text, r->len);
  if (!r->sig) {
    int rc = readKernel(t, err, errSize);
    if (rc)
      return rc;
  } else {
    snprintf(t->kernel, sizeof t->kernel, "%s", r->kernel);
    t->sig = calloc((size_t)r->numSig + 1, sizeof *t->sig);
    if (!t->sig)
      return tileFail(err, errSize, "out of memory");
    memcpy(t->sig, r->sig, (size_t)r->numSig * sizeof *t->sig);
    t->numSig = r->numSig;
  }
  return tileTuneSpaceRead(r->text, r->len, r->sourceName, t->kernel,
                           r->fixed, &t->space, err, errSize);
}

int tileTunerFirst(const TileTuner *t, TileTuneSettings *out, char *err,
                   size_t errSize) {
  memset(out, 0, sizeof *out);
  int *zeros = calloc((size_t)t->space.numParams + 1, sizeof *zeros);
  bool declared = t->space.declared && t->space.numParams > 0;
  int rc = zeros ? tileTuneSettingsMake(t->defaults, t->r.defines,
                                        t->r.numDefines,
                                        declared ? &t->space : NULL, zeros,
                                        out, err, errSize)
                 : tileFail(err, errSize, "out of memory");
  free(zeros);
  return rc;
}

/* ---- candidates ------------------------------------------------------- */

/* What a timing depends on besides the code: the launch's shape key (as
 * variant files key launches, lib/Runtime/Variants.h) and the grid. */
static int shapeKey(const TileTuner *t, const int64_t grid[3],
                    TileStrBuf *out) {
  TileDType *dtypes = calloc((size_t)t->numSig + 1, sizeof *dtypes);
  if (!dtypes)
    return 1;
  for (int i = 0; i < t->numSig; ++i)
    dtypes[i] = t->sig[i].dtype;
  tileLaunchShapeKey(dtypes, t->r.args, t->numSig, out);
  tileStrBufPrintf(out, "; grid %lldx%lldx%lld", (long long)grid[0],
                   (long long)grid[1], (long long)grid[2]);
  free(dtypes);
  return 0;
}

/* The caller's compile options (its cache directory pointing into the
 * copy), with the candidate's own set on top. */
static int candidateOptions(const TileTuner *t, TileTuneCandidate *c,
                            char *err, size_t errSize) {
  const TileGpuOptions *base = t->r.compile;
  c->gpu = *base;
  if (base->cacheDir == base->cacheDirPath)
    c->gpu.cacheDir = c->gpu.cacheDirPath;
  /* Candidates compile on several threads: no callbacks, no reports. */
  c->gpu.remarks = (TileGpuRemarks){NULL, NULL};
  c->gpu.timing = NULL;
  c->gpu.cacheReport = NULL;
  c->gpu.printIrBefore = c->gpu.printIrAfter = false;
  const TileTuneSettings *s = &c->settings;
  for (size_t i = 0; i < s->numOptions; ++i) {
    char why[512];
    if (tileOptionSet(&c->gpu.options, s->options[i].name,
                      s->options[i].value, why, sizeof why))
      return tileFail(err, errSize, "tuning candidate %s: %s", s->label, why);
  }
  /* Both entries by ptxas, in the parallel compile: arguments whose rows
   * are not 16-byte aligned run the generic entry, which the driver
   * would otherwise JIT-compile from PTX for every candidate, one after
   * another (0.3-0.6 s each on an H200). */
  c->gpu.options.generic = TILE_GENERIC_EAGER;
  return 0;
}

/* Fills candidate `index`: its settings, grid, text, options and key, and
 * its result when the tuning cache holds one. */
static int candidateMake(TileTuner *t, int index, char *err, size_t errSize) {
  const TileTuneRequest *r = &t->r;
  TileTuneCandidate *c = &t->c[index];
  int *choice = calloc((size_t)t->space.numParams + 1, sizeof *choice);
  if (!choice)
    return tileFail(err, errSize, "out of memory");
  tileTuneSpaceCandidate(&t->space, index, choice);
  int rc = tileTuneSettingsMake(t->defaults, r->defines, r->numDefines,
                                &t->space, choice, &c->settings, err, errSize);
  free(choice);
  if (rc)
    return rc;
  const TileTuneSettings *s = &c->settings;
  char why[1024];
  /* No grid is the caller's mistake; a text that does not substitute,
   * the file's. */
  if (r->grid(r->gridUserData, s, c->grid, why, sizeof why))
    return tileFailCode(TILE_FAIL_INVALID_ARGUMENT, err, errSize,
                        "tuning candidate %s: %s", s->label, why);
  if (tileSubstitute(r->text, r->len, s->defines, s->numDefines,
                     r->sourceName, true, r->defineFlag, &c->text, &c->len,
                     why, sizeof why))
    return tileFail(err, errSize, "tuning candidate %s: %s", s->label, why);
  if (candidateOptions(t, c, err, errSize))
    return 1;
  TileStrBuf shapes = tileStrBufInit();
  /* Keyed without the tile.tune lines: adding a value to the space keeps
   * every other candidate's timing. */
  char *keyText = malloc(c->len + 1);
  if (!keyText || shapeKey(t, c->grid, &shapes)) {
    free(keyText);
    tileStrBufFree(&shapes);
    return tileFail(err, errSize, "out of memory");
  }
  memcpy(keyText, c->text, c->len + 1);
  size_t keyLen = tileTuneBlankDirectives(keyText, c->len);
  TileTuneKeyParts parts = {keyText,          keyLen,          t->kernel,
                            &c->gpu,          t->gpuName,      t->capability,
                            t->driverVersion, tileStrBufCStr(&shapes)};
  tileTuneKey(&parts, c->key);
  free(keyText);
  tileStrBufFree(&shapes);
  if (r->tuneCacheDir && !r->retune &&
      tileTuneCacheLoad(r->tuneCacheDir, c->key, &c->result)) {
    c->done = c->fromCache = true;
    /* Only failures to compile or load are kept. */
    c->failure = c->result.failed ? TILE_TUNER_REFUSED : TILE_TUNER_OK;
  }
  return 0;
}

int tileTunerLookup(TileTuner *t, TileRuntimeDevice *device, char *err,
                    size_t errSize) {
  t->device = device;
  snprintf(t->gpuName, sizeof t->gpuName, "%s", tileRuntimeDeviceName(device));
  t->capability = tileRuntimeDeviceCapability(device);
  t->driverVersion = tileRuntimeDeviceDriverVersion(device);
  t->n = tileTuneSpaceSize(&t->space);
  t->c = calloc((size_t)t->n, sizeof *t->c);
  if (!t->c)
    return tileFail(err, errSize, "out of memory");
  for (int i = 0; i < t->n; ++i) {
    int rc = candidateMake(t, i, err, errSize);
    if (rc)
      return rc;
  }
  return 0;
}

int tileTunerRun(TileTuner *t, char *err, size_t errSize) {
  tileTuneCompileAll(t);
  return tileTuneBenchAll(t, err, errSize);
}

int tileTunerFastest(const TileTuner *t) {
  int best = -1;
  for (int i = 0; i < t->n; ++i) {
    const TileTuneCandidate *c = &t->c[i];
    if (c->done && !c->result.failed &&
        (best < 0 || c->result.medianUs < t->c[best].result.medianUs))
      best = i;
  }
  return best;
}

int tileTunerCompile(TileTuner *t, int index, char *err, size_t errSize) {
  TileTuneCandidate *c = &t->c[index];
  if (c->package)
    return 0;
  TileTuneResult kept = c->result;
  tileTuneCompileOne(t, c);
  if (!c->package)
    return tileFail(err, errSize, "tuning candidate %s %s",
                    c->settings.label, c->result.note);
  /* Its result is the cache's still. */
  c->result = kept;
  return 0;
}

void tileTunerDestroy(TileTuner *t) {
  if (!t)
    return;
  for (int i = 0; t->c && i < t->n; ++i) {
    tileTuneSettingsFree(&t->c[i].settings);
    free(t->c[i].text);
    free(t->c[i].package);
  }
  free(t->c);
  free(t->sig);
  tileTuneSpaceFree(&t->space);
  tileTuneStringsFree(t->defaults);
  free(t);
}
