/* Ahead-of-time C (tile-opt --emit=c, tileCompileKernelsC): kernels'
 * compiled variants as a header and a C source a C99 compiler takes, one
 * pair for one or more kernels. The header declares two typed functions
 * per kernel,
 *
 *   TileStatusCode NAME_launch(struct CUstream_st *stream,
 *                              const int64_t grid[3], const float *x,
 *                              int64_t x_size0, ..., TileStatus *status);
 *   TileStatusCode NAME_launch_strided(..., const float *x,
 *                              int64_t x_size0, ..., int64_t x_stride0,
 *                              ..., TileStatus *status);
 *
 * their parameters named and typed after the kernel's arguments (a
 * memref: a pointer to its element type, const when the kernel only
 * reads it, then an int64_t per dynamic size and, in the strided one, an
 * int64_t stride per dimension; a scalar by value). The source holds the
 * variants' images, what every launch function shares once (argument
 * checks, the variant tables, the loader), and per kernel its argument
 * table and a dispatcher that picks the variant for the launch's shapes
 * (tuned variants) and the current context's GPU (chips) and launches in
 * the CUDA context current on the calling thread, loading each image
 * once per context. Two dependency modes:
 *   RUNTIME: the source embeds whole packages and launches through
 *            tile's runtime library (tile-c/Runtime.h,
 *            tileRuntimeContextKernel*): both entries, every kernel.
 *   DRIVER:  the source embeds each variant's generic entry and carries
 *            its own loader over the CUDA driver API (dlopen'd
 *            libcuda.so.1): no tile library at all. It packs the generic
 *            entry's parameters itself, so it refuses what needs more:
 *            persistent kernels (an occupancy-sized grid) and f16, bf16
 *            and f8 scalars (rounding); the aligned entry (TMA tensor
 *            maps) is the runtime mode's alone.
 * docs/embedding.md, "Ahead-of-time C"; the shared code is written out
 * from lib/Target/AotTemplates. */
#ifndef TILE_TARGET_EMITC_H
#define TILE_TARGET_EMITC_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Package.h"
#include "lib/Support/StrBuf.h"
#include "lib/Target/KernelSignature.h"

typedef enum { TILE_EMIT_C_RUNTIME = 0, TILE_EMIT_C_DRIVER = 1 } TileEmitCMode;

/* Variants a kernel may have. */
#define TILE_C_MAX_VARIANTS 256

/* One compiled variant of a kernel. */
typedef struct {
  const void *bytes; /* the package (.tpkg bytes) */
  size_t size;
  TilePackage package; /* the same, read */
  char key[512];       /* the launch shapes it was tuned for
                          (tileLaunchShapeKey); "": any */
  int64_t grid[3];     /* the grid it was tuned with; 0 0 0: none */
  char origin[256];    /* where it came from, for comments */
} TileCVariant;

/* One kernel of a pair. */
typedef struct {
  const char *name; /* the kernel's: its functions' prefix */
  const TileKernelSignature *sig;
  const TileCVariant *variants; /* 1 to TILE_C_MAX_VARIANTS */
  int numVariants;
  MlirLocation loc; /* the kernel's, for errors that are not an
                       argument's */
} TileCKernel;

/* A .c/.h pair. */
typedef struct {
  /* What the shared code's names start with (a C identifier, the pair's
   * name: "softmax" for softmax.h): softmax_fail, softmax_variants. They
   * are PREFIX_ and a word without '_', a kernel's NAME_ and one of
   * params, packageN, imageN, run, launch, launch_strided, so the two
   * never meet, even where a kernel is named as the pair is. */
  const char *prefix;
  const char *headerName; /* what the source #includes: "softmax.h" */
  const char *from;       /* the input, for the files' first comment */
  TileEmitCMode mode;
  const TileCKernel *kernels;
  int numKernels;
} TileCUnit;

/* Writes the header and the source. An argument or kernel the mode
 * cannot take is an error at its location (through the context's
 * diagnostics) and 1 with a summary in err. */
int tileEmitC(const TileCUnit *u, TileStrBuf *header, TileStrBuf *source,
              char *err, size_t errSize);

#endif
