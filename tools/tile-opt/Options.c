/* tile-opt's command line; see Options.h. */
#include "tools/tile-opt/Options.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/Tooling/Args.h"
#include "lib/Transforms/Options.h"
#include "lib/Passes/PassDef.h"
#include "tile-c/Dialect.h"
#include "tile-c/Passes.h"

static void printPass(const char *name, const char *description, void *u) {
  (void)u;
  printf("    %-22s %s\n", name, description);
  const TilePassDef *def = tilePassFind(name);
  if (def && def->optionKeys[0])
    printf("    %-22s options: %s\n", "", def->optionKeys);
}

static void printOption(const char *usage, const char *help, void *u) {
  (void)u;
  printf("    %-22s %s\n", usage, help);
}

static void printHelp(void) {
  printf(
      "OVERVIEW: tile-opt: run tile and MLIR passes on .mlir files\n\n"
      "USAGE: tile-opt [options] [input file]   (no file or '-': stdin)\n\n"
      "OPTIONS:\n"
      "  -o <file>                      Output file (default '-': stdout)\n"
      "  --pass-pipeline=<pipeline>     Pass pipeline in MLIR syntax, e.g.\n"
      "                                 'builtin.module(func.func(tile-canonicalize),canonicalize,cse)';\n"
      "                                 tile-* names are tile passes, the rest upstream MLIR passes\n"
      "  -p <pipeline>                  Same as --pass-pipeline\n"
      "  --split-input-file[=<marker>]  Process each '// -----'-separated chunk on its own\n"
      "  --verify-diagnostics           Check diagnostics against 'expected-error {{...}}' comments\n"
      "  --mlir-print-ir-after-all      Print the IR after every pass, --tile-compile's too (stderr)\n"
      "  --mlir-print-ir-before-all     Print the IR before every pass, --tile-compile's too (stderr)\n"
      "  --mlir-timing                  Report time spent in each pass (stderr)\n"
      "  --mlir-print-op-generic        Print every op in the generic form\n"
      "  --mlir-print-debuginfo         Print locations\n"
      "  --mlir-disable-threading       Run passes on one thread\n"
      "  --allow-unregistered-dialect   Accept ops of dialects nobody registered (kept as they are)\n"
      "  --show-dialects                List the registered dialects and exit\n"
      "  --tile-compile[=<options>]     Compile the kernel for an NVIDIA GPU; options\n"
      "                                 (key=value ...): OPTIONS OF --tile-compile below\n"
      "  --emit=<what>                  With --tile-compile: mlir (after tile-to-gpu), llvm,\n"
      "                                 ptx, cubin, package (default ptx), or C source:\n"
      "                                 c (over tile's runtime library) or c-driver (over the\n"
      "                                 CUDA driver alone); -o DIR/NAME.c also writes DIR/NAME.h\n"
      "  --chip=<sm_NN[a]>              With --emit=c or c-driver: a variant for this chip\n"
      "                                 (repeat for several; default: --tile-compile's chip)\n"
      "  --variants=<file.tvar>         With --emit=c or c-driver: add the tuned variants of a\n"
      "                                 file of tile-run --save-variant (repeatable)\n"
      "  --kernel=<name>                With --tile-compile: the kernel to compile (default: the only one);\n"
      "                                 with --emit=c or c-driver repeatable, one pair for them all\n"
      "  --no-cache                     With --tile-compile: neither read nor write the compile cache\n"
      "                                 ($TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile or ~/.cache/tile)\n"
      "  --help                         Show this help\n"
      "  --version                      Show the version\n\n"
      "The input is verified after parsing (MLIR and tile rules) and after\n"
      "every tile pass. Exit status: 0 success, 1 bad input or failed\n"
      "pipeline, 2 usage error.\n\n"
      "A PTX, cubin or package output compiled before from the same kernel\n"
      "IR, options, toolkit and build of tile is read back from the compile\n"
      "cache. TILE_NO_CACHE=1 turns it off; TILE_CACHE_VERBOSE=1 prints\n"
      "what it did (stderr).\n\n"
      "TILE PASSES:\n");
  tileForEachPass(printPass, NULL);
  printf("\nOPTIONS OF --tile-compile (a tile pass takes those it lists, as\n"
         "tile-pipeline{num-stages=4}):\n");
  tileForEachOption(printOption, NULL);
}

static OptionsStatus usage(const char *fmt, const char *arg) {
  fprintf(stderr, "tile-opt: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see tile-opt --help)\n");
  return OPTIONS_USAGE_ERROR;
}

