/* The kernel file: parsing it (after -D substitution) with tile's
 * dialects, verifying it, finding the kernel by name and reading its
 * signature into TileKernelArgs. Needs MLIR: not built with TILE_RUN_NO_COMPILER. */
#ifndef TILE_RUN_KERNEL_H
#define TILE_RUN_KERNEL_H

#ifndef TILE_RUN_NO_COMPILER

#include <stddef.h>

#include "mlir-c/IR.h"
#include "lib/Support/KernelArg.h"

/* Parses and verifies (MLIR's verifier, then tile's rules) `text`, naming
 * locations after `fileName`. Errors go to the context's diagnostic
 * handler; returns a null module on failure. */
MlirModule kernelParse(MlirContext ctx, const char *text, size_t len,
                       const char *fileName);

/* Finds the tile kernel `name` (a func.func with tile.kernel), or with a
 * NULL name the file's only kernel. Returns 0; 1 with a message naming the
 * file's kernels; 2 (a usage error) when no name was given and the file
 * has several. */
/* Whether the kernel has an f32 tile.dot at precision "tf32" (the
 * default). */
bool kernelHasTf32Dot(MlirOperation kernel);
/* The kernel's symbol name into buf. */
void kernelName(MlirOperation kernel, char *buf, size_t size);
int kernelFind(MlirModule module, const char *name, const char *fileName,
               MlirOperation *out, char *err, size_t errSize);

/* Reads the argument types of `kernel` into a malloc'ed array (*out,
 * *numArgs); 1 with a message for a type tile-run cannot pass. */
int kernelSignature(MlirOperation kernel, TileKernelArg **out, int *numArgs,
                    char *err, size_t errSize);

#endif
#endif
