/* tile._runtime: the Python package's launcher, over tile's runtime
 * library alone (no MLIR): compiled packages loaded in the caller's CUDA
 * contexts (tileRuntimeContextKernel*), launched as `kernel[grid](args)`
 * on PyTorch's current stream, with every argument checked first
 * (python/src/Args.c). The GIL is released while a launch is queued. */
#include "python/src/Args.h"
#include "python/src/Bound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <structmember.h>

#include "lib/Runtime/Package.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/Runtime/Variants.h"

/* ---- GpuKernel ---- */

typedef struct {
  PyObject_HEAD
  TileRuntimePackage *packages[64];
  int numPackages;
  TileRuntimeContextKernel *kernel;
  TilePyArgSpec specs[TILE_PY_MAX_ARGS];
  int numArgs;
  char name[128];
  int indexBits; /* the packages': 32 refuses memrefs of 2^31 elements */
  PyObject *weakrefs;
} GpuKernel;

static PyTypeObject *launchType, *gpuKernelBaseType;
static PyObject *launchCall(PyObject *self, PyObject *const *args,
                            size_t nargsf, PyObject *kwnames);

static void gpuKernelDealloc(PyObject *self) {
  GpuKernel *k = (GpuKernel *)self;
  PyTypeObject *type = Py_TYPE(self);
  if (k->weakrefs)
    PyObject_ClearWeakRefs(self);
  tileRuntimeContextKernelDestroy(k->kernel);
  for (int i = 0; i < k->numPackages; ++i)
    tileRuntimePackageDestroy(k->packages[i]);
  freefunc free = (freefunc)PyType_GetSlot(type, Py_tp_free);
  free(self);
  Py_DECREF(type);
}

/* GpuKernel(packages, names=None, read_only=None): `packages` the bytes
 * of one kernel's packages (one per chip); names and read-only flags per
 * argument where the source told them. */
static int gpuKernelInit(PyObject *self, PyObject *args, PyObject *kwargs) {
  GpuKernel *k = (GpuKernel *)self;
  static char *keywords[] = {"packages", "names", "read_only", NULL};
  PyObject *packages, *names = Py_None, *readOnly = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO", keywords, &packages,
                                   &names, &readOnly))
    return -1;
  if (k->kernel) {
    PyErr_SetString(PyExc_RuntimeError, "GpuKernel initialised twice");
    return -1;
  }
  PyObject *list = PySequence_Tuple(packages);
  if (!list)
    return -1;
  Py_ssize_t n = PyTuple_Size(list);
  if (n < 1 || n > 64) {
    Py_DECREF(list);
    PyErr_SetString(tilePyErrors.packageError,
                    "a kernel needs one to 64 packages");
    return -1;
  }
  TileStatus st;
  for (Py_ssize_t i = 0; i < n; ++i) {
    char *bytes;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(PyTuple_GetItem(list, i), &bytes, &size) < 0) {
      Py_DECREF(list);
      return -1;
    }
    if (tileRuntimePackageLoadMemory(bytes, (size_t)size, NULL,
                                     &k->packages[k->numPackages], &st)) {
      Py_DECREF(list);
      tilePyRaiseStatus(&st);
      return -1;
    }
    ++k->numPackages;
  }
  Py_DECREF(list);
  if (tileRuntimeContextKernelCreate(
          (const TileRuntimePackage *const *)k->packages, k->numPackages,
          &k->kernel, &st)) {
    tilePyRaiseStatus(&st);
    return -1;
  }
  const TileRuntimePackage *p = k->packages[0];
  snprintf(k->name, sizeof k->name, "%s", tileRuntimePackageKernelName(p));
  TileRuntimeResources resources;
  tileRuntimePackageResources(p, &resources);
  k->indexBits = resources.indexBits;
  k->numArgs = tileRuntimePackageNumArgs(p);
  if (k->numArgs > TILE_PY_MAX_ARGS) {
    PyErr_Format(tilePyErrors.packageError, "%s has %d arguments (at most %d)",
                 k->name, k->numArgs, TILE_PY_MAX_ARGS);
    return -1;
  }
  for (int i = 0; i < k->numArgs; ++i) {
    TileRuntimeArgInfo info;
    if (tileRuntimePackageArg(p, i, &info, &st)) {
      tilePyRaiseStatus(&st);
      return -1;
    }
    tilePySpecFromInfo(&info, i, &k->specs[i]);
  }
  if (names != Py_None) {
    PyObject *t = PySequence_Tuple(names);
    if (!t)
      return -1;
    for (Py_ssize_t i = 0; i < PyTuple_Size(t) && i < k->numArgs; ++i) {
      const char *s = PyUnicode_AsUTF8AndSize(PyTuple_GetItem(t, i), NULL);
      if (!s) {
        Py_DECREF(t);
        return -1;
      }
      snprintf(k->specs[i].name, sizeof k->specs[i].name, "%s", s);
    }
    Py_DECREF(t);
  }
  if (readOnly != Py_None) {
    PyObject *t = PySequence_Tuple(readOnly);
    if (!t)
      return -1;
    for (Py_ssize_t i = 0; i < PyTuple_Size(t) && i < k->numArgs; ++i)
      k->specs[i].readOnly = PyObject_IsTrue(PyTuple_GetItem(t, i)) == 1;
    Py_DECREF(t);
  }
  return 0;
}