OptionsStatus optionsParse(Options *o, int argc, char **argv) {
  memset(o, 0, sizeof *o);
  o->input = NULL;
  o->output = "-";
  o->splitMarker = "// -----";
  static const struct {
    const char *name;
    size_t offset;
  } bools[] = {
      {"-verify-diagnostics", offsetof(Options, verifyDiagnostics)},
      {"-mlir-print-ir-after-all", offsetof(Options, printAfterAll)},
      {"-mlir-print-ir-before-all", offsetof(Options, printBeforeAll)},
      {"-mlir-timing", offsetof(Options, timing)},
      {"-mlir-print-op-generic", offsetof(Options, generic)},
      {"-mlir-print-debuginfo", offsetof(Options, debugInfo)},
      {"-mlir-disable-threading", offsetof(Options, disableThreading)},
      {"-allow-unregistered-dialect", offsetof(Options, allowUnregistered)},
      {"-show-dialects", offsetof(Options, showDialects)},
      {"-no-cache", offsetof(Options, noCache)},
  };
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char *value = NULL;
    bool missing = false, known = false;
    /* Accept both -flag and --flag spellings, as LLVM tools do: "--flag" is
     * matched as "-flag". Values keep pointing into argv. */
    if (arg[0] == '-' && arg[1] == '-' && arg[2] != '\0')
      ++arg;
    if (strcmp(arg, "-help") == 0 || strcmp(arg, "-h") == 0) {
      printHelp();
      return OPTIONS_EXIT_OK;
    }
    if (strcmp(arg, "-version") == 0) {
      printf("tile-opt %s (tile dialect v1 and v2, MLIR %d)\n", tileVersion(), 22);
      return OPTIONS_EXIT_OK;
    }
    for (size_t b = 0; b < sizeof bools / sizeof bools[0]; ++b)
      if (strcmp(arg, bools[b].name) == 0) {
        *(bool *)((char *)o + bools[b].offset) = true;
        known = true;
      }
    if (known)
      continue;
    if (strcmp(arg, "-tile-compile") == 0) {
      o->tileCompile = "";
    } else if (strncmp(arg, "-tile-compile=", 14) == 0) {
      o->tileCompile = arg + 14;
    } else if (tileFlagValue(arg, "-emit", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs mlir, llvm, ptx, cubin, package, c "
                     "or c-driver",
                     argv[i]);
      const char *kinds[] = {"mlir",    "llvm", "ptx",     "cubin",
                             "package", "c",    "c-driver"};
      bool known = false;
      for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k)
        known = known || strcmp(value, kinds[k]) == 0;
      if (!known)
        return usage("--emit=%s: expected mlir, llvm, ptx, cubin, package, "
                     "c or c-driver",
                     value);
      o->emit = value;
    } else if (tileFlagValue(arg, "-chip", &i, argc, argv, &value, &missing)) {
      if (missing || o->numChips == TILE_OPT_MAX_LIST)
        return usage("option '%s' needs a chip (at most 16 of them)", argv[i]);
      o->chips[o->numChips++] = value;
    } else if (tileFlagValue(arg, "-variants", &i, argc, argv, &value,
                             &missing)) {
      if (missing || o->numVariantFiles == TILE_OPT_MAX_LIST)
        return usage("option '%s' needs a .tvar file (at most 16 of them)",
                     argv[i]);
      o->variantFiles[o->numVariantFiles++] = value;
    } else if (tileFlagValue(arg, "-kernel", &i, argc, argv, &value, &missing)) {
      if (missing || o->numKernels == TILE_OPT_MAX_LIST)
        return usage("option '%s' needs a kernel name (at most 16 of them)",
                     argv[i]);
      for (int k = 0; k < o->numKernels; ++k)
        if (strcmp(o->kernels[k], value) == 0)
          return usage("--kernel=%s is given twice", value);
      o->kernels[o->numKernels++] = value;
      o->kernel = o->kernels[0];
    } else if (strcmp(arg, "-split-input-file") == 0) {
      o->split = true;
    } else if (strncmp(arg, "-split-input-file=", 18) == 0) {
      o->split = true;
      o->splitMarker = arg + 18;
      if (!*o->splitMarker)
        return usage("%s: empty split marker", argv[i]);
    } else if (tileFlagValue(arg, "-o", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a file name", argv[i]);
      o->output = value;
    } else if (tileFlagValue(arg, "-pass-pipeline", &i, argc, argv, &value,
                         &missing) ||
               tileFlagValue(arg, "-p", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a pipeline", argv[i]);
      o->pipeline = value;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      return usage("unknown option '%s'", argv[i]);
    } else if (o->input) {
      return usage("more than one input file ('%s')", arg);
    } else {
      o->input = arg;
    }
  }
  if (!o->input)
    o->input = "-";
  if ((o->emit || o->kernel) && !o->tileCompile)
    return usage("%s needs --tile-compile", o->emit ? "--emit" : "--kernel");
  if (o->tileCompile && !o->emit)
    o->emit = "ptx";
  bool toC = o->emit && (strcmp(o->emit, "c") == 0 ||
                         strcmp(o->emit, "c-driver") == 0);
  if ((o->numChips || o->numVariantFiles) && !toC)
    return usage("%s needs --emit=c or --emit=c-driver",
                 o->numChips ? "--chip" : "--variants");
  /* Only a .c/.h pair holds several kernels. */
  if (o->numKernels > 1 && !toC)
    return usage("--emit=%s compiles one kernel: several --kernel need "
                 "--emit=c or --emit=c-driver (one .c/.h pair for them all)",
                 o->emit);
  size_t n = strlen(o->output);
  if (toC && (n < 3 || strcmp(o->output + n - 2, ".c") != 0))
    return usage("--emit=%s writes two files: name the source with -o "
                 "DIR/NAME.c (DIR/NAME.h is written beside it)",
                 o->emit);
  return OPTIONS_OK;
}
