/* tile._compiler: the Python package's compiler, over tile's compile C
 * API (tile-c/Compile.h) with MLIR and LLVM linked in: a kernel's text
 * to a package (tile._runtime launches it), and CPU kernels JIT-compiled
 * and run in process on host arrays. Diagnostics come back as the text
 * tile-opt prints (file:line:col, the source line, a caret) inside a
 * tile.CompileError. The GIL is released while MLIR and LLVM work. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "python/src/Args.h"
#include "python/src/Bound.h"
#include "python/src/Tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <structmember.h>

#include "dialect/Dialect.h"
#include "lib/Execution/CpuKernel.h"
#include "lib/IR/DiagnosticPrinter.h"
#include "lib/IR/IR.h"
#include "lib/Passes/PassDef.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Target/KernelSignature.h"
#include "lib/Target/TuneCache.h"
#include "lib/Transforms/Options.h"
#include "lib/Transforms/TuneSpace.h"
#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/CpuRun.h"
#include "tile-c/Dialect.h"

/* ---- A parsed kernel file, with its diagnostics collected ---- */

typedef struct {
  TileSourceText src;
  FILE *out; /* diagnostics and remarks, printed as tile-opt does */
  char *text;
  size_t len;
  MlirContext ctx;
  MlirModule module;
} Source;

static MlirLogicalResult onDiagnostic(MlirDiagnostic diag, void *userData) {
  Source *s = userData;
  tilePrintDiagnosticAndNotes(s->out, &s->src, diag);
  return mlirLogicalResultSuccess();
}

static void onRemark(void *userData, MlirLocation loc, const char *message) {
  Source *s = userData;
  tilePrintRemark(s->out, &s->src, loc, message);
}

/* Parses `text`; 0, or -1 with what was said in the diagnostics. Called
 * without the GIL. */
static int sourceOpen(Source *s, const char *name, const char *text,
                      size_t len) {
  memset(s, 0, sizeof *s);
  s->src = (TileSourceText){name, text, len};
  s->out = open_memstream(&s->text, &s->len);
  if (!s->out)
    return -1;
  s->ctx = mlirContextCreate();
  tileContextRegisterUpstream(s->ctx);
  mlirContextAttachDiagnosticHandler(s->ctx, onDiagnostic, s, NULL);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(s->ctx))) {
    fprintf(s->out, "the embedded tile dialect failed to load\n");
    return -1;
  }
  s->module = tileParseModule(s->ctx, (MlirStringRef){text, len},
                              mlirStringRefCreateFromCString(name));
  return mlirModuleIsNull(s->module) ? -1 : 0;
}

/* What was printed so far (NUL-terminated; "" when nothing). */
static const char *sourceSaid(Source *s) {
  fflush(s->out);
  return s->text ? s->text : "";
}

static void sourceClose(Source *s) {
  if (!mlirModuleIsNull(s->module))
    mlirModuleDestroy(s->module);
  if (s->ctx.ptr)
    mlirContextDestroy(s->ctx);
  if (s->out)
    fclose(s->out);
  free(s->text);
}

static void raiseCompile(const char *summary, Source *s) {
  const char *said = sourceSaid(s);
  if (said[0])
    PyErr_Format(tilePyErrors.compileError, "%s\n%s", summary, said);
  else
    PyErr_SetString(tilePyErrors.compileError, summary);
}

/* Names and read-only flags of the kernel's arguments, as lists. */
static PyObject *signatureLists(MlirOperation kernel, const char *text,
                                int cpu, PyObject **readOnly) {
  TileKernelSignature sig;
  tileKernelSignatureRead(kernel, text, &sig);
  PyObject *names = PyList_New(sig.numArgs);
  *readOnly = PyList_New(sig.numArgs);
  if (!names || !*readOnly) {
    Py_XDECREF(names);
    Py_CLEAR(*readOnly);
    return NULL;
  }
  for (int i = 0; i < sig.numArgs; ++i) {
    PyList_SetItem(names, i, PyUnicode_FromString(sig.names[i]));
    PyList_SetItem(*readOnly, i, PyBool_FromLong(sig.readOnly[i]));
  }
  return names;
}

