/* Chip facts; see Chip.h. */
#include "lib/Analysis/Chip.h"

#include <stddef.h>
#include <string.h>

#include "lib/IR/IR.h"

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

int64_t tileChipSharedBytesPerBlock(const char *chip, int blocks) {
  int64_t perBlock = tileChipSharedBytes(chip);
  if (blocks <= 1)
    return perBlock;
  return (perBlock + 1024) / blocks - 1024;
}

int tileKernelBlocksPerSm(MlirOperation kernel, int fallback) {
  int64_t n = 0;
  if (tileOpIntAttr(kernel, "tile.blocks_per_sm", &n) && n >= 1)
    return (int)n;
  return fallback > 0 ? fallback : 1;
}
