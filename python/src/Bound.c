/* `kernel[grid]` objects; see Bound.h. */
#include "python/src/Bound.h"

PyObject *tilePyBoundMake(PyTypeObject *type, PyObject *kernel,
                          PyObject *grid) {
  allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
  TilePyBound *b = (TilePyBound *)alloc(type, 0);
  if (!b)
    return NULL;
  b->kernel = Py_NewRef(kernel);
  b->grid = Py_NewRef(grid);
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

PyTypeObject *tilePyBoundTypeCreate(const char *name, ternaryfunc call) {
  PyType_Slot slots[] = {
      {Py_tp_dealloc, boundDealloc},
      {Py_tp_call, call},
      {Py_tp_doc, "kernel[grid]: call it with the kernel's arguments."},
      {0, NULL}};
  PyType_Spec spec = {name, sizeof(TilePyBound), 0, Py_TPFLAGS_DEFAULT,
                      slots};
  return (PyTypeObject *)PyType_FromSpec(&spec);
}
