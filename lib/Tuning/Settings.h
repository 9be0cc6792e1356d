/* A tuning candidate's settings: the ${NAME} values its kernel file is
 * substituted with and the compile options its space sets, and the label
 * that tables and messages name it by ("BLOCK=1024 num-warps=4"). The
 * parameters a file's tile.tune lines declare take their first values
 * (lib/Transforms/TuneSpace.h) where neither the caller nor the candidate
 * sets them, so a file runs without any definition. */
#ifndef TILE_TUNING_SETTINGS_H
#define TILE_TUNING_SETTINGS_H

#include <stddef.h>

#include "lib/Support/Substitute.h"
#include "lib/Transforms/TuneSpace.h"

typedef struct {
  /* The parameter defaults no caller definition gives, the caller's
   * definitions, then the candidate's parameters (a later one wins). */
  TileDefine *defines;
  size_t numDefines;
  /* The candidate's compile options (key, value), on top of the
   * caller's. */
  TileDefine *options;
  size_t numOptions;
  /* The candidate's choice alone, in the space's order (parameters and
   * options, as the label lists them). */
  TileDefine *chosen;
  size_t numChosen;
  char label[512]; /* "" for none */
  char **owned;    /* the strings the arrays point to that are copies */
  int numOwned;
} TileTuneSettings;

/* The settings of candidate `choice` (one value index per parameter) of
 * `space`; with a NULL `space` or `choice`, the defaults and the caller's
 * definitions alone. `defaults` is tileTuneParamDefaults' list (may be
 * NULL). Returns 0, or 1 with a message (out of memory); *out is freed
 * with tileTuneSettingsFree either way. */
int tileTuneSettingsMake(char *const *defaults, const TileDefine *defines,
                         size_t numDefines, const TileTuneSpace *space,
                         const int *choice, TileTuneSettings *out, char *err,
                         size_t errSize);

void tileTuneSettingsFree(TileTuneSettings *s);

#endif
