/* Program scalars computed again; see GpuProgramScalars.h. */
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"

#include <stdio.h>

#include "lib/Analysis/ProgramScalars.h"
#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

MlirValue gpuSpecialRegister(TileBuilder *b, const char *reg, int64_t axis,
                             int bound) {
  char name[64];
  snprintf(name, sizeof name, "nvvm.read.ptx.sreg.%s.%c", reg,
           "xyz"[axis]);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  char range[64];
  snprintf(range, sizeof range, "#llvm.constant_range<i32, 0, %d>", bound);
  TileNamedAttr attrs[] = {
      {"range", tileParseAttr(b->ctx, range)}};
  MlirValue v = bInsert(
      b, tileOpCreate(b->loc, name, 0, NULL, 1, &i32, bound > 0 ? 1 : 0,
                      attrs));
  return bCast(b, "arith.index_cast", v, mlirIndexTypeGet(b->ctx));
}

bool gpuProgramOrderOf(MlirOperation kernel, int *axis, bool *reversed,
                       const char **why) {
  *axis = -1;
  *reversed = false;
  MlirAttribute a = tileOpAttr(kernel, "tile.program_order");
  if (mlirAttributeIsNull(a))
    return true;
  *why = "tile.program_order wants {axis = 0 or 1 : i32, reversed = true "
         "or false}";
  if (!mlirAttributeIsADictionary(a) ||
      mlirDictionaryAttrGetNumElements(a) != 2)
    return false;
  MlirAttribute ax = mlirDictionaryAttrGetElementByName(a, tileStr("axis"));
  MlirAttribute rev =
      mlirDictionaryAttrGetElementByName(a, tileStr("reversed"));
  if (mlirAttributeIsNull(ax) || !mlirAttributeIsAInteger(ax) ||
      mlirAttributeIsNull(rev) || !mlirAttributeIsABool(rev))
    return false;
  int64_t v = mlirIntegerAttrGetValueInt(ax);
  if (v != 0 && v != 1)
    return false;
  *axis = (int)v;
  *reversed = mlirBoolAttrGetValue(rev);
  return true;
}

/* The block's index along `axis` (blockIdx), or along x the one
 * GpuLowering.blockX stands for (a multicast kernel's other block). */
static MlirValue blockIndex(GpuLowering *g, TileBuilder *b, int64_t axis) {
  if (axis == 0 && !mlirValueIsNull(g->blockX))
    return g->blockX;
  return gpuSpecialRegister(b, "ctaid", axis, 0);
}

/* Block (x, y)'s program along `axis` under the kernel's order: the
 * blocks in launch order, n = x + y * gridDim.x, run program n / m of the
 * ordered axis (from its last when reversed) and n % m of the other, m
 * being the other axis' count; in 64 bits, as gridDim.x * gridDim.y may
 * pass 2^31. Along axis 2, and in a persistent kernel along axis 0 (its
 * only one, a loop's program), the order is the axis' alone. */
static MlirValue orderedProgram(GpuLowering *g, TileBuilder *b, int64_t axis,
                                MlirValue program) {
  int a = g->orderAxis;
  if (g->persistent || g->streamK) {
    if (!g->orderReversed)
      return program;
    MlirValue last = bBinary(b, "arith.subi", g->programs, bConstIndex(b, 1));
    return bBinary(b, "arith.subi", last, program);
  }
  MlirType i64 = tileI64Type(b->ctx);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirValue reg[2][2];
  for (int d = 0; d < 2; ++d)
    for (int c = 0; c < 2; ++c)
      reg[d][c] = bCast(
          b, "arith.index_castui",
          c ? gpuSpecialRegister(b, "nctaid", d, 0) : blockIndex(g, b, d), i64);
  MlirValue n = bAddi(b, reg[0][0], bMuli(b, reg[1][0], reg[0][1]));
  MlirValue m = reg[1 - a][1];
  MlirValue id;
  if (axis == a) {
    id = bBinary(b, "arith.divui", n, m);
    if (g->orderReversed)
      id = bBinary(b, "arith.subi",
                   bBinary(b, "arith.subi", reg[a][1], bConstInt(b, i64, 1)),
                   id);
  } else {
    id = bBinary(b, "arith.remui", n, m);
  }
  return bCast(b, "arith.index_castui", id, index);
}

MlirValue gpuProgramId(GpuLowering *g, TileBuilder *b, bool count,
                       int64_t axis, MlirValue program) {
  bool ordered =
      !count && g->orderAxis >= 0 &&
      (g->persistent || g->streamK ? axis == 0 && g->orderAxis == 0 : axis < 2);
  if (ordered)
    return orderedProgram(g, b, axis, program);
  if ((g->persistent || g->streamK) && axis == 0)
    return count ? g->programs : program;
  return count ? gpuSpecialRegister(b, "nctaid", axis, 0)
               : blockIndex(g, b, axis);
}

static MlirValue remember(GpuScalarMemo *memo, MlirValue key, MlirValue v) {
  if (!mlirValueIsNull(v) && memo->size < GPU_SCALAR_MEMO) {
    memo->keys[memo->size] = key;
    memo->values[memo->size++] = v;
  }
  return v;
}

MlirValue gpuProgramScalar(GpuLowering *g, TileBuilder *b, GpuScalarMemo *memo,
                           MlirValue v, MlirValue program) {
  for (int i = 0; i < memo->size; ++i)
    if (mlirValueEqual(memo->keys[i], v))
      return memo->values[i];
  if (!tileIsProgramScalar(g->kernel, v))
    return (MlirValue){NULL};
  if (mlirValueIsABlockArgument(v)) {
    /* A scalar argument: a parameter of the entry, which dominates every
     * block. */
    GpuValue *arg = gpuMapGet(&g->values, v);
    return arg ? arg->tile.scalar : (MlirValue){NULL};
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  int64_t axis = 0, d = 0;
  if (tileOpIsNamed(def, "tile.program_id") ||
      tileOpIsNamed(def, "tile.num_programs")) {
    tileOpIntAttr(def, "axis", &axis);
    return remember(memo, v,
                    gpuProgramId(g, b, tileOpIsNamed(def, "tile.num_programs"),
                                 axis, program));
  }
  if (tileOpIsNamed(def, "memref.dim")) {
    /* The sizes are read at the entry. */
    GpuValue *m = gpuMapGet(&g->values, mlirOperationGetOperand(def, 0));
    tileConstantInt(mlirOperationGetOperand(def, 1), &d);
    if (!m || m->kind != GPU_MEMREF || d < 0 || d >= m->memref.rank)
      return (MlirValue){NULL};
    return m->memref.sizes[d];
  }
  /* Arith (and scalar math): the op again, on its operands computed
   * here, lowered as the kernel's own copy is (gpuScalarOpOn). */
  intptr_t n = mlirOperationGetNumOperands(def);
  MlirValue operands[8], results[8];
  if (n > 8 || mlirOperationGetNumResults(def) > 8)
    return (MlirValue){NULL};
  for (intptr_t i = 0; i < n; ++i) {
    operands[i] =
        gpuProgramScalar(g, b, memo, mlirOperationGetOperand(def, i), program);
    if (mlirValueIsNull(operands[i]))
      return (MlirValue){NULL};
  }
  gpuScalarOpOn(g, b, def, operands, results);
  return remember(memo, v, results[mlirOpResultGetResultNumber(v)]);
}