/* A kernel made without __init__ (GpuKernel.__new__) has no packages:
 * every use says so instead of reading them. */
static int ready(GpuKernel *k) {
  if (k->kernel)
    return 0;
  PyErr_SetString(tilePyErrors.error,
                  "GpuKernel was not initialised (make one with "
                  "tile.compile or tile.load)");
  return -1;
}

static PyObject *gpuKernelName(PyObject *self, void *closure) {
  return PyUnicode_FromString(((GpuKernel *)self)->name);
}

static PyObject *gpuKernelChips(PyObject *self, void *closure) {
  GpuKernel *k = (GpuKernel *)self;
  PyObject *t = PyTuple_New(k->numPackages);
  for (int i = 0; t && i < k->numPackages; ++i) {
    PyObject *s = PyUnicode_FromString(tileRuntimePackageChip(k->packages[i]));
    if (!s || PyTuple_SetItem(t, i, s) < 0) {
      Py_DECREF(t);
      return NULL;
    }
  }
  return t;
}

static PyObject *gpuKernelArgs(PyObject *self, void *closure) {
  GpuKernel *k = (GpuKernel *)self;
  return tilePySpecsToList(k->specs, k->numArgs);
}

/* resources(): what the first package says a launch uses. */
static PyObject *gpuKernelResources(PyObject *self, PyObject *unused) {
  GpuKernel *k = (GpuKernel *)self;
  if (ready(k) < 0)
    return NULL;
  TileRuntimeResources r;
  tileRuntimePackageResources(k->packages[0], &r);
  return Py_BuildValue(
      "{s:i,s:i,s:i,s:i,s:L,s:O,s:O,s:i}", "num_warps", r.numWarps,
      "producer_warps", r.producerWarps, "block_threads", r.blockThreads,
      "shared_bytes", r.sharedBytes, "flops_per_program",
      (long long)r.flopsPerProgram, "persistent",
      r.persistent ? Py_True : Py_False, "aligned_entry",
      r.hasAlignedEntry ? Py_True : Py_False, "index_bits", r.indexBits);
}

/* kernel[grid] -> a launcher of that grid. */
static PyObject *gpuKernelSubscript(PyObject *self, PyObject *grid) {
  if (ready((GpuKernel *)self) < 0)
    return NULL;
  return tilePyBoundMake(launchType, launchCall, self, grid);
}

/* The GPU a launch whose arrays name none runs on, as
 * tileRuntimeContextKernelLaunchOn picks it: the current context's, else
 * 0. Asked only where torch's stream there is wanted. -1 with an
 * exception set. */
static int currentOrFirst(int *device) {
  TileStatus st;
  if (tileRuntimeCurrentDevice(device, &st)) {
    tilePyRaiseStatus(&st);
    return -1;
  }
  if (*device < 0)
    *device = 0;
  return 0;
}

/* The stream a launch on `la`'s GPU goes on when the caller named none:
 * the one an array's protocol named, else torch's current stream there
 * (asked at every launch: the program may switch streams between two),
 * else the default stream. -1 with an exception set. */
