/* tile-run: runs one tile kernel and checks its results. Reads the kernel
 * file (after -D substitution) or a compiled package, builds each argument
 * from its --arg spec (checked against the signature), runs the grid on
 * the target, then writes --out files, compares --check files and prints a
 * summary line per output (tools/tile-run/Session). The CPU target
 * JIT-compiles through lib/Execution/CpuKernel; the CUDA target runs a
 * package through lib/Runtime/Launch, compiling a .mlir kernel into one
 * first (lib/Target/GpuCompile, where built). Built with
 * TILE_RUN_NO_COMPILER (no MLIR) it runs packages only. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/Support/File.h"
#include "lib/Runtime/Package.h"
#include "tools/tile-run/GpuRun.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

#ifndef TILE_RUN_NO_COMPILER
#include "lib/Execution/CpuKernel.h"
#include "tile-c/Dialect.h"
#include "tools/tile-run/Diagnostics.h"
#include "tools/tile-run/Kernel.h"
#include "tools/tile-run/Substitute.h"
#ifdef TILE_RUN_HAVE_GPU_COMPILER
#include "lib/Target/CompileCache.h"
#include "lib/Target/GpuCompile.h"
#include "tile-c/Compile.h"
#endif
#endif

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

#ifndef TILE_RUN_NO_COMPILER

/* A parsed .mlir kernel file. */
typedef struct {
  char *text; /* the substituted kernel file */
  size_t len;
  DiagSource diag;
  MlirContext ctx;
  MlirModule module;
  char kernel[256]; /* the kernel's name: --kernel's, or the only one's */
} KernelFile;

static void kernelFileFree(KernelFile *k) {
  if (!mlirModuleIsNull(k->module))
    mlirModuleDestroy(k->module);
  if (!mlirContextIsNull(k->ctx))
    mlirContextDestroy(k->ctx);
  free(k->text);
}

/* Reads, substitutes and parses the kernel file and reads the kernel's
 * signature into s->sig. Returns an exit code. */
static int kernelFileLoad(KernelFile *k, Session *s, const Options *o) {
  char err[1024];
  size_t rawLen;
  char *raw;
  if (tileReadFile(o->input, "kernel file", &raw, &rawLen, err, sizeof err))
    return sessionFail(err);
  /* Messages name stdin as mlir-opt's do. */
  const char *name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
  if (rawLen >= 8 && memcmp(raw, "TILEPKG", 8) == 0) {
    free(raw);
    return sessionFail("stdin holds a compiled package: tile-run reads "
                       "packages from files (give its path)");
  }
  if (tileCheckText(name, raw, rawLen, err, sizeof err)) {
    free(raw);
    return sessionFail(err);
  }
  k->text = substitute(raw, rawLen, o->defines, o->numDefines, name, true,
                       &k->len, err, sizeof err);
  free(raw);
  if (!k->text)
    return sessionFail(err);

  /* Every upstream dialect is registered (only the used ones load), so the
   * CPU lowering finds what it converts to. */
  k->ctx = mlirContextCreate();
  tileContextRegisterUpstream(k->ctx);
  k->diag = (DiagSource){name, k->text, k->len, 0};
  diagAttach(k->ctx, &k->diag);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(k->ctx)))
    return sessionFail("the embedded tile dialect failed to load");
  k->module = kernelParse(k->ctx, k->text, k->len, name);
  if (mlirModuleIsNull(k->module))
    return EXIT_BAD_INPUT;
  MlirOperation func;
  int found = kernelFind(k->module, o->kernel, name, &func, err, sizeof err);
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

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The CPU runs programs one after another: a grid of 2^32 ran for hours
 * without a word. Checked before any input is made. */
static int checkCpuPrograms(const Session *s, int64_t maxPrograms) {
  int64_t programs = 1;
  for (int d = 0; d < 3; ++d)
    programs = s->grid[d] > 0 && programs > INT64_MAX / s->grid[d]
                   ? INT64_MAX
                   : programs * s->grid[d];
  if (programs <= maxPrograms)
    return EXIT_OK;
  char err[512];
  snprintf(err, sizeof err,
           "grid %lldx%lldx%lld is %lld programs; the CPU runs at most "
           "%lld (--max-cpu-programs N raises it)",
           (long long)s->grid[0], (long long)s->grid[1],
           (long long)s->grid[2], (long long)programs,
           (long long)maxPrograms);
  return sessionFail(err);
}

enum { kProgressIntervalMs = 2000 };

static void reportProgress(int64_t done, int64_t total, double ms,
                           void *userData) {
  (void)userData;
  fprintf(stderr, "tile-run: %lld of %lld programs (%d%%), %.1f s\n",
          (long long)done, (long long)total, (int)(100.0 * done / total),
          ms / 1e3);
}

/* Long CPU runs report on stderr where someone watches it (a terminal) or
 * with --progress; TILE_PROGRESS_INTERVAL_MS sets the interval (tests use
 * 0: a report at every clock read). */
