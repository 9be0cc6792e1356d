/* tile.tune's tuner: tileTuningCreate (tile-c/Tune.h) on the caller's
 * arrays. The kernel's signature is read from the file substituted with
 * its defaults (as the tuner reads it), the arguments are converted as a
 * launch converts them and must be dense; the tuning runs without the
 * GIL, and its grid, check and progress callbacks take it to call
 * Python. The first exception a callback raises stops the calls into
 * Python and is raised once the tuning returns. */
#include "python/src/Tune.h"

#include "python/src/Args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Target/KernelSignature.h"
#include "lib/Tuning/KernelText.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "tile-c/Tune.h"

/* What the callbacks call, and the first exception one raised. */
typedef struct {
  const char *kernel;
  PyObject *grid;     /* a callable of the settings, or NULL */
  PyObject *check;    /* a callable of the arguments, or NULL */
  PyObject *progress; /* a callable of a line, or NULL */
  PyObject *args;     /* the arguments, a tuple */
  PyObject *type, *value, *traceback;
} Calls;

/* Keeps the exception being raised, unless one is kept already. */
static void keep(Calls *c) {
  if (c->type) {
    PyErr_Clear();
    return;
  }
  PyErr_Fetch(&c->type, &c->value, &c->traceback);
  if (!c->type) /* a callback failed without an exception */
    c->type = Py_NewRef(tilePyErrors.error);
}

/* "1024" -> 1024, else the text, as tile.tune's parameters have been:
 * an int only where str() of it gives the text back. */
static PyObject *settingValue(const char *v) {
  char *end, back[32];
  long long n = strtoll(v, &end, 10);
  snprintf(back, sizeof back, "%lld", n);
  if (v[0] && !*end && strcmp(back, v) == 0)
    return PyLong_FromLongLong(n);
  return PyUnicode_FromString(v);
}

static PyObject *settingsDict(const TileTuneSetting *s, int n) {
  PyObject *d = PyDict_New();
  for (int i = 0; d && i < n; ++i) {
    PyObject *v = settingValue(s[i].value);
    if (!v || PyDict_SetItemString(d, s[i].name, v) < 0)
      Py_CLEAR(d);
    Py_XDECREF(v);
  }
  return d;
}

static int gridOf(void *userData, const TileTuneSetting *s, int n,
                  int64_t grid[3], char *err, size_t errSize) {
  Calls *c = userData;
  PyGILState_STATE gil = PyGILState_Ensure();
  int rc = 1, empty;
  if (!c->type) {
    PyObject *d = settingsDict(s, n);
    PyObject *g = d ? PyObject_CallFunctionObjArgs(c->grid, d, NULL) : NULL;
    rc = g && !PyCallable_Check(g)
             ? tilePyGrid(c->kernel, g, NULL, 0, grid, &empty) != 0
             : 1;
    if (g && PyCallable_Check(g))
      PyErr_Format(tilePyErrors.argumentError,
                   "%s: grid= returned a callable, not a grid", c->kernel);
    Py_XDECREF(d);
    Py_XDECREF(g);
    if (rc)
      keep(c);
  }
  if (rc)
    snprintf(err, errSize, "grid= raised an exception");
  PyGILState_Release(gil);
  return rc;
}

static int checkOf(void *userData, const TileTuneSetting *s, int n,
                   const void *const *outputs, char *why, size_t whySize) {
  Calls *c = userData;
  PyGILState_STATE gil = PyGILState_Ensure();
  int right = 0;
  if (!c->type) {
    /* The arguments hold the candidate's outputs now. */
    PyObject *r = PyObject_CallObject(c->check, c->args);
    right = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    if (right < 0)
      keep(c);
  }
  snprintf(why, whySize, "%s",
           right > 0    ? ""
           : right == 0 ? "check= said the outputs are wrong"
                        : "check= raised an exception");
  PyGILState_Release(gil);
  return right <= 0;
}