static int launchStream(const TilePyLaunchArgs *la, void **stream) {
  if (la->hasStream) {
    *stream = la->stream;
    return 0;
  }
  *stream = NULL;
  if (!tilePyTorchHasStreams())
    return 0;
  int device = la->device;
  if (device < 0 && currentOrFirst(&device) < 0)
    return -1;
  return tilePyTorchStream(device, stream);
}

static double seconds(PyObject *clock) {
  PyObject *t = PyObject_CallNoArgs(clock);
  double v = t ? PyFloat_AsDouble(t) : -1;
  Py_XDECREF(t);
  return v;
}

/* _profile(part, count, grid, *args) -> seconds for `count` repetitions
 * of one part of a launch, for bench/python_package.py's breakdown of the
 * host overhead, each from C with no Python call per repetition:
 * "convert" checks and converts the arguments; the others convert once,
 * then repeat: "stream" asks torch for its current stream as a launch
 * does; "context" asks the driver which context is current and its GPU
 * (two driver calls, as the launch's own question); "launch" launches
 * (the runtime and the driver: the context's question, the checks, the
 * parameters, cuLaunchKernel). */
static PyObject *gpuKernelProfile(PyObject *self, PyObject *const *args,
                                  Py_ssize_t nargs) {
  GpuKernel *k = (GpuKernel *)self;
  if (ready(k) < 0)
    return NULL;
  if (nargs < 3) {
    PyErr_SetString(PyExc_TypeError, "_profile(part, count, grid, *args)");
    return NULL;
  }
  const char *part = PyUnicode_AsUTF8AndSize(args[0], NULL);
  long count = PyLong_AsLong(args[1]);
  if (!part || (count == -1 && PyErr_Occurred()))
    return NULL;
  int64_t grid[3];
  int empty;
  TilePySignature sig = {k->name, k->specs, k->numArgs, 0};
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  PyObject *result = NULL;
  PyObject *const *rest = args + 3;
  Py_ssize_t n = nargs - 3;
  if (tilePyGrid(k->name, args[2], rest, n, grid, &empty) < 0)
    goto done;
  PyObject *time = PyImport_ImportModule("time");
  PyObject *clock = time ? PyObject_GetAttrString(time, "perf_counter") : NULL;
  Py_XDECREF(time);
  if (!clock)
    goto done;
  if (strcmp(part, "convert") != 0 &&
      tilePyConvertArgs(&sig, rest, n, &la, &hold) < 0) {
    Py_DECREF(clock);
    goto done;
  }
  double t0 = seconds(clock);
  TileStatus st;
  TileStatusCode code = TILE_STATUS_OK;
  if (strcmp(part, "convert") == 0) {
    for (long i = 0; i < count; ++i) {
      tilePyHoldRelease(&hold);
      if (tilePyConvertArgs(&sig, rest, n, &la, &hold) < 0)
        break;
    }
  } else if (strcmp(part, "stream") == 0) {
    void *stream;
    for (long i = 0; i < count && launchStream(&la, &stream) == 0; ++i)
      ;
  } else if (strcmp(part, "context") == 0) {
    int device;
    for (long i = 0; i < count && !code; ++i)
      code = tileRuntimeCurrentDevice(&device, &st);
  } else if (strcmp(part, "launch") == 0) {
    TileRuntimeLaunchConfig config = {{grid[0], grid[1], grid[2]}, NULL,
                                      TILE_RUNTIME_ENTRY_AUTO, 0};
    Py_BEGIN_ALLOW_THREADS
    for (long i = 0; i < count && !code; ++i)
      code = tileRuntimeContextKernelLaunchOn(k->kernel, la.device, la.args,
                                              la.numArgs, &config, NULL, &st);
    Py_END_ALLOW_THREADS
  } else {
    PyErr_Format(PyExc_ValueError, "_profile: no part '%s' (convert, "
                 "stream, context, launch)", part);
  }
  if (code)
    tilePyRaiseStatus(&st);
  double t1 = PyErr_Occurred() ? -1 : seconds(clock);
  if (!PyErr_Occurred())
    result = PyFloat_FromDouble(t1 - t0);
  Py_DECREF(clock);
done:
  tilePyHoldRelease(&hold);
  return result;
}

/* Converts `args[first:]` (the grid at `first - 1`) for a call from
 * Python that does not launch; -1 with an exception set. */
