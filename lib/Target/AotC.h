/* Ahead-of-time C from a module: compiles each kernel asked for once per
 * chip, adds the tuned variants of .tvar files to the kernel they are
 * of, and writes the header and source of lib/Target/EmitC.h, one pair
 * for them all. What tile-opt --emit=c and tileCompileKernelsC run. */
#ifndef TILE_TARGET_AOTC_H
#define TILE_TARGET_AOTC_H

#include "lib/Support/StrBuf.h"
#include "lib/Target/EmitC.h"
#include "lib/Target/GpuCompile.h"
#include "mlir-c/IR.h"

typedef struct {
  TileEmitCMode mode;
  const char *headerName; /* what the source #includes: "softmax.h" */
  const char *from;       /* the input's name, for the files' comments */
  const char *sourceText; /* the module's text (argument names); NULL */
  /* Chips to compile for, a variant each; none: the options' chip. */
  const char *const *chips;
  int numChips;
  /* Variant files (tile-run --save-variant), each of one of the
   * kernels: their variants are added as they are (their packages were
   * compiled when they were tuned). */
  const char *const *variantFiles;
  int numVariantFiles;
} TileAotOptions;

/* Compiles kernels `names` (numNames of them, each once; none: the
 * module's only kernel) of `module` (left as it is: each compile takes a
 * clone) and emits C, the shared code's names prefixed with the header's
 * name made a C identifier. Returns 0, or 1 with a one-line summary in
 * err (located diagnostics through the context). */
int tileAotCompileC(MlirModule module, const char *const *names,
                    int numNames, const TileGpuOptions *options,
                    const TileAotOptions *aot, TileStrBuf *header,
                    TileStrBuf *source, char *err, size_t errSize);

#endif