static bool progressSettings(const Options *o, TileCpuProgress *out) {
  if (!o->progress && !isatty(STDERR_FILENO))
    return false;
  *out = (TileCpuProgress){reportProgress, NULL, kProgressIntervalMs};
  const char *env = getenv("TILE_PROGRESS_INTERVAL_MS");
  if (env && *env) {
    char *end;
    long long ms = strtoll(env, &end, 10);
    if (*end || ms < 0)
      fprintf(stderr,
              "tile-run: TILE_PROGRESS_INTERVAL_MS='%s' is not a count of "
              "milliseconds; reporting every %d ms\n",
              env, kProgressIntervalMs);
    else
      out->intervalMs = (double)ms;
  }
  return true;
}

/* Runs the CPU kernel on `arrays` (one per memref argument, the scalars
 * from the session) and prints "@k on cpu...". Returns an exit code. */
static int cpuRun(TileCpuKernel *kernel, Session *s, TileHostArray *arrays,
                  const char *label, const Options *o) {
  char err[1024];
  TileArgValue *args = calloc((size_t)s->numSig + 1, sizeof *args);
  for (int i = 0; i < s->numSig; ++i)
    args[i] = (TileArgValue){s->sig[i].kind == TILE_ARG_MEMREF ? &arrays[i] : NULL,
                             s->values[i].i, s->values[i].f};
  TileCpuProgress progress;
  bool report = progressSettings(o, &progress);
  double start = seconds();
  int failed = tileCpuKernelRunWithProgress(
      kernel, args, s->grid, report ? &progress : NULL, err, sizeof err);
  double elapsed = seconds() - start;
  free(args);
  if (failed)
    return sessionFail(err);
  printf("@%s on cpu%s: grid %lldx%lldx%lld, %.3f ms\n", s->kernel, label,
         (long long)s->grid[0], (long long)s->grid[1], (long long)s->grid[2],
         elapsed * 1e3);
  return EXIT_OK;
}

/* A .mlir input's session: the grid, the module, the kernel's signature and
 * the arguments. EXIT_OK or the exit status; the caller frees both. */
static int openKernelFile(const Options *o, Session *s, KernelFile *k) {
  memset(s, 0, sizeof *s);
  s->kernel = o->kernel;
  /* A GPU compile indexes in 64 bits where an argument needs it, unless
   * --index-bits 32 says otherwise. */
  if (o->target == TARGET_CUDA && o->indexBits == 32)
    s->indexBits = 32;
  memset(k, 0, sizeof *k);
  int rc = sessionGrid(s, o);
  if (rc == EXIT_OK && (o->target == TARGET_CPU || o->checkCpu))
    rc = checkCpuPrograms(s, o->maxCpuPrograms);
  if (rc == EXIT_OK)
    rc = kernelFileLoad(k, s, o);
  if (rc == EXIT_OK)
    rc = sessionLoad(s, o);
  return rc;
}

/* The CPU reference of the kernel: EXIT_OK or the exit status. */
static int createCpuKernel(const KernelFile *k, const Options *o,
                           TileCpuKernel **kernel) {
  char err[1024];
  TileCpuOptions options = {o->assertsOff};
  if (tileCpuKernelCreateWithOptions(k->module, k->kernel, &options, kernel,
                                     err, sizeof err))
    return sessionFail(err);
  return EXIT_OK;
}

static int runCpu(const Options *o) {
  Session s;
  KernelFile k;
  TileCpuKernel *kernel = NULL;
  int rc = openKernelFile(o, &s, &k);
  if (rc == EXIT_OK)
    rc = createCpuKernel(&k, o, &kernel);
  if (rc == EXIT_OK) {
    TileHostArray *arrays = calloc((size_t)s.numSig + 1, sizeof *arrays);
    for (int i = 0; i < s.numSig; ++i)
      arrays[i] = s.values[i].array; /* shallow: runs in place */
    rc = cpuRun(kernel, &s, arrays, "", o);
    free(arrays);
  }
  if (rc == EXIT_OK)
    rc = sessionReport(&s, o);
  if (kernel)
    tileCpuKernelDestroy(kernel);
  sessionFree(&s, o);
  kernelFileFree(&k);
  return rc;
}

