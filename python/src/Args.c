/* Python values as kernel arguments; see Args.h. */
#include "python/src/Args.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TilePyErrors tilePyErrors;

/* ---- Exceptions ---- */

static PyObject *newError(PyObject *module, const char *name, PyObject *bases,
                          const char *doc) {
  char full[64];
  snprintf(full, sizeof full, "tile.%s", name);
  PyObject *e = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
  Py_XDECREF(bases);
  if (e && PyModule_AddObjectRef(module, name, e) < 0) {
    Py_DECREF(e);
    return NULL;
  }
  return e;
}

int tilePyErrorsCreate(PyObject *module) {
  TilePyErrors *e = &tilePyErrors;
  e->error = newError(module, "Error", NULL, "Every error tile raises.");
  if (!e->error)
    return -1;
  e->argumentError = newError(
      module, "ArgumentError",
      PyTuple_Pack(3, e->error, PyExc_TypeError, PyExc_ValueError),
      "A launch argument (or grid) that does not fit the kernel: its "
      "message names the kernel and the argument.");
  e->launchError = newError(
      module, "LaunchError", PyTuple_Pack(2, e->error, PyExc_RuntimeError),
      "A launch that failed: no driver or GPU, a package for another chip, "
      "a kernel that faulted or failed a tile.assert.");
  e->compileError = newError(module, "CompileError",
                             PyTuple_Pack(1, e->error),
                             "A kernel that did not parse, verify or "
                             "compile; the message holds the located "
                             "diagnostics.");
  e->packageError = newError(
      module, "PackageError", PyTuple_Pack(2, e->error, PyExc_ValueError),
      "A package that cannot be read: truncated, damaged, or of a newer "
      "format.");
  return e->argumentError && e->launchError && e->compileError &&
                 e->packageError
             ? 0
             : -1;
}

int tilePyErrorsImport(void) {
  PyObject *m = PyImport_ImportModule("tile._runtime");
  if (!m)
    return -1;
  struct {
    PyObject **slot;
    const char *name;
  } want[] = {{&tilePyErrors.error, "Error"},
              {&tilePyErrors.argumentError, "ArgumentError"},
              {&tilePyErrors.launchError, "LaunchError"},
              {&tilePyErrors.compileError, "CompileError"},
              {&tilePyErrors.packageError, "PackageError"}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
    *want[i].slot = PyObject_GetAttrString(m, want[i].name);
    if (!*want[i].slot) {
      Py_DECREF(m);
      return -1;
    }
  }
  Py_DECREF(m);
  return 0;
}

void tilePyRaiseStatus(const TileStatus *status) {
  PyObject *type = tilePyErrors.launchError;
  switch (status->code) {
  case TILE_STATUS_ARGUMENT_MISMATCH:
  case TILE_STATUS_INVALID_ARGUMENT:
    type = tilePyErrors.argumentError;
    break;
  case TILE_STATUS_IO:
  case TILE_STATUS_BAD_PACKAGE:
  case TILE_STATUS_PACKAGE_VERSION:
    type = tilePyErrors.packageError;
    break;
  case TILE_STATUS_COMPILE:
    type = tilePyErrors.compileError;
    break;
  default:
    break;
  }
  PyErr_SetString(type, status->message[0] ? status->message
                                           : tileStatusCodeName(status->code));
}

/* ---- Names ---- */

const char *tilePyTypeName(PyObject *obj) {
  /* The limited API hides tp_name; the name object lives as long as the
   * type, which the argument keeps alive while the message is made. */
  static _Thread_local char buf[128];
  PyObject *name = PyType_GetName(Py_TYPE(obj));
  const char *s = name ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
  snprintf(buf, sizeof buf, "%s", s ? s : "an object");
  if (!s)
    PyErr_Clear();
  Py_XDECREF(name);
  return buf;
}

const char *tilePyDTypeName(TileRuntimeElementType t) {
  switch (t) {
  case TILE_RUNTIME_I1: return "bool";
  case TILE_RUNTIME_I8: return "int8";
  case TILE_RUNTIME_I16: return "int16";
  case TILE_RUNTIME_I32: return "int32";
  case TILE_RUNTIME_I64: return "int64";
  case TILE_RUNTIME_F16: return "float16";
  case TILE_RUNTIME_BF16: return "bfloat16";
  case TILE_RUNTIME_F32: return "float32";
  case TILE_RUNTIME_F64: return "float64";
  case TILE_RUNTIME_F8E4M3FN: return "float8_e4m3fn";
  case TILE_RUNTIME_F8E5M2: return "float8_e5m2";
  }
  return "unknown";
}

static int dtypeBytes(TileRuntimeElementType t) {
  switch (t) {
  case TILE_RUNTIME_I1: case TILE_RUNTIME_I8: case TILE_RUNTIME_F8E4M3FN:
  case TILE_RUNTIME_F8E5M2: return 1;
  case TILE_RUNTIME_I16: case TILE_RUNTIME_F16: case TILE_RUNTIME_BF16:
    return 2;
  case TILE_RUNTIME_I32: case TILE_RUNTIME_F32: return 4;
  case TILE_RUNTIME_I64: case TILE_RUNTIME_F64: return 8;
  }
  return 0;
}

void tilePySpecFromInfo(const TileRuntimeArgInfo *info, int index,
                        TilePyArgSpec *spec) {
  memset(spec, 0, sizeof *spec);
  spec->kind = info->kind;
  spec->dtype = info->elementType;
  spec->isIndex = info->isIndex;
  spec->rank = info->rank;
  memcpy(spec->shape, info->shape, sizeof spec->shape);
  spec->elementBytes = info->elementBytes;
  snprintf(spec->type, sizeof spec->type, "%s", info->type);
  snprintf(spec->name, sizeof spec->name, "#%d", index);
}