/* Parses `text` and finds kernel `kernel` (NULL: the only one,
 * tileGpuFindKernel), its name
 * into `name`; 0, or -1 with a CompileError raised and `s` closed. Takes
 * the GIL, and gives it up while MLIR parses. */
static int openKernel(Source *s, const char *sourceName, const char *text,
                      Py_ssize_t len, const char *kernel, MlirOperation *func,
                      char *name, size_t nameSize) {
  char err[2048] = "";
  int failed;
  *func = (MlirOperation){NULL};
  Py_BEGIN_ALLOW_THREADS
  failed = sourceOpen(s, sourceName, text, (size_t)len);
  if (failed) {
    snprintf(err, sizeof err, "%s did not parse", sourceName);
  } else {
    /* The compile's own lookup, its message after the file's name. */
    char why[1536];
    failed = tileGpuFindKernel(s->module, kernel, func, why, sizeof why);
    if (failed)
      snprintf(err, sizeof err, "%s: %s", sourceName, why);
  }
  Py_END_ALLOW_THREADS
  if (failed) {
    raiseCompile(err, s);
    sourceClose(s);
    return -1;
  }
  MlirStringRef sym;
  tileOpStrAttr(*func, "sym_name", &sym);
  snprintf(name, nameSize, "%.*s", (int)sym.length, sym.data);
  return 0;
}

/* ---- compile() ---- */

/* compile(text, source_name, kernel=None, chip=None, options="",
 *         output="package", cache=True, cache_dir=None)
 * -> {"binary", "kernel", "names", "read_only", "remarks", "cache_hit"} */
static PyObject *compile(PyObject *m, PyObject *args, PyObject *kwargs) {
  static char *keywords[] = {"text", "source_name", "kernel", "chip",
                             "options", "output", "cache", "cache_dir",
                             NULL};
  const char *text, *sourceName, *kernel = NULL, *chip = NULL,
                                  *options = "", *output = "package",
                                  *cacheDir = NULL;
  Py_ssize_t len;
  int cache = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s#s|zzszpz", keywords,
                                   &text, &len, &sourceName, &kernel, &chip,
                                   &options, &output, &cache, &cacheDir))
    return NULL;
  TileCompileOutput kind;
  if (strcmp(output, "package") == 0)
    kind = TILE_COMPILE_PACKAGE;
  else if (strcmp(output, "ptx") == 0)
    kind = TILE_COMPILE_PTX;
  else if (strcmp(output, "cubin") == 0)
    kind = TILE_COMPILE_CUBIN;
  else {
    PyErr_Format(PyExc_ValueError,
                 "output= takes package, ptx or cubin, not '%s'", output);
    return NULL;
  }
  Source s;
  MlirOperation func;
  char err[2048] = "", name[256];
  int failed, hit = 0;
  void *bytes = NULL;
  size_t size = 0;
  if (openKernel(&s, sourceName, text, len, kernel, &func, name,
                 sizeof name) < 0)
    return NULL;
  PyObject *readOnly = NULL;
  PyObject *names = signatureLists(func, text, 0, &readOnly);
  if (!names) {
    sourceClose(&s);
    return NULL;
  }
  TileCompileOptions o = tilePyCompileOptions(chip, options, cache, cacheDir);
  o.remark = onRemark;
  o.remarkUserData = &s;
  o.cacheHit = &hit;
  Py_BEGIN_ALLOW_THREADS
  failed = tileCompileKernel(s.module, name, &o, kind, &bytes, &size, err,
                             sizeof err);
  Py_END_ALLOW_THREADS
  if (failed) {
    raiseCompile(err, &s);
    sourceClose(&s);
    Py_DECREF(names);
    Py_DECREF(readOnly);
    return NULL;
  }
  PyObject *binary = PyBytes_FromStringAndSize(bytes, (Py_ssize_t)size);
  free(bytes);
  PyObject *remarks = PyUnicode_FromString(sourceSaid(&s));
  sourceClose(&s);
  if (!binary || !remarks) {
    Py_XDECREF(binary);
    Py_XDECREF(remarks);
    Py_DECREF(names);
    Py_DECREF(readOnly);
    return NULL;
  }
  return Py_BuildValue("{s:N,s:s,s:N,s:N,s:N,s:O}", "binary", binary,
                       "kernel", name, "names", names, "read_only", readOnly,
                       "remarks", remarks, "cache_hit",
                       hit ? Py_True : Py_False);
}

