/* tile-promote-smem; see PromoteSmem.h. */
#include "lib/Transforms/PromoteSmem.h"

#include "lib/Analysis/Layout.h"
#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

static void dims(MlirValue v, int64_t *rows, int64_t *cols) {
  MlirType t = mlirValueGetType(v);
  *rows = mlirShapedTypeGetDimSize(t, 0);
  *cols = mlirShapedTypeGetDimSize(t, 1);
}

static MlirWalkResult promoteDot(MlirOperation op, void *userData) {
  (void)userData;
  TileLayout result, a;
  TileMmaInstr instr;
  const char *why;
  if (!tileOpIsNamed(op, "tile.dot") ||
      !tileTypeLayout(mlirValueGetType(mlirOperationGetResult(op, 0)),
                      &result) ||
      (result.kind != LAYOUT_MMA && !result.tmem) ||
      !tileMmaInstrFor(op, &instr, &why))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirValue av = mlirOperationGetOperand(op, 0);
  MlirValue bv = mlirOperationGetOperand(op, 1);
  int64_t r, c;
  bool aInRegisters = tileTypeLayout(mlirValueGetType(av), &a) &&
                      tileMmaAFromRegisters(&a, &result, &instr);
  /* wgmma and tcgen05 read their operands through descriptors: column
   * blocks as wide as the hardware swizzle (tileWgmmaFor and
   * tileTcgen05For checked the shapes). */
  bool wgmma = result.wgmmaN > 0 || result.tmem;
  if (aInRegisters) {
    mlirOperationRemoveAttributeByName(op, tileStr("tile.smem_a"));
  } else {
    dims(av, &r, &c);
    TileSmemLayout s = tileSmemLayoutFor(r, c, instr.inputBytes, false);
    if (wgmma)
      tileSmemLayoutForWgmma(r, c, instr.inputBytes, false, &s);
    mlirOperationSetAttributeByName(op, tileStr("tile.smem_a"),
                                    tileSmemLayoutToAttr(ctx, &s));
  }
  dims(bv, &r, &c);
  /* 16-bit B is stored [K][N] and read with ldmatrix .trans, unless it is
   * a trans of a tile stored [N][K] (tileMmaTransposedB). */
  bool transposed = instr.inputBytes != 2 ||
                    !mlirOperationIsNull(tileMmaTransposedB(op));
  TileSmemLayout s = tileSmemLayoutFor(r, c, instr.inputBytes, transposed);
  if (wgmma)
    tileSmemLayoutForWgmma(r, c, instr.inputBytes, transposed, &s);
  mlirOperationSetAttributeByName(op, tileStr("tile.smem_b"),
                                  tileSmemLayoutToAttr(ctx, &s));
  return MlirWalkResultAdvance;
}

MlirLogicalResult tilePromoteSmem(MlirOperation op) {
  mlirOperationWalk(op, promoteDot, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
