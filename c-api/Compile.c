/* The public compile entry point (include/tile-c/Compile.h) over
 * lib/Target/GpuCompile. */
#include "tile-c/Compile.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Target/CompileCache.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Runtime/Package.h"
#include "llvm-c/Support.h"

/* Sets `key` from a C API string (NULL: the default), as the option
 * table (Options.h) reads it. */
static int setOption(TileGpuOptions *o, const char *key, const char *value,
                     char *err, size_t errSize) {
  return value && !tileOptionSet(&o->options, key, value, err, errSize);
}

int tileCompileKernel(MlirModule module, const char *name,
                      const TileCompileOptions *options,
                      TileCompileOutput output, void **bytes, size_t *size,
                      char *err, size_t errSize) {
  TileCompileOptions none = {0};
  const TileCompileOptions *in = options ? options : &none;
  *bytes = NULL;
  *size = 0;
  TileGpuOptions o;
  tileGpuOptionsInit(&o);
  if (setOption(&o, "chip", in->chip, err, errSize) ||
      setOption(&o, "mma", in->mma, err, errSize) ||
      setOption(&o, "warp-specialize", in->warpSpecialize, err, errSize) ||
      setOption(&o, "persistent", in->persistent, err, errSize) ||
      setOption(&o, "asserts", in->asserts, err, errSize) ||
      setOption(&o, "cta-pairs", in->ctaPairs, err, errSize))
    return 1;
  if (in->numWarps < 0 || in->numWarps > 32 ||
      (in->numWarps & (in->numWarps - 1)) != 0) {
    snprintf(err, errSize, "numWarps is %d: 0, or a power of two up to 32",
             in->numWarps);
    return 1;
  }
  if (in->numStages < 0 || in->numStages > 8) {
    snprintf(err, errSize, "numStages is %d: 0, or 1 to 8", in->numStages);
    return 1;
  }
  if (in->indexBits != 0 && in->indexBits != 32 && in->indexBits != 64) {
    snprintf(err, errSize, "indexBits is %d: 0, 32 or 64", in->indexBits);
    return 1;
  }
  if (setOption(&o, "toolkit", in->toolkit, err, errSize))
    return 1;
  o.options.numWarps = in->numWarps;
  o.options.numStages = in->numStages;
  o.options.indexBits = in->indexBits ? in->indexBits : 32;
  o.options.fastMath = in->fastMath != 0;
  o.options.generic = in->eagerGeneric ? TILE_GENERIC_EAGER : TILE_GENERIC_AUTO;
  o.remarks.fn = in->remark;
  o.remarks.userData = in->remarkUserData;
  if (in->cache && in->cacheDir) {
    /* A directory too long for the options is no cache, not another one. */
    if (strlen(in->cacheDir) < sizeof o.cacheDirPath) {
      snprintf(o.cacheDirPath, sizeof o.cacheDirPath, "%s", in->cacheDir);
      o.cacheDir = o.cacheDirPath;
    }
  } else if (in->cache) {
    tileGpuOptionsUseCache(&o);
  }
  TileCacheReport report;
  o.cacheReport = &report;
  if (in->cacheHit)
    *in->cacheHit = 0;
  TileEmit emit = output == TILE_COMPILE_PTX     ? TILE_EMIT_PTX
                  : output == TILE_COMPILE_CUBIN ? TILE_EMIT_CUBIN
                                                 : TILE_EMIT_PACKAGE;
  TilePackage package;
  if (tileGpuCompile(module, name, &o, emit, bytes, size, &package, err,
                     errSize))
    return 1;
  if (in->cacheHit)
    *in->cacheHit = report.hit;
  if (emit != TILE_EMIT_PACKAGE)
    return 0;
  int rc = tilePackageWriteMemory(&package, bytes, size, err, errSize);
  tilePackageFree(&package);
  return rc;
}

static pthread_once_t llvmOptionsOnce = PTHREAD_ONCE_INIT;

static void parseLlvmOptions(void) {
  const char *argv[] = {"tile", "-opt-disable=slsr"};
  LLVMParseCommandLineOptions(2, argv, "");
  /* They change the code: cached results of other options are not ours. */
  tileGpuCacheNoteLlvmOptions(argv[1]);
}

void tileSetProcessLlvmOptions(void) {
  pthread_once(&llvmOptionsOnce, parseLlvmOptions);
}