/* ---- CpuKernel ---- */

typedef struct {
  PyObject_HEAD
  TileCpuKernel *kernel;
  TilePyArgSpec specs[TILE_PY_MAX_ARGS];
  int numArgs;
  char name[128];
  PyObject *weakrefs;
} CpuKernel;

static PyTypeObject *cpuKernelType, *cpuLaunchType;
static PyObject *cpuLaunchCall(PyObject *self, PyObject *const *args,
                               size_t nargsf, PyObject *kwnames);

static void cpuKernelDealloc(PyObject *self) {
  CpuKernel *k = (CpuKernel *)self;
  PyTypeObject *type = Py_TYPE(self);
  if (k->weakrefs)
    PyObject_ClearWeakRefs(self);
  tileCpuKernelDestroy(k->kernel);
  freefunc free = (freefunc)PyType_GetSlot(type, Py_tp_free);
  free(self);
  Py_DECREF(type);
}

/* CpuKernel(text, source_name, kernel=None, options="") */
static int cpuKernelInit(PyObject *self, PyObject *args, PyObject *kwargs) {
  CpuKernel *k = (CpuKernel *)self;
  static char *keywords[] = {"text", "source_name", "kernel", "options",
                             NULL};
  const char *text, *sourceName, *kernel = NULL, *options = "";
  Py_ssize_t len;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s#s|zs", keywords, &text,
                                   &len, &sourceName, &kernel, &options))
    return -1;
  if (k->kernel) {
    PyErr_SetString(PyExc_RuntimeError, "CpuKernel initialised twice");
    return -1;
  }
  /* The CPU takes the options that change what it runs. */
  TileOptions parsed;
  tileOptionsInit(&parsed);
  char why[512];
  if (tileOptionsParse(&parsed, options, strlen(options),
                       "asserts split-loops overlap-softmax cpu-jit", why,
                       sizeof why)) {
    PyErr_Format(tilePyErrors.argumentError,
                 "target='cpu' takes the options asserts, split-loops, "
                 "overlap-softmax and cpu-jit only: %s",
                 why);
    return -1;
  }
  TileCpuOptions cpu = tileCpuOptionsOf(&parsed);
  Source s;
  MlirOperation func;
  char err[2048] = "";
  int failed;
  if (openKernel(&s, sourceName, text, len, kernel, &func, k->name,
                 sizeof k->name) < 0)
    return -1;
  TileKernelSignature sig;
  tileKernelSignatureRead(func, text, &sig);
  Py_BEGIN_ALLOW_THREADS
  failed = tileCpuKernelCreateWithOptions(s.module, k->name, &cpu, &k->kernel,
                                          err, sizeof err);
  Py_END_ALLOW_THREADS
  if (failed) {
    raiseCompile(err, &s);
    sourceClose(&s);
    return -1;
  }
  sourceClose(&s);
  k->numArgs = tileCpuKernelNumArgs(k->kernel);
  if (k->numArgs > TILE_PY_MAX_ARGS) {
    PyErr_Format(tilePyErrors.compileError, "%s has %d arguments (at most %d)",
                 k->name, k->numArgs, TILE_PY_MAX_ARGS);
    return -1;
  }
  for (int i = 0; i < k->numArgs; ++i) {
    tilePySpecFromKernelArg(tileCpuKernelArg(k->kernel, i), &k->specs[i]);
    snprintf(k->specs[i].name, sizeof k->specs[i].name, "%s",
             i < sig.numArgs ? sig.names[i] : "");
    k->specs[i].readOnly = i < sig.numArgs && sig.readOnly[i];
  }
  return 0;
}

static PyObject *cpuKernelName(PyObject *self, void *closure) {
  return PyUnicode_FromString(((CpuKernel *)self)->name);
}

