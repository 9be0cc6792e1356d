/* f8 conversions on chips with the instructions (sm_89 and later), which
 * tile-numerics leaves as arith.extf / arith.truncf there: PTX cvt, two
 * elements at a time (cvt.rn.satfinite.{e4m3,e5m2}x2.f32 and
 * cvt.rn.f16x2.{e4m3,e5m2}x2). The conversion is elementwise, so any two
 * registers of a tile make a pair: consecutive ones, the last with itself
 * when their number is odd. Elsewhere the casts are integer ops
 * (lib/Transforms/Numerics.c); both follow docs/dialect.md's rule (nearest
 * even, finite overflow and infinities saturate, NaN stays NaN). */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdlib.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Two f32 -> two f8 (hi from `a`, lo from `b`, as cvt packs them). */
static void truncPair(TileBuilder *b, MlirType f8, MlirValue a, MlirValue c,
                      MlirValue *outA, MlirValue *outC) {
  MlirType i16 = mlirIntegerTypeGet(b->ctx, 16),
           i8 = mlirIntegerTypeGet(b->ctx, 8);
  MlirValue ops[] = {a, c};
  TileNamedAttr attrs[] = {
      {"rnd", tileParseAttr(b->ctx, "#nvvm.fp_rnd_mode<rn>")},
      {"sat", tileParseAttr(b->ctx, "#nvvm.sat_mode<satfinite>")},
      {"relu", mlirBoolAttrGet(b->ctx, 0)},
      {"dstTy", mlirTypeAttrGet(f8)}};
  MlirValue packed = bInsert(b, tileOpCreate(b->loc,
                                             "nvvm.convert.f32x2.to.f8x2", 2,
                                             ops, 1, &i16, 4, attrs));
  MlirValue hi = bCast(b, "arith.trunci",
                       bBinary(b, "arith.shrui", packed,
                               bConstInt(b, i16, 8)),
                       i8);
  *outA = bCast(b, "arith.bitcast", hi, f8);
  *outC = bCast(b, "arith.bitcast", bCast(b, "arith.trunci", packed, i8), f8);
}

/* Two f8 -> two f16 (element 0 from the low byte, `lo`). */
static void extPair(TileBuilder *b, MlirType f8, MlirValue lo, MlirValue hi,
                    MlirValue *outLo, MlirValue *outHi) {
  MlirType i16 = mlirIntegerTypeGet(b->ctx, 16),
           i8 = mlirIntegerTypeGet(b->ctx, 8),
           i32 = mlirIntegerTypeGet(b->ctx, 32), f16 = mlirF16TypeGet(b->ctx);
  MlirValue l = bCast(b, "arith.extui", bCast(b, "arith.bitcast", lo, i8), i16);
  MlirValue h = bCast(b, "arith.extui", bCast(b, "arith.bitcast", hi, i8), i16);
  MlirValue word = bBinary(b, "arith.ori", l,
                           bBinary(b, "arith.shli", h, bConstInt(b, i16, 8)));
  MlirType bytes = mlirVectorTypeGet(1, (int64_t[]){2}, i8);
  MlirType halves = mlirVectorTypeGet(1, (int64_t[]){2}, f16);
  MlirValue v = bCast(b, "llvm.bitcast", word, bytes);
  TileNamedAttr attrs[] = {{"relu", mlirBoolAttrGet(b->ctx, 0)},
                           {"srcType", mlirTypeAttrGet(f8)}};
  MlirValue pair = bInsert(b, tileOpCreate(b->loc,
                                           "nvvm.convert.f8x2.to.f16x2", 1,
                                           &v, 1, &halves, 2, attrs));
  for (int i = 0; i < 2; ++i) {
    MlirValue ops[] = {pair, bConstInt(b, i32, i)};
    MlirValue e = bInsert(b, tileOpCreate(b->loc, "llvm.extractelement", 2,
                                          ops, 1, &f16, 0, NULL));
    *(i == 0 ? outLo : outHi) = e;
  }
}

/* An f16 from extPair as `elem` (f16, f32 or bf16: all exact). */
static MlirValue fromF16(TileBuilder *b, MlirValue h, MlirType elem) {
  if (mlirTypeIsAF16(elem))
    return h;
  MlirValue w = bCast(b, "arith.extf", h, mlirF32TypeGet(b->ctx));
  return mlirTypeIsAF32(elem) ? w : bCast(b, "arith.truncf", w, elem);
}

bool gpuIsFp8Convert(MlirOperation op) {
  if (!tileOpIsNamed(op, "arith.extf") && !tileOpIsNamed(op, "arith.truncf"))
    return false;
  return tileTypeIsF8(mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
         tileTypeIsF8(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

bool gpuLowerFp8Convert(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuTile *src = gpuOperandTile(g, op, 0);
  if (!src)
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType srcElem =
      mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  bool trunc = tileTypeIsF8(elem);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  GpuTile out;
  int n = 1;
  if (src->uniform) {
    out = gpuTileUniform(type, src->scalar);
  } else {
    TileLayout l;
    if (!gpuResultLayout(op, 0, &l))
      return false;
    out = gpuTileAlloc(&l, type);
    n = out.numRegs;
  }
  for (int r = 0; r < n; r += 2) {
    int r1 = r + 1 < n ? r + 1 : r;
    MlirValue x0 = src->uniform ? src->scalar : gpuTileReg(src, r);
    MlirValue x1 = src->uniform ? src->scalar : gpuTileReg(src, r1);
    MlirValue y0, y1;
    if (trunc) {
      if (!mlirTypeIsAF32(srcElem)) { /* f16/bf16 -> f32 is exact */
        x0 = bCast(b, "arith.extf", x0, f32);
        x1 = bCast(b, "arith.extf", x1, f32);
      }
      /* x0 in the low byte: registers r, r + 1 then sit in the i16 in
       * memory order, and gpuPackBytes packs them as the i16 itself. */
      truncPair(b, elem, x1, x0, &y1, &y0);
    } else {
      extPair(b, srcElem, x0, x1, &y0, &y1);
      y0 = fromF16(b, y0, elem);
      y1 = fromF16(b, y1, elem);
    }
    if (src->uniform) {
      out.scalar = y0;
      break;
    }
    out.regs[r] = y0;
    out.regs[r1] = y1;
  }
  gpuSetTile(g, result, out);
  return true;
}
