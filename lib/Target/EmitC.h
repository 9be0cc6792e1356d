/* Ahead-of-time C (tile-opt --emit=c, tileCompileKernelC): a kernel's
 * compiled variants as a header and a C source a C99 compiler takes. The
 * header declares one typed function,
 *
 *   TileStatusCode NAME_launch(struct CUstream_st *stream,
 *                              const int64_t grid[3], const float *x,
 *                              int64_t x_size0, ..., TileStatus *status);
 *
 * its parameters named and typed after the kernel's arguments (a memref:
 * a pointer to its element type, const when the kernel only reads it,
 * then an int64_t per dynamic size; a scalar by value). The source holds
 * the variants' images and a dispatcher that picks the variant for the
 * launch's shapes (tuned variants) and the current context's GPU (chips)
 * and launches in the CUDA context current on the calling thread,
 * loading each image once per context. Two dependency modes:
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
 * docs/embedding.md, "Ahead-of-time C". */
#ifndef TILE_TARGET_EMITC_H
#define TILE_TARGET_EMITC_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Package.h"
#include "lib/Support/StrBuf.h"
#include "lib/Target/KernelSignature.h"

typedef enum { TILE_EMIT_C_RUNTIME = 0, TILE_EMIT_C_DRIVER = 1 } TileEmitCMode;

/* One compiled variant of the kernel. */
typedef struct {
  const void *bytes; /* the package (.tpkg bytes) */
  size_t size;
  TilePackage package; /* the same, read */
  char key[512];       /* the launch shapes it was tuned for
                          (tileLaunchShapeKey); "": any */
  int64_t grid[3];     /* the grid it was tuned with; 0 0 0: none */
  char origin[256];    /* where it came from, for comments */
} TileCVariant;

typedef struct {
  const char *kernel;     /* the kernel's name: the C names' prefix */
  const char *headerName; /* what the source #includes: "softmax.h" */
  const char *from;       /* the input, for the files' first comment */
  TileEmitCMode mode;
  const TileKernelSignature *sig;
  const TileCVariant *variants;
  int numVariants;
  MlirLocation loc; /* the kernel's, for errors that are not an
                       argument's */
} TileCUnit;

/* Writes the header and the source. An argument the mode cannot take is
 * an error at the argument's location (through the context's
 * diagnostics) and 1 with a summary in err. */
int tileEmitC(const TileCUnit *u, TileStrBuf *header, TileStrBuf *source,
              char *err, size_t errSize);

/* ---- shared by EmitC.c and EmitCDriver.c ---- */

/* The C type of a memref element or scalar: "float", "uint16_t" (f16 and
 * bf16 bits), ... */
const char *tileCElementType(TileDType dtype);
/* `bytes` as the initializer lines of an unsigned char array. */
void tileCByteArray(TileStrBuf *out, const void *bytes, size_t size);
/* The C expression of argument i's size d: its parameter, or the static
 * size. */
void tileCSizeExpr(const TileCUnit *u, int i, int d, char *buf, size_t size);
/* The dispatcher's groups: variants tuned for one shape key each (in
 * order), then those for any shape; group g's variants are those with
 * groupOf[v] == g. Returns the number of groups; *defaultGroup is the
 * any-shape group or -1. */
int tileCGroups(const TileCUnit *u, int *groupOf, int *firstOfGroup,
                int *defaultGroup);
/* A C condition that holds when the launch's arguments have the shapes
 * (and scalar values) of `key`; 1 with a message when the key does not
 * fit the kernel's arguments. */
int tileCKeyCondition(const TileCUnit *u, const char *key, TileStrBuf *out,
                      char *err, size_t errSize);
/* Emits `int group` set to the tuned group whose shapes the launch's
 * arguments have, or -1 (tileCKeyCondition for each group but the
 * any-shape one), and `const int order[2]`: the groups to try, that one
 * then the any-shape group (-1: none); 1 with a message as
 * tileCKeyCondition. */
int tileCGroupChoice(const TileCUnit *u, int groups, int defaultGroup,
                     const int *firstOfGroup, TileStrBuf *s, char *err,
                     size_t errSize);
/* The checks both modes make before a launch, naming the argument:
 * negative sizes, a NULL pointer for a non-empty memref; `fail` is the
 * source's failure helper. */
void tileCArgChecks(const TileCUnit *u, TileStrBuf *out);
/* The launch function's parameter list, as the header declares it. */
void tileCParameters(const TileCUnit *u, TileStrBuf *out);
/* The source of the driver mode (EmitCDriver.c). */
int tileEmitCDriverSource(const TileCUnit *u, TileStrBuf *source, char *err,
                          size_t errSize);

#endif
