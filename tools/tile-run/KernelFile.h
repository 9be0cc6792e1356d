/* A .mlir kernel file as tile-run runs it: read once (its raw text kept,
 * so a tuning variant can be substituted again, also from stdin), -D
 * substituted, parsed with tile's dialects, the kernel found and its
 * signature read into the session; and its GPU compile into a package
 * the runtime API loads. Needs MLIR. */
#ifndef TILE_RUN_KERNELFILE_H
#define TILE_RUN_KERNELFILE_H
#ifndef TILE_RUN_NO_COMPILER

#include <stddef.h>

#include "mlir-c/IR.h"
#include "tile-c/Runtime.h"
#include "tools/tile-run/Diagnostics.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/Session.h"

typedef struct {
  const char *name; /* for messages: the path, or <stdin> */
  char *raw;        /* the file as read */
  size_t rawLen;
  char *text;       /* after -D substitution */
  size_t len;
  DiagSource diag;
  MlirContext ctx;
  MlirModule module;
  char kernel[256]; /* the kernel's name: --kernel's, or the only one's */
} KernelFile;

/* Reads o->input into k->raw. Returns an exit code. */
int kernelFileRead(KernelFile *k, const Options *o);

/* Substitutes k->raw with o's -D values, parses it and reads the
 * kernel's signature into s->sig (dropping what an earlier parse of k
 * left). Returns an exit code. */
int kernelFileParse(KernelFile *k, Session *s, const Options *o);

/* The package the GPU compiler makes of the kernel for o's options (the
 * flags, then each --option) and these arguments, loaded through the
 * runtime API; its bytes too (malloc'ed) when `bytes` is not NULL.
 * Returns an exit code. */
int kernelFileCompile(const KernelFile *k, const Session *s, const Options *o,
                      TileRuntimePackage **out, void **bytes, size_t *size);

void kernelFileFree(KernelFile *k);

#ifdef TILE_RUN_HAVE_GPU_COMPILER
#include "lib/Transforms/Options.h"
/* A GPU compile's options from o: chip, warps, fast-math, asserts, the
 * index width these arguments need unless --index-bits says, then each
 * --option KEY=VALUE. Returns an exit code (a bad --option value). */
int kernelFileCompileOptions(const Session *s, const Options *o,
                             TileOptions *out);
#endif

#endif
#endif