static void progressOf(void *userData, const char *line) {
  Calls *c = userData;
  PyGILState_STATE gil = PyGILState_Ensure();
  if (!c->type) {
    PyObject *text = PyUnicode_FromString(line);
    PyObject *r =
        text ? PyObject_CallFunctionObjArgs(c->progress, text, NULL) : NULL;
    if (!r)
      keep(c);
    Py_XDECREF(text);
    Py_XDECREF(r);
  }
  PyGILState_Release(gil);
}

/* ---- the kernel's signature ------------------------------------------- */

typedef struct {
  char name[256];
  TilePyArgSpec specs[TILE_PY_MAX_ARGS];
  int numArgs;
  PyObject *names, *readOnly; /* lists */
} Signature;

/* Reads kernel `kernel` (NULL: the only one) of `text`; 0, or -1 with a
 * CompileError (the first error) raised. */
static int readSignature(const char *text, Py_ssize_t len,
                         const char *sourceName, const char *kernel,
                         Signature *out) {
  TileKernelText k;
  MlirOperation func = {NULL};
  char err[2048] = "";
  int failed;
  Py_BEGIN_ALLOW_THREADS
  failed = tileKernelTextParse(&k, text, (size_t)len, sourceName);
  if (failed)
    snprintf(err, sizeof err, "%s", k.firstError);
  else
    failed = tileGpuFindKernel(k.module, kernel, &func, err, sizeof err);
  Py_END_ALLOW_THREADS
  if (failed) {
    tileKernelTextFree(&k);
    PyErr_Format(tilePyErrors.compileError, "%s: %s", sourceName, err);
    return -1;
  }
  MlirStringRef sym;
  tileOpStrAttr(func, "sym_name", &sym);
  snprintf(out->name, sizeof out->name, "%.*s", (int)sym.length, sym.data);
  MlirType fn = mlirTypeAttrGetValue(tileOpAttr(func, "function_type"));
  int n = (int)mlirFunctionTypeGetNumInputs(fn);
  TileKernelSignature sig;
  tileKernelSignatureRead(func, text, &sig);
  out->names = PyList_New(0);
  out->readOnly = PyList_New(0);
  int rc = out->names && out->readOnly ? 0 : -1;
  if (!rc && n > TILE_PY_MAX_ARGS) {
    PyErr_Format(tilePyErrors.compileError, "%s has %d arguments (at most %d)",
                 out->name, n, TILE_PY_MAX_ARGS);
    rc = -1;
  }
  for (int i = 0; !rc && i < n; ++i) {
    TileKernelArg a;
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fn, i), &a)) {
      PyErr_Format(tilePyErrors.compileError,
                   "kernel @%s: argument #%d has a type a launch cannot pass",
                   out->name, i);
      rc = -1;
      break;
    }
    TilePyArgSpec *s = &out->specs[i];
    tilePySpecFromKernelArg(&a, s);
    snprintf(s->name, sizeof s->name, "%s",
             i < sig.numArgs ? sig.names[i] : "");
    s->readOnly = i < sig.numArgs && sig.readOnly[i];
    rc = tilePyListAppendNew(out->names, PyUnicode_FromString(s->name)) ||
         tilePyListAppendNew(out->readOnly, PyBool_FromLong(s->readOnly));
  }
  out->numArgs = n;
  tileKernelTextFree(&k);
  return rc;
}

/* ---- the table ------------------------------------------------------- */

static const char *statusName(TileTuneStatus s) {
  switch (s) {
  case TILE_TUNE_TIMED:
    return "timed";
  case TILE_TUNE_CACHED:
    return "cached";
  case TILE_TUNE_SAME_CODE:
    return "same_code";
  case TILE_TUNE_WRONG:
    return "wrong";
  default: /* refused (did not compile or load) or did not run */
    return "failed";
  }
}

