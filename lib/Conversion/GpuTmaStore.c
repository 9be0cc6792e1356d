/* tile.store of a wgmma accumulator through shared memory with a bulk
 * tensor store (TMA), for TileToGPU's aligned entry; tile-pipeline marks
 * such stores tile.tma (lib/Analysis/Tma.h).
 *
 * In the accumulator layout each thread holds pairs of neighbouring
 * elements, so storing straight to global memory writes 4 bytes at a time
 * and a warp covers 8 rows 16 bytes each. Instead every thread writes its
 * pairs into the scratch buffer, laid out as wgmma's operands are (column
 * blocks of 128-byte rows, 16-byte chunks swizzled by row: a warp's 8 rows
 * land in 8 different bank groups), fences them for the async proxy, and
 * after a barrier thread 0 stores each column block with one
 * cp.async.bulk.tensor, which writes whole lines and leaves out what lies
 * outside the memref. It waits until the copies have read the buffer and a
 * barrier follows, so later users of the scratch buffer find it free. */
#include "lib/Conversion/GpuOps.h"

#include <stdlib.h>

#include "lib/Analysis/Tma.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

static void voidOp(TileBuilder *b, const char *name, intptr_t n,
                   const MlirValue *operands, intptr_t nAttrs,
                   const TileNamedAttr *attrs) {
  bInsert(b, tileOpCreate(b->loc, name, n, operands, 0, NULL, nAttrs, attrs));
}

static MlirValue i32Of(TileBuilder *b, MlirValue index) {
  return bCast(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 32));
}

bool gpuLowerTmaStore(GpuLowering *g, TileBuilder *b, MlirOperation op,
                      int map) {
  TileSmemLayout layout;
  GpuTile *value = gpuOperandTile(g, op, 0);
  if (!value || !tileTmaCanStore(op, &layout))
    return false;
  TileLayout l = value->layout;
  GpuTile t = value->uniform ? gpuTileMaterialize(value, &l) : *value;
  GpuSmemTile s = {gpuSharedBase(b, g), layout};
  gpuNeedShared(g, layout.bytes);
  g->usesWgmma = true; /* 1024-byte aligned scratch */
  gpuBarrier(g, b);
  gpuWriteSmem(g, b, &s, &t);
  gpuFenceAsyncShared(b);
  gpuBarrier(g, b);

  MlirValue zero = bConstIndex(b, 0);
  MlirValue leader = bAndi(b, bCmpi(b, ARITH_EQ, g->lane, zero),
                           bCmpi(b, ARITH_EQ, g->warp, zero));
  TileBuilder then;
  bIf(b, leader, 0, NULL, false, &then, NULL);
  MlirValue row0 = gpuOperandScalar(g, op, 2);
  MlirValue col0 = gpuOperandScalar(g, op, 3);
  int64_t rows = t.shape[0];
  for (int64_t c = 0; c < layout.rowElems / layout.blockElems; ++c) {
    MlirValue src = gpuGep(
        &then, s.base,
        bConstIndex(&then, c * rows * layout.blockElems * layout.elemBytes),
        mlirIntegerTypeGet(b->ctx, 8));
    MlirValue operands[] = {
        g->tmaMaps[map], src,
        i32Of(&then, bAddi(&then, col0, bConstIndex(&then, c * layout.blockElems))),
        i32Of(&then, row0)};
    int32_t segments[] = {1, 1, 2, 0, 0};
    TileNamedAttr attrs[] = {
        {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 5, segments)}};
    voidOp(&then, "nvvm.cp.async.bulk.tensor.global.shared.cta", 4, operands,
           1, attrs);
  }
  voidOp(&then, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL);
  TileNamedAttr wait[] = {{"group", tileI32Attr(b->ctx, 0)},
                          {"read", mlirUnitAttrGet(b->ctx)}};
  voidOp(&then, "nvvm.cp.async.bulk.wait_group", 0, NULL, 2, wait);
  bYield(&then, "scf.yield", 0, NULL);
  gpuBarrier(g, b);
  if (value->uniform)
    free(t.regs);
  return true;
}
