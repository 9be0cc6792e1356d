/* tile.randint and tile.rand for TileToGPU: Philox-4x32-10 inline, per
 * register of the offsets' layout (the result's, tile-assign-layouts),
 * from Philox.h, so the words are the CPU path's bit for bit: 10 rounds
 * of mul.hi.u32 / mul.lo.u32 and xors, the key words computed once. */
#include <stdlib.h>

#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/Conversion/Philox.h"
#include "lib/IR/IR.h"

bool gpuLowerRandom(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirValue seed = gpuOperandScalar(g, op, 0);
  GpuTile *offs = gpuOperandTile(g, op, 1);
  MlirValue result = mlirOperationGetResult(op, 0);
  TileLayout layout;
  if (mlirValueIsNull(seed) || !offs || !gpuResultLayout(op, 0, &layout))
    return false;
  bool uniform = tileOpIsNamed(op, "tile.rand");
  MlirValue k0, k1;
  tilePhiloxKey(b, seed, &k0, &k1);
  if (offs->uniform) { /* every element draws the same word */
    MlirValue w = tilePhiloxWord0(b, offs->scalar, k0, k1);
    gpuSetTile(g, result,
               gpuTileUniform(mlirValueGetType(result),
                              uniform ? tilePhiloxUniform(b, w) : w));
    return true;
  }
  GpuTile t = gpuTileAlloc(&layout, mlirValueGetType(result));
  for (int r = 0; r < t.numRegs; ++r) {
    MlirValue w = tilePhiloxWord0(b, offs->regs[r], k0, k1);
    t.regs[r] = uniform ? tilePhiloxUniform(b, w) : w;
  }
  gpuSetTile(g, result, t);
  return true;
}
