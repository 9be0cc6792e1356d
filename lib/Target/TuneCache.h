/* The tuning cache: what timing one candidate of a tuning space on one
 * GPU found, kept so that a later run (tile-run with or without --tune)
 * takes the fastest variant without timing anything. One entry per
 * candidate, not per space: changing one value of a space times only the
 * candidates that are new.
 *
 * An entry's key is the SHA-256 of everything its time depends on: the
 * compiler and toolkit (tileGpuCompilerKey: tile's sources, LLVM, ptxas),
 * the kernel file as substituted for this candidate and the kernel's
 * name, the candidate's compile options (tileOptionsFormat, but for
 * `generic`, which only says when the generic entry is compiled), the GPU
 * (name, compute capability) and its driver's version, and the launch's
 * shape key (every argument's dtype and shape, every scalar's value, the
 * grid). Entries live in the compile cache's directory under tune/, are
 * written atomically and checked when read (lib/Support/DiskCache.h): a
 * damaged one is a miss, timed again and written over. */
#ifndef TILE_TARGET_TUNECACHE_H
#define TILE_TARGET_TUNECACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Support/Sha256.h"
#include "lib/Target/GpuCompile.h"

typedef struct {
  const char *kernelText; /* the kernel file after substitution */
  size_t kernelTextLen;
  const char *kernel;     /* its name */
  const TileGpuOptions *options;
  const char *gpu;        /* "NVIDIA H200" */
  int capability;         /* 90 */
  int driverVersion;      /* 13000 */
  const char *shapeKey;   /* "f16 4096x4096; f16 4096x4096; grid 32x16x1" */
} TileTuneKeyParts;

/* A candidate's key: the parts and the compiler's identity
 * (tileGpuCompilerKey). */
void tileTuneKey(const TileTuneKeyParts *parts,
                 uint8_t key[TILE_SHA256_BYTES]);

/* One candidate's result. */
typedef struct {
  bool failed;       /* it did not compile, run or check: never picked */
  double medianUs;   /* when it ran */
  double flops;      /* the launch's flops as its package counts them
                        (0: it does not) */
  char note[512];    /* why it failed; or "" */
} TileTuneResult;

/* The tuning cache's directory: the compile cache's (DiskCache.h) with
 * /tune; false when there is none or $TILE_NO_CACHE turns it off. */
bool tileTuneCacheDir(char *dir, size_t size);

/* True on a hit (a miss's reason is not kept: it is timed again). */
bool tileTuneCacheLoad(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       TileTuneResult *out);
/* Non-zero, with why, when the entry could not be written (tuning goes
 * on). */
int tileTuneCacheStore(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       const TileTuneResult *r, char *why, size_t whySize);

#endif
