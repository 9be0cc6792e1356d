/* The tuner that tile-run --tune and the C API's tileTuningCreate
 * (include/tile-c/Tune.h) share: which candidate of a kernel's tuning
 * space (lib/Transforms/TuneSpace.h) is the fastest on one GPU for one
 * launch, never one that computes something wrong.
 *
 * tileTunerCreate reads the space; tileTunerLookup makes each candidate
 * (its settings, kernel text, compile options, grid and tuning-cache key,
 * lib/Target/TuneCache.h) and reads what the cache holds for it;
 * tileTunerRun compiles every candidate the cache lacks on as many
 * threads as there are processors, runs each once on fresh copies of the
 * inputs, judges its outputs and times it with L2 flushed before each
 * launch (the runtime's tileRuntimeKernelBenchmarkWith), keeping each
 * result the cache should keep; tileTunerFastest picks. Outputs are
 * judged by the caller's references and check when it gives them (a
 * candidate is checked when it is the fastest so far: only such a one
 * can be picked), else by a vote: what most candidates computed is taken
 * as right, and a candidate that computed something else is a wrong
 * kernel. Nothing here prints: progress goes to the request's log. */
#ifndef TILE_TUNING_TUNER_H
#define TILE_TUNING_TUNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"
#include "lib/Support/KernelArg.h"
#include "lib/Support/Sha256.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Target/TuneCache.h"
#include "lib/Tuning/Settings.h"
#include "tile-c/Runtime.h"

/* A candidate's grid; 1 with a message when there is none for it. */
typedef int (*TileTunerGridFn)(void *userData, const TileTuneSettings *s,
                              int64_t grid[3], char *err, size_t errSize);
/* Judges a candidate's outputs (`outputs`: every argument after its run;
 * empty arrays for scalars): 0 when right, else 1 with why. */
typedef int (*TileTunerCheckFn)(void *userData, const TileTuneSettings *s,
                               const TileHostArray *outputs, char *why,
                               size_t whySize);
/* One line of progress ("tune: compiling 6 candidates"). */
typedef void (*TileTunerLogFn)(void *userData, const char *line);

/* The expected contents of memref argument `arg` after a run. */
typedef struct {
  const char *what; /* names it in notes: "--check 1=ref.npy" */
  int arg;
  const TileHostArray *expected;
  double rtol;      /* < 0: the dtype's default (lib/Support/Compare.h) */
  double atol;      /* < 0: rtol */
} TileTunerReference;

typedef struct {
  /* The kernel file as written (before substitution), named `sourceName`
   * in messages, and which kernel of it: `kernel` (NULL: the only one),
   * with its arguments when the caller knows them (`sig` NULL: read from
   * the file, substituted with the defaults). */
  const char *text;
  size_t len;
  const char *sourceName;
  const char *kernel;
  const TileKernelArg *sig;
  int numSig;
  /* The ${NAME} values the caller fixes, and every name (of those and of
   * compile options) the caller fixes, which the space leaves out
   * (NULL-terminated; may be NULL). `defineFlag`: how the caller's user
   * defines a name, for messages (tileSubstitute; may be NULL). */
  const TileDefine *defines;
  size_t numDefines;
  const char *const *fixed;
  const char *defineFlag;
  /* The caller's compile options and compile cache; each candidate sets
   * its options on top. */
  const TileGpuOptions *compile;
  /* The tuning cache's directory (NULL: none); `retune` times what it
   * holds again. */
  const char *tuneCacheDir;
  bool retune;
  /* Warm-up and timed launches: about 25 ms and 100 ms of them, at most
   * these many. */
  int maxWarmup, maxIters;
  /* The launch: one argument per kernel argument (memrefs' data: device
   * buffers by tileTunerRun), and each candidate's grid. */
  const TileRuntimeArg *args;
  TileTunerGridFn grid;
  void *gridUserData;
  /* The memrefs' inputs, one array per argument (empty for scalars),
   * uploaded before each run that is judged; NULL: read from the
   * buffers when tileTunerRun starts, and written back at its end. */
  const TileHostArray *inputs;
  /* Judging: references and a check, either or both; neither, the vote,
   * whose warning when no result has a majority suggests
   * `referenceHint` ("give --check files"). */
  const TileTunerReference *refs;
  int numRefs;
  TileTunerCheckFn check;
  void *checkUserData;
  const char *referenceHint;
  const char *packageName; /* names the candidates' packages in messages */
  TileTunerLogFn log;
  void *logUserData;
} TileTuneRequest;

