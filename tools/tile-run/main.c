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
#include "lib/Runtime/Variants.h"
#include "tools/tile-run/GpuRun.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

#ifndef TILE_RUN_NO_COMPILER
#include "lib/Execution/CpuKernel.h"
#include "tools/tile-run/KernelFile.h"
#ifdef TILE_RUN_HAVE_GPU_COMPILER
#include "tile-c/Compile.h"
#include "tools/tile-run/Tune.h"
#endif
#endif

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

#ifndef TILE_RUN_NO_COMPILER

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

/* A .mlir input's session: the file, the grid, the module, the kernel's
 * signature and the arguments, with each tile.tune parameter no -D sets
 * at its first value (*base: o with those; the caller frees it, the
 * session and the file). EXIT_OK or the exit status. */
static int openKernelFile(const Options *o, Session *s, KernelFile *k,
                          TuneVariant *base) {
  memset(s, 0, sizeof *s);
  memset(base, 0, sizeof *base);
  s->kernel = o->kernel;
  /* A GPU compile indexes in 64 bits where an argument needs it, unless
   * --index-bits 32 says otherwise. */
  if (o->target == TARGET_CUDA && o->indexBits == 32)
    s->indexBits = 32;
  memset(k, 0, sizeof *k);
  int rc = kernelFileRead(k, o);
  if (rc == EXIT_OK)
    rc = tuneDefaults(o, k, base);
  const Options *with = &base->options;
  if (rc == EXIT_OK)
    rc = sessionGrid(s, with);
  if (rc == EXIT_OK && (o->target == TARGET_CPU || o->checkCpu))
    rc = checkCpuPrograms(s, o->maxCpuPrograms);
  if (rc == EXIT_OK)
    rc = kernelFileParse(k, s, with);
  if (rc == EXIT_OK)
    rc = tuneCheckSpace(o, k);
  if (rc == EXIT_OK)
    rc = sessionLoad(s, with);
  return rc;
}

/* The CPU reference of the kernel: EXIT_OK or the exit status. */
static int createCpuKernel(const KernelFile *k, const Options *o,
                           TileCpuKernel **kernel) {
  char err[1024];
  /* Of the compile options, the CPU reads split-loops, overlap-softmax
   * and cpu-jit (Options.c refused the others), set through the option
   * table; asserts comes from tile-run's own flag. */
  TileOptions parsed;
  tileOptionsInit(&parsed);
  for (size_t i = 0; i < o->numCompileOptions; ++i) {
    const char *kv = o->compileOptions[i];
    if (tileOptionsParse(&parsed, kv, strlen(kv),
                         "split-loops overlap-softmax cpu-jit", err,
                         sizeof err))
      return sessionFail(err);
  }
  TileCpuOptions options = tileCpuOptionsOf(&parsed);
  options.assertsOff = o->assertsOff;
  if (tileCpuKernelCreateWithOptions(k->module, k->kernel, &options, kernel,
                                     err, sizeof err))
    return sessionFail(err);
  return EXIT_OK;
}

static int runCpu(const Options *o) {
  Session s;
  KernelFile k;
  TuneVariant base;
  TileCpuKernel *kernel = NULL;
  int rc = openKernelFile(o, &s, &k, &base);
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
  tuneVariantFree(&base);
  return rc;
}

/* --save-variant / --save-default-variant: the package that ran, into
 * the variant file. */
static int saveVariant(const Session *s, const Options *o,
                       const TileRuntimePackage *p, const void *bytes,
                       size_t size) {
  TileRuntimeArg *args = sessionRuntimeArgs(s);
  if (!args)
    return sessionFail("out of memory");
  TileStrBuf key = tileStrBufInit();
  tileVariantShapeKey(p, args, s->numSig, &key);
  free(args);
  char err[1200];
  int rc = EXIT_OK;
  for (int which = 0; which < 2 && rc == EXIT_OK; ++which) {
    const char *path = which ? o->saveDefaultVariant : o->saveVariant;
    const char *k = which ? "" : tileStrBufCStr(&key);
    if (!path)
      continue;
    if (tileVariantsAdd(path, k, s->grid, bytes, size, err, sizeof err)) {
      rc = sessionFail(err);
      continue;
    }
    if (which)
      printf("saved the default variant to %s\n", path);
    else
      printf("saved the variant for '%s' (grid %lldx%lldx%lld) to %s\n", k,
             (long long)s->grid[0], (long long)s->grid[1],
             (long long)s->grid[2], path);
  }
  tileStrBufFree(&key);
  return rc;
}

