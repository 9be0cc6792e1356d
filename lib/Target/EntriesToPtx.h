/* The upstream half of the GPU compile: every entry's module (one
 * builtin.module per entry, see GpuEntries.c) lowered to the NVVM dialect
 * and translated to PTX (NvvmToPtx.h), each entry on its own thread
 * from start to end. One entry's PTX can start ptxas the moment it exists,
 * on that entry's thread, so ptxas (a process of its own) runs while LLVM
 * still translates the other entry: that is how a package with a lazy
 * generic entry overlaps the two. */
#ifndef TILE_TARGET_ENTRIESTOPTX_H
#define TILE_TARGET_ENTRIESTOPTX_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Target/PtxToBinary.h"
#include "mlir-c/IR.h"

#define TILE_MAX_ENTRIES 2

typedef struct {
  int numEntries;
  char *ptx[TILE_MAX_ENTRIES]; /* each entry's PTX: malloc'ed, NUL-terminated */
  TilePtxJob *job; /* ptxas started on entry startEntry's PTX, or NULL */
  double loweredAt; /* tileNowMs() when the last entry was lowered to NVVM */
} TileEntriesPtx;

/* Lowers entries[0..n) (builtin.modules directly inside `module`) with
 * the pass pipeline elements `lowering` (for the builtin.module: the
 * gpu.module's lowering to NVVM), then translates them to PTX with
 * `toolkit`'s libdevice (NULL: none). With startEntry >= 0, starts
 * ptxas for `chip` (and fatbinary when `fatbin`) on that entry's PTX as
 * soon as it exists; the caller finishes the job. Returns 0, or 1 with a
 * message in err (nothing is left to free or finish then). */
int tileEntriesToPtx(MlirModule module, const MlirOperation *entries, int n,
                     const char *lowering, const char *toolkit,
                     const char *chip, int startEntry, bool fatbin,
                     TileEntriesPtx *out, char *err, size_t errSize);

/* Frees the texts and, if the job was not taken, waits for it and drops
 * its result. */
void tileEntriesPtxFree(TileEntriesPtx *p);

#endif
