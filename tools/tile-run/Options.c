/* tile-run's command line; see Options.h. */
#define _POSIX_C_SOURCE 200809L /* isatty */
#include "tools/tile-run/Options.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/Tooling/Args.h"
#include "lib/Runtime/Variants.h"
#include "lib/Support/Substitute.h"

static void printHelp(void) {
  printf(
      "OVERVIEW: tile-run: run a tile kernel and check its results\n\n"
      "USAGE: tile-run [FILE.mlir] [--kernel NAME] --grid X[,Y[,Z]] [--target cpu|cuda]\n"
      "                --arg SPEC ... [--out INDEX=PATH.npy ...] [--check INDEX=PATH.npy[:RTOL] ...]\n"
      "       tile-run FILE.tpkg --target cuda --grid X[,Y[,Z]] --arg SPEC ... [--bench]\n"
      "       (no FILE.mlir or '-': the kernel file from stdin; packages are read from files)\n\n"
      "OPTIONS:\n"
      "  --kernel <name>            The kernel to run (a func.func with tile.kernel);\n"
      "                             optional for a file of one kernel and a package\n"
      "  --grid <x[,y[,z]]>         Programs per axis; each an integer expression with\n"
      "                             + - * / (integer division), parentheses, cdiv(a,b)\n"
      "                             and -D names, e.g. 'cdiv(N,1024),2'\n"
      "  --target <cpu|cuda>        Where to run (default cpu). cuda runs a compiled\n"
      "                             package (.tpkg) or compiles the .mlir kernel first\n"
      "  --arg <spec>               One per kernel argument, in order:\n"
      "                               memref:  npy:PATH (shape and dtype from the file),\n"
      "                                        randn:SHAPExDTYPE[:seed=N], rand:..., zeros:...,\n"
      "                                        ones:..., iota:...  e.g. randn:4096x64xf16:seed=1\n"
      "                               scalar:  the value, e.g. 4096, -1, 0.5, inf, true\n"
      "  --out <i=path.npy>         After the run, write memref argument i (0-based) as .npy\n"
      "                             (bf16 is written as raw uint16 bit patterns, f8e4m3\n"
      "                             and f8e5m2 as raw uint8)\n"
      "  --check <i=path.npy[:rtol[:atol]]> After the run, compare memref argument i with\n"
      "                             the file: |actual - expected| <= atol + rtol*|expected|,\n"
      "                             atol = rtol unless given;\n"
      "                             default rtol 1e-5 (f32, f64), 1e-2 (f16, bf16),\n"
      "                             0.125 (f8e4m3), 0.25 (f8e5m2), 0 (ints, bool)\n"
      "  --asserts <on|off>         Compile tile.assert (on, the default) or erase it\n"
      "                             before lowering (off: it costs nothing), for\n"
      "                             either target; a package keeps how it was compiled\n"
      "  --chip <sm_NN[a]>          cuda: the chip to compile for (default sm_90a)\n"
      "  --num-warps <n>            cuda: warps per program when compiling (default:\n"
      "                             the kernel's tile.num_warps, else 4)\n"
      "  --fast-math                cuda: compile with fast-math=true (afn on every float\n"
      "                             op: the hardware's approximations; docs/numerics.md)\n"
      "  --index-bits <32|64>       cuda: the width of a .mlir kernel's index arithmetic\n"
      "                             (default: 64 when an argument has 2^31 or more\n"
      "                             elements, else 32)\n"
      "  --no-cache                 cuda: compile a .mlir kernel without the compile\n"
      "                             cache, and neither read nor write tuning results\n"
      "                             (docs/tile-opt.md; TILE_NO_CACHE=1 as well)\n"
      "  --option <key=value>       cuda: a compile option for a .mlir kernel, any of\n"
      "                             tile-opt --tile-compile's (num-stages=4,\n"
      "                             warp-specialize=true, mma=sync, ...); repeatable;\n"
      "                             cpu: split-loops=true|false,\n"
      "                             overlap-softmax=auto|true|false and\n"
      "                             cpu-jit=fast|optimized|unoptimized only\n"
      "  --tune                     cuda, .mlir file: compile every candidate of the\n"
      "                             kernel's tuning space (its // tile.tune lines, or\n"
      "                             the default space of compile options), time each\n"
      "                             with its outputs checked, print the table and run\n"
      "                             the fastest; timings are kept in the tuning cache,\n"
      "                             which later runs (with or without --tune) reuse\n"
      "  --retune                   cuda: --tune, timing again what the cache holds\n"
      "  --save-variant <file>      cuda, .mlir file: after the run, add the package\n"
      "                             that ran to the variant file (created when\n"
      "                             missing) as the variant for these shapes and grid\n"
      "  --save-default-variant <file>  the same, as the file's default variant\n"
      "                             (for other shapes; it takes the caller's grid)\n"
      "  --device <n>               cuda: run on GPU n, counted as the driver sees them\n"
      "                             (after CUDA_VISIBLE_DEVICES; default 0)\n"
      "  --entry <auto|aligned|generic> cuda: the package's entry to launch: the\n"
      "                             aligned one (TMA copies; an error where the\n"
      "                             arguments do not allow it), the generic one, or\n"
      "                             auto (the default: aligned where they allow it)\n"
      "  --bench                    cuda: after the checked run, time more launches with\n"
      "                             CUDA events: median/min/max us, GB/s, TFLOP/s\n"
      "  --warmup <n>               cuda --bench: untimed launches first (default 10)\n"
      "  --iters <n>                cuda --bench: timed launches (default 100)\n"
      "  --max-cpu-programs <n>     Refuse CPU runs of more programs than n (default\n"
      "                             16777216: the CPU runs them one at a time)\n"
      "  --max-arg-bytes <n>        Refuse an --arg array of more than n bytes (suffix\n"
      "                             K, M, G or T: powers of 1024; default: the host's\n"
      "                             memory), checked before any input is generated or read\n"
      "  --progress                 Report long CPU runs on stderr every 2 s even when\n"
      "                             stderr is not a terminal (on a terminal they are)\n"
      "  --check-cpu[=rtol]         cuda, .mlir file: also run the kernel on the CPU on\n"
      "                             the same inputs and compare every memref argument\n"
      "  -D <name=value>            Replace ${name} in the kernel file, the grid and the\n"
      "                             --arg specs; names also stand alone in --grid\n"
      "  --help                     Show this help\n"
      "  --version                  Show the version\n\n"
      "After the run tile-run prints one line per memref argument written or\n"
      "checked (dtype, shape, min, max, mean). Exit status: 0 success, 1 bad\n"
      "input or failed check, 2 usage error.\n");
}