static PyObject *cpuKernelArgs(PyObject *self, void *closure) {
  CpuKernel *k = (CpuKernel *)self;
  return tilePySpecsToList(k->specs, k->numArgs);
}

static PyObject *cpuKernelSubscript(PyObject *self, PyObject *grid) {
  if (!((CpuKernel *)self)->kernel) {
    PyErr_SetString(tilePyErrors.error,
                    "CpuKernel was not initialised (make one with "
                    "tile.compile(..., target='cpu'))");
    return NULL;
  }
  return tilePyBoundMake(cpuLaunchType, cpuLaunchCall, self, grid);
}

static PyGetSetDef cpuKernelGetSet[] = {
    {"name", cpuKernelName, NULL, "The kernel's name.", NULL},
    {"arg_specs", cpuKernelArgs, NULL, "Its arguments, a dict each.", NULL},
    {NULL}};

static PyMemberDef cpuKernelMembers[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(CpuKernel, weakrefs),
     READONLY, NULL},
    {NULL}};

static PyType_Slot cpuKernelSlots[] = {
    {Py_tp_dealloc, cpuKernelDealloc},
    {Py_tp_init, cpuKernelInit},
    {Py_tp_getset, cpuKernelGetSet},
    {Py_tp_members, cpuKernelMembers},
    {Py_mp_subscript, cpuKernelSubscript},
    {Py_tp_doc, "A kernel JIT-compiled for the CPU: kernel[grid](*args) "
                "runs every program in order on host arrays."},
    {0, NULL}};

static PyType_Spec cpuKernelSpec = {
    "tile._compiler.CpuKernel", sizeof(CpuKernel), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, cpuKernelSlots};

static PyObject *cpuLaunchCall(PyObject *self, PyObject *const *args,
                               size_t nargsf, PyObject *kwnames) {
  CpuKernel *k = (CpuKernel *)((TilePyBound *)self)->kernel;
  Py_ssize_t n = tilePyNargs(nargsf);
  if (kwnames && PyTuple_Size(kwnames) > 0) {
    PyErr_Format(tilePyErrors.argumentError,
                 "%s: a CPU run takes the kernel's arguments in order only",
                 k->name);
    return NULL;
  }
  int64_t grid[3];
  int empty;
  if (tilePyGrid(k->name, ((TilePyBound *)self)->grid, args, n, grid,
                 &empty) < 0)
    return NULL;
  TilePySignature sig = {k->name, k->specs, k->numArgs, 1};
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  PyObject *result = NULL;
  if (tilePyConvertArgs(&sig, args, n, &la, &hold) < 0)
    goto done;
  if (!empty) {
    TileStatus st;
    TileStatusCode code;
    Py_BEGIN_ALLOW_THREADS
    code = tileCpuKernelRunArgs(k->kernel, la.args, la.numArgs, grid, &st);
    Py_END_ALLOW_THREADS
    if (code) {
      tilePyRaiseStatus(&st);
      goto done;
    }
  }
  result = Py_NewRef(Py_None);
done:
  tilePyHoldRelease(&hold);
  return result;
}

/* ---- Module ---- */

static PyObject *optionKeys(PyObject *m, PyObject *unused) {
  PyObject *list = PyList_New(0);
  for (const TileOptionDef *d = tileOptionTable; list && d->key; ++d)
    if (tilePyListAppendNew(list, Py_BuildValue("(sss)", d->key, d->syntax,
                                                d->help)) < 0)
      Py_CLEAR(list);
  return list;
}

/* param_defaults(text) -> {NAME: first value} of the file's tile.tune
 * lines: what ${NAME} is when the caller does not define it, as in
 * tile-run. */
static PyObject *paramDefaults(PyObject *m, PyObject *arg) {
  Py_ssize_t len;
  const char *text = PyUnicode_AsUTF8AndSize(arg, &len);
  if (!text)
    return NULL;
  char **defaults = tileTuneParamDefaults(text, (size_t)len);
  PyObject *d = PyDict_New();
  for (char **p = defaults; d && p && p[0] && p[1]; p += 2) {
    PyObject *v = PyUnicode_FromString(p[1]);
    if (!v || PyDict_SetItemString(d, p[0], v) < 0) {
      Py_XDECREF(v);
      Py_CLEAR(d);
      break;
    }
    Py_DECREF(v);
  }
  tileTuneStringsFree(defaults);
  return d;
}

