/* The kernel file and its GPU compile; see KernelFile.h. */
#ifndef TILE_RUN_NO_COMPILER
#include "tools/tile-run/KernelFile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/File.h"
#include "tile-c/Dialect.h"
#include "tools/tile-run/Kernel.h"
#include "lib/Support/Substitute.h"
#ifdef TILE_RUN_HAVE_GPU_COMPILER
#include "lib/Target/CompileCache.h"
#include "lib/Target/GpuCompile.h"
#endif

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static void dropParse(KernelFile *k) {
  if (!mlirModuleIsNull(k->module))
    mlirModuleDestroy(k->module);
  if (!mlirContextIsNull(k->ctx))
    mlirContextDestroy(k->ctx);
  free(k->text);
  k->module = (MlirModule){NULL};
  k->ctx = (MlirContext){NULL};
  k->text = NULL;
}

void kernelFileFree(KernelFile *k) {
  dropParse(k);
  free(k->raw);
  k->raw = NULL;
}

int kernelFileRead(KernelFile *k, const Options *o) {
  char err[1024];
  /* Messages name stdin as mlir-opt's do. */
  k->name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
  if (tileReadFile(o->input, "kernel file", &k->raw, &k->rawLen, err,
                   sizeof err))
    return sessionFail(err);
  if (k->rawLen >= 8 && memcmp(k->raw, "TILEPKG", 8) == 0)
    return sessionFail("stdin holds a compiled package: tile-run reads "
                       "packages from files (give its path)");
  if (tileCheckText(k->name, k->raw, k->rawLen, err, sizeof err))
    return sessionFail(err);
  return EXIT_OK;
}

int kernelFileParse(KernelFile *k, Session *s, const Options *o) {
  char err[1024];
  dropParse(k);
  free(s->sig);
  s->sig = NULL;
  if (tileSubstitute(k->raw, k->rawLen, o->defines, o->numDefines, k->name,
                     true, "-D", &k->text, &k->len, err, sizeof err))
    return sessionFail(err);
  /* Every upstream dialect is registered (only the used ones load), so the
   * CPU lowering finds what it converts to. */
  k->ctx = mlirContextCreate();
  tileContextRegisterUpstream(k->ctx);
  k->diag = (DiagSource){k->name, k->text, k->len, 0};
  diagAttach(k->ctx, &k->diag);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(k->ctx)))
    return sessionFail("the embedded tile dialect failed to load");
  k->module = kernelParse(k->ctx, k->text, k->len, k->name);
  if (mlirModuleIsNull(k->module))
    return EXIT_BAD_INPUT;
  MlirOperation func;
  int found = kernelFind(k->module, o->kernel, k->name, &func, err, sizeof err);
  if (found == 2) {
    optionsUsageError(err);
    return EXIT_USAGE;
  }
  if (found || kernelSignature(func, &s->sig, &s->numSig, err, sizeof err))
    return sessionFail(err);
  kernelName(func, k->kernel, sizeof k->kernel);
  s->kernel = k->kernel;
  s->tf32Dot = kernelHasTf32Dot(func);
  return EXIT_OK;
}

#ifdef TILE_RUN_HAVE_GPU_COMPILER
int kernelFileCompileOptions(const Session *s, const Options *o,
                             TileOptions *out) {
  tileOptionsInitCompile(out);
  snprintf(out->chip, sizeof out->chip, "%s", o->chip);
  /* Without --num-warps the compiler takes the kernel's own choice; the
   * index width suits these arguments: 32 bits, the faster, unless one
   * has 2^31 elements or more. */
  out->numWarps = o->numWarpsGiven ? o->numWarps : 0;
  out->fastMath = o->fastMath;
  out->assertsOff = o->assertsOff;
  out->indexBits = o->indexBits             ? o->indexBits
                   : sessionNeedsIndex64(s) ? 64
                                            : 32;
  for (size_t i = 0; i < o->numCompileOptions; ++i) {
    const char *kv = o->compileOptions[i];
    const char *eq = strchr(kv, '=');
    char key[64], why[512], msg[700];
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    if (tileOptionSet(out, key, eq + 1, why, sizeof why)) {
      snprintf(msg, sizeof msg, "--option %s: %s", kv, why);
      return sessionFail(msg);
    }
  }
  return EXIT_OK;
}
#endif

int kernelFileCompile(const KernelFile *k, const Session *s, const Options *o,
                      TileRuntimePackage **out, void **bytesOut,
                      size_t *sizeOut) {
#ifdef TILE_RUN_HAVE_GPU_COMPILER
  char err[2048], msg[2600];
  TilePackage pkg;
  TilePackage *p = &pkg;
  memset(p, 0, sizeof *p);
  TileCacheReport cache;
  TileOptions options;
  int rc = kernelFileCompileOptions(s, o, &options);
  if (rc)
    return rc;
  if (tileCompileKernelToPackage(k->module, k->kernel, &options, !o->noCache,
                                 &cache, p, err, sizeof err)) {
    snprintf(msg, sizeof msg, "compiling @%s for %s: %s", k->kernel,
             options.chip, err);
    tilePackageFree(p);
    return k->diag.numErrors ? EXIT_BAD_INPUT : sessionFail(msg);
  }
  if (tileCacheVerbose()) {
    char line[1700];
    tileCacheReportDescribe(&cache, line, sizeof line);
    fprintf(stderr, "tile-run: %s\n", line);
  }
  /* The package must describe the signature it was compiled from. */
  bool same = p->numArgs == s->numSig;
  for (int i = 0; same && i < s->numSig; ++i)
    same = p->args[i].isMemref == (s->sig[i].kind == TILE_ARG_MEMREF) &&
           p->args[i].dtype == s->sig[i].dtype &&
           p->args[i].rank == s->sig[i].rank;
  if (!same) {
    snprintf(msg, sizeof msg,
             "compiling @%s: the package's arguments do not match the "
             "kernel's signature (a compiler bug)",
             k->kernel);
    tilePackageFree(p);
    return sessionFail(msg);
  }
  /* Run through the runtime's public API, as an embedder would: the
   * package's bytes, read back from memory. */
  void *bytes;
  size_t size;
  TileStatus st;
  int failed = tilePackageWriteMemory(p, &bytes, &size, err, sizeof err);
  tilePackageFree(p);
  if (failed)
    return sessionFail(err);
  failed = tileRuntimePackageLoadMemory(bytes, size, o->input, out, &st);
  if (bytesOut && !failed) {
    *bytesOut = bytes;
    *sizeOut = size;
  } else {
    free(bytes);
  }
  return failed ? sessionFail(st.message) : EXIT_OK;
#else
  (void)k;
  (void)s;
  (void)out;
  (void)bytesOut;
  (void)sizeOut;
  char msg[512];
  snprintf(msg, sizeof msg,
           "--target cuda with a .mlir file needs the GPU compiler, which this "
           "build does not have yet; run a compiled package (%s is not one)",
           o->input);
  return sessionFail(msg);
#endif
}
#endif
