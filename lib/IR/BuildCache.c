/* Constants and pure ops built once per function; see BuildCache.h. */
#include "lib/IR/BuildCache.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"

/* One table for both kinds: a constant is the key {NULL name, attribute in
 * type's place} in the entry block. */
struct TileBuildCacheSlot {
  uint64_t hash; /* 0: empty */
  TilePureKey key;
  const void *attrOrBlock;
  MlirValue value;
};

TileBuildCache tileBuildCacheInit(MlirBlock entry) {
  TileBuildCache cache = {entry, 0, 0, NULL};
  return cache;
}

void tileBuildCacheFree(TileBuildCache *cache) {
  free(cache->slots);
  *cache = tileBuildCacheInit(cache->entry);
}

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
  return h;
}

static uint64_t hashOf(const TilePureKey *key, const void *attrOrBlock) {
  uint64_t h = 1469598103934665603u;
  for (const char *c = key->name ? key->name : ""; *c; ++c)
    h = (h ^ (unsigned char)*c) * 1099511628211u;
  for (int i = 0; i < key->numOperands; ++i)
    h = mix(h, (uintptr_t)key->operands[i].ptr);
  h = mix(h, (uintptr_t)key->type.ptr);
  h = mix(h, (uint64_t)key->attr);
  h = mix(h, (uintptr_t)attrOrBlock);
  return h ? h : 1;
}

static bool sameKey(const TileBuildCacheSlot *s, uint64_t hash,
                    const TilePureKey *key, const void *attrOrBlock) {
  if (s->hash != hash || s->attrOrBlock != attrOrBlock ||
      s->key.numOperands != key->numOperands ||
      s->key.type.ptr != key->type.ptr || s->key.attr != key->attr)
    return false;
  if ((s->key.name == NULL) != (key->name == NULL) ||
      (key->name && strcmp(s->key.name, key->name) != 0))
    return false;
  for (int i = 0; i < key->numOperands; ++i)
    if (s->key.operands[i].ptr != key->operands[i].ptr)
      return false;
  return true;
}

/* The slot holding the key, or the empty slot where it would go. */
static TileBuildCacheSlot *slotFor(TileBuildCache *cache, uint64_t hash,
                                   const TilePureKey *key,
                                   const void *attrOrBlock) {
  size_t mask = cache->capacity - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    TileBuildCacheSlot *s = &cache->slots[i];
    if (s->hash == 0 || sameKey(s, hash, key, attrOrBlock))
      return s;
  }
}

/* Room for one more key; false when out of memory (the caller then builds
 * without the cache). */
static bool reserve(TileBuildCache *cache) {
  if (2 * (cache->count + 1) <= cache->capacity)
    return true;
  size_t capacity = cache->capacity ? 2 * cache->capacity : 1024;
  TileBuildCacheSlot *slots = calloc(capacity, sizeof *slots);
  if (!slots)
    return false;
  TileBuildCache bigger = {cache->entry, capacity, cache->count, slots};
  for (size_t i = 0; i < cache->capacity; ++i) {
    TileBuildCacheSlot *s = &cache->slots[i];
    if (s->hash)
      *slotFor(&bigger, s->hash, &s->key, s->attrOrBlock) = *s;
  }
  free(cache->slots);
  *cache = bigger;
  return true;
}

MlirValue tileBuildCacheConstant(TileBuildCache *cache, MlirLocation loc,
                                 MlirAttribute value) {
  MlirType type = mlirAttributeGetType(value);
  TileNamedAttr attrs[] = {{"value", value}};
  TilePureKey key = {NULL, 0, {{NULL}}, type, -1};
  if (!reserve(cache)) {
    MlirOperation op =
        tileOpCreate(loc, "arith.constant", 0, NULL, 1, &type, 1, attrs);
    mlirBlockInsertOwnedOperation(cache->entry, 0, op);
    return mlirOperationGetResult(op, 0);
  }
  uint64_t hash = hashOf(&key, value.ptr);
  TileBuildCacheSlot *s = slotFor(cache, hash, &key, value.ptr);
  if (s->hash == 0) {
    MlirOperation op =
        tileOpCreate(loc, "arith.constant", 0, NULL, 1, &type, 1, attrs);
    /* Position 0 costs nothing to find; constants need no order. */
    mlirBlockInsertOwnedOperation(cache->entry, 0, op);
    *s = (TileBuildCacheSlot){hash, key, value.ptr,
                              mlirOperationGetResult(op, 0)};
    ++cache->count;
  }
  return s->value;
}

MlirValue tileBuildCacheFind(TileBuildCache *cache, const TilePureKey *key,
                             MlirBlock block) {
  if (cache->count == 0)
    return (MlirValue){NULL};
  TileBuildCacheSlot *s =
      slotFor(cache, hashOf(key, block.ptr), key, block.ptr);
  return s->hash ? s->value : (MlirValue){NULL};
}

void tileBuildCacheAdd(TileBuildCache *cache, const TilePureKey *key,
                       MlirBlock block, MlirValue value) {
  if (!reserve(cache))
    return;
  uint64_t hash = hashOf(key, block.ptr);
  TileBuildCacheSlot *s = slotFor(cache, hash, key, block.ptr);
  if (s->hash == 0)
    ++cache->count;
  *s = (TileBuildCacheSlot){hash, *key, block.ptr, value};
}
