/* The public compile entry point (include/tile-c/Compile.h) over
 * lib/Target/GpuCompile. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "tile-c/Compile.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-api/CompileOptions.h"
#include "lib/Support/Error.h"
#include "lib/Target/AotC.h"
#include "lib/Target/CompileCache.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Runtime/Package.h"
#include "llvm-c/Support.h"

/* Sets `key` from a C API string (NULL: the default), as the option
 * table (Options.h) reads it. */
static int setOption(TileGpuOptions *o, const char *key, const char *value,
                     char *err, size_t errSize) {
  return value && tileOptionSet(&o->options, key, value, err, errSize);
}

/* The same for an integer field (0: the default): the table checks it,
 * so the C API refuses what --tile-compile refuses, in the same words. */
static int setIntOption(TileGpuOptions *o, const char *key, int value,
                        char *err, size_t errSize) {
  char text[32];
  snprintf(text, sizeof text, "%d", value);
  return value && setOption(o, key, text, err, errSize);
}

int tileCapiGpuOptions(const TileCompileOptions *options, TileGpuOptions *o,
                       char *err, size_t errSize) {
  TileCompileOptions none = {0};
  const TileCompileOptions *in = options ? options : &none;
  tileGpuOptionsInit(o);
  if (setOption(o, "chip", in->chip, err, errSize) ||
      setOption(o, "mma", in->mma, err, errSize) ||
      setOption(o, "warp-specialize", in->warpSpecialize, err, errSize) ||
      setOption(o, "persistent", in->persistent, err, errSize) ||
      setOption(o, "asserts", in->asserts, err, errSize) ||
      setOption(o, "cta-pairs", in->ctaPairs, err, errSize) ||
      setIntOption(o, "num-warps", in->numWarps, err, errSize) ||
      setIntOption(o, "num-stages", in->numStages, err, errSize) ||
      setIntOption(o, "index-bits", in->indexBits, err, errSize) ||
      setOption(o, "toolkit", in->toolkit, err, errSize))
    return 1;
  o->options.fastMath = in->fastMath != 0;
  o->options.generic =
      in->eagerGeneric ? TILE_GENERIC_EAGER : TILE_GENERIC_AUTO;
  /* Any option of the table by its key, after the fields (so it wins):
   * an option added to the table reaches the C API with no new field. */
  if (in->options &&
      tileOptionsParse(&o->options, in->options, strlen(in->options), NULL,
                       err, errSize))
    return 1;
  o->remarks.fn = in->remark;
  o->remarks.userData = in->remarkUserData;
  if (in->cache && in->cacheDir) {
    /* A directory too long for the options is no cache, not another one. */
    if (strlen(in->cacheDir) < sizeof o->cacheDirPath) {
      snprintf(o->cacheDirPath, sizeof o->cacheDirPath, "%s", in->cacheDir);
      o->cacheDir = o->cacheDirPath;
    }
  } else if (in->cache) {
    tileGpuOptionsUseCache(o);
  }
  return 0;
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
  if (tileCapiGpuOptions(in, &o, err, errSize))
    return 1;
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

int tileCompileKernelsC(MlirModule module, const char *const *names,
                        int numNames, const TileCompileOptions *options,
                        const TileCompileCOptions *c, char **header,
                        char **source, char *err, size_t errSize) {
  *header = *source = NULL;
  if (!c || !c->headerName)
    return tileFail(err, errSize, "tileCompileKernelsC: %s is NULL",
                    c ? "headerName" : "the C options");
  if (numNames < 0)
    return tileFail(err, errSize, "tileCompileKernelsC: numNames is %d",
                    numNames);
  if (numNames > 0 && !names)
    return tileFail(err, errSize, "tileCompileKernelsC: names is NULL");
  TileGpuOptions o;
  if (tileCapiGpuOptions(options, &o, err, errSize))
    return 1;
  TileAotOptions aot = {c->driverOnly ? TILE_EMIT_C_DRIVER
                                      : TILE_EMIT_C_RUNTIME,
                        c->headerName,
                        c->from ? c->from : "a module",
                        c->sourceText,
                        c->chips,
                        c->numChips,
                        c->variantFiles,
                        c->numVariantFiles};
  TileStrBuf h = tileStrBufInit(), s = tileStrBufInit();
  int rc = tileAotCompileC(module, names, numNames, &o, &aot, &h, &s, err,
                           errSize);
  if (!rc) {
    *header = strdup(tileStrBufCStr(&h));
    *source = strdup(tileStrBufCStr(&s));
    if (!*header || !*source) {
      free(*header);
      free(*source);
      *header = *source = NULL;
      rc = tileFail(err, errSize, "out of memory");
    }
  }
  tileStrBufFree(&h);
  tileStrBufFree(&s);
  return rc;
}

int tileCompileKernelC(MlirModule module, const char *name,
                       const TileCompileOptions *options,
                       const TileCompileCOptions *c, char **header,
                       char **source, char *err, size_t errSize) {
  return tileCompileKernelsC(module, name ? &name : NULL, name ? 1 : 0,
                             options, c, header, source, err, errSize);
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