static int convertFor(GpuKernel *k, PyObject *const *args, Py_ssize_t nargs,
                      Py_ssize_t first, int64_t grid[3], TilePyLaunchArgs *la,
                      TilePyHold *hold) {
  int empty;
  TilePySignature sig = {k->name, k->specs, k->numArgs, 0};
  int rc = tilePyGrid(k->name, args[first - 1], args + first, nargs - first,
                      grid, &empty);
  if (!rc && empty) {
    PyErr_Format(tilePyErrors.argumentError, "%s: the grid is empty",
                 k->name);
    rc = -1;
  }
  if (!rc)
    rc = tilePyConvertArgs(&sig, args + first, nargs - first, la, hold);
  return rc;
}

/* _shape_key(grid, *args) -> "f16 4096x4096; ...; grid 32x32x1": what
 * the tuning cache and variant files key a launch on. */
static PyObject *gpuKernelShapeKey(PyObject *self, PyObject *const *args,
                                   Py_ssize_t nargs) {
  GpuKernel *k = (GpuKernel *)self;
  if (ready(k) < 0)
    return NULL;
  if (nargs < 1) {
    PyErr_SetString(PyExc_TypeError, "_shape_key(grid, *args)");
    return NULL;
  }
  int64_t grid[3];
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  PyObject *result = NULL;
  if (convertFor(k, args, nargs, 1, grid, &la, &hold) == 0) {
    TileDType dtypes[TILE_PY_MAX_ARGS];
    for (int i = 0; i < k->numArgs; ++i)
      dtypes[i] = (TileDType)k->specs[i].dtype;
    TileStrBuf key = tileStrBufInit();
    tileLaunchShapeKey(dtypes, la.args, la.numArgs, &key);
    tileStrBufPrintf(&key, "; grid %lldx%lldx%lld", (long long)grid[0],
                     (long long)grid[1], (long long)grid[2]);
    result = PyUnicode_FromString(tileStrBufCStr(&key));
    tileStrBufFree(&key);
  }
  tilePyHoldRelease(&hold);
  return result;
}

/* _benchmark(warmup, iters, flush_l2, stream, grid, *args) ->
 * {median_us, min_us, max_us}: the runtime's timing (CUDA events around
 * each launch; L2 flushed outside them), as tile-run --tune times. */
static PyObject *gpuKernelBenchmark(PyObject *self, PyObject *const *args,
                                    Py_ssize_t nargs) {
  GpuKernel *k = (GpuKernel *)self;
  if (ready(k) < 0)
    return NULL;
  if (nargs < 5) {
    PyErr_SetString(PyExc_TypeError,
                    "_benchmark(warmup, iters, flush_l2, stream, grid, *args)");
    return NULL;
  }
  TileRuntimeBenchmarkOptions how = {0, 0, 0};
  how.warmup = (int)PyLong_AsLong(args[0]);
  how.iters = (int)PyLong_AsLong(args[1]);
  how.flushL2 = PyObject_IsTrue(args[2]);
  void *stream = args[3] == Py_None ? NULL : PyLong_AsVoidPtr(args[3]);
  if (PyErr_Occurred())
    return NULL;
  int64_t grid[3];
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  PyObject *result = NULL;
  if (convertFor(k, args, nargs, 5, grid, &la, &hold) == 0) {
    TileStatus st;
    TileRuntimeLaunchConfig config = {{grid[0], grid[1], grid[2]}, stream,
                                      TILE_RUNTIME_ENTRY_AUTO, 0};
    TileRuntimeBenchmark out;
    TileStatusCode code;
    Py_BEGIN_ALLOW_THREADS
    code = tileRuntimeContextKernelBenchmarkOn(
        k->kernel, la.device, la.args, la.numArgs, &config, &how, &out, &st);
    Py_END_ALLOW_THREADS
    if (code)
      tilePyRaiseStatus(&st);
    else
      result = Py_BuildValue("{s:d,s:d,s:d}", "median_us", out.medianUs,
                             "min_us", out.minUs, "max_us", out.maxUs);
  }
  tilePyHoldRelease(&hold);
  return result;
}

static PyGetSetDef gpuKernelGetSet[] = {
    {"name", gpuKernelName, NULL, "The kernel's name (its symbol).", NULL},
    {"chips", gpuKernelChips, NULL, "The chips its packages are for.", NULL},
    {"arg_specs", gpuKernelArgs, NULL,
     "Its arguments: a dict each (name, kind, dtype, rank, shape, type, "
     "read_only).",
     NULL},
    {NULL}};

