/* tile.print and tile.assert on the CPU (docs/dialect.md, "v2"): calls of the C
 * runtime (lib/Execution/CpuDebug.h says what they print and how a failed
 * assert stops its program). A print calls tileCpuPrintInt or
 * tileCpuPrintFloat once per element, in row-major order, with the
 * program id and the element's indices; the prefix is a constant string.
 * An assert folds its condition's elements with `and` and, where one is
 * false, calls tileCpuAssertFail with the message, "file:line:col" of the
 * op and the program id. */
#include "lib/Conversion/TileToCPU/CpuOps.h"

#include <stdio.h>
#include <string.h>

#include "lib/Conversion/PrintFormat.h"
#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxRank = 3 };

/* A string attribute of `op` as a constant C string in the module. */
static MlirValue attrString(TileBuilder *b, MlirOperation op,
                            const char *name) {
  MlirStringRef s = {"", 0};
  tileOpStrAttr(op, name, &s);
  char text[1024];
  snprintf(text, sizeof text, "%.*s", (int)s.length, s.data);
  return tileCpuString(b, op, text);
}

static MlirValue toI64(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  if (mlirTypeIsAIndex(t))
    return bCast(b, "arith.index_cast", v, i64);
  unsigned width = mlirIntegerTypeGetWidth(t);
  if (width == 64)
    return v;
  /* Integers print as signed values; i1 as 0 or 1. */
  return bCast(b, width == 1 ? "arith.extui" : "arith.extsi", v, i64);
}

static void printElement(TileBuilder *b, MlirOperation op, MlirValue prefix,
                         const MlirValue pid[3], intptr_t rank,
                         const MlirValue *idx, MlirValue v) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue args[10] = {prefix};
  intptr_t n = 1;
  for (int a = 0; a < 3; ++a)
    args[n++] = toI64(b, pid[a]);
  args[n++] = bConstInt(b, i64, rank);
  for (intptr_t d = 0; d < kMaxRank; ++d)
    args[n++] = d < rank ? toI64(b, idx[d]) : bConstInt(b, i64, 0);
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t)) {
    args[n++] = toI64(b, v);
    tileCpuCall(b, op, "tileCpuPrintInt", n, args, (MlirType){NULL});
    return;
  }
  MlirType f32 = mlirF32TypeGet(b->ctx);
  if (!mlirTypeIsAF32(t) && !mlirTypeIsAF64(t))
    v = bCast(b, "arith.extf", v, f32); /* f16, bf16 and f8 widen exactly */
  if (!mlirTypeIsAF64(t))
    v = bCast(b, "arith.extf", v, mlirF64TypeGet(b->ctx));
  args[n++] = v;
  args[n++] = bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), tilePrintFloatDigits(t));
  tileCpuCall(b, op, "tileCpuPrintFloat", n, args, (MlirType){NULL});
}

void tileCpuLowerPrint(MlirOperation op, const MlirValue pid[3]) {
  TileBuilder b = tileBuilderBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x);
  MlirValue prefix = attrString(&b, op, "prefix");
  if (!mlirTypeIsARankedTensor(type)) {
    printElement(&b, op, prefix, pid, 0, NULL, x);
    return;
  }
  TileCpuElementLoop l;
  TileBuilder *in = tileCpuElementLoopBegin(&b, type, (MlirValue){NULL}, &l);
  printElement(in, op, prefix, pid, l.rank, l.e, bExtract(in, x, l.rank, l.e));
  tileCpuElementLoopEnd(&l, (MlirValue){NULL});
}

void tileCpuLowerAssert(MlirOperation op, const MlirValue pid[3]) {
  TileBuilder b = tileBuilderBefore(op), failB;
  MlirValue cond = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(cond);
  MlirType i1 = mlirIntegerTypeGet(b.ctx, 1);
  MlirValue all = cond;
  if (mlirTypeIsARankedTensor(type)) {
    TileCpuElementLoop l;
    TileBuilder *in =
        tileCpuElementLoopBegin(&b, type, bConstInt(&b, i1, 1), &l);
    MlirValue next = bAndi(in, l.carried, bExtract(in, cond, l.rank, l.e));
    all = tileCpuElementLoopEnd(&l, next);
  }
  MlirValue failed = bCmpi(&b, ARITH_EQ, all, bConstInt(&b, i1, 0));
  bIf(&b, failed, 0, NULL, false, &failB, NULL);
  MlirStringRef file;
  unsigned line, col;
  char where[1024] = "unknown location";
  if (tileLocationFileLineCol(mlirOperationGetLocation(op), &file, &line,
                              &col))
    snprintf(where, sizeof where, "%.*s:%u:%u", (int)file.length, file.data,
             line, col);
  MlirValue args[5] = {attrString(&failB, op, "message"),
                       tileCpuString(&failB, op, where)};
  MlirType i64 = mlirIntegerTypeGet(b.ctx, 64);
  for (int a = 0; a < 3; ++a)
    args[2 + a] = bCast(&failB, "arith.index_cast", pid[a], i64);
  tileCpuCall(&failB, op, "tileCpuAssertFail", 5, args, (MlirType){NULL});
  bYield(&failB, "scf.yield", 0, NULL);
}
