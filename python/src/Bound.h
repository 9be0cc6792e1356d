/* `kernel[grid]`: the object a kernel's subscript returns, which holds
 * the kernel and the grid and launches when called. Both extension
 * modules make one such type (PyType_FromSpec over the same layout) with
 * their own call, a vectorcall (PEP 590): the launch's arguments arrive
 * as the interpreter holds them, with no tuple or dict made per launch. */
#ifndef TILE_PYTHON_BOUND_H
#define TILE_PYTHON_BOUND_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* PEP 590's callee side is in the limited API from Python 3.12; CPython
 * has honoured it since 3.9 in a type made by PyType_FromSpec that names
 * its "__vectorcalloffset__" member, so the 3.11 ABI these modules build
 * for has it too. Its flag and nargsf bit, as CPython defines them. */
#define TILE_PY_TPFLAGS_HAVE_VECTORCALL (1UL << 11)
#define TILE_PY_VECTORCALL_ARGUMENTS_OFFSET                                   \
  ((size_t)1 << (8 * sizeof(size_t) - 1))

typedef PyObject *(*TilePyVectorcall)(PyObject *self, PyObject *const *args,
                                      size_t nargsf, PyObject *kwnames);

typedef struct {
  PyObject_HEAD
  PyObject *kernel;
  PyObject *grid;
  TilePyVectorcall call; /* at the type's vectorcall offset */
} TilePyBound;

/* A type named `name` ("tile._runtime.Launch") whose instances launch;
 * NULL with an exception set. */
PyTypeObject *tilePyBoundTypeCreate(const char *name);
/* kernel[grid], launched by `call`: made without parsing arguments (it
 * runs per launch). */
PyObject *tilePyBoundMake(PyTypeObject *type, TilePyVectorcall call,
                          PyObject *kernel, PyObject *grid);

/* The count of positional arguments in a vectorcall's nargsf. */
static inline Py_ssize_t tilePyNargs(size_t nargsf) {
  return (Py_ssize_t)(nargsf & ~TILE_PY_VECTORCALL_ARGUMENTS_OFFSET);
}

#endif
