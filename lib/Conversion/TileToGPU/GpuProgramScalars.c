/* Program scalars computed again; see GpuProgramScalars.h. */
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"

#include <stdio.h>

#include "lib/Analysis/ProgramScalars.h"
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

MlirValue gpuProgramId(GpuLowering *g, TileBuilder *b, bool count,
                       int64_t axis, MlirValue program) {
  if (g->persistent && axis == 0)
    return count ? g->programs : program;
  return gpuSpecialRegister(b, count ? "nctaid" : "ctaid", axis, 0);
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
  /* Integer arith: the op again, on its operands computed here. */
  MlirOperation copy = mlirOperationClone(def);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirValue operand =
        gpuProgramScalar(g, b, memo, mlirOperationGetOperand(def, i), program);
    if (mlirValueIsNull(operand)) {
      mlirOperationDestroy(copy);
      return (MlirValue){NULL};
    }
    mlirOperationSetOperand(copy, i, operand);
  }
  bInsert(b, copy);
  return remember(memo, v,
                  mlirOperationGetResult(copy, mlirOpResultGetResultNumber(v)));
}
