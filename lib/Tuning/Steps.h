/* The steps of tileTunerRun (Tuner.h), one file each: compiling the
 * candidates (ParallelCompile.c), running, judging and timing them
 * (Bench.c); and what they share (Tuner.c). */
#ifndef TILE_TUNING_STEPS_H
#define TILE_TUNING_STEPS_H

#include <stdbool.h>

#include "lib/Tuning/Tuner.h"

/* Formats a line of progress to the request's log. */
void tileTuneLog(const TileTuner *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Marks `c` done and keeps its result in the tuning cache. */
void tileTuneRecord(TileTuner *t, TileTuneCandidate *c);

/* Marks `c` failed (`how`) with the note `fmt` formats from `why` (one
 * line of it). */
void tileTuneNote(TileTuneCandidate *c, TileTunerFailure how,
                  const char *fmt, const char *why);
/* The same, and done: a REFUSED one is kept in the cache, others depend
 * on this run (memory other processes hold, this run's references). */
void tileTuneFail(TileTuner *t, TileTuneCandidate *c, TileTunerFailure how,
                  const char *fmt, const char *why);

/* Compiles candidate `c` into c->package, or notes it refused (not
 * recorded: this runs on several threads). */
void tileTuneCompileOne(const TileTuner *t, TileTuneCandidate *c);
/* Compiles every candidate without a result, in parallel, recording
 * those that do not compile. */
void tileTuneCompileAll(TileTuner *t);

/* Runs, judges and times every compiled candidate without a result.
 * Returns 0, or a status code with a message when the device fails. */
int tileTuneBenchAll(TileTuner *t, char *err, size_t errSize);

#endif
