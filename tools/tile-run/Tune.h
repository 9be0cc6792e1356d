/* Tuning in tile-run: which variant of a kernel's tuning space
 * (lib/Transforms/TuneSpace.h) a GPU run compiles, chosen by the tuner
 * the C API shares (lib/Tuning/Tuner.h).
 *
 * A variant is the command line's options with the space's parameters
 * and compile options set to one candidate's values. Without --tune the
 * run takes the fastest candidate the tuning cache (lib/Target/TuneCache.h)
 * holds for this kernel, GPU and shapes, else each name's first value.
 * With --tune every candidate the cache lacks is compiled (in parallel
 * threads), run once with its outputs checked (against the --check files
 * when given, else against what most candidates computed: a candidate
 * that disagrees is wrong and never picked), then timed with L2 flushed
 * before each launch; the table goes to stdout and the fastest is run. */
#ifndef TILE_RUN_TUNE_H
#define TILE_RUN_TUNE_H
#ifdef TILE_RUN_HAVE_GPU_COMPILER

#include <stdbool.h>

#include "lib/Tuning/Settings.h"
#include "tools/tile-run/KernelFile.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

typedef struct {
  /* The command line's options with this variant's -D values (after
   * the parameters' defaults) and --option values added; the two arrays
   * and the strings they point to belong to the variant. */
  Options options;
  TileTuneSettings settings; /* settings.label: "BLOCK=128 num-stages=4";
                                "" for the defaults */
  char **keyValues;          /* the variant's --option strings */
} TuneVariant;

/* `o` with the defaults of the parameters the file's tile.tune lines
 * declare (each one's first value) for names no -D gives: what a run
 * that does not tune substitutes. */
int tuneDefaults(const Options *o, const KernelFile *k, TuneVariant *out);

/* Reads kernel `k`'s tuning space to report a mistake in its tile.tune
 * lines (located), whatever the target. Returns an exit code. */
int tuneCheckSpace(const Options *o, const KernelFile *k);

/* Chooses the variant to run for kernel file `k` (parsed with
 * tuneDefaults' options, its session loaded), as above; `o` is the
 * command line's. Returns an exit code; *out is set either way. */
int tuneChoose(const Options *o, const KernelFile *k, Session *s,
               TuneVariant *out);

void tuneVariantFree(TuneVariant *v);

#endif
#endif
