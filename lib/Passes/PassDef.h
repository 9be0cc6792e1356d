/* How tile passes are described: a name, a description, the options it
 * reads (Options.h) and a function that transforms one op. c-api/Passes.c
 * turns each into an MlirPass that also runs the tile verifier afterwards;
 * the GPU compile and the CPU path run their sequences of them
 * (tileGpuPassPipeline, tileCpuPassPipeline) by name. New passes add a row
 * to the table in lib/Passes/PassTable.c. */
#ifndef TILE_PASSES_PASSDEF_H
#define TILE_PASSES_PASSDEF_H

#include <stdbool.h>

#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

typedef struct {
  const char *name;        /* pipeline name: "tile-canonicalize" */
  const char *description; /* one line, for --help */
  /* The options it reads (Options.h), space-separated; "" for none. A
   * pipeline's `name{key=value ...}` may set only these. */
  const char *optionKeys;
  /* Transforms `op`; emits located diagnostics and returns failure on
   * error. */
  MlirLogicalResult (*run)(MlirOperation op, const TileOptions *options);
} TilePassDef;

/* The table of tile passes, terminated by a row with a NULL name. */
extern const TilePassDef tilePassTable[];

const TilePassDef *tilePassFind(const char *name);

/* The tile passes of a GPU compile, in order, by name (ended by NULL):
 * lib/Target/GpuCompile.c runs them, then TileToGPU. */
extern const char *const tileGpuPassPipeline[];
/* The same for the CPU path (lib/Execution/CpuKernel.c), whose kernel then
 * goes through upstream's passes to the LLVM dialect. */
extern const char *const tileCpuPassPipeline[];

#endif