/* tune_space(text, source_name, kernel, fixed) -> [(name, is_option,
 * [values])]: the kernel's tuning space (its tile.tune lines, or the
 * default space), without the names in `fixed` (the caller's defines
 * and options). A malformed line is a CompileError naming it. */
static PyObject *tuneSpace(PyObject *m, PyObject *args) {
  const char *text, *sourceName, *kernel;
  Py_ssize_t len;
  PyObject *fixedList;
  if (!PyArg_ParseTuple(args, "s#ssO", &text, &len, &sourceName, &kernel,
                        &fixedList))
    return NULL;
  PyObject *fixedTuple = PySequence_Tuple(fixedList);
  if (!fixedTuple)
    return NULL;
  Py_ssize_t nf = PyTuple_Size(fixedTuple);
  const char **fixed = calloc((size_t)nf + 1, sizeof *fixed);
  for (Py_ssize_t i = 0; fixed && i < nf; ++i)
    if (!(fixed[i] = PyUnicode_AsUTF8AndSize(PyTuple_GetItem(fixedTuple, i),
                                             NULL))) {
      free(fixed);
      Py_DECREF(fixedTuple);
      return NULL;
    }
  TileTuneSpace space;
  char err[1024];
  int rc = fixed ? tileTuneSpaceRead(text, (size_t)len, sourceName, kernel,
                                     fixed, &space, err, sizeof err)
                 : 1;
  free(fixed);
  Py_DECREF(fixedTuple);
  if (rc) {
    PyErr_SetString(tilePyErrors.compileError, fixed ? err : "out of memory");
    return NULL;
  }
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < space.numParams; ++i) {
    const TileTuneParam *p = &space.params[i];
    PyObject *values = PyList_New(p->numValues);
    for (int v = 0; values && v < p->numValues; ++v)
      PyList_SetItem(values, v, PyUnicode_FromString(p->values[v]));
    PyObject *row = values ? Py_BuildValue("(sON)", p->name,
                                           p->isOption ? Py_True : Py_False,
                                           values)
                           : NULL;
    if (tilePyListAppendNew(list, row) < 0)
      Py_CLEAR(list);
  }
  tileTuneSpaceFree(&space);
  return list;
}

static int hexKey(PyObject *obj, uint8_t key[TILE_SHA256_BYTES]) {
  Py_ssize_t len;
  const char *hex = PyUnicode_AsUTF8AndSize(obj, &len);
  if (!hex)
    return -1;
  if (len != 2 * TILE_SHA256_BYTES) {
    PyErr_SetString(PyExc_ValueError, "a tuning key is 64 hex digits");
    return -1;
  }
  for (int i = 0; i < TILE_SHA256_BYTES; ++i) {
    unsigned v;
    if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
      PyErr_SetString(PyExc_ValueError, "a tuning key is 64 hex digits");
      return -1;
    }
    key[i] = (uint8_t)v;
  }
  return 0;
}

/* tune_key(text, kernel, options, gpu, capability, driver, shape_key)
 * -> 64 hex digits: a candidate's key in the tuning cache (lib/Target/TuneCache.h): the
 * substituted text without its tile.tune lines, the options (with the
 * chip), the compiler and toolkit, the GPU and driver, the launch. */
