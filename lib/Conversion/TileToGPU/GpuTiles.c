/* A tile's registers (GpuTile): allocated for a layout, uniform (one
 * scalar for every register), read one by one, or a uniform tile
 * expanded into registers. Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinTypes.h"

static void describe(GpuTile *t, MlirType tensorType) {
  t->rank = (int)mlirShapedTypeGetRank(tensorType);
  for (int d = 0; d < t->rank; ++d)
    t->shape[d] = mlirShapedTypeGetDimSize(tensorType, d);
  t->elem = mlirShapedTypeGetElementType(tensorType);
}

GpuTile gpuTileAlloc(const TileLayout *l, MlirType tensorType) {
  GpuTile t;
  memset(&t, 0, sizeof t);
  describe(&t, tensorType);
  t.layout = *l;
  t.numRegs = tileLayoutNumRegs(l, t.shape);
  t.regs = calloc((size_t)t.numRegs, sizeof *t.regs);
  return t;
}

GpuTile gpuTileUniform(MlirType tensorType, MlirValue scalar) {
  GpuTile t;
  memset(&t, 0, sizeof t);
  describe(&t, tensorType);
  t.uniform = true;
  t.scalar = scalar;
  tileTypeLayout(tensorType, &t.layout);
  return t;
}

MlirValue gpuTileReg(const GpuTile *t, int i) {
  return t->uniform ? t->scalar : t->regs[i];
}

GpuTile gpuTileMaterialize(const GpuTile *t, const TileLayout *l) {
  GpuTile r = *t;
  r.uniform = false;
  r.layout = *l;
  r.numRegs = tileLayoutNumRegs(l, t->shape);
  r.regs = calloc((size_t)r.numRegs, sizeof *r.regs);
  for (int i = 0; i < r.numRegs; ++i)
    r.regs[i] = t->scalar;
  return r;
}
