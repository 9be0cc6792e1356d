/* tile._compiler.tune: tile.tune (python/tile/tuning.py) on the tuner
 * that tile-run --tune and tile-c/Tune.h share (lib/Tuning), with the
 * arguments converted as a launch converts them (Args.c) and the grid,
 * the check and the progress as calls into Python. */
#ifndef TILE_PYTHON_TUNE_H
#define TILE_PYTHON_TUNE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "tile-c/Compile.h"

/* The compile options tile.compile and tile.tune take alike: the chip,
 * the option string ("" for none) and the compile cache (cacheDir NULL:
 * its default place); the rest zero. */
TileCompileOptions tilePyCompileOptions(const char *chip, const char *options,
                                        int cache, const char *cacheDir);

/* tune(text, source_name, signature_text, kernel, defines, options, chip,
 *      cache, cache_dir, retune, warmup, iters, args, grid, check,
 *      progress) -> {"kernel", "names", "read_only", "rows", "chosen",
 *      "package", "error"}, or None when an argument is not a dense
 * C-order array (the C tuner takes no others). python/src/Tune.c says
 * more. */
PyObject *tilePyTune(PyObject *module, PyObject *args, PyObject *kwargs);

#endif
