/* Chip facts; see Chip.h. */
#include "lib/Analysis/Chip.h"

#include <stddef.h>
#include <string.h>

int64_t tileChipSharedBytes(const char *chip) {
  static const struct {
    const char *prefix;
    int64_t bytes;
  } limits[] = {{"sm_80", 166912}, {"sm_87", 166912}, {"sm_86", 101376},
                {"sm_89", 101376}, {"sm_90", 232448}, {"sm_100", 232448},
                {"sm_120", 101376}};
  for (size_t i = 0; chip && i < sizeof limits / sizeof limits[0]; ++i)
    if (strncmp(chip, limits[i].prefix, strlen(limits[i].prefix)) == 0)
      return limits[i].bytes;
  return 49152;
}