static PyObject *tuneKey(PyObject *m, PyObject *args) {
  const char *text, *kernel, *options, *gpu, *shapeKey;
  Py_ssize_t len;
  int capability, driver;
  if (!PyArg_ParseTuple(args, "s#sssiis", &text, &len, &kernel, &options,
                        &gpu, &capability, &driver, &shapeKey))
    return NULL;
  TileGpuOptions o;
  tileGpuOptionsInit(&o);
  char err[1024];
  if (tileGpuOptionsParse(&o, options, err, sizeof err)) {
    PyErr_SetString(tilePyErrors.compileError, err);
    return NULL;
  }
  char *keyText = malloc((size_t)len + 1);
  if (!keyText)
    return PyErr_NoMemory();
  memcpy(keyText, text, (size_t)len + 1);
  size_t keyLen = tileTuneBlankDirectives(keyText, (size_t)len);
  TileTuneKeyParts parts = {keyText, keyLen,     kernel, &o,
                            gpu,     capability, driver, shapeKey};
  uint8_t key[TILE_SHA256_BYTES];
  tileTuneKey(&parts, key);
  free(keyText);
  char hex[2 * TILE_SHA256_BYTES + 1];
  for (int i = 0; i < TILE_SHA256_BYTES; ++i)
    snprintf(hex + 2 * i, 3, "%02x", key[i]);
  return PyUnicode_FromString(hex);
}

/* tune_load(key) -> {failed, median_us, note} or None (a miss, or no
 * cache); tune_store(key, failed, median_us, note) -> None, or why the
 * entry was not written. */
static PyObject *tuneLoad(PyObject *m, PyObject *arg) {
  uint8_t key[TILE_SHA256_BYTES];
  if (hexKey(arg, key) < 0)
    return NULL;
  char dir[1024];
  TileTuneResult r;
  if (!tileTuneCacheDir(dir, sizeof dir) || !tileTuneCacheLoad(dir, key, &r))
    Py_RETURN_NONE;
  return Py_BuildValue("{s:O,s:d,s:s}", "failed",
                       r.failed ? Py_True : Py_False, "median_us", r.medianUs,
                       "note", r.note);
}

static PyObject *tuneStore(PyObject *m, PyObject *args) {
  PyObject *hex;
  int failed;
  double medianUs;
  const char *note;
  if (!PyArg_ParseTuple(args, "Opds", &hex, &failed, &medianUs, &note))
    return NULL;
  uint8_t key[TILE_SHA256_BYTES];
  if (hexKey(hex, key) < 0)
    return NULL;
  char dir[1024], why[512];
  if (!tileTuneCacheDir(dir, sizeof dir))
    return PyUnicode_FromString("no cache directory (or TILE_NO_CACHE=1)");
  TileTuneResult r;
  memset(&r, 0, sizeof r);
  r.failed = failed;
  r.medianUs = medianUs;
  snprintf(r.note, sizeof r.note, "%s", note);
  if (tileTuneCacheStore(dir, key, &r, why, sizeof why))
    return PyUnicode_FromString(why);
  Py_RETURN_NONE;
}

/* ---- generic() ---- */

/* generic(text, source_name): the module in MLIR's generic form, as
 * `mlir-opt --mlir-print-op-generic` prints it. The reference interpreter
 * (test/difftest/interp.py) reads that form; on machines without
 * mlir-opt (the lent GPU's) it comes from here. It is upstream MLIR's
 * parser and printer, with tile's dialect loaded from its IRDL file as
 * mlir-opt --irdl-file does: no pass of tile's runs. */
/* Runs tile pass `pass` with options `options` ("key=value ...", only the
 * pass's own keys) on the parsed module; 0, or -1 with why in `err`. */
static int runOnePass(Source *s, const char *pass, const char *options,
                      char *err, size_t errSize) {
  const TilePassDef *def = tilePassFind(pass);
  if (!def) {
    snprintf(err, errSize, "no tile pass '%s'", pass);
    return -1;
  }
  TileOptions o;
  tileOptionsInit(&o);
  char why[512];
  if (tileOptionsParse(&o, options, strlen(options), def->optionKeys, why,
                       sizeof why)) {
    snprintf(err, errSize, "%s: %s", pass, why);
    return -1;
  }
  if (mlirLogicalResultIsFailure(
          def->run(mlirModuleGetOperation(s->module), &o))) {
    snprintf(err, errSize, "%s failed on %s", pass, s->src.name);
    return -1;
  }
  return 0;
}

/* generic(text, source_name, pass=None, options=""): the module in MLIR's
 * generic form, after one tile pass when `pass` is given (the difftest
 * campaign's CPU run of GPU-only rewrites, without a tile-opt process). */
