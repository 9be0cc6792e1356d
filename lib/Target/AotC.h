/* Ahead-of-time C from a module: compiles the kernel once per chip asked
 * for, adds the tuned variants of .tvar files, and writes the header and
 * source of lib/Target/EmitC.h. What tile-opt --emit=c and
 * tileCompileKernelC run. */
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
  /* Variant files (tile-run --save-variant) of this kernel: each of
   * their variants is added as it is (their packages were compiled
   * when they were tuned). */
  const char *const *variantFiles;
  int numVariantFiles;
} TileAotOptions;

/* Compiles kernel `name` (NULL: the only one) of `module` (left as it
 * is: each chip compiles a clone) and emits C. Returns 0, or 1 with a
 * one-line summary in err (located diagnostics through the context). */
int tileAotCompileC(MlirModule module, const char *name,
                    const TileGpuOptions *options, const TileAotOptions *aot,
                    TileStrBuf *header, TileStrBuf *source, char *err,
                    size_t errSize);

#endif
