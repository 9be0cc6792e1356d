/* i8 and i16 values read as signed, sign-extended by PTX `bfe.s32`, after
 * the kernel is lowered. Declared in GpuOps.h.
 *
 * Why: ptxas of CUDA 13.0 rewrites the sign extension of a negated 16-bit
 * value, sext(neg.s16 x), as the negation of the extended value,
 * -(sext x), which differs at x = -32768 (its 16-bit negation is itself;
 * the 32-bit one is +32768), and it extends implicitly wherever a 16-bit
 * value is read as signed: cvt.s32.s16 and cvt.s64.s16, setp.{lt,le,gt,
 * ge,eq,ne}.s16, shr.s16, and the operands of max.s32/vmax. A mul-scan of
 * a negated i16 tile, then a max, was wrong on sm_90a and sm_80 code
 * (random kernel 202030 of gen2; docs/difftest.md). LLVM forms the
 * negations itself ((-a)(-b) = ab moves them), so they cannot be avoided
 * upstream. The SASS of a 32-bit extension by `bfe.s32` of the zero-
 * extended value re-extends after the negation (LOP3 0xffff, then SGXT),
 * and zero extension masks after it, so every scalar op here that reads
 * an i8/i16 operand as signed gets operands extended so, works in i32 and
 * is truncated back: extsi, cmpi (every predicate but the unsigned ones),
 * shrsi, divsi, remsi, maxsi and minsi. The extension is inline PTX, so
 * LLVM cannot fold it back into a 16-bit op. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>

#include "lib/Conversion/TileToGPU/GpuValues.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "mlir-c/BuiltinTypes.h"

static bool isNarrowInt(MlirType t) {
  if (!mlirTypeIsAInteger(t))
    return false;
  unsigned w = mlirIntegerTypeGetWidth(t);
  return w == 8 || w == 16;
}

/* The ops whose i8/i16 operands are read as signed, with their results
 * computed in i32 and truncated back (extsi and cmpi are apart). */
static const char *const kWidened[] = {"arith.shrsi", "arith.divsi",
                                       "arith.remsi", "arith.maxsi",
                                       "arith.minsi"};

static bool isWidened(MlirOperation op) {
  for (size_t i = 0; i < sizeof kWidened / sizeof kWidened[0]; ++i)
    if (tileOpIsNamed(op, kWidened[i]))
      return true;
  return false;
}

/* arith.cmpi's predicate, or -1 for another op. Its ult, ule, ugt and
 * uge (6-9) compare zero-extended values, which ptxas gets right. */
static int64_t predicateOf(MlirOperation op) {
  int64_t p;
  return tileOpIsNamed(op, "arith.cmpi") &&
                 tileOpIntAttr(op, "predicate", &p)
             ? p
             : -1;
}

static bool readsSigned(MlirOperation op) {
  int64_t p = predicateOf(op);
  return p < 6 || p > 9;
}

static bool wanted(MlirOperation op) {
  if (tileOpIsNamed(op, "arith.extsi"))
    return isNarrowInt(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  if (!tileOpIsNamed(op, "arith.cmpi") && !isWidened(op))
    return false;
  return isNarrowInt(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
         readsSigned(op);
}

/* x (i8 or i16) sign-extended to i32 by `bfe.s32` of its zero extension;
 * a constant by arith.extsi, which LLVM folds (it is no negated value at
 * run time). */
static MlirValue extendSigned(TileBuilder *b, MlirValue x) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  if (mlirValueIsAOpResult(x) &&
      tileOpIsNamed(mlirOpResultGetOwner(x), "arith.constant"))
    return bCast(b, "arith.extsi", x, i32);
  char ptx[48];
  snprintf(ptx, sizeof ptx, "bfe.s32 $0, $1, 0, %u;",
           mlirIntegerTypeGetWidth(mlirValueGetType(x)));
  MlirValue z = bCast(b, "arith.extui", x, i32), r;
  gpuInlinePtx(b, ptx, "=r,r", 1, &z, 1, i32, false, &r);
  return r;
}

static void rewrite(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op);
  MlirValue old = mlirOperationGetResult(op, 0), r;
  MlirType t = mlirValueGetType(old);
  MlirValue x = extendSigned(&b, mlirOperationGetOperand(op, 0));
  if (tileOpIsNamed(op, "arith.extsi")) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    r = w == 32   ? x
        : w > 32 ? bCast(&b, "arith.extsi", x, t)
                 : bCast(&b, "arith.trunci", x, t);
  } else {
    MlirValue y = extendSigned(&b, mlirOperationGetOperand(op, 1));
    int64_t predicate = predicateOf(op);
    if (predicate >= 0) {
      r = bCmpi(&b, (int)predicate, x, y);
    } else {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
      char opName[32];
      snprintf(opName, sizeof opName, "%.*s", (int)name.length, name.data);
      r = bBinary(&b, opName, x, y);
      r = bCast(&b, "arith.trunci", r, t);
    }
  }
  mlirValueReplaceAllUsesOfWith(old, r);
  mlirOperationDestroy(op);
}

void gpuNarrowSignedSafe(MlirOperation func) {
  TileOpList found = {0};
  tileOpListCollect(&found, func, MlirWalkPostOrder, wanted);
  for (int i = 0; i < found.count; ++i)
    rewrite(found.ops[i]);
  tileOpListFree(&found);
}
