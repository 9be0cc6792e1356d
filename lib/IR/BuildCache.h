/* What one function's lowering builds once. A lowering asks for the same
 * constants thousands of times (0, 1, strides, a register's offsets) and
 * recomputes the same index math per register (a lane's row, its swizzle);
 * each copy would then be converted, translated and merged again
 * downstream. The cache keeps one constant per value at the start of the
 * function's entry block (which dominates every use) and one pure op per
 * (name, operands, type) and block. Build.h's helpers consult it when their
 * builder has one. */
#ifndef TILE_IR_BUILDCACHE_H
#define TILE_IR_BUILDCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

typedef struct TileBuildCacheSlot TileBuildCacheSlot;

typedef struct {
  MlirBlock entry;
  size_t capacity, count; /* open addressing, at most half full */
  TileBuildCacheSlot *slots;
} TileBuildCache;

/* A cache for the function whose entry block is `entry`. */
TileBuildCache tileBuildCacheInit(MlirBlock entry);
void tileBuildCacheFree(TileBuildCache *cache);

/* A pure op's identity: its name, up to 3 operands, its result type and an
 * integer attribute (a predicate) or -1. */
typedef struct {
  const char *name;
  int numOperands;
  MlirValue operands[3];
  MlirType type;
  int64_t attr;
} TilePureKey;

/* The constant `value` (an arith.constant at the entry block's start,
 * created on first use). */
MlirValue tileBuildCacheConstant(TileBuildCache *cache, MlirLocation loc,
                                 MlirAttribute value);
/* The result of an op like `key` already in `block`, or a null value. */
MlirValue tileBuildCacheFind(TileBuildCache *cache, const TilePureKey *key,
                             MlirBlock block);
/* Records `value` as the result of `key` in `block`. */
void tileBuildCacheAdd(TileBuildCache *cache, const TilePureKey *key,
                       MlirBlock block, MlirValue value);

#endif
