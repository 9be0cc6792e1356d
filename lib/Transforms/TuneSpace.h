/* A kernel's tuning space: the compile options (Options.h, those whose
 * row has a tuneDefault) and kernel parameters (names the file uses as
 * ${NAME}) a tuner may vary, each with the values it tries. A kernel file
 * declares it in comment lines, so the file stays valid MLIR and the
 * space can be read before ${NAME} is substituted:
 *
 *   // tile.tune @matmul: BM=64,128 BN=128,256 num-stages=3,4 num-warps=4,8
 *   // tile.tune: num-stages=auto,4          (every kernel of the file)
 *
 * Lines add up; a name given twice for one kernel is an error. Each
 * name's first value is what a run that does not tune uses. A kernel no
 * line names gets the default space: every option with a non-empty
 * tuneDefault in the table, over those values. docs/dialect.md, "Tuning
 * spaces". */
#ifndef TILE_TRANSFORMS_TUNESPACE_H
#define TILE_TRANSFORMS_TUNESPACE_H

#include <stdbool.h>
#include <stddef.h>

/* Candidates one space may hold; a larger product is an error. */
#define TILE_TUNE_MAX_CANDIDATES 4096

typedef struct {
  char *name;      /* "BM" or "num-stages" */
  bool isOption;   /* a compile option (else a ${NAME} parameter) */
  char **values;   /* in the order given; values[0] is the default */
  int numValues;
  int line;        /* the declaring line (0: the default space) */
} TileTuneParam;

typedef struct {
  TileTuneParam *params;
  int numParams;
  bool declared;   /* from tile.tune lines (else the default space) */
} TileTuneSpace;

/* Reads the `// tile.tune` lines of the kernel file `text` that apply to
 * kernel `kernel`, or the default space when none does. `fixed` names
 * (the caller's -D names and given options, NULL-terminated; may be
 * NULL) are left out: the caller has chosen them. Returns 0, or 1 with
 * "FILE:LINE: tile.tune: <why>" in err: a malformed line, an unknown or
 * untunable option, a value the option does not take, a parameter the
 * file never uses as ${NAME}, a name given twice, more than
 * TILE_TUNE_MAX_CANDIDATES candidates. */
int tileTuneSpaceRead(const char *text, size_t len, const char *fileName,
                      const char *kernel, const char *const *fixed,
                      TileTuneSpace *out, char *err, size_t errSize);

/* The parameter names (not options) any tile.tune line of `text`
 * declares, with their first values, for runs that do not tune: a
 * NULL-terminated array of name, value, name, value ...; free with
 * tileTuneStringsFree. Lines that do not parse are skipped here (reading
 * the space reports them). */
char **tileTuneParamDefaults(const char *text, size_t len);
void tileTuneStringsFree(char **strings);

/* Empties every tile.tune line of text[0..len) in place (its newline
 * stays) and returns the new length: a candidate's timing does not depend
 * on which other candidates the space lists, so keys are taken from the
 * text without them. */
size_t tileTuneBlankDirectives(char *text, size_t len);

/* How many candidates the space holds (1 for an empty one). */
int tileTuneSpaceSize(const TileTuneSpace *s);

/* Candidate `index` (0 .. size-1) as one value index per parameter, in
 * `choice` (numParams entries); the last parameter varies fastest. */
void tileTuneSpaceCandidate(const TileTuneSpace *s, int index, int *choice);

void tileTuneSpaceFree(TileTuneSpace *s);

#endif
