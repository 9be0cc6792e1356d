/* How tile passes are described: a name, a description and a function that
 * transforms one op. c-api/Passes.c turns each into an MlirPass that also
 * runs the tile verifier afterwards. New passes add a row to the table in
 * lib/Transforms/PassTable.c. */
#ifndef TILE_TRANSFORMS_PASSDEF_H
#define TILE_TRANSFORMS_PASSDEF_H

#include <stdbool.h>

#include "lib/Transforms/Pipeline.h"
#include "mlir-c/IR.h"

/* Options a pass may read, parsed from `name{key=value ...}`. Each pass
 * accepts the keys its definition lists; the rest are rejected. */
typedef struct {
  char chip[32];  /* e.g. "sm_90a"; "" = pass default */
  int numStages;  /* 0 = pass default */
  int numWarps;   /* 0 = pass default */
  bool fastMath;  /* fast-math=true: afn on every float op */
  TileChoice warpSpecialize; /* tile-pipeline: auto|true|false */
  TileChoice persistent;     /* tile-pipeline: auto|true|false */
  bool assertsOff; /* asserts=off: tile.assert erased (StripAsserts.h) */
  TileChoice ctaPairs;       /* tile-pipeline: auto|true|false */
} TilePassOptions;

typedef struct {
  const char *name;        /* pipeline name: "tile-canonicalize" */
  const char *description; /* one line, for --help */
  const char *optionKeys;  /* space-separated accepted keys, "" for none */
  /* Transforms `op`; emits located diagnostics and returns failure on
   * error. */
  MlirLogicalResult (*run)(MlirOperation op, const TilePassOptions *options);
} TilePassDef;

/* The table of tile passes, terminated by a row with a NULL name. */
extern const TilePassDef tilePassTable[];

#endif