OptionsStatus optionsUsageError(const char *message) {
  fprintf(stderr, "tile-run: %s (see tile-run --help)\n", message);
  return OPTIONS_USAGE_ERROR;
}

/* A count for --num-warps, --warmup, --iters: decimal, lo..hi. */
/* Whether a --option is one only a GPU compile reads: the CPU takes
 * split-loops, overlap-softmax and cpu-jit alone (their values are
 * checked where the options are). */
static bool cudaOnlyOption(const Options *o) {
  for (size_t i = 0; i < o->numCompileOptions; ++i)
    if (strncmp(o->compileOptions[i], "split-loops=", 12) != 0 &&
        strncmp(o->compileOptions[i], "overlap-softmax=", 16) != 0 &&
        strncmp(o->compileOptions[i], "cpu-jit=", 8) != 0)
      return true;
  return false;
}

static bool parseCount(const char *s, long lo, long hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi)
    return false;
  *out = (int)v;
  return true;
}

static OptionsStatus usage(const char *fmt, const char *arg) {
  fprintf(stderr, "tile-run: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, " (see tile-run --help)\n");
  return OPTIONS_USAGE_ERROR;
}

static const char *lastColon(const char *s, size_t len) {
  for (size_t i = len; i-- > 0;)
    if (s[i] == ':')
      return s + i;
  return NULL;
}

/* Parses "INDEX=PATH" and, for --check, optional ":RTOL" and ":RTOL:ATOL"
 * suffixes. */
static bool parseOutput(const char *flag, const char *value, bool withRtol,
                        OutputSpec *out, bool *badTolerance) {
  *badTolerance = false;
  const char *eq = strchr(value, '=');
  if (!eq || eq == value || !eq[1])
    return false;
  char *end;
  long index = strtol(value, &end, 10);
  if (end != eq || index < 0)
    return false;
  const char *path = eq + 1;
  size_t pathLen = strlen(path);
  /* Up to two trailing fields that read as numbers, last first: each must
   * be a finite tolerance >= 0 (inf would make a check that cannot fail);
   * other text is part of the path. */
  double tol[2];
  int numTol = 0;
  while (withRtol && numTol < 2) {
    const char *colon = lastColon(path, pathLen);
    size_t len = colon ? (size_t)(path + pathLen - (colon + 1)) : 0;
    char text[64];
    if (len == 0 || len >= sizeof text)
      break;
    memcpy(text, colon + 1, len);
    text[len] = '\0';
    double r = strtod(text, &end);
    if (end == text)
      break;
    if (*end != '\0' || !isfinite(r) || r < 0) {
      *badTolerance = true;
      return false;
    }
    tol[numTol++] = r;
    pathLen = (size_t)(colon - path);
  }
  if (pathLen == 0)
    return false;
  out->flag = flag;
  out->index = index;
  out->path = malloc(pathLen + 1);
  memcpy(out->path, path, pathLen);
  out->path[pathLen] = '\0';
  out->rtol = numTol == 2 ? tol[1] : numTol == 1 ? tol[0] : -1;
  out->atol = numTol == 2 ? tol[0] : -1;
  return true;
}

OptionsStatus optionsParse(Options *o, int argc, char **argv) {
  memset(o, 0, sizeof *o);
  size_t n = (size_t)(argc > 0 ? argc : 1);
  o->args = calloc(n, sizeof *o->args);
  o->outs = calloc(n, sizeof *o->outs);
  o->checks = calloc(n, sizeof *o->checks);
  o->defines = calloc(n, sizeof *o->defines);
  o->compileOptions = calloc(n, sizeof *o->compileOptions);
  const char *target = "cpu";
  o->chip = "sm_90a";
  o->numWarps = 4;
  o->maxCpuPrograms = 1 << 24;
  o->maxArgBytes = 0; /* the host's memory (Session.c) */
  o->warmup = 10;
  o->iters = 100;
  o->checkCpuRtol = -1;
  bool benchCounts = false;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char *value = NULL;
    bool missing = false;
    /* Both -flag and --flag, as LLVM tools accept; -D stays one dash. */
    if (arg[0] == '-' && arg[1] == '-' && arg[2] != '\0')
      ++arg;
    if (strcmp(arg, "-help") == 0 || strcmp(arg, "-h") == 0) {
      printHelp();
      return OPTIONS_EXIT_OK;
    }
    if (strcmp(arg, "-version") == 0) {
      printf("tile-run %s (tile dialect v1 and v2)\n", TILE_VERSION);
      return OPTIONS_EXIT_OK;
    }
    if (strncmp(arg, "-D", 2) == 0) {
      value = arg[2] ? arg + 2 : (i + 1 < argc ? argv[++i] : NULL);
      if (!value)
        return usage("option '%s' needs NAME=VALUE", argv[i]);
      const char *eq = strchr(value, '=');
      size_t len = eq ? (size_t)(eq - value) : 0;
      if (!eq || !tileIsName(value, len))
        return usage("-D '%s': expected NAME=VALUE with NAME of letters, digits and '_'",
                     value);
      /* The name must be NUL-terminated for lookups: copy it. */
      char *name = malloc(len + 1);
      memcpy(name, value, len);
      name[len] = '\0';
      o->defines[o->numDefines++] = (Define){name, eq + 1};
    } else if (tileFlagValue(arg, "-kernel", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a kernel name", argv[i]);
      o->kernel = value;
    } else if (tileFlagValue(arg, "-grid", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs X[,Y[,Z]]", argv[i]);
      o->grid = value;
    } else if (tileFlagValue(arg, "-target", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs cpu or cuda", argv[i]);
      target = value;
    } else if (tileFlagValue(arg, "-arg", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a SPEC", argv[i]);
      o->args[o->numArgs++] = value;
    } else if (tileFlagValue(arg, "-out", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs INDEX=PATH.npy", argv[i]);
      bool badTolerance;
      if (!parseOutput(value, value, false, &o->outs[o->numOuts],
                       &badTolerance))
        return usage("--out '%s': expected INDEX=PATH.npy", value);
      ++o->numOuts;
    } else if (tileFlagValue(arg, "-check", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs INDEX=PATH.npy[:RTOL[:ATOL]]",
                     argv[i]);
      bool badTolerance;
      if (!parseOutput(value, value, true, &o->checks[o->numChecks],
                       &badTolerance))
        return usage(badTolerance ? "--check '%s': a tolerance after a "
                                    "':' must be a finite number >= 0"
                                  : "--check '%s': expected "
                                    "INDEX=PATH.npy[:RTOL[:ATOL]]",
                     value);
      ++o->numChecks;
    } else if (tileFlagValue(arg, "-asserts", &i, argc, argv, &value,
                             &missing)) {
      /* The values of the compile option asserts= (StripAsserts.h; this
       * file also builds without the compiler). */
      if (missing || (strcmp(value, "on") != 0 && strcmp(value, "off") != 0))
        return usage("--asserts '%s': expected on or off",
                     missing ? "" : value);
      o->assertsOff = value[1] == 'f';
      o->assertsGiven = true;
    } else if (tileFlagValue(arg, "-chip", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a chip such as sm_90a", argv[i]);
      o->chip = value;
      o->chipGiven = true;
    } else if (tileFlagValue(arg, "-num-warps", &i, argc, argv, &value, &missing)) {
      if (missing || !parseCount(value, 1, 32, &o->numWarps) ||
          (o->numWarps & (o->numWarps - 1)))
        return usage("--num-warps '%s': expected a power of two from 1 to 32",
                     missing ? "" : value);
      o->numWarpsGiven = true;
    } else if (tileFlagValue(arg, "-index-bits", &i, argc, argv, &value,
                             &missing)) {
      if (missing || (strcmp(value, "32") != 0 && strcmp(value, "64") != 0))
        return usage("--index-bits '%s': expected 32 or 64",
                     missing ? "" : value);
      o->indexBits = value[0] == '3' ? 32 : 64;
    } else if (tileFlagValue(arg, "-device", &i, argc, argv, &value, &missing)) {
      if (missing || !parseCount(value, 0, 1023, &o->device))
        return usage("--device '%s': expected a GPU index from 0",
                     missing ? "" : value);
      o->deviceGiven = true;
    } else if (tileFlagValue(arg, "-entry", &i, argc, argv, &value, &missing)) {
      if (missing || (strcmp(value, "auto") != 0 &&
                      strcmp(value, "aligned") != 0 &&
                      strcmp(value, "generic") != 0))
        return usage("--entry '%s': expected auto, aligned or generic",
                     missing ? "" : value);
      o->entry = value[0] == 'a' && value[1] == 'l' ? TILE_RUNTIME_ENTRY_ALIGNED
                 : value[0] == 'g'                  ? TILE_RUNTIME_ENTRY_GENERIC
                                                    : TILE_RUNTIME_ENTRY_AUTO;
      o->entryGiven = true;
    } else if (tileFlagValue(arg, "-max-cpu-programs", &i, argc, argv, &value,
                             &missing)) {
      char *end = NULL;
      long long v = missing ? 0 : strtoll(value, &end, 10);
      if (missing || !*value || *end || v < 1)
        return usage("--max-cpu-programs '%s': expected a count of at least 1",
                     missing ? "" : value);
      o->maxCpuPrograms = v;
    } else if (tileFlagValue(arg, "-max-arg-bytes", &i, argc, argv, &value,
                             &missing)) {
      if (missing || !tileParseBytes(value, &o->maxArgBytes))
        return usage("--max-arg-bytes '%s': expected a byte count of at least "
                     "1, e.g. 4096, 512M or 32G",
                     missing ? "" : value);
    } else if (tileFlagValue(arg, "-option", &i, argc, argv, &value,
                             &missing)) {
      const char *eq = missing ? NULL : strchr(value, '=');
      if (!eq || eq == value || !eq[1])
        return usage("--option '%s': expected KEY=VALUE, a compile option "
                     "such as num-stages=4",
                     missing ? "" : value);
      /* The options the CPU reads too are checked here, for both. */
      if (strncmp(value, "split-loops=", 12) == 0 &&
          strcmp(value + 12, "true") != 0 && strcmp(value + 12, "false") != 0)
        return usage("--option '%s': split-loops wants true or false", value);
      if (strncmp(value, "overlap-softmax=", 16) == 0 &&
          strcmp(value + 16, "auto") != 0 && strcmp(value + 16, "true") != 0 &&
          strcmp(value + 16, "false") != 0)
        return usage("--option '%s': overlap-softmax wants auto, true or false",
                     value);
      o->compileOptions[o->numCompileOptions++] = value;
    } else if (tileFlagValue(arg, "-save-variant", &i, argc, argv, &value,
                             &missing)) {
      if (missing)
        return usage("option '%s' needs a file", argv[i]);
      o->saveVariant = value;
    } else if (tileFlagValue(arg, "-save-default-variant", &i, argc, argv,
                             &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a file", argv[i]);
      o->saveDefaultVariant = value;
    } else if (strcmp(arg, "-tune") == 0) {
      o->tune = true;
    } else if (strcmp(arg, "-retune") == 0) {
      o->tune = o->retune = true;
    } else if (strcmp(arg, "-progress") == 0) {
      o->progress = true;
    } else if (strcmp(arg, "-fast-math") == 0) {
      o->fastMath = true;
    } else if (strcmp(arg, "-no-cache") == 0) {
      o->noCache = true;
    } else if (strcmp(arg, "-bench") == 0) {
      o->bench = true;
    } else if (tileFlagValue(arg, "-warmup", &i, argc, argv, &value, &missing)) {
      if (missing || !parseCount(value, 0, 1000000, &o->warmup))
        return usage("--warmup '%s': expected a count from 0 to 1000000",
                     missing ? "" : value);
      benchCounts = true;
    } else if (tileFlagValue(arg, "-iters", &i, argc, argv, &value, &missing)) {
      if (missing || !parseCount(value, 1, 1000000, &o->iters))
        return usage("--iters '%s': expected a count from 1 to 1000000",
                     missing ? "" : value);
      benchCounts = true;
    } else if (strcmp(arg, "-check-cpu") == 0) {
      o->checkCpu = true;
    } else if (strncmp(arg, "-check-cpu=", 11) == 0) {
      char *end;
      o->checkCpuRtol = strtod(arg + 11, &end);
      if (!arg[11] || *end || !(o->checkCpuRtol >= 0))
        return usage("--check-cpu '%s': expected a tolerance >= 0", arg + 11);
      o->checkCpu = true;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      return usage("unknown option '%s'", argv[i]);
    } else if (o->input) {
      return usage("more than one kernel file ('%s')", arg);
    } else {
      o->input = arg;
    }
  }
  if (strcmp(target, "cpu") == 0)
    o->target = TARGET_CPU;
  else if (strcmp(target, "cuda") == 0)
    o->target = TARGET_CUDA;
  else
    return usage("unknown target '%s' (expected cpu or cuda)", target);
  /* No file reads stdin, as mlir-opt and mlir-runner do; but not a
   * terminal, where the user forgot the file rather than piped one. */
  if (!o->input && isatty(STDIN_FILENO))
    return usage("no kernel file given (stdin is a terminal)%s", "");
  if (!o->input)
    o->input = "-";
  if (o->target != TARGET_CUDA) {
    const char *cudaOnly = o->bench ? "--bench" : o->checkCpu ? "--check-cpu"
                           : o->chipGiven    ? "--chip"
                           : o->numWarpsGiven ? "--num-warps"
                           : o->fastMath      ? "--fast-math"
                           : o->indexBits     ? "--index-bits"
                           : o->noCache       ? "--no-cache"
                           : cudaOnlyOption(o) ? "--option"
                           : o->retune        ? "--retune"
                           : o->saveVariant   ? "--save-variant"
                           : o->saveDefaultVariant ? "--save-default-variant"
                           : o->tune          ? "--tune"
                           : o->deviceGiven   ? "--device"
                           : o->entryGiven    ? "--entry"
                           : benchCounts     ? "--warmup/--iters"
                                             : NULL;
    if (cudaOnly)
      return usage("%s needs --target cuda", cudaOnly);
  }
  if (benchCounts && !o->bench && !o->tune)
    return usage("--warmup and --iters need --bench or --tune%s", "");
  /* A variant file may carry the grid (the tuned variant's). */
  if (!o->grid && !tileVariantsFileIs(o->input))
    return usage("no --grid given%s", "");
  return OPTIONS_OK;
}

void optionsFree(Options *o) {
  for (size_t i = 0; i < o->numOuts; ++i)
    free(o->outs[i].path);
  for (size_t i = 0; i < o->numChecks; ++i)
    free(o->checks[i].path);
  for (size_t i = 0; i < o->numDefines; ++i)
    free((char *)o->defines[i].name);
  free(o->args);
  free(o->outs);
  free(o->checks);
  free(o->defines);
  free(o->compileOptions);
  memset(o, 0, sizeof *o);
}
