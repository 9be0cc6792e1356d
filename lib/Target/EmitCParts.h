/* The parts of ahead-of-time C (EmitC.h) that its files share: how an
 * argument is spelled in C, the variant groups and their choice, the
 * launch functions, and the two modes' sources. */
#ifndef TILE_TARGET_EMITCPARTS_H
#define TILE_TARGET_EMITCPARTS_H

#include "lib/Target/EmitC.h"

/* The C type of a memref element or scalar: "float", "uint16_t" (f16 and
 * bf16 bits), ... */
const char *tileCElementType(TileDType dtype);
/* A scalar parameter's C type: floats narrower than f32 come as a float
 * (the runtime rounds them), index as int64_t. */
const char *tileCScalarType(const TilePackageArg *a);
/* Whether a scalar is a float the runtime rounds (f16, bf16, f8). */
bool tileCScalarRounded(const TilePackageArg *a);
/* `bytes` as the initializer lines of an unsigned char array. */
void tileCByteArray(TileStrBuf *out, const void *bytes, size_t size);
/* `text` with each @P@ replaced by `prefix`. */
void tileCTemplate(TileStrBuf *out, const char *text, const char *prefix);

/* The launch function's parameter list (without the parentheses), as
 * the header declares it; `strided`: NAME_launch_strided's. */
void tileCParameters(const TileCKernel *k, bool strided, TileStrBuf *out);

/* A kernel's variant groups: those tuned for one shape key each (in
 * order), then those for any shape. Groups are numbered across the pair
 * from `base`; groupOf[v] is variant v's. Returns the kernel's number of
 * groups; *anyShape is the any-shape group or -1. */
int tileCGroups(const TileCKernel *k, int base, int *groupOf, int *anyShape);
/* The number of the first group of kernel `index`: the groups of the
 * kernels before it. */
int tileCGroupBase(const TileCUnit *u, int index);
/* The shape keys of the kernel's tuned variants, "; "-separated, each
 * once, for messages ("" when there are none). */
void tileCTunedKeys(const TileCKernel *k, TileStrBuf *out);

/* The C lines that set `int tuned` to the group (numbered from `base`)
 * tuned for the launch's shapes and scalar values, or -1; 1 with a
 * message when a variant's key does not fit the kernel's arguments. */
int tileCTunedChoice(const TileCKernel *k, int base, TileStrBuf *s,
                     char *err, size_t errSize);

/* Kernel k's argument table (NAME_params) and the pair's table of
 * kernels (PREFIX_kernels), as the shared code reads them. */
void tileCArgumentTable(const TileCUnit *u, const TileCKernel *k,
                        TileStrBuf *s);
void tileCKernelTable(const TileCUnit *u, TileStrBuf *s);
/* Kernel `index`'s dispatcher (NAME_run: checks, the tuned group for the
 * arguments' shapes, the shared launch) and its two public functions.
 * 1 with a message when a variant's key does not fit the kernel. */
int tileCLaunchFunctions(const TileCUnit *u, int index, TileStrBuf *s,
                         char *err, size_t errSize);

/* The modes' data and launch code (EmitCRuntime.c, EmitCDriver.c),
 * after the shared code and argument tables. */
void tileCRuntimeSource(const TileCUnit *u, TileStrBuf *s);
void tileCDriverSource(const TileCUnit *u, TileStrBuf *s);
/* The header (EmitCHeader.c). */
void tileCHeader(const TileCUnit *u, TileStrBuf *h);

#endif