void tilePySpecFromKernelArg(const TileKernelArg *a, TilePyArgSpec *s) {
  memset(s, 0, sizeof *s);
  s->kind = a->kind == TILE_ARG_MEMREF  ? TILE_RUNTIME_ARG_MEMREF
            : a->kind == TILE_ARG_FLOAT ? TILE_RUNTIME_ARG_FLOAT
                                        : TILE_RUNTIME_ARG_INT;
  s->isIndex = a->kind == TILE_ARG_INDEX;
  /* TileDType and TileRuntimeElementType share their codes. */
  s->dtype = (TileRuntimeElementType)a->dtype;
  s->rank = a->rank;
  memcpy(s->shape, a->shape, sizeof s->shape);
  s->elementBytes = (int)tileDTypeSize(a->dtype);
  snprintf(s->type, sizeof s->type, "%s", a->type);
}

PyObject *tilePySpecToDict(const TilePyArgSpec *s) {
  static const char *const kinds[] = {"memref", "int", "float"};
  PyObject *shape = PyTuple_New(s->rank);
  if (!shape)
    return NULL;
  for (int d = 0; d < s->rank; ++d) {
    PyObject *v = s->shape[d] < 0 ? Py_NewRef(Py_None)
                                  : PyLong_FromLongLong(s->shape[d]);
    if (!v || PyTuple_SetItem(shape, d, v) < 0) {
      Py_DECREF(shape);
      return NULL;
    }
  }
  return Py_BuildValue(
      "{s:s,s:s,s:s,s:i,s:N,s:s,s:O}", "name", s->name, "kind",
      s->isIndex ? "index" : kinds[s->kind], "dtype", tilePyDTypeName(s->dtype),
      "rank", s->rank, "shape", shape, "type", s->type, "read_only",
      s->readOnly ? Py_True : Py_False);
}

PyObject *tilePySpecsToList(const TilePyArgSpec *specs, int n) {
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < n; ++i)
    if (tilePyListAppendNew(list, tilePySpecToDict(&specs[i])) < 0)
      Py_CLEAR(list);
  return list;
}

int tilePyListAppendNew(PyObject *list, PyObject *item) {
  int rc = item ? PyList_Append(list, item) : -1;
  Py_XDECREF(item);
  return rc;
}

/* ---- Errors about one argument ---- */