static PyObject *generic(PyObject *m, PyObject *args) {
  const char *text, *sourceName, *pass = NULL, *options = "";
  Py_ssize_t len;
  if (!PyArg_ParseTuple(args, "s#s|zs", &text, &len, &sourceName, &pass,
                        &options))
    return NULL;
  Source s;
  TileStrBuf out = tileStrBufInit();
  char err[1200] = "";
  int failed;
  Py_BEGIN_ALLOW_THREADS
  failed = sourceOpen(&s, sourceName, text, (size_t)len);
  if (failed)
    snprintf(err, sizeof err, "%s did not parse", sourceName);
  else if (pass)
    failed = runOnePass(&s, pass, options, err, sizeof err);
  if (!failed) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOperationPrintWithFlags(mlirModuleGetOperation(s.module), flags,
                                tileStrBufCallback, &out);
    mlirOpPrintingFlagsDestroy(flags);
  }
  Py_END_ALLOW_THREADS
  PyObject *result = NULL;
  if (failed) {
    raiseCompile(err, &s);
  } else {
    result = PyUnicode_FromStringAndSize(tileStrBufCStr(&out),
                                         (Py_ssize_t)out.len);
  }
  sourceClose(&s);
  tileStrBufFree(&out);
  return result;
}

static PyMethodDef moduleMethods[] = {
    {"compile", (PyCFunction)(void (*)(void))compile,
     METH_VARARGS | METH_KEYWORDS,
     "compile(text, source_name, kernel=None, chip=None, options='', "
     "output='package', cache=True, cache_dir=None) -> dict"},
    {"tune", (PyCFunction)(void (*)(void))tilePyTune,
     METH_VARARGS | METH_KEYWORDS,
     "tune(...): tile.tune on the C tuner (python/src/Tune.h)."},
    {"param_defaults", paramDefaults, METH_O,
     "param_defaults(text): {NAME: value} from the file's tile.tune lines."},
    {"tune_space", tuneSpace, METH_VARARGS,
     "tune_space(text, source_name, kernel, fixed): [(name, is_option, "
     "values)]."},
    {"tune_key", tuneKey, METH_VARARGS,
     "tune_key(text, kernel, options, gpu, capability, driver, shape_key): "
     "a candidate's key in the tuning cache (64 hex digits)."},
    {"tune_load", tuneLoad, METH_O, "tune_load(key): a cached result or None."},
    {"tune_store", tuneStore, METH_VARARGS,
     "tune_store(key, failed, median_us, note): None, or why not kept."},
    {"generic", generic, METH_VARARGS,
     "generic(text, source_name, pass=None, options=''): the module in "
     "MLIR's generic form, after one tile pass when given."},
    {"options", optionKeys, METH_NOARGS,
     "Every compile option: (key, values, help) each."},
    {NULL}};

static int moduleExec(PyObject *m) {
  if (tilePyErrorsImport() < 0)
    return -1;
  /* This module's LLVM is its own (linked in, its symbols hidden), so it
   * may set LLVM's options the way tile's tools do; the compile cache's
   * entries are then shared with tile-opt and tile-run. */
  tileSetProcessLlvmOptions();
  cpuKernelType = (PyTypeObject *)PyType_FromSpec(&cpuKernelSpec);
  if (!cpuKernelType || PyModule_AddObjectRef(m, "CpuKernel",
                                              (PyObject *)cpuKernelType) < 0)
    return -1;
  cpuLaunchType = tilePyBoundTypeCreate("tile._compiler.CpuLaunch");
  if (!cpuLaunchType || PyModule_AddObjectRef(m, "CpuLaunch",
                                              (PyObject *)cpuLaunchType) < 0)
    return -1;
  return PyModule_AddStringConstant(m, "version", tileVersion());
}

static PyModuleDef_Slot moduleSlots[] = {{Py_mod_exec, moduleExec},
                                         {0, NULL}};

static struct PyModuleDef moduleDef = {
    PyModuleDef_HEAD_INIT, "tile._compiler",
    "tile's compiler: kernels to packages, and CPU kernels run in process.",
    0, moduleMethods, moduleSlots, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__compiler(void) { return PyModuleDef_Init(&moduleDef); }
