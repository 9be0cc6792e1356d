/* tile's public C API: tuning a kernel (part of tile::compiler), the
 * tuner of `tile-run --tune` in process, on the caller's GPU buffers
 * (docs/embedding.md, "Tuning from C").
 *
 * A kernel file declares its tuning space in `// tile.tune` lines (block
 * sizes as ${NAME} parameters, compile options; docs/dialect.md, "Tuning
 * spaces"), or gets the default space of compile options. Every
 * candidate is compiled, on as many threads as there are processors; one
 * that does not compile is refused with its first error. Each other runs
 * once on the caller's inputs and its outputs are checked: by the
 * caller's references and check when given (a candidate is checked when
 * it is the fastest so far: only such a one can be chosen), else against
 * what most candidates computed. A wrong one is never chosen. Each is
 * timed with the runtime's benchmark (CUDA events, L2 flushed before each
 * launch, the median), and with the cache on, every result goes into
 * the same tuning cache tile-run keeps, one entry per candidate: a later
 * tuning of the same kernel, options, GPU and shapes (in this process or
 * another, or tile-run's) times nothing it timed before.
 *
 *   TileTuneOptions o = {0};
 *   o.path = "scale.mlir";
 *   o.device = dev;                 // from tileRuntimeDeviceCreate
 *   o.args = args;  o.numArgs = 2;  // device buffers holding the inputs
 *   o.gridFn = gridOf;              // or o.grid = {16, 1, 1}
 *   TileTuning *t;  TileStatus st;
 *   if (tileTuningCreate(&o, &t, &st) == TILE_STATUS_OK) {
 *     const TileTuneRow *best = tileTuningCandidate(t, tileTuningChosen(t));
 *     TileRuntimeLaunchConfig cfg = {{best->grid[0], best->grid[1],
 *                                     best->grid[2]}, stream, 0, 0};
 *     tileRuntimeKernelLaunch(tileTuningKernel(t), args, 2, &cfg, NULL,
 *                             &st);
 *   }
 *   tileTuningDestroy(t);
 *
 * Nothing here prints (progress goes to a callback) or exits. */
#ifndef TILE_C_TUNE_H
#define TILE_C_TUNE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tile-c/Compile.h"
#include "tile-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NAME=VALUE: a ${NAME} parameter or a compile option. */
typedef struct {
  const char *name;
  const char *value;
} TileTuneSetting;

/* The value of `name` among `settings`, or NULL. */
static inline const char *tileTuneSettingValue(
    const TileTuneSetting *settings, int numSettings, const char *name) {
  for (int i = 0; i < numSettings; ++i)
    if (strcmp(settings[i].name, name) == 0)
      return settings[i].value;
  return NULL;
}

/* A candidate's grid, from its settings: its choice of the space's
 * parameters and options in the space's order ("BLOCK" = "1024",
 * "num-warps" = "8", as its row lists them), then every ${NAME} value it
 * does not choose (the caller's defines, the file's defaults), each name
 * once. Returns 0, or non-zero with a message: the tuning fails with
 * TILE_STATUS_INVALID_ARGUMENT. */
typedef int (*TileTuneGridFn)(void *userData, const TileTuneSetting *settings,
                              int numSettings, int64_t grid[3], char *err,
                              size_t errSize);

/* Judges a candidate's outputs (its settings as TileTuneGridFn's):
 * `outputs` holds, per argument, a host copy of its memref after the
 * candidate ran (dense, the argument's element type and shape; NULL for
 * scalars). Returns 0 when they are right, else non-zero with why (or ""
 * for a default note). */
typedef int (*TileTuneCheckFn)(void *userData, const TileTuneSetting *settings,
                               int numSettings, const void *const *outputs,
                               char *why, size_t whySize);

/* One line of progress: "tune: compiling 6 candidates", "tune [3/6]
 * BLOCK=1024 num-warps=4: 4.00 us", a warning about the tuning cache or a
 * wrong kernel; tile-run prints these lines on stderr. */
typedef void (*TileTuneProgressFn)(void *userData, const char *line);

/* What memref argument `arg` must hold after a run. */
typedef struct {
  int arg;
  const void *data; /* dense, the argument's element type and shape */
  /* |a - e| <= rtol + rtol * |e| per element; 0: the element type's
   * default (1e-5 for f32 and f64, 1e-2 for f16 and bf16, an ulp at 1 for
   * f8, exact for integers); negative: exact. */
  double rtol;
} TileTuneReference;

