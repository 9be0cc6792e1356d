/* Python values as kernel arguments (tile-c/Runtime.h's TileRuntimeArg),
 * for both extension modules: torch tensors, arrays with
 * __cuda_array_interface__ or DLPack, and buffer-protocol arrays (numpy)
 * become memrefs after their element type, rank, static sizes, device and
 * strides are checked against the kernel's signature; Python numbers
 * become scalars after their range is checked. Every refusal is a
 * tile.ArgumentError naming the kernel and the argument. */
#ifndef TILE_PYTHON_ARGS_H
#define TILE_PYTHON_ARGS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "lib/Support/KernelArg.h"
#include "tile-c/Runtime.h"

#define TILE_PY_MAX_ARGS 64

/* One argument of a kernel's signature. */
typedef struct {
  TileRuntimeArgKind kind;
  TileRuntimeElementType dtype; /* a memref's elements, or the scalar's */
  int isIndex;
  int rank;
  int64_t shape[3]; /* -1 where dynamic */
  int elementBytes;
  int readOnly;     /* the kernel only reads it (a read-only buffer will do) */
  char type[96];    /* "memref<?x64xf32>" */
  char name[48];    /* "x", or "#0" when the source is not known */
} TilePyArgSpec;

typedef struct {
  const char *kernel; /* for messages */
  const TilePyArgSpec *specs;
  int numArgs;
  int cpu; /* the kernel runs on the host: memrefs are host arrays, dense */
} TilePySignature;

/* What a launch borrowed while converting (buffer views, DLPack
 * capsules), released by tilePyHoldRelease after the launch. */
typedef struct {
  Py_buffer views[TILE_PY_MAX_ARGS];
  int numViews;
  PyObject *refs[TILE_PY_MAX_ARGS];
  int numRefs;
} TilePyHold;

typedef struct {
  TileRuntimeArg args[TILE_PY_MAX_ARGS];
  int numArgs;
  int device;       /* the GPU the memrefs live on; -1: none named one */
  void *stream;     /* a stream an array's protocol named */
  int hasStream;
  int sawTorch;     /* some argument was a torch tensor */
} TilePyLaunchArgs;

/* The module's exception types, made by tilePyErrorsCreate (the runtime
 * module) or found in it (the compiler module). */
typedef struct {
  PyObject *error;         /* tile.Error */
  PyObject *argumentError; /* tile.ArgumentError(Error, TypeError, ValueError) */
  PyObject *launchError;   /* tile.LaunchError(Error, RuntimeError) */
  PyObject *compileError;  /* tile.CompileError(Error) */
  PyObject *packageError;  /* tile.PackageError(Error, ValueError) */
} TilePyErrors;

extern TilePyErrors tilePyErrors;

/* Creates the exception types and adds them to `module`; -1 on error. */
int tilePyErrorsCreate(PyObject *module);
/* Takes them from the runtime module (the compiler module's init). */
int tilePyErrorsImport(void);
/* Raises the exception for a runtime status: ArgumentError for argument
 * mismatches, PackageError for packages, LaunchError otherwise. */
void tilePyRaiseStatus(const TileStatus *status);

/* Converts the `n` objects at `args` (a vectorcall's or METH_FASTCALL's
 * arguments) for `sig`; -1 with an exception set. The hold must be
 * released whatever the result. */
int tilePyConvertArgs(const TilePySignature *sig, PyObject *const *args,
                      Py_ssize_t n, TilePyLaunchArgs *out, TilePyHold *hold);
void tilePyHoldRelease(TilePyHold *hold);

/* The grid of a launch: an int, or a tuple or list of one to three ints,
 * or a callable of the launch's `n` arguments at `args` returning one.
 * *empty is set when some dimension is 0 (nothing to run). -1 with an
 * exception set. */
int tilePyGrid(const char *kernel, PyObject *grid, PyObject *const *args,
               Py_ssize_t n, int64_t out[3], int *empty);
/* A new tuple of the `n` objects at `items`; NULL with an exception set. */
PyObject *tilePyTuple(PyObject *const *items, Py_ssize_t n);

/* Fills `spec` from a package's argument (names "#i"). */
void tilePySpecFromInfo(const TileRuntimeArgInfo *info, int index,
                        TilePyArgSpec *spec);

/* Fills `spec` from a kernel's signature (the compiler's reading of an
 * argument's type; the name is left empty). */
void tilePySpecFromKernelArg(const TileKernelArg *arg, TilePyArgSpec *spec);

/* The spec as a dict (name, kind, dtype, rank, shape, type, read_only),
 * for Python's introspection; NULL with an exception set. */
PyObject *tilePySpecToDict(const TilePyArgSpec *spec);

/* The name of obj's type ("list"), for messages. */
const char *tilePyTypeName(PyObject *obj);

/* The specs as a list of such dicts; NULL with an exception set. */
PyObject *tilePySpecsToList(const TilePyArgSpec *specs, int n);
/* Appends `item` (a new reference, or NULL after an error) to `list` and
 * drops the reference; -1 with an exception set. */
int tilePyListAppendNew(PyObject *list, PyObject *item);

/* "float16", "bfloat16", ... */
const char *tilePyDTypeName(TileRuntimeElementType t);

/* Whether torch is imported with CUDA, so that a launch asks it for its
 * current stream (tilePyTorchStream); known once tilePyConvertArgs ran. */
int tilePyTorchHasStreams(void);
/* torch's current stream on GPU `device` (a CUstream), or NULL when
 * torch is not imported or has no CUDA; -1 with an exception set. */
int tilePyTorchStream(int device, void **out);

#endif
