/* TileToGPU's value map: each kernel value's lowering (GpuValue) by the
 * value, and the operand and result accessors the per-op lowerings use.
 * Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

/* ---- the map ----------------------------------------------------------- */

void gpuMapInit(GpuValueMap *m) {
  m->cap = 256;
  m->size = 0;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->values = calloc(m->cap, sizeof *m->values);
}

void gpuMapFree(GpuValueMap *m) {
  for (size_t i = 0; i < m->cap; ++i)
    if (m->keys[i] && m->values[i].kind == GPU_TILE)
      free(m->values[i].tile.regs);
  free(m->keys);
  free(m->values);
  memset(m, 0, sizeof *m);
}

static size_t slot(const GpuValueMap *m, const void *key) {
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
  size_t i = h & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

void gpuMapPut(GpuValueMap *m, MlirValue key, GpuValue value) {
  if (2 * (m->size + 1) > m->cap) {
    GpuValueMap bigger = {calloc(2 * m->cap, sizeof *m->keys),
                          calloc(2 * m->cap, sizeof *m->values), 2 * m->cap,
                          0};
    for (size_t i = 0; i < m->cap; ++i)
      if (m->keys[i]) {
        size_t j = slot(&bigger, m->keys[i]);
        bigger.keys[j] = m->keys[i];
        bigger.values[j] = m->values[i];
        ++bigger.size;
      }
    free(m->keys);
    free(m->values);
    *m = bigger;
  }
  size_t i = slot(m, key.ptr);
  if (!m->keys[i])
    ++m->size;
  else if (m->values[i].kind == GPU_TILE)
    free(m->values[i].tile.regs);
  m->keys[i] = key.ptr;
  m->values[i] = value;
}

GpuValue *gpuMapGet(GpuValueMap *m, MlirValue key) {
  size_t i = slot(m, key.ptr);
  return m->keys[i] ? &m->values[i] : NULL;
}

/* ---- operand access ---------------------------------------------------- */

GpuTile *gpuOperandTile(GpuLowering *g, MlirOperation op, intptr_t i) {
  GpuValue *v = gpuMapGet(&g->values, mlirOperationGetOperand(op, i));
  if (!v || v->kind != GPU_TILE) {
    tileEmitOpError(op, "operand #%ld has no GPU lowering", (long)i);
    g->failed = true;
    return NULL;
  }
  return &v->tile;
}

MlirValue gpuOperandScalar(GpuLowering *g, MlirOperation op, intptr_t i) {
  GpuValue *v = gpuMapGet(&g->values, mlirOperationGetOperand(op, i));
  if (!v || v->kind != GPU_SCALAR) {
    tileEmitOpError(op, "operand #%ld has no GPU lowering", (long)i);
    g->failed = true;
    return (MlirValue){NULL};
  }
  return v->tile.scalar;
}

void gpuSetTile(GpuLowering *g, MlirValue v, GpuTile t) {
  GpuValue value;
  memset(&value, 0, sizeof value);
  value.kind = GPU_TILE;
  value.tile = t;
  gpuMapPut(&g->values, v, value);
}

void gpuSetScalar(GpuLowering *g, MlirValue v, MlirValue scalar) {
  GpuValue value;
  memset(&value, 0, sizeof value);
  value.kind = GPU_SCALAR;
  value.tile.scalar = scalar;
  gpuMapPut(&g->values, v, value);
}

bool gpuResultLayout(MlirOperation op, intptr_t i, TileLayout *out) {
  if (tileTypeLayout(mlirValueGetType(mlirOperationGetResult(op, i)), out))
    return true;
  tileEmitOpError(op, "result #%ld has no layout (run tile-assign-layouts)",
                  (long)i);
  return false;
}

bool gpuIsTensor(MlirValue v) {
  return mlirTypeIsARankedTensor(mlirValueGetType(v));
}
