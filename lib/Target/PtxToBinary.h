/* From the PTX of a kernel's entries to the bytes a package carries.
 * Each entry is lowered and translated in an LLVM module of its own (so
 * they compile in parallel); tilePtxMerge joins their PTX into one module
 * and tilePtxToBinary runs the toolkit's ptxas on it, on every CPU, and
 * fatbinary for portable chips. */
#ifndef TILE_TARGET_PTXTOBINARY_H
#define TILE_TARGET_PTXTOBINARY_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Support/StrBuf.h"

/* Appends texts[0..n) to `out` as one PTX module: one header, and each
 * module-scope symbol once. Entries stay distinct; a libdevice function or
 * table that several entries use is kept from the first module that defines
 * it. Returns 0, or 1 with a message in err (headers that differ, or an
 * entry defined twice). */
int tilePtxMerge(const char *const *texts, int n, TileStrBuf *out, char *err,
                 size_t errSize);

/* Compiles `ptx` for `chip` with `toolkit`/bin/ptxas at -O3; with `fatbin`,
 * wraps the cubin and the PTX in a fatbin. *out is malloc'ed. Returns 0, or
 * 1 with a message (and ptxas's log) in err. */
int tilePtxToBinary(const char *toolkit, const char *chip, const char *ptx,
                    bool fatbin, void **out, size_t *size, char *err,
                    size_t errSize);

/* The same in two halves, so the compiler works on while ptxas runs (ptxas
 * is a process of its own): Start writes the PTX and starts ptxas; Finish
 * waits for it, runs fatbinary when asked, reads the binary and frees the
 * job. Every started job must be finished; with out NULL, Finish only
 * waits and cleans up (and a NULL job is nothing to finish). */
typedef struct TilePtxJob TilePtxJob;
int tilePtxToBinaryStart(const char *toolkit, const char *chip,
                         const char *ptx, bool fatbin, TilePtxJob **job,
                         char *err, size_t errSize);
int tilePtxToBinaryFinish(TilePtxJob *job, void **out, size_t *size,
                          char *err, size_t errSize);

#endif