static PyMethodDef gpuKernelMethods[] = {
    {"_profile", (PyCFunction)(void (*)(void))gpuKernelProfile, METH_FASTCALL,
     "_profile(part, count, grid, *args): seconds for count repetitions of "
     "'convert', 'stream', 'context' or 'launch' "
     "(bench/python_package.py)."},
    {"_shape_key", (PyCFunction)(void (*)(void))gpuKernelShapeKey,
     METH_FASTCALL,
     "_shape_key(grid, *args): the launch's key in the tuning cache."},
    {"_benchmark", (PyCFunction)(void (*)(void))gpuKernelBenchmark,
     METH_FASTCALL,
     "_benchmark(warmup, iters, flush_l2, stream, grid, *args): the "
     "runtime's timing of launches, in microseconds."},
    {"resources", gpuKernelResources, METH_NOARGS,
     "What a launch uses: warps, threads, shared memory, persistence."},
    {NULL}};

static PyMemberDef gpuKernelMembers[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(GpuKernel, weakrefs),
     READONLY, NULL},
    {NULL}};

static PyType_Slot gpuKernelSlots[] = {
    {Py_tp_dealloc, gpuKernelDealloc},
    {Py_tp_init, gpuKernelInit},
    {Py_tp_getset, gpuKernelGetSet},
    {Py_tp_methods, gpuKernelMethods},
    {Py_tp_members, gpuKernelMembers},
    {Py_mp_subscript, gpuKernelSubscript},
    {Py_tp_doc, "A compiled kernel for CUDA GPUs: kernel[grid](*args)."},
    {0, NULL}};

static PyType_Spec gpuKernelSpec = {
    "tile._runtime.GpuKernel", sizeof(GpuKernel), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, gpuKernelSlots};

/* ---- Launch: kernel[grid] ---- */

/* stream=: None, a CUstream as an int, or an object with `cuda_stream`
 * (torch.cuda.Stream) or `ptr` (cupy). */
static int parseStream(const char *kernel, PyObject *obj, void **out) {
  PyObject *v = NULL;
  if (PyLong_Check(obj))
    v = Py_NewRef(obj);
  else if (PyObject_HasAttrString(obj, "cuda_stream"))
    v = PyObject_GetAttrString(obj, "cuda_stream");
  else if (PyObject_HasAttrString(obj, "ptr"))
    v = PyObject_GetAttrString(obj, "ptr");
  if (!v) {
    if (!PyErr_Occurred())
      PyErr_Format(tilePyErrors.argumentError,
                   "%s: stream= takes None, a CUstream handle (int) or a "
                   "stream object (torch.cuda.Stream, cupy), not %s",
                   kernel, tilePyTypeName(obj));
    return -1;
  }
  *out = PyLong_AsVoidPtr(v);
  Py_DECREF(v);
  return PyErr_Occurred() ? -1 : 0;
}

/* stream= as a vectorcall's keywords: none, or stream= alone. */
static int launchKeywords(const char *kernel, PyObject *const *values,
                          PyObject *kwnames, void **stream, int *have) {
  Py_ssize_t n = kwnames ? PyTuple_Size(kwnames) : 0;
  if (n == 0)
    return 0;
  if (n > 1 || PyUnicode_CompareWithASCIIString(PyTuple_GetItem(kwnames, 0),
                                                "stream") != 0) {
    PyErr_Format(tilePyErrors.argumentError,
                 "%s: a launch takes the kernel's arguments in order, "
                 "and stream= only",
                 kernel);
    return -1;
  }
  if (values[0] == Py_None)
    return 0;
  *have = 1;
  return parseStream(kernel, values[0], stream);
}