typedef struct {
  /* The kernel file: its text (`source`, NUL-terminated, named
   * `sourceName` in messages; NULL: "<source>") or its `path`, one of
   * the two; and which kernel of it (`kernel` NULL: the only one). */
  const char *source;
  const char *sourceName;
  const char *path;
  const char *kernel;
  /* ${NAME} values the caller fixes: not tuned. */
  const TileTuneSetting *defines;
  int numDefines;
  /* Compile options (tile-c/Compile.h; NULL: the defaults). `chip` NULL
   * is the device's ("sm_90a" on 9.0, "sm_100a" on 10.0, else "sm_NN"),
   * `indexBits` 0 what the arguments need; an option given (a field or
   * a key of `options`) is fixed, not tuned. `cache` turns on both the
   * compile cache and the tuning cache (`cacheDir`/tune; the default
   * directory's, as tile-run's, when `cacheDir` is NULL); off, nothing
   * is read or kept. `remark` is not called. */
  const TileCompileOptions *compile;
  /* The GPU, and one argument per kernel argument: memrefs are dense
   * C-order device buffers on it (strides 0) holding the inputs. They
   * are written while tuning and hold the inputs again at the end. */
  TileRuntimeDevice *device;
  const TileRuntimeArg *args;
  int numArgs;
  /* The grid: `gridFn`'s for each candidate, or without one `grid`. */
  int64_t grid[3];
  TileTuneGridFn gridFn;
  void *gridUserData;
  /* Checking (either, both or neither: then the vote above). */
  const TileTuneReference *references;
  int numReferences;
  TileTuneCheckFn check;
  void *checkUserData;
  /* Non-zero: time every candidate again, whatever the cache holds. */
  int retune;
  /* Warm-up and timed launches per candidate: about 25 ms and 100 ms of
   * them, at most these many (0: 10 and 100, as tile-run). */
  int warmup, iters;
  TileTuneProgressFn progress; /* NULL: none */
  void *progressUserData;
} TileTuneOptions;

/* What became of a candidate. */
typedef enum {
  TILE_TUNE_TIMED = 0,     /* timed now */
  TILE_TUNE_CACHED = 1,    /* its time from the tuning cache */
  TILE_TUNE_SAME_CODE = 2, /* compiled to an earlier candidate's code:
                              that one's time */
  TILE_TUNE_REFUSED = 3,   /* did not compile or load (note: the first
                              error) */
  TILE_TUNE_FAILED = 4,    /* did not run (note: the launch's error) */
  TILE_TUNE_WRONG = 5,     /* computed something wrong (note: how) */
} TileTuneStatus;

/* One candidate's row of the table; owned by the tuning. */
typedef struct {
  const char *label; /* "BLOCK=1024 num-warps=4"; "" for a space of one */
  const TileTuneSetting *settings; /* its choice, as the label lists it */
  int numSettings;
  TileTuneStatus status;
  /* TIMED, CACHED, SAME_CODE: the median launch in microseconds (or,
   * with the note "one launch: more than 2x the fastest", its one launch,
   * not timed further); else 0. */
  double medianUs;
  double flops;      /* per launch, as its package counts them; 0: unknown */
  int64_t grid[3];
  const char *note;  /* why it failed, what its time is; "" */
} TileTuneRow;

typedef struct TileTuning TileTuning;

/* Tunes and loads the fastest right candidate on the device. Returns
 * TILE_STATUS_OK with the table and the chosen kernel in *out; bad
 * options (NULL ones, no kernel text, no grid, a reference or argument
 * that does not fit, no such kernel) are TILE_STATUS_INVALID_ARGUMENT or
 * TILE_STATUS_ARGUMENT_MISMATCH; a file that does not parse or a wrong
 * tile.tune line TILE_STATUS_COMPILE, as is a tuning in which no
 * candidate compiled, ran and checked: then *out is set too, with the
 * table saying why (tileTuningChosen is -1). A failure of the device
 * has its own code. Destroy *out whenever it is not NULL. */
TileStatusCode tileTuningCreate(const TileTuneOptions *options,
                                TileTuning **out, TileStatus *status);
void tileTuningDestroy(TileTuning *tuning);

int tileTuningNumCandidates(const TileTuning *tuning);
/* Candidate `index`'s row, or NULL out of range. */
const TileTuneRow *tileTuningCandidate(const TileTuning *tuning, int index);
/* The chosen candidate's index, or -1. */
int tileTuningChosen(const TileTuning *tuning);
/* The chosen candidate loaded on the device, and its package and the
 * package's bytes (to keep, or to save: tileRuntimePackageLoadMemory
 * reads them); owned by the tuning, NULL when none was chosen. */
TileRuntimeKernel *tileTuningKernel(const TileTuning *tuning);
const TileRuntimePackage *tileTuningPackage(const TileTuning *tuning);
const void *tileTuningPackageBytes(const TileTuning *tuning, size_t *size);

#ifdef __cplusplus
}
#endif

#endif