static int argError(const TilePySignature *sig, int i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "softmax: argument 'x' (#0, memref<?x?xf16>): MESSAGE"; returns -1. */
static int argError(const TilePySignature *sig, int i, const char *fmt, ...) {
  char what[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  const TilePyArgSpec *s = &sig->specs[i];
  char msg[1024];
  if (s->name[0] == '#')
    snprintf(msg, sizeof msg, "%s: argument %s (%s): %s", sig->kernel,
             s->name, s->type, what);
  else
    snprintf(msg, sizeof msg, "%s: argument '%s' (#%d, %s): %s", sig->kernel,
             s->name, i, s->type, what);
  PyErr_SetString(tilePyErrors.argumentError, msg);
  return -1;
}

/* An argument whose conversion raised (a TypeError from __index__, say):
 * the same error, as an ArgumentError naming the argument. */
static int argErrorFromPython(const TilePySignature *sig, int i,
                              const char *prefix) {
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyObject *text = value ? PyObject_Str(value) : NULL;
  const char *s = text ? PyUnicode_AsUTF8AndSize(text, NULL) : NULL;
  if (!s)
    PyErr_Clear();
  argError(sig, i, "%s%s", prefix, s ? s : "");
  Py_XDECREF(text);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  return -1;
}

/* ---- Arrays, whichever protocol they come by ---- */

typedef struct {
  void *data;
  int device; /* -1: host; -2: a CUDA pointer of an unnamed GPU; else GPU */
  int known;  /* dtype is known (else: element size only) */
  TileRuntimeElementType dtype;
  int itemBytes;
  int rank;
  int64_t shape[8];
  int64_t strides[8]; /* elements */
  int readOnly;
  void *stream;
  int hasStream;
  int torch;
  /* What it is, for messages ("a float32 tensor"): written where the
   * element type is unknown (a refusal follows), else by arrayWhat when a
   * message needs it; a launch that passes formats nothing. */
  char what[48];
} Array;

static const char *arrayWhat(Array *a) {
  if (!a->what[0])
    snprintf(a->what, sizeof a->what, "a %s %s", tilePyDTypeName(a->dtype),
             a->torch ? "tensor" : "array");
  return a->what;
}

/* DLPack (dlpack.h, ABI 0.x and 1.0's unversioned capsule): the struct
 * layout is the protocol's own. */
typedef struct {
  int32_t deviceType, deviceId;
} DLDevice;
typedef struct {
  uint8_t code, bits;
  uint16_t lanes;
} DLDataType;
typedef struct {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape, *strides;
  uint64_t byteOffset;
} DLTensor;
typedef struct DLManagedTensor {
  DLTensor t;
  void *managerCtx;
  void (*deleter)(struct DLManagedTensor *);
} DLManagedTensor;
enum { DL_CPU = 1, DL_CUDA = 2, DL_CUDA_HOST = 3, DL_CUDA_MANAGED = 13 };

/* DLPack's C exchange API (dlpack.h 1.2 on): a table of C functions a
 * tensor type names in a class attribute, `__dlpack_c_exchange_api__` (a
 * capsule) or, before DLPack 1.3, `__c_dlpack_exchange_api__` (an int).
 * Reading a tensor through it fills a DLTensor with no Python call and
 * no allocation: the attribute path below costs about 0.5 us a tensor
 * (five Python calls), this one tens of nanoseconds. */
typedef struct DLPackExchangeAPIHeader {
  uint32_t major, minor;
  struct DLPackExchangeAPIHeader *prevApi;
} DLPackExchangeAPIHeader;
typedef struct {
  DLPackExchangeAPIHeader header;
  void *managedTensorAllocator, *managedTensorFromPyObject,
      *managedTensorToPyObject; /* not used here */
  int (*dltensorFromPyObject)(void *obj, DLTensor *out); /* may be NULL */
  int (*currentWorkStream)(int32_t deviceType, int32_t deviceId,
                           void **stream);
} DLPackExchangeAPI;

/* `t` as an Array: its element type, GPU, shape and strides. */
static int fromDLTensor(const DLTensor *t, Array *a) {
  a->data = (char *)t->data + t->byteOffset;
  a->device = t->device.deviceType == DL_CUDA ? t->device.deviceId
              : t->device.deviceType == DL_CPU || t->device.deviceType ==
                                                       DL_CUDA_HOST
                  ? -1
                  : -2;
  if (t->ndim > 8) {
    PyErr_SetString(PyExc_ValueError, "more than 8 dimensions");
    return -1;
  }
  a->rank = t->ndim;
  a->itemBytes = t->dtype.bits / 8;
  a->known = t->dtype.lanes == 1;
  uint8_t c = t->dtype.code, b = t->dtype.bits;
  if (c == 2 && b == 16) a->dtype = TILE_RUNTIME_F16;
  else if (c == 2 && b == 32) a->dtype = TILE_RUNTIME_F32;
  else if (c == 2 && b == 64) a->dtype = TILE_RUNTIME_F64;
  else if (c == 4 && b == 16) a->dtype = TILE_RUNTIME_BF16;
  else if (c == 0 && b == 8) a->dtype = TILE_RUNTIME_I8;
  else if (c == 0 && b == 16) a->dtype = TILE_RUNTIME_I16;
  else if (c == 0 && b == 32) a->dtype = TILE_RUNTIME_I32;
  else if (c == 0 && b == 64) a->dtype = TILE_RUNTIME_I64;
  else if (c == 6 && b == 8) a->dtype = TILE_RUNTIME_I1;
  else if (c == 10 && b == 8) a->dtype = TILE_RUNTIME_F8E4M3FN;
  else if (c == 12 && b == 8) a->dtype = TILE_RUNTIME_F8E5M2;
  else a->known = 0;
  if (!a->known)
    snprintf(a->what, sizeof a->what, "an array of DLPack type %u/%u", c, b);
  int64_t s = 1;
  for (int d = a->rank - 1; d >= 0; --d) {
    a->shape[d] = t->shape[d];
    a->strides[d] = t->strides ? t->strides[d] : s;
    s *= t->shape[d];
  }
  return 0;
}

/* torch, once imported by the program: its Tensor type, a dtype map and
 * the current-stream function (looked up once, kept). */
static struct {
  PyObject *tensorType;
  PyObject *dtypes; /* torch.dtype -> TileRuntimeElementType */
  PyObject *parameterType; /* torch.nn.Parameter, read as a Tensor */
  PyObject *rawStream;
  const DLPackExchangeAPI *exchange; /* NULL: read tensors' attributes */
  int oneGpu; /* torch sees one GPU: a CUDA tensor is on GPU 0 */
} torchCache;

/* The names a launch looks up, made once: a name from a C string would
 * be a new string, hashed, at every lookup. */
static PyObject *strTorch, *strDtype, *strIsCuda, *strGetDevice, *strDataPtr,
    *strShape, *strStride, *strCai, *strDlpack, *strTypestr, *strData,
    *strStrides, *strStream;

static int internNames(void) {
  if (strDtype)
    return 0;
  struct {
    PyObject **slot;
    const char *s;
  } names[] = {{&strTorch, "torch"},
               {&strDtype, "dtype"},
               {&strIsCuda, "is_cuda"},
               {&strGetDevice, "get_device"},
               {&strDataPtr, "data_ptr"},
               {&strShape, "shape"},
               {&strStride, "stride"},
               {&strCai, "__cuda_array_interface__"},
               {&strDlpack, "__dlpack__"},
               {&strTypestr, "typestr"},
               {&strData, "data"},
               {&strStrides, "strides"},
               {&strStream, "stream"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
    if (!(*names[i].slot = PyUnicode_InternFromString(names[i].s)))
      return -1;
  return 0;
}

/* The exchange API table `type` names in either attribute (a capsule or
 * an int), where it is one this file reads (DLPack major version 1, with
 * dltensorFromPyObject); else NULL. TILE_NO_DLPACK_EXCHANGE=1 keeps the
 * attribute path (to compare the two). */
static const DLPackExchangeAPI *exchangeApi(PyObject *type) {
  const char *off = getenv("TILE_NO_DLPACK_EXCHANGE");
  if (off && strcmp(off, "0") != 0)
    return NULL;
  static const char *const names[] = {"__dlpack_c_exchange_api__",
                                      "__c_dlpack_exchange_api__"};
  const DLPackExchangeAPI *api = NULL;
  for (size_t i = 0; !api && i < sizeof names / sizeof names[0]; ++i) {
    PyObject *v = PyObject_GetAttrString(type, names[i]);
    if (v && PyCapsule_CheckExact(v))
      api = PyCapsule_GetPointer(v, "dlpack_exchange_api");
    else if (v && PyLong_Check(v))
      api = PyLong_AsVoidPtr(v);
    Py_XDECREF(v);
    PyErr_Clear();
  }
  if (!api || api->header.major != 1 || !api->dltensorFromPyObject)
    return NULL;
  return api;
}

/* A torch tensor read through the exchange API: 1 when read, 0 when the
 * attribute path is to read it instead (and say what is wrong): an
 * element type or a place tile has no name for, more than 8 dimensions,
 * or a tensor DLPack does not describe (the API refuses it). */
static int fromExchange(PyObject *obj, Array *a) {
  DLTensor t;
  if (torchCache.exchange->dltensorFromPyObject(obj, &t) != 0 ||
      fromDLTensor(&t, a) < 0 || !a->known || a->device == -2) {
    PyErr_Clear();
    memset(a, 0, sizeof *a);
    return 0;
  }
  a->torch = 1;
  return 1;
}

/* Finds torch when the program has imported it; 0 either way, -1 on an
 * error. Until it is, every launch looks (a dict lookup). */
static int findTorch(void) {
  if (torchCache.tensorType)
    return 0;
  if (internNames() < 0)
    return -1;
  PyObject *torch = PyDict_GetItem(PyImport_GetModuleDict(), strTorch);
  if (!torch)
    return 0;
  PyObject *tensor = PyObject_GetAttrString(torch, "Tensor");
  if (!tensor) {
    PyErr_Clear(); /* torch half imported: not yet */
    return 0;
  }
  static const struct {
    const char *name;
    TileRuntimeElementType t;
  } map[] = {{"bool", TILE_RUNTIME_I1},       {"int8", TILE_RUNTIME_I8},
             {"int16", TILE_RUNTIME_I16},     {"int32", TILE_RUNTIME_I32},
             {"int64", TILE_RUNTIME_I64},     {"float16", TILE_RUNTIME_F16},
             {"bfloat16", TILE_RUNTIME_BF16}, {"float32", TILE_RUNTIME_F32},
             {"float64", TILE_RUNTIME_F64},
             {"float8_e4m3fn", TILE_RUNTIME_F8E4M3FN},
             {"float8_e5m2", TILE_RUNTIME_F8E5M2}};
  PyObject *dtypes = PyDict_New();
  if (!dtypes) {
    Py_DECREF(tensor);
    return -1;
  }
  for (size_t i = 0; i < sizeof map / sizeof map[0]; ++i) {
    PyObject *d = PyObject_GetAttrString(torch, map[i].name);
    if (!d) { /* an older torch without float8 */
      PyErr_Clear();
      continue;
    }
    PyObject *code = PyLong_FromLong(map[i].t);
    int rc = code ? PyDict_SetItem(dtypes, d, code) : -1;
    Py_XDECREF(code);
    Py_DECREF(d);
    if (rc < 0) {
      Py_DECREF(tensor);
      Py_DECREF(dtypes);
      return -1;
    }
  }
  PyObject *nn = PyObject_GetAttrString(torch, "nn");
  torchCache.parameterType =
      nn ? PyObject_GetAttrString(nn, "Parameter") : NULL;
  Py_XDECREF(nn);
  PyErr_Clear(); /* torch.nn not there: parameters take the slow path */
  torchCache.exchange = exchangeApi(tensor);
  PyObject *c = PyObject_GetAttrString(torch, "_C");
  torchCache.rawStream =
      c ? PyObject_GetAttrString(c, "_cuda_getCurrentRawStream") : NULL;
  if (!torchCache.rawStream)
    PyErr_Clear(); /* a CPU-only torch */
  Py_XDECREF(c);
  /* With one GPU, is_cuda (a property) says where a tensor is; with
   * more, get_device() (a method call, slower) is asked too. */
  PyObject *cuda = PyObject_GetAttrString(torch, "cuda");
  PyObject *count =
      cuda ? PyObject_CallMethod(cuda, "device_count", NULL) : NULL;
  Py_XDECREF(cuda);
  torchCache.oneGpu = count && PyLong_AsLong(count) <= 1;
  Py_XDECREF(count);
  PyErr_Clear();
  torchCache.dtypes = dtypes;
  torchCache.tensorType = tensor;
  return 0;
}

int tilePyTorchHasStreams(void) { return torchCache.rawStream != NULL; }

int tilePyTorchStream(int device, void **out) {
  *out = NULL;
  if (findTorch() < 0)
    return -1;
  if (!torchCache.rawStream || device < 0)
    return 0;
  if (torchCache.exchange && torchCache.exchange->currentWorkStream) {
    if (torchCache.exchange->currentWorkStream(DL_CUDA, device, out) == 0)
      return 0;
    PyErr_Clear(); /* asked again below, where an error is torch's own */
  }
  /* A GPU's number is one of Python's cached small ints: nothing is
   * allocated for the call. */
  PyObject *d = PyLong_FromLong(device);
  PyObject *r =
      d ? PyObject_CallFunctionObjArgs(torchCache.rawStream, d, NULL) : NULL;
  Py_XDECREF(d);
  if (!r)
    return -1;
  *out = PyLong_AsVoidPtr(r);
  Py_DECREF(r);
  return PyErr_Occurred() ? -1 : 0;
}

/* Reads a tuple of ints (a shape, or strides in `unit` bytes) of at most
 * 8; -1 with an exception. */
static int readInts(PyObject *seq, int64_t *out, int *n, int64_t unit) {
  /* torch.Size and stride() are tuples already: no copy. */
  PyObject *t = PyTuple_Check(seq) ? Py_NewRef(seq) : PySequence_Tuple(seq);
  if (!t)
    return -1;
  Py_ssize_t len = PyTuple_Size(t);
  if (len > 8) {
    Py_DECREF(t);
    PyErr_SetString(PyExc_ValueError, "more than 8 dimensions");
    return -1;
  }
  for (Py_ssize_t i = 0; i < len; ++i) {
    long long v = PyLong_AsLongLong(PyTuple_GetItem(t, i));
    if (v == -1 && PyErr_Occurred()) {
      Py_DECREF(t);
      return -1;
    }
    if (unit > 1 && v % unit != 0) {
      Py_DECREF(t);
      PyErr_Format(PyExc_ValueError,
                   "a stride of %lld bytes is not a whole number of "
                   "%lld-byte elements",
                   v, (long long)unit);
      return -1;
    }
    out[i] = v / (unit > 0 ? unit : 1);
  }
  *n = (int)len;
  Py_DECREF(t);
  return 0;
}

static int fromTorch(PyObject *obj, Array *a) {
  a->torch = 1;
  PyObject *dtype = PyObject_GetAttr(obj, strDtype);
  if (!dtype)
    return -1;
  PyObject *code = PyDict_GetItem(torchCache.dtypes, dtype); /* borrowed */
  if (code) {
    a->known = 1;
    a->dtype = (TileRuntimeElementType)PyLong_AsLong(code);
    a->itemBytes = dtypeBytes(a->dtype);
  } else {
    /* Only for the message: a dtype tile has no element type for. */
    PyObject *dname = PyObject_Str(dtype);
    const char *ds = dname ? PyUnicode_AsUTF8AndSize(dname, NULL) : NULL;
    snprintf(a->what, sizeof a->what, "a %s tensor",
             ds ? (strncmp(ds, "torch.", 6) == 0 ? ds + 6 : ds) : "torch");
    Py_XDECREF(dname);
  }
  Py_DECREF(dtype);
  if (PyErr_Occurred())
    return -1;
  if (torchCache.oneGpu) {
    PyObject *isCuda = PyObject_GetAttr(obj, strIsCuda);
    if (!isCuda)
      return -1;
    a->device = isCuda == Py_True ? 0 : -1;
    Py_DECREF(isCuda);
  } else {
    /* get_device(): -1 for a CPU tensor, else its GPU. */
    PyObject *dev = PyObject_CallMethodObjArgs(obj, strGetDevice, NULL);
    if (!dev)
      return -1;
    a->device = (int)PyLong_AsLong(dev);
    Py_DECREF(dev);
    if (a->device < -1)
      a->device = -1;
  }
  PyObject *ptr = PyObject_CallMethodObjArgs(obj, strDataPtr, NULL);
  if (!ptr)
    return -1;
  a->data = PyLong_AsVoidPtr(ptr);
  Py_DECREF(ptr);
  PyObject *shape = PyObject_GetAttr(obj, strShape);
  if (!shape || readInts(shape, a->shape, &a->rank, 1) < 0) {
    Py_XDECREF(shape);
    return -1;
  }
  Py_DECREF(shape);
  PyObject *strides = PyObject_CallMethodObjArgs(obj, strStride, NULL);
  int rank;
  if (!strides || readInts(strides, a->strides, &rank, 1) < 0) {
    Py_XDECREF(strides);
    return -1;
  }
  Py_DECREF(strides);
  return PyErr_Occurred() ? -1 : 0;
}

/* typestr "<f4", "|b1", "<i8": the element type, if tile has it. */
static void fromTypestr(const char *ts, Array *a) {
  char kind = ts[0] && ts[0] != '>' ? ts[1] : 0; /* '>': big-endian */
  int bytes = kind ? atoi(ts + 2) : 0;
  a->itemBytes = bytes;
  a->known = 1;
  if (kind == 'f' && bytes == 2) a->dtype = TILE_RUNTIME_F16;
  else if (kind == 'f' && bytes == 4) a->dtype = TILE_RUNTIME_F32;
  else if (kind == 'f' && bytes == 8) a->dtype = TILE_RUNTIME_F64;
  else if (kind == 'i' && bytes == 1) a->dtype = TILE_RUNTIME_I8;
  else if (kind == 'i' && bytes == 2) a->dtype = TILE_RUNTIME_I16;
  else if (kind == 'i' && bytes == 4) a->dtype = TILE_RUNTIME_I32;
  else if (kind == 'i' && bytes == 8) a->dtype = TILE_RUNTIME_I64;
  else if (kind == 'b' && bytes == 1) a->dtype = TILE_RUNTIME_I1;
  else a->known = 0;
  if (!a->known)
    snprintf(a->what, sizeof a->what, "an array of '%s'", ts);
}

static int fromCudaArrayInterface(PyObject *cai, Array *a) {
  if (!PyDict_Check(cai)) {
    PyErr_SetString(PyExc_TypeError,
                    "__cuda_array_interface__ is not a dict");
    return -1;
  }
  PyObject *typestr = PyDict_GetItem(cai, strTypestr);
  PyObject *shape = PyDict_GetItem(cai, strShape);
  PyObject *data = PyDict_GetItem(cai, strData);
  if (!typestr || !shape || !data || !PyUnicode_Check(typestr) ||
      !PyTuple_Check(data) || PyTuple_Size(data) < 1) {
    PyErr_SetString(PyExc_TypeError, "__cuda_array_interface__ lacks "
                                     "typestr, shape or data");
    return -1;
  }
  fromTypestr(PyUnicode_AsUTF8AndSize(typestr, NULL), a);
  a->device = -2;
  a->data = PyLong_AsVoidPtr(PyTuple_GetItem(data, 0));
  if (PyErr_Occurred() || readInts(shape, a->shape, &a->rank, 1) < 0)
    return -1;
  a->readOnly = PyTuple_Size(data) > 1 &&
                PyObject_IsTrue(PyTuple_GetItem(data, 1)) == 1;
  PyObject *strides = PyDict_GetItem(cai, strStrides);
  if (strides && strides != Py_None) {
    int n;
    if (readInts(strides, a->strides, &n, a->itemBytes ? a->itemBytes : 1) < 0)
      return -1;
  } else {
    int64_t s = 1;
    for (int d = a->rank - 1; d >= 0; --d) {
      a->strides[d] = s;
      s *= a->shape[d];
    }
  }
  /* Version 3: the stream the producer works on (1: the legacy default
   * stream, 2: per-thread default), or None. */
  PyObject *stream = PyDict_GetItem(cai, strStream);
  if (stream && stream != Py_None) {
    long long v = PyLong_AsLongLong(stream);
    if (v == -1 && PyErr_Occurred())
      return -1;
    a->hasStream = 1;
    a->stream = (void *)(uintptr_t)v;
  }
  return 0;
}

static int fromDlpack(PyObject *obj, Array *a, TilePyHold *hold) {
  PyObject *capsule = PyObject_CallMethodObjArgs(obj, strDlpack, NULL);
  if (!capsule)
    return -1;
  if (hold->numRefs == TILE_PY_MAX_ARGS) {
    Py_DECREF(capsule);
    PyErr_SetString(PyExc_ValueError, "too many arguments");
    return -1;
  }
  hold->refs[hold->numRefs++] = capsule; /* its deleter runs after launch */
  DLManagedTensor *m = PyCapsule_GetPointer(capsule, "dltensor");
  if (!m)
    return -1;
  return fromDLTensor(&m->t, a);
}

/* numpy's buffer format: "<f", "=e", "q", "?". */
static void fromFormat(const char *f, Py_ssize_t itemsize, Array *a) {
  const char *p = f ? f : "B";
  int bigEndian = 0; /* not what the kernel reads */
  for (; *p == '@' || *p == '=' || *p == '<' || *p == '!' || *p == '>'; ++p)
    bigEndian |= *p == '>' || *p == '!';
  char letter = bigEndian || (p[0] && p[1]) ? 0 : p[0]; /* 0: unknown */
  a->itemBytes = (int)itemsize;
  a->known = 1;
  switch (letter) {
  case 'e': a->dtype = TILE_RUNTIME_F16; break;
  case 'f': a->dtype = TILE_RUNTIME_F32; break;
  case 'd': a->dtype = TILE_RUNTIME_F64; break;
  case '?': a->dtype = TILE_RUNTIME_I1; break;
  case 'b': a->dtype = TILE_RUNTIME_I8; break;
  case 'h': a->dtype = TILE_RUNTIME_I16; break;
  case 'i': case 'l': case 'q':
    if (itemsize == 4) a->dtype = TILE_RUNTIME_I32;
    else if (itemsize == 8) a->dtype = TILE_RUNTIME_I64;
    else a->known = 0;
    break;
  default: a->known = 0;
  }
  if (!a->known)
    snprintf(a->what, sizeof a->what, "an array of format '%s'", f ? f : "B");
}

/* A numpy array of one of ml_dtypes' element types (bfloat16,
 * float8_e4m3fn, float8_e5m2: the 16- and 8-bit floats numpy lacks, as
 * JAX uses them): numpy will not export their buffers ("cannot include
 * dtype 'E'"), so the array's __array_interface__ says where its
 * elements are. 1 when `obj` is one and was read (the buffer's error
 * cleared), 0 when it is not one (the error stands), -1 with an error. */
static int fromNumpyExtension(PyObject *obj, const TilePyArgSpec *spec,
                              Array *a, const TilePySignature *sig, int i) {
  static const struct {
    const char *name;
    TileRuntimeElementType t;
  } names[] = {{"bfloat16", TILE_RUNTIME_BF16},
               {"float8_e4m3fn", TILE_RUNTIME_F8E4M3FN},
               {"float8_e5m2", TILE_RUNTIME_F8E5M2}};
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyObject *dtype = PyObject_GetAttrString(obj, "dtype");
  PyObject *name = dtype ? PyObject_GetAttrString(dtype, "name") : NULL;
  const char *n = name && PyUnicode_Check(name)
                      ? PyUnicode_AsUTF8AndSize(name, NULL)
                      : NULL;
  int which = -1;
  for (int k = 0; n && k < 3; ++k)
    if (strcmp(n, names[k].name) == 0)
      which = k;
  Py_XDECREF(name);
  Py_XDECREF(dtype);
  PyObject *ai = which >= 0 ? PyObject_GetAttrString(obj, "__array_interface__")
                            : NULL;
  if (!ai || !PyDict_Check(ai)) {
    Py_XDECREF(ai);
    PyErr_Clear();
    PyErr_Restore(type, value, tb); /* not one: numpy's error stands */
    return 0;
  }
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  /* The CUDA interface's dict, for host memory: its typestr ("<V2") gives
   * the element size the strides are divided by, the name the type. */
  int rc = fromCudaArrayInterface(ai, a);
  Py_DECREF(ai);
  if (rc < 0)
    return -1;
  a->known = 1;
  a->dtype = names[which].t;
  a->what[0] = 0;
  a->device = -1;
  if (!spec->readOnly && a->readOnly)
    return argError(sig, i, "the array is read-only, and the kernel writes "
                            "to it");
  return 1;
}

static int fromBuffer(PyObject *obj, const TilePyArgSpec *spec, Array *a,
                      TilePyHold *hold, const TilePySignature *sig, int i) {
  Py_buffer *v = &hold->views[hold->numViews];
  int flags = PyBUF_RECORDS_RO;
  if (PyObject_GetBuffer(obj, v, spec->readOnly ? flags
                                                : flags | PyBUF_WRITABLE) < 0) {
    int rc = fromNumpyExtension(obj, spec, a, sig, i);
    if (rc != 0)
      return rc < 0 ? -1 : 0;
    if (!spec->readOnly && PyObject_GetBuffer(obj, v, flags) == 0) {
      PyBuffer_Release(v);
      PyErr_Clear();
      return argError(sig, i, "the array is read-only, and the kernel "
                              "writes to it");
    }
    return -1;
  }
  ++hold->numViews;
  if (v->ndim > 8) {
    PyErr_SetString(PyExc_ValueError, "more than 8 dimensions");
    return -1;
  }
  fromFormat(v->format, v->itemsize, a);
  a->data = v->buf;
  a->device = -1;
  a->rank = v->ndim;
  for (int d = 0; d < v->ndim; ++d) {
    a->shape[d] = v->shape[d];
    if (v->strides && v->strides[d] % v->itemsize != 0)
      return argError(sig, i, "a stride of %zd bytes is not a whole number "
                              "of elements",
                      v->strides[d]);
    a->strides[d] = v->strides ? v->strides[d] / v->itemsize : 0;
  }
  if (!v->strides) {
    int64_t s = 1;
    for (int d = v->ndim - 1; d >= 0; --d) {
      a->strides[d] = s;
      s *= a->shape[d];
    }
  }
  return 0;
}

/* Reads `obj` as an array by the first protocol it has. 0 when it is
 * none (*found = 0), -1 with an exception. */
static int readArray(PyObject *obj, const TilePyArgSpec *spec, Array *a,
                     int *found, TilePyHold *hold, const TilePySignature *sig,
                     int i) {
  memset(a, 0, sizeof *a);
  *found = 1;
  if (torchCache.tensorType) {
    /* Tensors and parameters (no __torch_function__ of their own) by the
     * exchange API where torch has one; other subclasses by their
     * attributes, which they may define. */
    PyObject *type = (PyObject *)Py_TYPE(obj);
    if (torchCache.exchange &&
        (type == torchCache.tensorType || type == torchCache.parameterType) &&
        fromExchange(obj, a))
      return 0;
    if (type == torchCache.tensorType ||
        PyObject_IsInstance(obj, torchCache.tensorType) == 1)
      return fromTorch(obj, a);
  }
  /* The attribute, where it exists: a property that raises something
   * other than AttributeError is that error, not "not an array". */
  PyObject *cai = PyObject_GetAttr(obj, strCai);
  if (!cai && !PyErr_ExceptionMatches(PyExc_AttributeError))
    return -1;
  PyErr_Clear();
  if (cai) {
    int rc = fromCudaArrayInterface(cai, a);
    Py_DECREF(cai);
    return rc;
  }
  if (PyObject_CheckBuffer(obj))
    return fromBuffer(obj, spec, a, hold, sig, i);
  if (PyObject_HasAttr(obj, strDlpack))
    return fromDlpack(obj, a, hold);
  *found = 0;
  return 0;
}

/* "(?, 64)" for messages. */
static void formatShape(const int64_t *shape, int rank, char *out,
                        size_t size) {
  size_t n = (size_t)snprintf(out, size, "(");
  for (int d = 0; d < rank && n < size; ++d)
    n += (size_t)snprintf(out + n, size - n, "%s%s%lld", d ? ", " : "",
                          shape[d] < 0 ? "?" : "",
                          shape[d] < 0 ? 0LL : (long long)shape[d]);
  if (rank == 1 && n < size)
    n += (size_t)snprintf(out + n, size - n, ",");
  if (n < size)
    snprintf(out + n, size - n, ")");
  for (char *p = out; *p; ++p) /* "?0" -> "?" */
    if (p[0] == '?' && p[1] == '0')
      memmove(p + 1, p + 2, strlen(p + 2) + 1);
}

static int convertMemref(const TilePySignature *sig, int i, PyObject *obj,
                         TilePyLaunchArgs *out, TilePyHold *hold) {
  const TilePyArgSpec *s = &sig->specs[i];
  Array a;
  int found;
  if (readArray(obj, s, &a, &found, hold, sig, i) < 0)
    return PyErr_ExceptionMatches(tilePyErrors.argumentError)
               ? -1
               : argErrorFromPython(sig, i, "");
  if (!found)
    return argError(sig, i,
                    "expected an array (a torch tensor, or an object with "
                    "__cuda_array_interface__, DLPack or the buffer "
                    "protocol), got %s",
                    tilePyTypeName(obj));
  if (!a.known || a.dtype != s->dtype)
    return argError(sig, i, "expected %s elements, got %s",
                    tilePyDTypeName(s->dtype), arrayWhat(&a));
  if (a.rank != s->rank) {
    char got[96];
    formatShape(a.shape, a.rank, got, sizeof got);
    return argError(sig, i, "expected rank %d, got %s of rank %d, shape %s",
                    s->rank, arrayWhat(&a), a.rank, got);
  }
  for (int d = 0; d < a.rank; ++d)
    if (s->shape[d] >= 0 && a.shape[d] != s->shape[d]) {
      char want[96], got[96];
      formatShape(s->shape, s->rank, want, sizeof want);
      formatShape(a.shape, a.rank, got, sizeof got);
      return argError(sig, i, "expected shape %s, got %s", want, got);
    }
  if (sig->cpu && a.device != -1)
    return argError(sig, i, "%s on the GPU; this kernel runs on the CPU "
                            "(target='cpu'): pass a host array",
                    arrayWhat(&a));
  if (!sig->cpu && a.device == -1)
    return argError(sig, i, "%s in host memory; this kernel runs on the "
                            "GPU: pass a CUDA array (tensor.cuda())",
                    arrayWhat(&a));
  /* Sizes a launch can describe: none negative, their product and each
   * stride's reach within 64 bits (the runtime checks its own limits). */
  int64_t elements = 1;
  for (int d = 0; d < a.rank; ++d) {
    if (a.shape[d] < 0)
      return argError(sig, i, "dimension %d has a negative size (%lld)", d,
                      (long long)a.shape[d]);
    if (__builtin_mul_overflow(elements, a.shape[d], &elements))
      return argError(sig, i, "its size overflows 64 bits");
  }
  /* Strides: a dimension of one element has any; make it C order's. */
  int64_t c = 1;
  for (int d = a.rank - 1; d >= 0; --d) {
    if (a.shape[d] == 1)
      a.strides[d] = c;
    c *= a.shape[d]; /* <= elements: no overflow */
  }
  int64_t inner;
  for (int d = 0; d + 1 < a.rank; ++d)
    if (__builtin_mul_overflow(a.shape[d + 1], a.strides[d + 1], &inner))
      return argError(sig, i, "its strides overflow 64 bits");
  if (elements > 0) {
    if (a.strides[a.rank - 1] != 1)
      return argError(sig, i,
                      "its last dimension has a stride of %lld elements; "
                      "the kernel reads rows of consecutive elements "
                      "(make it contiguous first)",
                      (long long)a.strides[a.rank - 1]);
    for (int d = 0; d + 1 < a.rank; ++d)
      if (a.strides[d] < a.shape[d + 1] * a.strides[d + 1])
        return argError(sig, i,
                        "dimension %d has a stride of %lld elements, less "
                        "than the %lld of the dimensions inside it (a "
                        "transposed or overlapping view: make it "
                        "contiguous first)",
                        d, (long long)a.strides[d],
                        (long long)(a.shape[d + 1] * a.strides[d + 1]));
    if (sig->cpu) {
      int64_t want = 1;
      for (int d = a.rank - 1; d >= 0; --d) {
        if (a.strides[d] != want)
          return argError(sig, i, "not a dense C-order array (dimension "
                                  "%d's stride is %lld elements, not "
                                  "%lld); the CPU path takes dense arrays "
                                  "only (numpy.ascontiguousarray)",
                          d, (long long)a.strides[d], (long long)want);
        want *= a.shape[d];
      }
    }
  }
  if (a.device >= 0) {
    if (out->device >= 0 && out->device != a.device)
      return argError(sig, i,
                      "%s on GPU %d, but an earlier argument is on GPU %d: "
                      "a launch runs on one GPU",
                      arrayWhat(&a), a.device, out->device);
    out->device = a.device;
  }
  if (a.hasStream && !out->hasStream) {
    out->hasStream = 1;
    out->stream = a.stream;
  }
  out->sawTorch |= a.torch;
  TileRuntimeArg *r = &out->args[i];
  memset(r, 0, sizeof *r);
  r->kind = TILE_RUNTIME_ARG_MEMREF;
  r->data = a.data;
  r->rank = a.rank;
  for (int d = 0; d < a.rank; ++d) {
    r->shape[d] = a.shape[d];
    r->strides[d] = a.strides[d];
  }
  return 0;
}

static int convertScalar(const TilePySignature *sig, int i, PyObject *obj,
                         TilePyLaunchArgs *out) {
  const TilePyArgSpec *s = &sig->specs[i];
  TileRuntimeArg *r = &out->args[i];
  memset(r, 0, sizeof *r);
  r->kind = s->kind;
  if (s->kind == TILE_RUNTIME_ARG_FLOAT) {
    if (PyUnicode_Check(obj) || PyBytes_Check(obj))
      return argError(sig, i, "expected a number, got %s",
                      tilePyTypeName(obj));
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred())
      return argErrorFromPython(sig, i, "expected a number: ");
    r->f = v;
    return 0;
  }
  if (PyFloat_Check(obj))
    return argError(sig, i, "expected an integer, got the float %g",
                    PyFloat_AsDouble(obj));
  PyObject *idx = PyNumber_Index(obj);
  if (!idx)
    return argErrorFromPython(sig, i, "expected an integer: ");
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(idx, &overflow);
  Py_DECREF(idx);
  if (v == -1 && PyErr_Occurred())
    return argErrorFromPython(sig, i, "");
  int bits = s->isIndex ? 64 : s->dtype == TILE_RUNTIME_I1 ? 1
                                                           : 8 * s->elementBytes;
  long long lo = bits == 1 ? 0 : bits == 64 ? INT64_MIN : -(1LL << (bits - 1));
  long long hi = bits == 1 ? 1 : bits == 64 ? INT64_MAX : (1LL << (bits - 1)) - 1;
  if (overflow || v < lo || v > hi)
    return argError(sig, i, "the integer does not fit %s (%lld to %lld)",
                    s->isIndex ? "index" : s->type, lo, hi);
  r->i = v;
  return 0;
}

int tilePyConvertArgs(const TilePySignature *sig, PyObject *const *args,
                      Py_ssize_t n, TilePyLaunchArgs *out, TilePyHold *hold) {
  if (findTorch() < 0)
    return -1;
  out->device = -1;
  out->hasStream = 0;
  out->stream = NULL;
  out->sawTorch = 0;
  if (n != sig->numArgs) {
    char names[512] = "";
    size_t used = 0;
    for (int i = 0; i < sig->numArgs && used < sizeof names; ++i)
      used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                               i ? ", " : "", sig->specs[i].name);
    PyErr_Format(tilePyErrors.argumentError,
                 "%s takes %d arguments (%s), got %zd", sig->kernel,
                 sig->numArgs, names, n);
    return -1;
  }
  out->numArgs = (int)n;
  for (int i = 0; i < (int)n; ++i) {
    int rc = sig->specs[i].kind == TILE_RUNTIME_ARG_MEMREF
                 ? convertMemref(sig, i, args[i], out, hold)
                 : convertScalar(sig, i, args[i], out);
    if (rc < 0)
      return -1;
  }
  return 0;
}

void tilePyHoldRelease(TilePyHold *hold) {
  for (int i = 0; i < hold->numViews; ++i)
    PyBuffer_Release(&hold->views[i]);
  for (int i = 0; i < hold->numRefs; ++i)
    Py_DECREF(hold->refs[i]);
  hold->numViews = hold->numRefs = 0;
}

/* ---- Grids ---- */

static int gridError(const char *kernel, const char *what) {
  PyErr_Format(tilePyErrors.argumentError,
               "%s: the grid %s (expected an int, or a tuple of one to "
               "three ints, or a callable of the arguments returning one)",
               kernel, what);
  return -1;
}

/* Dimension `d` of a grid: an int, or anything with __index__. */
static int gridDim(const char *kernel, PyObject *v, Py_ssize_t d,
                   int64_t *out) {
  long long x = PyLong_AsLongLong(v);
  if (x == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return gridError(kernel, "has a dimension that is not an int");
  }
  if (x < 0 || x > 0x7fffffffLL) {
    PyErr_Format(tilePyErrors.argumentError,
                 "%s: grid dimension %zd is %lld (0 to 2^31-1)", kernel, d,
                 x);
    return -1;
  }
  *out = x;
  return 0;
}

int tilePyGrid(const char *kernel, PyObject *grid, PyObject *const *args,
               Py_ssize_t n, int64_t out[3], int *empty) {
  PyObject *g = Py_NewRef(grid);
  if (PyCallable_Check(g)) {
    PyObject *t = tilePyTuple(args, n);
    PyObject *r = t ? PyObject_CallObject(g, t) : NULL;
    Py_XDECREF(t);
    Py_DECREF(g);
    if (!r)
      return -1;
    g = r;
  }
  out[0] = out[1] = out[2] = 1;
  /* A tuple is read in place; a list is copied first, as an item's
   * __index__ could change it. */
  PyObject *t = PyTuple_Check(g)  ? Py_NewRef(g)
                : PyList_Check(g) ? PySequence_Tuple(g)
                                  : NULL;
  int rc = 0;
  if (t) {
    Py_ssize_t dims = PyTuple_Size(t);
    if (dims < 1 || dims > 3)
      rc = gridError(kernel, "has not one to three dimensions");
    for (Py_ssize_t d = 0; !rc && d < dims; ++d)
      rc = gridDim(kernel, PyTuple_GetItem(t, d), d, &out[d]);
    Py_DECREF(t);
  } else if (PyErr_Occurred()) {
    rc = -1;
  } else if (PyLong_Check(g) || PyIndex_Check(g)) {
    rc = gridDim(kernel, g, 0, &out[0]);
  } else {
    rc = gridError(kernel, "is not one");
  }
  Py_DECREF(g);
  *empty = out[0] == 0 || out[1] == 0 || out[2] == 0;
  return rc;
}

PyObject *tilePyTuple(PyObject *const *items, Py_ssize_t n) {
  PyObject *t = PyTuple_New(n);
  for (Py_ssize_t i = 0; t && i < n; ++i)
    PyTuple_SetItem(t, i, Py_NewRef(items[i]));
  return t;
}
