/* A tuning candidate's settings; see Settings.h. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "lib/Tuning/Settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"

static const char *own(TileTuneSettings *s, const char *text) {
  char **grown = realloc(s->owned, (size_t)(s->numOwned + 1) * sizeof *grown);
  char *copy = strdup(text);
  if (!grown || !copy) {
    free(copy);
    if (grown)
      s->owned = grown;
    return NULL;
  }
  s->owned = grown;
  s->owned[s->numOwned++] = copy;
  return copy;
}

int tileTuneSettingsMake(char *const *defaults, const TileDefine *defines,
                         size_t numDefines, const TileTuneSpace *space,
                         const int *choice, TileTuneSettings *out, char *err,
                         size_t errSize) {
  memset(out, 0, sizeof *out);
  size_t numDefaults = 0;
  while (defaults && defaults[2 * numDefaults])
    ++numDefaults;
  size_t numParams = space && choice ? (size_t)space->numParams : 0;
  out->defines =
      calloc(numDefaults + numDefines + numParams + 1, sizeof *out->defines);
  out->options = calloc(numParams + 1, sizeof *out->options);
  out->chosen = calloc(numParams + 1, sizeof *out->chosen);
  if (!out->defines || !out->options || !out->chosen)
    return tileFail(err, errSize, "out of memory");
  /* A later definition wins: the defaults first. */
  for (size_t i = 0; i < numDefaults; ++i) {
    const char *name = defaults[2 * i], *value = defaults[2 * i + 1];
    if (tileDefineLookup(defines, numDefines, name, strlen(name)))
      continue;
    TileDefine d = {own(out, name), own(out, value)};
    if (!d.name || !d.value)
      return tileFail(err, errSize, "out of memory");
    out->defines[out->numDefines++] = d;
  }
  for (size_t i = 0; i < numDefines; ++i)
    out->defines[out->numDefines++] = defines[i];
  for (size_t i = 0; i < numParams; ++i) {
    const TileTuneParam *p = &space->params[i];
    const char *value = p->values[choice[i]];
    size_t n = strlen(out->label);
    snprintf(out->label + n, sizeof out->label - n, "%s%s=%s", n ? " " : "",
             p->name, value);
    /* Copies: the settings outlive the space. */
    TileDefine d = {own(out, p->name), own(out, value)};
    if (!d.name || !d.value)
      return tileFail(err, errSize, "out of memory");
    out->chosen[out->numChosen++] = d;
    if (p->isOption)
      out->options[out->numOptions++] = d;
    else
      out->defines[out->numDefines++] = d;
  }
  return 0;
}

void tileTuneSettingsFree(TileTuneSettings *s) {
  free(s->defines);
  free(s->options);
  free(s->chosen);
  for (int i = 0; i < s->numOwned; ++i)
    free(s->owned[i]);
  free(s->owned);
  memset(s, 0, sizeof *s);
}
