/* tile-opt's command line: mlir-opt's flags where the meaning is the same. */
#ifndef TILE_OPT_OPTIONS_H
#define TILE_OPT_OPTIONS_H

#include <stdbool.h>

typedef struct {
  const char *input;        /* "-" for stdin */
  const char *output;       /* "-" for stdout */
  const char *pipeline;     /* NULL: parse and verify only */
  bool split;
  const char *splitMarker;  /* "// -----" */
  bool verifyDiagnostics;
  bool printAfterAll;
  bool printBeforeAll;
  bool timing;
  bool generic;
  bool debugInfo;
  bool disableThreading;
  bool allowUnregistered;  /* ops of dialects nobody registered parse */
  bool showDialects;       /* list the dialects, then exit */
  const char *tileCompile; /* NULL: no GPU compile; "" or "chip=.." */
  const char *emit;        /* mlir | llvm | ptx | cubin | package | c |
                              c-driver */
  /* --emit=c and c-driver: --chip (one variant each), --variants (.tvar
   * files whose variants are added). */
#define TILE_OPT_MAX_LIST 16
  const char *chips[TILE_OPT_MAX_LIST];
  int numChips;
  const char *variantFiles[TILE_OPT_MAX_LIST];
  int numVariantFiles;
  const char *kernel;      /* which kernel to compile (NULL: the only one) */
  /* Every --kernel, in order: with --emit=c and c-driver, one pair holds
   * them all; other outputs take one (kernel is kernels[0]). */
  const char *kernels[TILE_OPT_MAX_LIST];
  int numKernels;
  bool noCache;            /* --no-cache: compile, neither read nor write
                              the compile cache */
} Options;

typedef enum { OPTIONS_OK, OPTIONS_EXIT_OK, OPTIONS_USAGE_ERROR } OptionsStatus;

/* Parses argv; --help and --version print and return OPTIONS_EXIT_OK;
 * mistakes print a message and return OPTIONS_USAGE_ERROR. */
OptionsStatus optionsParse(Options *opts, int argc, char **argv);

#endif