/* The package the GPU compiler makes of the kernel. */
static int compileForGpu(const KernelFile *k, const Session *s,
                         const Options *o, TileRuntimePackage **out) {
#ifdef TILE_RUN_HAVE_GPU_COMPILER
  char err[2048], msg[2600];
  TilePackage pkg;
  TilePackage *p = &pkg;
  memset(p, 0, sizeof *p);
  TileCacheReport cache;
  /* Without --num-warps the compiler takes the kernel's own choice; the
   * index width suits these arguments: 32 bits, the faster, unless one
   * has 2^31 elements or more. */
  int indexBits = o->indexBits     ? o->indexBits
                  : sessionNeedsIndex64(s) ? 64
                                           : 32;
  if (tileCompileKernelToPackage(k->module, k->kernel, o->chip,
                                 o->numWarpsGiven ? o->numWarps : 0,
                                 o->fastMath, indexBits, o->assertsOff,
                                 !o->noCache, &cache, p, err, sizeof err)) {
    snprintf(msg, sizeof msg, "compiling @%s for %s: %s", k->kernel, o->chip,
             err);
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
  free(bytes);
  return failed ? sessionFail(st.message) : EXIT_OK;
#else
  (void)k;
  (void)s;
  (void)out;
  char msg[512];
  snprintf(msg, sizeof msg,
           "--target cuda with a .mlir file needs the GPU compiler, which this "
           "build does not have yet; run a compiled package (%s is not one)",
           o->input);
  return sessionFail(msg);
#endif
}

static int runCudaKernelFile(const Options *o) {
  Session s;
  KernelFile k;
  TileRuntimePackage *p = NULL;
  TileCpuKernel *kernel = NULL;
  int rc = openKernelFile(o, &s, &k);
  if (rc == EXIT_OK)
    rc = compileForGpu(&k, &s, o, &p);
  /* The CPU reference is compiled and its inputs copied before the GPU
   * run changes the arguments. */
  if (rc == EXIT_OK && o->checkCpu) {
    rc = createCpuKernel(&k, o, &kernel);
    if (rc == EXIT_OK)
      rc = sessionCopyForCpu(&s);
  }
  if (rc == EXIT_OK)
    rc = gpuRun(&s, o, p);
  if (rc == EXIT_OK && o->checkCpu)
    rc = cpuRun(kernel, &s, s.cpu, " (--check-cpu)", o);
  if (rc == EXIT_OK)
    rc = sessionReport(&s, o);
  if (kernel)
    tileCpuKernelDestroy(kernel);
  tileRuntimePackageDestroy(p);
  sessionFree(&s, o);
  kernelFileFree(&k);
  return rc;
}
#endif

static int runPackage(const Options *o) {
  char err[1024];
  if (o->target != TARGET_CUDA) {
    snprintf(err, sizeof err,
             "%s is a compiled package: run it with --target cuda", o->input);
    return sessionFail(err);
  }
  if (o->checkCpu) {
    snprintf(err, sizeof err,
             "--check-cpu needs the kernel's .mlir file (the package %s has "
             "no CPU code)",
             o->input);
    return sessionFail(err);
  }
  if (o->assertsGiven) {
    snprintf(err, sizeof err,
             "--asserts applies when a .mlir kernel is compiled; the package "
             "%s was compiled already (tile-opt --tile-compile=asserts=%s)",
             o->input, o->assertsOff ? "off" : "on");
    return sessionFail(err);
  }
  Session s;
  memset(&s, 0, sizeof s);
  TileRuntimePackage *p;
  TileStatus st;
  int rc = sessionGrid(&s, o);
  if (rc != EXIT_OK)
    return rc;
  if (tileRuntimePackageLoadFile(o->input, &p, &st))
    return sessionFail(st.message);
  s.kernel = tileRuntimePackageKernelName(p);
  TileRuntimeResources res;
  tileRuntimePackageResources(p, &res);
  s.indexBits = res.indexBits == 32 ? 32 : 0;
  rc = gpuCheckPackage(o, p);
  if (rc == EXIT_OK) {
    sessionSignatureFromPackage(&s, p);
    rc = sessionLoad(&s, o);
  }
  if (rc == EXIT_OK)
    rc = gpuRun(&s, o, p);
  if (rc == EXIT_OK)
    rc = sessionReport(&s, o);
  sessionFree(&s, o);
  tileRuntimePackageDestroy(p);
  return rc;
}

static int run(const Options *o, bool isPackage) {
  if (isPackage)
    return runPackage(o);
#ifdef TILE_RUN_NO_COMPILER
  fprintf(stderr, "tile-run: running .mlir files needs the compiler build "
                  "(this tile-run was built with TILE_ENABLE_COMPILER=OFF); "
                  "it runs compiled packages (%s is not one)\n",
          o->input);
  return EXIT_BAD_INPUT;
#else
  return o->target == TARGET_CUDA ? runCudaKernelFile(o) : runCpu(o);
#endif
}

int main(int argc, char **argv) {
  /* Line-buffered so the summary and error lines keep their order. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  Options o;
  OptionsStatus status = optionsParse(&o, argc, argv);
  int rc = status == OPTIONS_EXIT_OK       ? EXIT_OK
           : status == OPTIONS_USAGE_ERROR ? EXIT_USAGE
                                           : -1;
  if (rc < 0) {
#ifdef TILE_RUN_HAVE_GPU_COMPILER
    tileSetProcessLlvmOptions(); /* this process owns LLVM's options */
#endif
    rc = run(&o, tilePackageFileIsPackage(o.input));
  }
  optionsFree(&o);
  return rc;
}