static PyObject *rowDict(const TileTuneRow *r) {
  PyObject *params = settingsDict(r->settings, r->numSettings);
  if (!params)
    return NULL;
  int timed = r->status == TILE_TUNE_TIMED || r->status == TILE_TUNE_CACHED ||
              r->status == TILE_TUNE_SAME_CODE;
  PyObject *median =
      timed ? PyFloat_FromDouble(r->medianUs) : Py_NewRef(Py_None);
  return Py_BuildValue("{s:N,s:N,s:s,s:s,s:s,s:d,s:(LLL)}", "params", params,
                       "median_us", median, "status", statusName(r->status),
                       "note", r->note, "label", r->label, "flops", r->flops,
                       "grid", (long long)r->grid[0], (long long)r->grid[1],
                       (long long)r->grid[2]);
}

static PyObject *table(const TileTuning *t) {
  PyObject *rows = PyList_New(0);
  for (int i = 0; rows && i < tileTuningNumCandidates(t); ++i)
    if (tilePyListAppendNew(rows, rowDict(tileTuningCandidate(t, i))) < 0)
      Py_CLEAR(rows);
  return rows;
}

/* ---- tune() ------------------------------------------------------------ */

/* Whether converted memref `a` is dense in C order; its strides become 0,
 * as the tuner takes them. */
static int makeDense(TileRuntimeArg *a) {
  int64_t want = 1;
  for (int d = a->rank - 1; d >= 0; --d) {
    if (a->shape[d] > 1 && a->strides[d] != want)
      return 0;
    want *= a->shape[d];
  }
  memset(a->strides, 0, sizeof a->strides);
  return 1;
}

/* The caller's defines, a dict of str to str, as settings borrowing its
 * strings; -1 with an exception set. */
static int definesOf(PyObject *dict, TileTuneSetting *out, int max, int *n) {
  Py_ssize_t pos = 0;
  PyObject *key, *value;
  *n = 0;
  while (PyDict_Next(dict, &pos, &key, &value)) {
    if (*n == max) {
      PyErr_SetString(tilePyErrors.argumentError, "defines: too many");
      return -1;
    }
    out[*n].name = PyUnicode_AsUTF8AndSize(key, NULL);
    out[*n].value = PyUnicode_AsUTF8AndSize(value, NULL);
    if (!out[*n].name || !out[*n].value)
      return -1;
    ++*n;
  }
  return 0;
}

TileCompileOptions tilePyCompileOptions(const char *chip, const char *options,
                                        int cache, const char *cacheDir) {
  TileCompileOptions o;
  memset(&o, 0, sizeof o);
  o.chip = chip;
  o.options = options[0] ? options : NULL;
  o.cache = cache;
  o.cacheDir = cacheDir;
  return o;
}

