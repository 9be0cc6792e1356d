/* `kernel[grid]` objects; see Bound.h. */
#include "python/src/Bound.h"

#include <structmember.h>

PyObject *tilePyBoundMake(PyTypeObject *type, TilePyVectorcall call,
                          PyObject *kernel, PyObject *grid) {
  allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
  TilePyBound *b = (TilePyBound *)alloc(type, 0);
  if (!b)
    return NULL;
  b->kernel = Py_NewRef(kernel);
  b->grid = Py_NewRef(grid);
  b->call = call;
  return (PyObject *)b;
}

static void boundDealloc(PyObject *self) {
  TilePyBound *b = (TilePyBound *)self;
  PyTypeObject *type = Py_TYPE(self);
  Py_XDECREF(b->kernel);
  Py_XDECREF(b->grid);
  freefunc free = (freefunc)PyType_GetSlot(type, Py_tp_free);
  free(self);
  Py_DECREF(type);
}

/* tp_call, for a caller that calls the slot itself (PyObject_Call and
 * the interpreter take the vectorcall): the same call, from the tuple's
 * items and the dict's keys and values. */
static PyObject *boundCall(PyObject *self, PyObject *args, PyObject *kwargs) {
  Py_ssize_t n = PyTuple_Size(args);
  Py_ssize_t named = kwargs ? PyDict_Size(kwargs) : 0;
  PyObject **stack = PyMem_Malloc(sizeof *stack * (size_t)(n + named + 1));
  PyObject *kwnames = named ? PyTuple_New(named) : NULL;
  PyObject *result = NULL;
  if (!stack || (named && !kwnames)) {
    if (!PyErr_Occurred())
      PyErr_NoMemory();
    goto done;
  }
  for (Py_ssize_t i = 0; i < n; ++i)
    stack[i] = PyTuple_GetItem(args, i);
  PyObject *key, *value;
  for (Py_ssize_t pos = 0, i = 0; named && PyDict_Next(kwargs, &pos, &key,
                                                       &value);
       ++i) {
    PyTuple_SetItem(kwnames, i, Py_NewRef(key));
    stack[n + i] = value;
  }
  result = ((TilePyBound *)self)->call(self, stack, (size_t)n, kwnames);
done:
  PyMem_Free(stack);
  Py_XDECREF(kwnames);
  return result;
}

PyTypeObject *tilePyBoundTypeCreate(const char *name) {
  PyMemberDef members[] = {{"__vectorcalloffset__", T_PYSSIZET,
                            offsetof(TilePyBound, call), READONLY, NULL},
                           {NULL}};
  PyType_Slot slots[] = {
      {Py_tp_dealloc, boundDealloc},
      {Py_tp_call, boundCall},
      {Py_tp_members, members},
      {Py_tp_doc, "kernel[grid]: call it with the kernel's arguments."},
      {0, NULL}};
  /* Immutable: a __call__ set on the type would bypass the vectorcall. */
  PyType_Spec spec = {name, sizeof(TilePyBound), 0,
                      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE |
                          TILE_PY_TPFLAGS_HAVE_VECTORCALL,
                      slots};
  return (PyTypeObject *)PyType_FromSpec(&spec);
}