/* How a candidate failed. */
typedef enum {
  TILE_TUNER_OK,
  TILE_TUNER_REFUSED, /* did not compile or load: the code's, kept */
  TILE_TUNER_NO_RUN,  /* did not run (this run's trouble: not kept) */
  TILE_TUNER_WRONG,   /* computed something wrong (not kept) */
} TileTunerFailure;

typedef struct {
  TileTuneSettings settings;
  int64_t grid[3];
  char *text;      /* the kernel file substituted for this candidate */
  size_t len;
  TileGpuOptions gpu;
  uint8_t key[TILE_SHA256_BYTES];
  TileTuneResult result;
  TileTunerFailure failure;
  bool done;       /* result holds its outcome */
  bool fromCache;  /* ... read from the tuning cache */
  bool twin;       /* compiled to the code of an earlier candidate, whose
                      outcome it shares */
  bool judged;     /* its outputs passed the caller's references and check */
  void *package;   /* compiled: the package's bytes */
  size_t packageSize;
} TileTuneCandidate;

typedef struct {
  TileTuneRequest r;
  char kernel[256];       /* the kernel's name */
  TileKernelArg *sig;     /* its arguments (owned) */
  int numSig;
  TileTuneSpace space;
  char **defaults;        /* the file's parameter defaults */
  TileTuneCandidate *c;   /* after tileTunerLookup */
  int n;
  TileRuntimeDevice *device;
  char gpuName[256];
  int capability, driverVersion;
  int storeFailed;        /* entries the cache did not take */
} TileTuner;

/* Reads the kernel (when the request does not give it) and its space.
 * Returns 0, or 1 with a message: the file does not parse, a tile.tune
 * line is wrong (located); TILE_FAIL_INVALID_ARGUMENT: the file has no
 * such kernel. *out is set either way when not out of memory; destroy
 * it. */
int tileTunerCreate(const TileTuneRequest *r, TileTuner **out, char *err,
                    size_t errSize);

/* The settings a run that does not tune takes: each declared name's
 * first value (candidate 0), or with no declared space the defaults. */
int tileTunerFirst(const TileTuner *t, TileTuneSettings *out, char *err,
                   size_t errSize);

/* Makes every candidate for running on `device` (kept; not owned) and
 * reads the tuning cache. Returns 0, or 1 with a message (a candidate's
 * text does not substitute, out of memory); TILE_FAIL_INVALID_ARGUMENT:
 * the grid callback has no grid for one. */
int tileTunerLookup(TileTuner *t, TileRuntimeDevice *device, char *err,
                    size_t errSize);

/* Compiles, runs, judges and times every candidate without a result;
 * r.args must hold device buffers now. Returns 0 (whatever the
 * candidates did), or a TileStatusCode (or 1) with a message when the
 * device fails it. */
int tileTunerRun(TileTuner *t, char *err, size_t errSize);

/* The fastest candidate with a result and no failure, or -1. */
int tileTunerFastest(const TileTuner *t);

/* Compiles candidate `index` if it has no package yet (its result came
 * from the cache). Returns 0, or 1 with the first error. */
int tileTunerCompile(TileTuner *t, int index, char *err, size_t errSize);

void tileTunerDestroy(TileTuner *t);

#endif