static int runCudaKernelFile(const Options *o) {
  Session s;
  KernelFile k;
  TuneVariant base, chosen;
  memset(&chosen, 0, sizeof chosen);
  TileRuntimePackage *p = NULL;
  TileCpuKernel *kernel = NULL;
  int rc = openKernelFile(o, &s, &k, &base);
  /* The variant of the kernel's tuning space to run: timed now with
   * --tune, else the fastest the tuning cache knows, else the defaults. */
  if (rc == EXIT_OK)
    rc = tuneChoose(o, &k, &s, &chosen);
  const Options *run = &base.options;
  if (rc == EXIT_OK && chosen.settings.label[0]) {
    run = &chosen.options;
    rc = sessionGrid(&s, run);
    if (rc == EXIT_OK)
      rc = kernelFileParse(&k, &s, run);
  }
  void *bytes = NULL;
  size_t size = 0;
  bool save = o->saveVariant || o->saveDefaultVariant;
  if (rc == EXIT_OK)
    rc = kernelFileCompile(&k, &s, run, &p, save ? &bytes : NULL, &size);
  /* The CPU reference is compiled and its inputs copied before the GPU
   * run changes the arguments. */
  if (rc == EXIT_OK && o->checkCpu) {
    rc = createCpuKernel(&k, o, &kernel);
    if (rc == EXIT_OK)
      rc = sessionCopyForCpu(&s);
  }
  if (rc == EXIT_OK)
    rc = gpuRun(&s, run, p);
  if (rc == EXIT_OK && o->checkCpu)
    rc = cpuRun(kernel, &s, s.cpu, " (--check-cpu)", o);
  if (rc == EXIT_OK)
    rc = sessionReport(&s, o);
  if (rc == EXIT_OK && save)
    rc = saveVariant(&s, o, p, bytes, size);
  free(bytes);
  if (kernel)
    tileCpuKernelDestroy(kernel);
  tileRuntimePackageDestroy(p);
  sessionFree(&s, o);
  kernelFileFree(&k);
  tuneVariantFree(&base);
  tuneVariantFree(&chosen);
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
  if (o->tune || o->numCompileOptions) {
    snprintf(err, sizeof err,
             "%s applies when a .mlir kernel is compiled; the package %s was "
             "compiled already",
             o->tune ? "--tune" : "--option", o->input);
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

/* A variant file: the variant for these arguments (the one tuned for
 * their shapes, with its grid, else the default with --grid). */
static int runVariants(const Options *o) {
  char err[1400];
  if (o->target != TARGET_CUDA || o->checkCpu || o->assertsGiven ||
      o->tune || o->numCompileOptions || o->saveVariant ||
      o->saveDefaultVariant) {
    snprintf(err, sizeof err,
             "%s is a variant file of compiled packages: run it with "
             "--target cuda, without --check-cpu, --asserts, --tune, "
             "--option or --save-variant",
             o->input);
    return sessionFail(err);
  }
  TileRuntimeVariants *v;
  TileStatus st;
  if (tileRuntimeVariantsLoadFile(o->input, &v, &st))
    return sessionFail(st.message);
  const TileRuntimePackage *first = tileRuntimeVariantsPackage(v, 0);
  Session s;
  memset(&s, 0, sizeof s);
  s.kernel = tileRuntimePackageKernelName(first);
  TileRuntimeResources res;
  tileRuntimePackageResources(first, &res);
  s.indexBits = res.indexBits == 32 ? 32 : 0;
  int rc = gpuCheckPackage(o, first);
  if (rc == EXIT_OK) {
    sessionSignatureFromPackage(&s, first);
    rc = sessionLoad(&s, o);
  }
  int index = -1;
  TileRuntimeArg *args = rc == EXIT_OK ? sessionRuntimeArgs(&s) : NULL;
  if (rc == EXIT_OK &&
      (!args || tileRuntimeVariantsPick(v, args, s.numSig, &index, &st)))
    rc = sessionFail(args ? st.message : "out of memory");
  free(args);
  if (rc == EXIT_OK) {
    int64_t tuned[3];
    tileRuntimeVariantsGrid(v, index, tuned);
    const char *key = tileRuntimeVariantsKey(v, index);
    if (o->grid)
      rc = sessionGrid(&s, o);
    else if (!key[0])
      rc = sessionFail("the default variant takes the grid: give --grid");
    else
      memcpy(s.grid, tuned, sizeof s.grid);
    if (rc == EXIT_OK && key[0] && memcmp(s.grid, tuned, sizeof tuned)) {
      snprintf(err, sizeof err,
               "--grid %lldx%lldx%lld: the variant for '%.900s' was tuned "
               "with grid %lldx%lldx%lld (leave --grid out to take it)",
               (long long)s.grid[0], (long long)s.grid[1],
               (long long)s.grid[2], key, (long long)tuned[0],
               (long long)tuned[1], (long long)tuned[2]);
      rc = sessionFail(err);
    }
    if (rc == EXIT_OK) {
      if (key[0])
        printf("variant %d of %d: tuned for '%s'\n", index + 1,
               tileRuntimeVariantsCount(v), key);
      else
        printf("variant %d of %d: the default\n", index + 1,
               tileRuntimeVariantsCount(v));
      rc = gpuRun(&s, o, tileRuntimeVariantsPackage(v, index));
    }
  }
  if (rc == EXIT_OK)
    rc = sessionReport(&s, o);
  sessionFree(&s, o);
  tileRuntimeVariantsDestroy(v);
  return rc;
}

static int run(const Options *o, bool isPackage) {
  if (isPackage)
    return runPackage(o);
  if (tileVariantsFileIs(o->input))
    return runVariants(o);
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
