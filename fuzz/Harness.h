/* What the MLIR harnesses share: a fresh context per input, set up the way
 * tile-opt and tile-run set theirs up, and the input as NUL-terminated text.
 * Diagnostics are dropped (bad input is the normal case; printing every
 * error would drown libFuzzer's output). */
#ifndef TILE_FUZZ_HARNESS_H
#define TILE_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* Inputs longer than this are skipped (fuzz/run.sh also passes -max_len):
 * the longest shipped kernel, examples/flash_attention.mlir, is 37 KB. */
#define TILE_FUZZ_MAX_TEXT (64 * 1024)

/* At most this many kernels of one input go through a pipeline. */
#define TILE_FUZZ_MAX_KERNELS 4

/* A context as the tools make it: upstream dialects, passes and
 * translations registered, the tile dialect loaded, one thread (inputs run
 * one at a time, and a thread pool per input would only cost time),
 * diagnostics dropped. Destroy it with mlirContextDestroy. */
MlirContext tileFuzzContextCreate(void);

/* `data` as a malloc'ed NUL-terminated string (MLIR's parser reads text
 * the way files come: with a terminator after the last byte). */
char *tileFuzzText(const uint8_t *data, size_t size);

/* tileParseModule of the text, then tileVerify, as tile-opt and tile-run
 * read a file; a null module when either fails. */
MlirModule tileFuzzParseAndVerify(MlirContext ctx, const char *text,
                                  size_t size);

/* The names of the module's first `max` kernels (owned by the module's
 * attributes; valid while the module lives). Returns how many. */
int tileFuzzKernelNames(MlirModule module, MlirStringRef *names, int max);

/* One input of a pipeline harness: its text, and the verified module. */
typedef struct {
  MlirContext ctx;
  const char *text;
  size_t size;
  MlirModule module;
} TileFuzzInput;

/* The body of a pipeline harness's LLVMFuzzerTestOneInput: skips inputs
 * over TILE_FUZZ_MAX_TEXT (returns -1), parses and verifies the rest in a
 * fresh context and calls `fn` for each of the first kernels, then frees
 * everything (returns 0). */
int tileFuzzEachKernel(const uint8_t *data, size_t size,
                       void (*fn)(const TileFuzzInput *in, MlirStringRef name));

#endif
