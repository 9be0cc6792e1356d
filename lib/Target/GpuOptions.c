/* The GPU options: their defaults, parsing and checks, the compile cache's
 * default directory, and the search for the CUDA toolkit; see
 * GpuCompile.h. */
#include "lib/Target/GpuOptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/Support/DiskCache.h"
#include "lib/Support/Error.h"

void tileGpuOptionsInit(TileGpuOptions *o) {
  memset(o, 0, sizeof *o);
  tileOptionsInitCompile(&o->options);
}

int tileGpuOptionsParse(TileGpuOptions *o, const char *text, char *err,
                        size_t errSize) {
  char why[400];
  if (tileOptionsParse(&o->options, text, strlen(text), NULL, why,
                       sizeof why))
    return tileFail(err, errSize, "--tile-compile: %s", why);
  return 0;
}

bool tileGpuOptionsUseCache(TileGpuOptions *o) {
  if (!tileDiskCacheDefaultDir(o->cacheDirPath, sizeof o->cacheDirPath))
    return false;
  o->cacheDir = o->cacheDirPath;
  return true;
}

int tileGpuOptionsCheck(const TileGpuOptions *o, TileEmit emit, char *err,
                        size_t errSize) {
  /* Callers may set the chip directly (tile-run from the device's compute
   * capability, embedders): it is checked as the option would be. */
  TileOptions probe = o->options;
  char why[400];
  if (tileOptionSet(&probe, "chip", o->options.chip, why, sizeof why))
    return tileFail(err, errSize, "--tile-compile: %s", why);
  if (o->options.mma == TILE_GPU_MMA_WGMMA &&
      strcmp(o->options.chip, "sm_90a") != 0)
    return tileFail(
        err, errSize,
        "--tile-compile: mma=wgmma needs chip=sm_90a: %s has no wgmma",
        o->options.chip);
  if (o->options.generic == TILE_GENERIC_LAZY && emit != TILE_EMIT_PACKAGE &&
      emit != TILE_EMIT_MLIR && emit != TILE_EMIT_LLVM)
    return tileFail(
        err, errSize,
        "--tile-compile: generic=lazy applies to packages: a PTX or "
        "cubin output holds both entries");
  return 0;
}

/* The toolkit to use, in `path`, or NULL: the one the options name (and
 * no other: an explicit choice that lacks ptxas is not silently replaced),
 * else the first of $CUDA_HOME, $CUDA_PATH and /usr/local/cuda that has
 * bin/ptxas. */
const char *tileGpuFindToolkit(const TileGpuOptions *o, char *path,
                               size_t size) {
  const char *candidates[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"),
                              "/usr/local/cuda"};
  size_t n = sizeof candidates / sizeof candidates[0];
  if (o->options.toolkit[0]) {
    candidates[0] = o->options.toolkit;
    n = 1;
  }
  for (size_t i = 0; i < n; ++i) {
    struct stat st;
    if (!candidates[i])
      continue;
    snprintf(path, size, "%s/bin/ptxas", candidates[i]);
    if (stat(path, &st) == 0) {
      snprintf(path, size, "%s", candidates[i]);
      return path;
    }
  }
  return NULL;
}

/* Where the toolkit was looked for, for messages. */
void tileGpuToolkitSearched(const TileGpuOptions *o, char *out, size_t size) {
  if (o->options.toolkit[0])
    snprintf(out, size, "none at %s (no bin/ptxas)", o->options.toolkit);
  else
    snprintf(out, size,
             "none found under $CUDA_HOME, $CUDA_PATH or /usr/local/cuda");
}
