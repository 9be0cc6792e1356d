/* `kernel[grid]`: the object a kernel's subscript returns, which holds
 * the kernel and the grid and launches when called. Both extension
 * modules make one such type (PyType_FromSpec over the same layout) with
 * their own call. */
#ifndef TILE_PYTHON_BOUND_H
#define TILE_PYTHON_BOUND_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
  PyObject_HEAD
  PyObject *kernel;
  PyObject *grid;
} TilePyBound;

/* A type named `name` ("tile._runtime.Launch") whose instances `call`
 * launches; NULL with an exception set. */
PyTypeObject *tilePyBoundTypeCreate(const char *name, ternaryfunc call);
/* kernel[grid]: made without parsing arguments (it runs per launch). */
PyObject *tilePyBoundMake(PyTypeObject *type, PyObject *kernel,
                          PyObject *grid);

#endif
