/* Every option of tile's passes and of a GPU compile, declared once in
 * tileOptionTable: its key, the values it takes, its default and a line of
 * help. Pass options in a pipeline (`tile-pipeline{num-stages=4}`),
 * --tile-compile, the C API (tileCompileKernel) and tile-opt --help all
 * read the table; a pass (PassDef.h) names the keys it reads, and the
 * compile cache's key lists the options that change the output. An option
 * is set from its text once, where it enters (a flag, a pipeline, a C API
 * string), and travels typed from there. */
#ifndef TILE_TRANSFORMS_OPTIONS_H
#define TILE_TRANSFORMS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Support/StrBuf.h"

/* auto, or forced on or off (warp-specialize, persistent, cta-pairs). */
typedef enum { TILE_CHOICE_AUTO = 0, TILE_CHOICE_ON, TILE_CHOICE_OFF } TileChoice;

/* The CPU path's JIT level (cpu-jit, lib/Execution/Jit.h): fast (the
 * default) leaves the IR unoptimized and generates code at LLVM's default
 * level; optimized runs LLVM -O2 on the IR too; unoptimized is -O0
 * throughout, the quickest to compile and the slowest to run. */
typedef enum {
  TILE_CPU_JIT_FAST = 0,
  TILE_CPU_JIT_OPTIMIZED,
  TILE_CPU_JIT_UNOPTIMIZED
} TileCpuJit;

/* Which tensor-core instructions dots may use on sm_90a: auto (wgmma where
 * a dot can take it, mma.sync elsewhere), only mma.sync, or wgmma (an error
 * where a dot cannot take it). */
typedef enum { TILE_GPU_MMA_AUTO = 0, TILE_GPU_MMA_SYNC, TILE_GPU_MMA_WGMMA } TileGpuMma;

/* Where a package's generic entry (the one for memrefs that are not
 * 16-byte aligned, lib/Runtime/Package.h) goes. */
typedef enum {
  TILE_GENERIC_AUTO,  /* lazy for packages; a cubin or PTX holds both */
  TILE_GENERIC_LAZY,  /* PTX in the package, compiled by the driver on the
                         first launch that needs it: ptxas compiles only the
                         aligned entry, about half the compile time */
  TILE_GENERIC_EAGER, /* compiled by ptxas beside the aligned entry */
} TileGenericEntry;

/* The options' values. Zero (tileOptionsInit) is every option's default
 * in a pass; a compile starts from tileOptionsInitCompile. */
typedef struct {
  char chip[16];             /* "": the pass's default (the CPU for
                                tile-numerics, no tensor cores of a chip) */
  TileGpuMma mma;
  int numWarps;              /* 0: the kernel's tile.num_warps, else 4 */
  int numStages;             /* 0: the kernel's tile.num_stages, else 3 */
  int blocksPerSm;           /* 0: the kernel's tile.blocks_per_sm, else 1 */
  bool fastMath;             /* afn on every float op */
  bool assertsOff;           /* tile.assert erased (StripAsserts.h) */
  bool splitLoopsOff;        /* tile-split-loops leaves loops whole */
  bool launchOrder;          /* program-order=launch: tile-order-programs
                                leaves the blocks in launch order */
  TileCpuJit cpuJit;         /* the CPU path's JIT level */
  TileChoice overlapSoftmax; /* tile-overlap-softmax (OverlapSoftmax.h) */
  TileChoice warpSpecialize;
  TileChoice persistent;
  TileChoice ctaPairs;
  TileChoice multicast;      /* tile-pipeline's markMulticast */
  TileChoice streamK;        /* tile-pipeline's markStreamK */
  TileChoice bulkReduce;     /* tile-pipeline's markReduce (Pipeline.c) */
  TileChoice producerLoads;  /* tile-pipeline's markProducerLoads */
  /* The width of index values and element offsets in the kernel: 32, or
   * 64 for arrays of 2^31 elements or more (docs/gpu.md). */
  int indexBits;
  TileGenericEntry generic;
  /* The CUDA toolkit's root, the only one looked at; "": the first of
   * $CUDA_HOME, $CUDA_PATH and /usr/local/cuda with a bin/ptxas. */
  char toolkit[512];
} TileOptions;

void tileOptionsInit(TileOptions *o);
/* A compile's defaults: chip=sm_90a, index-bits=32. */
void tileOptionsInitCompile(TileOptions *o);

typedef struct {
  const char *key;    /* "num-stages" */
  const char *syntax; /* its values in --help: "auto|true|false", "N" */
  const char *help;   /* one line for --help, the default included */
  /* Sets the option from its text; non-zero if the text is not one of
   * its values, with `why` (of `whySize` bytes) the reason ("num-stages
   * wants an integer from 1 to 8, got '9'"). */
  int (*set)(TileOptions *o, const char *value, char *why, size_t whySize);
  /* Its value as text ("4"), or NULL for an option that does not change
   * the compiled code (toolkit: the cache identifies the toolkit by its
   * files). */
  void (*format)(const TileOptions *o, TileStrBuf *out);
  /* Tuning (lib/Transforms/TuneSpace.h): NULL, the option cannot be
   * tuned (it changes what the kernel computes or where it runs); else
   * the values a kernel that declares no space is tuned over,
   * comma-separated, or "" for an option a space may name but the
   * default space leaves alone. */
  const char *tuneDefault;
} TileOptionDef;

/* The table, in the order --help lists it, ended by a row with a NULL
 * key. */
extern const TileOptionDef tileOptionTable[];

const TileOptionDef *tileOptionFind(const char *key);

/* Sets `key` to `value`; non-zero with the reason in `why` (an unknown
 * key: "unknown option 'K' (chip, mma, ...)"). */
int tileOptionSet(TileOptions *o, const char *key, const char *value,
                  char *why, size_t whySize);

/* Parses "key=value key=value" (separated by spaces or commas) into `o`.
 * `accepted`, when not NULL, is the space-separated keys allowed (a pass's
 * PassDef.optionKeys); others are refused. Non-zero with the reason in
 * `why`. */
int tileOptionsParse(TileOptions *o, const char *text, size_t length,
                     const char *accepted, char *why, size_t whySize);

/* Every option that changes the compiled code, with its value, in one
 * line ("chip=sm_90a mma=auto ..."): the compile cache's key holds it. */
void tileOptionsFormat(const TileOptions *o, TileStrBuf *out);

/* The keys, comma-separated in table order ("chip, mma, ..."). */
void tileOptionKeys(TileStrBuf *out);

/* Calls `fn` for each option with "key=syntax" and its help line. */
void tileForEachOption(void (*fn)(const char *usage, const char *help,
                                  void *userData),
                       void *userData);

#endif