PyObject *tilePyTune(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *keywords[] = {
      "text",  "source_name", "signature_text", "kernel", "defines",
      "options", "chip",      "cache",          "cache_dir", "retune",
      "warmup", "iters",      "args",           "grid",      "check",
      "progress", NULL};
  const char *text, *sourceName, *sigText, *kernel = NULL, *options = "",
                                            *chip = NULL, *cacheDir = NULL;
  Py_ssize_t sigLen;
  PyObject *defines, *argList, *grid, *check = Py_None, *progress = Py_None;
  int cache = 1, retune = 0, warmup = 0, iters = 0;
  if (!PyArg_ParseTupleAndKeywords(
          args, kwargs, "sss#zO!szpzpiiOO|OO", keywords, &text, &sourceName,
          &sigText, &sigLen, &kernel, &PyDict_Type, &defines, &options, &chip,
          &cache, &cacheDir, &retune, &warmup, &iters, &argList, &grid,
          &check, &progress))
    return NULL;
  Signature sig;
  memset(&sig, 0, sizeof sig);
  if (readSignature(sigText, sigLen, sourceName, kernel, &sig) < 0) {
    Py_XDECREF(sig.names);
    Py_XDECREF(sig.readOnly);
    return NULL;
  }
  PyObject *result = NULL, *items = PySequence_Tuple(argList);
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  TileRuntimeDevice *device = NULL;
  TileTuning *tuning = NULL;
  Calls calls = {sig.name, PyCallable_Check(grid) ? grid : NULL,
                 check == Py_None ? NULL : check,
                 progress == Py_None ? NULL : progress, items, NULL, NULL,
                 NULL};
  TilePySignature want = {sig.name, sig.specs, sig.numArgs, 0};
  PyObject *given[TILE_PY_MAX_ARGS];
  Py_ssize_t numGiven = items ? PyTuple_Size(items) : 0;
  if (!items)
    goto done;
  if (numGiven > TILE_PY_MAX_ARGS) {
    PyErr_Format(tilePyErrors.argumentError,
                 "%s: %zd arguments (a kernel takes at most %d)", sig.name,
                 numGiven, TILE_PY_MAX_ARGS);
    goto done;
  }
  for (Py_ssize_t i = 0; i < numGiven; ++i)
    given[i] = PyTuple_GetItem(items, i);
  if (tilePyConvertArgs(&want, given, numGiven, &la, &hold) < 0)
    goto done;
  for (int i = 0; i < la.numArgs; ++i)
    if (la.args[i].kind == TILE_RUNTIME_ARG_MEMREF && !makeDense(&la.args[i])) {
      result = Py_NewRef(Py_None); /* tile.tune's own tuner takes it */
      goto done;
    }
  TileTuneSetting fixed[256];
  int numDefines;
  if (definesOf(defines, fixed, 256, &numDefines) < 0)
    goto done;
  TileTuneOptions o;
  memset(&o, 0, sizeof o);
  if (!calls.grid) {
    int empty;
    if (tilePyGrid(sig.name, grid, NULL, 0, o.grid, &empty) < 0)
      goto done;
  }
  TileStatus st;
  int ordinal = la.device;
  if (ordinal < 0 && tileRuntimeCurrentDevice(&ordinal, &st)) {
    tilePyRaiseStatus(&st);
    goto done;
  }
  if (tileRuntimeDeviceCreate(ordinal < 0 ? 0 : ordinal, &device, &st)) {
    tilePyRaiseStatus(&st);
    goto done;
  }
  TileCompileOptions copts =
      tilePyCompileOptions(chip, options, cache, cacheDir);
  o.source = text;
  o.sourceName = sourceName;
  o.kernel = sig.name;
  o.defines = fixed;
  o.numDefines = numDefines;
  o.compile = &copts;
  o.device = device;
  o.args = la.args;
  o.numArgs = la.numArgs;
  o.gridFn = calls.grid ? gridOf : NULL;
  o.gridUserData = &calls;
  o.check = calls.check ? checkOf : NULL;
  o.checkUserData = &calls;
  o.retune = retune;
  o.warmup = warmup;
  o.iters = iters;
  o.progress = calls.progress ? progressOf : NULL;
  o.progressUserData = &calls;
  TileStatusCode code;
  Py_BEGIN_ALLOW_THREADS
  code = tileTuningCreate(&o, &tuning, &st);
  Py_END_ALLOW_THREADS
  if (calls.type) {
    PyErr_Restore(calls.type, calls.value, calls.traceback);
    goto done;
  }
  if (code && !tuning) {
    tilePyRaiseStatus(&st);
    goto done;
  }
  size_t size;
  const void *bytes = tileTuningPackageBytes(tuning, &size);
  PyObject *package =
      bytes ? PyBytes_FromStringAndSize(bytes, (Py_ssize_t)size)
            : Py_NewRef(Py_None);
  PyObject *error =
      code ? PyUnicode_FromString(st.message) : Py_NewRef(Py_None);
  result = Py_BuildValue("{s:s,s:O,s:O,s:N,s:i,s:N,s:N}", "kernel", sig.name,
                         "names", sig.names, "read_only", sig.readOnly,
                         "rows", table(tuning), "chosen",
                         tileTuningChosen(tuning), "package", package,
                         "error", error);
done:
  tileTuningDestroy(tuning);
  tileRuntimeDeviceDestroy(device);
  tilePyHoldRelease(&hold);
  Py_XDECREF(items);
  Py_XDECREF(sig.names);
  Py_XDECREF(sig.readOnly);
  return result;
}
