/* --arg SPEC: turns each spec into the value the kernel gets, checked
 * against the signature. Memrefs take `npy:PATH` (a bf16 memref reads the
 * file's uint16 bit patterns as bf16) or a generator spec (randn:, rand:,
 * zeros:, ones:, iota:; lib/Tooling/Generate.h); scalars take a literal
 * that must fit the scalar type. Messages name the argument by index and
 * type: "argument #1 (memref<?xf32>): npy file y.npy has dtype f16". */
#ifndef TILE_RUN_ARGUMENTS_H
#define TILE_RUN_ARGUMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Tooling/Args.h"
#include "lib/Support/HostArray.h"
#include "lib/Support/KernelArg.h"

typedef struct {
  TileHostArray array; /* TILE_ARG_MEMREF: owned */
  int64_t i;           /* TILE_ARG_INT, TILE_ARG_INDEX */
  double f;            /* TILE_ARG_FLOAT */
} ArgValue;

/* Weighs argument `index`'s array before it is made: a generator's shape
 * from the spec (its dtype, rank and static sizes are checked too), an npy
 * file's size from its first bytes, against `limits`. Scalars and specs it
 * cannot weigh pass; argumentLoad reports those. Returns 0, or 1 with a
 * one-line message in err. */
int argumentCheckSize(int index, const TileKernelArg *sig, const char *spec,
                      const TileArgLimits *limits, char *err, size_t errSize);

/* Fills *out for argument `index` from `spec`. Returns 0, or 1 with a
 * one-line message in err. */
int argumentLoad(int index, const TileKernelArg *sig, const char *spec,
                 ArgValue *out, char *err, size_t errSize);
void argumentFree(ArgValue *v);

#endif