static PyObject *launchCall(PyObject *self, PyObject *const *args,
                            size_t nargsf, PyObject *kwnames) {
  GpuKernel *k = (GpuKernel *)((TilePyBound *)self)->kernel;
  Py_ssize_t n = tilePyNargs(nargsf);
  void *stream = NULL;
  int haveStream = 0;
  if (launchKeywords(k->name, args + n, kwnames, &stream, &haveStream) < 0)
    return NULL;
  int64_t grid[3];
  int empty;
  if (tilePyGrid(k->name, ((TilePyBound *)self)->grid, args, n, grid,
                 &empty) < 0)
    return NULL;
  TilePySignature sig = {k->name, k->specs, k->numArgs, 0};
  TilePyLaunchArgs la;
  TilePyHold hold;
  hold.numViews = hold.numRefs = 0;
  PyObject *result = NULL;
  TileStatus st;
  if (tilePyConvertArgs(&sig, args, n, &la, &hold) < 0)
    goto done;
  if (empty) {
    result = Py_NewRef(Py_None);
    goto done;
  }
  /* An array of 2^31 elements or more, for a kernel whose index
   * arithmetic is 32 bits: the Python side (tile.Kernel._index64) gives
   * the kernel compiled with index-bits=64, or says why there is none. */
  GpuKernel *wide = NULL;
  if (k->indexBits == 32 &&
      tileRuntimeArgsIndexBits(la.args, la.numArgs) == 64) {
    PyObject *w = PyObject_HasAttrString((PyObject *)k, "_index64")
                      ? PyObject_CallMethod((PyObject *)k, "_index64", NULL)
                      : NULL;
    if (!w && !PyErr_Occurred())
      PyErr_Format(tilePyErrors.argumentError,
                   "%s: an array of 2^31 elements or more, and the package "
                   "indexes in 32 bits: compile it with index_bits=64",
                   k->name);
    if (!w)
      goto done;
    if (PyObject_IsInstance(w, (PyObject *)gpuKernelBaseType) != 1) {
      Py_DECREF(w);
      PyErr_SetString(PyExc_TypeError, "_index64 did not give a kernel");
      goto done;
    }
    wide = (GpuKernel *)w;
    k = wide;
  }
  if (!haveStream && launchStream(&la, &stream) < 0) {
    Py_XDECREF((PyObject *)wide);
    goto done;
  }
  /* The runtime asks the driver which context is current once, and
   * switches to the arrays' GPU (and back) only where it is not that. */
  TileRuntimeLaunchConfig config = {{grid[0], grid[1], grid[2]}, stream,
                                    TILE_RUNTIME_ENTRY_AUTO, 0};
  TileStatusCode code;
  Py_BEGIN_ALLOW_THREADS
  code = tileRuntimeContextKernelLaunchOn(k->kernel, la.device, la.args,
                                          la.numArgs, &config, NULL, &st);
  Py_END_ALLOW_THREADS
  Py_XDECREF((PyObject *)wide);
  if (code)
    tilePyRaiseStatus(&st);
  else
    result = Py_NewRef(Py_None);
done:
  tilePyHoldRelease(&hold);
  return result;
}

/* ---- Module functions ---- */

static PyObject *version(PyObject *m, PyObject *unused) {
  return PyUnicode_FromString(tileRuntimeVersion());
}

/* device_info(ordinal) -> {name, capability, driver_version}: asked
 * without a context. */
static PyObject *deviceInfo(PyObject *m, PyObject *arg) {
  int ordinal = (int)PyLong_AsLong(arg);
  if (ordinal == -1 && PyErr_Occurred())
    return NULL;
  char name[256] = "";
  int capability = 0;
  TileStatus st;
  TileStatusCode code;
  Py_BEGIN_ALLOW_THREADS
  code = tileRuntimeDeviceQuery(ordinal, &capability, name, sizeof name, &st);
  Py_END_ALLOW_THREADS
  if (code) {
    tilePyRaiseStatus(&st);
    return NULL;
  }
  int driver = 0;
  if (tileRuntimeDriverVersion(&driver, &st)) {
    tilePyRaiseStatus(&st);
    return NULL;
  }
  return Py_BuildValue("{s:s,s:i,s:i}", "name", name, "capability", capability,
                       "driver_version", driver);
}

/* current_device() -> the GPU whose context is current here, or -1. */
static PyObject *currentDevice(PyObject *m, PyObject *unused) {
  int ordinal;
  TileStatus st;
  if (tileRuntimeCurrentDevice(&ordinal, &st)) {
    tilePyRaiseStatus(&st);
    return NULL;
  }
  return PyLong_FromLong(ordinal);
}

/* package_info(bytes) -> {kernel, chip, format_version}: reads a package
 * (a PackageError if it is not one). */
