/* tile-run's command line: the file, the kernel, the grid, the target, one
 * --arg SPEC per kernel argument, --out/--check per memref argument and
 * -D NAME=VALUE substitutions. Only syntax is checked here; whether an index
 * exists or a spec fits the kernel is decided once the kernel is known. */
#ifndef TILE_RUN_OPTIONS_H
#define TILE_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "lib/Support/Substitute.h"

typedef enum { TARGET_CPU, TARGET_CUDA } Target;

typedef TileDefine Define;

/* --out INDEX=PATH (tolerances unused) or --check
 * INDEX=PATH[:rtol[:atol]]. */
typedef struct {
  const char *flag;  /* the argument as given, for messages */
  long index;
  char *path;        /* owned */
  double rtol;       /* < 0: the dtype's default */
  double atol;       /* < 0: rtol */
} OutputSpec;

typedef struct {
  const char *input;
  const char *kernel;
  const char *grid;
  Target target;
  const char **args;
  size_t numArgs;
  OutputSpec *outs;
  size_t numOuts;
  OutputSpec *checks;
  size_t numChecks;
  Define *defines;   /* in command-line order; a later one wins */
  size_t numDefines;
  bool assertsOff;   /* --asserts off: compile without tile.assert (both
                        targets; a package was compiled already) */
  bool assertsGiven;
  /* --target cuda only: */
  const char *chip;  /* --chip; default "sm_90a" */
  bool chipGiven;
  int numWarps;      /* --num-warps; default 4 */
  bool numWarpsGiven;
  bool fastMath;     /* --fast-math: compile with afn on every float op */
  int indexBits;     /* --index-bits 32|64; 0: chosen from the arguments */
  bool noCache;      /* --no-cache: compile without the compile cache (and
                        neither read nor write the tuning cache) */
  const char **compileOptions; /* --option KEY=VALUE, as given */
  size_t numCompileOptions;
  bool tune;         /* --tune: time the kernel's tuning space, run the
                        fastest; --retune: time even what the tuning cache
                        holds */
  bool retune;
  /* --save-variant FILE: after the run, add the package that ran to the
   * variant file FILE, tuned for these shapes with this grid;
   * --save-default-variant FILE: as its default (lib/Runtime/Variants.h) */
  const char *saveVariant;
  const char *saveDefaultVariant;
  int device;        /* --device: the GPU's index (default 0) */
  /* --entry auto|aligned|generic: which of a package's entries to launch
   * (TileRuntimeEntry; 0: auto, the aligned one where the arguments
   * allow it) */
  int entry;
  bool entryGiven;
  bool deviceGiven;
  int64_t maxCpuPrograms; /* --max-cpu-programs (default 2^24) */
  int64_t maxArgBytes;    /* --max-arg-bytes; 0: the host's memory */
  bool progress;          /* --progress: report long CPU runs even when
                             stderr is not a terminal */
  bool bench;        /* --bench, with --warmup (10) and --iters (100) */
  int warmup, iters;
  bool checkCpu;     /* --check-cpu[=RTOL] */
  double checkCpuRtol; /* < 0: the dtype's default */
} Options;

typedef enum { OPTIONS_OK, OPTIONS_EXIT_OK, OPTIONS_USAGE_ERROR } OptionsStatus;

/* Parses argv; --help and --version print and return OPTIONS_EXIT_OK;
 * mistakes print one line and return OPTIONS_USAGE_ERROR. Values point into
 * argv except OutputSpec.path. Release with optionsFree in every case.
 * --kernel may be missing (a package names its kernel): the caller checks
 * it once it knows what the file is, with optionsUsageError. */
OptionsStatus optionsParse(Options *o, int argc, char **argv);
void optionsFree(Options *o);
/* Prints "tile-run: <message> (see tile-run --help)"; returns
 * OPTIONS_USAGE_ERROR. */
OptionsStatus optionsUsageError(const char *message);

#endif