static PyObject *packageInfo(PyObject *m, PyObject *arg) {
  char *bytes;
  Py_ssize_t size;
  if (PyBytes_AsStringAndSize(arg, &bytes, &size) < 0)
    return NULL;
  TileRuntimePackage *p;
  TileStatus st;
  if (tileRuntimePackageLoadMemory(bytes, (size_t)size, NULL, &p, &st)) {
    tilePyRaiseStatus(&st);
    return NULL;
  }
  PyObject *r = Py_BuildValue("{s:s,s:s,s:i}", "kernel",
                              tileRuntimePackageKernelName(p), "chip",
                              tileRuntimePackageChip(p), "format_version",
                              tileRuntimePackageFormatVersion(p));
  tileRuntimePackageDestroy(p);
  return r;
}

/* read_variants(bytes) -> [{key, grid, package}]: a variant file's
 * packages (as package bytes), each with the launch shapes it was tuned
 * for ("" for the default) and its grid (None for the default). A
 * damaged file is a PackageError. */
static PyObject *readVariants(PyObject *m, PyObject *arg) {
  char *bytes;
  Py_ssize_t size;
  if (PyBytes_AsStringAndSize(arg, &bytes, &size) < 0)
    return NULL;
  TileRuntimeVariants *vars;
  TileStatus st;
  if (tileRuntimeVariantsLoadMemory(bytes, (size_t)size, NULL, &vars, &st)) {
    tilePyRaiseStatus(&st);
    return NULL;
  }
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < tileRuntimeVariantsCount(vars); ++i) {
    const TileRuntimePackage *p = tileRuntimeVariantsPackage(vars, i);
    void *buf = NULL;
    size_t len = 0;
    char err[512];
    if (tilePackageWriteMemory(&p->p, &buf, &len, err, sizeof err)) {
      PyErr_SetString(tilePyErrors.packageError, err);
      Py_CLEAR(list);
      break;
    }
    int64_t grid[3];
    tileRuntimeVariantsGrid(vars, i, grid);
    PyObject *g = grid[0] ? Py_BuildValue("(LLL)", (long long)grid[0],
                                          (long long)grid[1],
                                          (long long)grid[2])
                          : Py_NewRef(Py_None);
    PyObject *row =
        g ? Py_BuildValue("{s:s,s:N,s:y#}", "key",
                          tileRuntimeVariantsKey(vars, i), "grid", g,
                          "package", (const char *)buf, (Py_ssize_t)len)
          : NULL;
    free(buf);
    if (tilePyListAppendNew(list, row) < 0)
      Py_CLEAR(list);
  }
  tileRuntimeVariantsDestroy(vars);
  return list;
}

static PyMethodDef moduleMethods[] = {
    {"version", version, METH_NOARGS, "The runtime library's version."},
    {"device_info", deviceInfo, METH_O,
     "device_info(ordinal): the GPU's name and compute capability."},
    {"current_device", currentDevice, METH_NOARGS,
     "The GPU whose CUDA context is current on this thread, or -1."},
    {"read_variants", readVariants, METH_O,
     "read_variants(bytes): a variant file's packages with their launch "
     "shapes and grids."},
    {"package_info", packageInfo, METH_O,
     "package_info(bytes): a package's kernel, chip and format version."},
    {NULL}};

static int moduleExec(PyObject *m) {
  if (tilePyErrorsCreate(m) < 0)
    return -1;
  gpuKernelBaseType = (PyTypeObject *)PyType_FromSpec(&gpuKernelSpec);
  if (!gpuKernelBaseType ||
      PyModule_AddObjectRef(m, "GpuKernel", (PyObject *)gpuKernelBaseType) <
          0)
    return -1;
  launchType = tilePyBoundTypeCreate("tile._runtime.Launch");
  if (!launchType ||
      PyModule_AddObjectRef(m, "Launch", (PyObject *)launchType) < 0)
    return -1;
  return 0;
}

static PyModuleDef_Slot moduleSlots[] = {{Py_mod_exec, moduleExec},
                                         {0, NULL}};

static struct PyModuleDef moduleDef = {
    PyModuleDef_HEAD_INIT, "tile._runtime",
    "tile's launcher: compiled packages run in the caller's CUDA contexts.",
    0, moduleMethods, moduleSlots, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__runtime(void) { return PyModuleDef_Init(&moduleDef); }
