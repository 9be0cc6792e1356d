/* tile.print and tile.assert for TileToGPU, through the CUDA device
 * runtime's two entry points, which the driver links into every module:
 *   - vprintf(format, args): `args` points at the arguments packed as the
 *     CUDA ABI lays out a C varargs list (each at its natural alignment,
 *     floats promoted to double), here an alloca'd LLVM struct. A tile
 *     prints one line per element, from the thread that holds the copy
 *     that counts (gpuOwnsRegister), in the CPU's format and digits
 *     (PrintFormat.h), so both targets print the same text:
 *       pid (0, 1, 0) idx (3, 17) x: 1.5
 *     a scalar one line per program, from thread 0: pid (0, 1, 0) x: 7
 *     The driver flushes the device's buffer at the next synchronization;
 *     lines of different programs interleave in any order.
 *   - __assertfail(message, file, line, function, charSize): where any of
 *     the thread's elements is false. The driver prints
 *       FILE:LINE: KERNEL: block: [x,y,z], thread: [..] Assertion `MESSAGE`
 *       failed.
 *     (the block is the program id), the kernel stops and the context
 *     reports CUDA_ERROR_ASSERT (710) at the next synchronization, which
 *     tile-run turns into "device assert failed" and exit code 1.
 * The strings are constant globals of the gpu.module (addrspace 0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/Conversion/PrintFormat.h"
#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

static MlirBlock moduleBody(GpuLowering *g) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(g->gpuModule, 0));
}

/* `text` (an llvm.func declaration) at the module's start, once. */
static void declare(GpuLowering *g, const char *name, const char *text) {
  if (!mlirOperationIsNull(tileChildSymbol(g->gpuModule, name)))
    return;
  MlirOperation decl =
      mlirOperationCreateParse(g->ctx, tileStr(text), tileStr("tile-debug"));
  mlirBlockInsertOwnedOperation(moduleBody(g), 0, decl);
}

/* The address (generic, !llvm.ptr) of a NUL-terminated constant holding
 * `s`, a global of its own. */
static MlirValue stringConstant(GpuLowering *g, TileBuilder *b,
                                const char *s) {
  char name[64];
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  size_t n = strlen(s);
  for (int i = 0;; ++i) {
    snprintf(name, sizeof name, "__tile_str_%d", i);
    MlirOperation global = tileChildSymbol(g->gpuModule, name);
    if (mlirOperationIsNull(global))
      break;
    /* The same text already has a global: use it. */
    MlirAttribute value = tileOpAttr(global, "value");
    if (!mlirAttributeIsNull(value) && mlirAttributeIsAString(value)) {
      MlirStringRef v = mlirStringAttrGetValue(value);
      if (v.length == n + 1 && memcmp(v.data, s, n) == 0) {
        TileNamedAttr attrs[] = {
            {"global_name", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))}};
        return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL,
                                       1, &ptr, 1, attrs));
      }
    }
  }
  TileStrBuf text = tileStrBufInit();
  tileStrBufPrintf(&text, "llvm.mlir.global internal constant @%s(\"", name);
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c < 32 || c > 126 || c == '"' || c == '\\')
      tileStrBufPrintf(&text, "\\%02X", c);
    else
      tileStrBufPrintf(&text, "%c", c);
  }
  tileStrBufPrintf(&text, "\\00\") {addr_space = 0 : i32} : !llvm.array<%zu x "
                          "i8>",
                   n + 1);
  MlirOperation global = mlirOperationCreateParse(
      g->ctx, tileStr(tileStrBufCStr(&text)), tileStr("tile-debug"));
  tileStrBufFree(&text);
  mlirBlockInsertOwnedOperation(moduleBody(g), 0, global);
  TileNamedAttr attrs[] = {
      {"global_name", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL, 1,
                                 &ptr, 1, attrs));
}

static MlirValue call(TileBuilder *b, const char *callee, intptr_t n,
                      const MlirValue *args, MlirType result) {
  int32_t segments[] = {(int32_t)n, 0};
  TileNamedAttr attrs[] = {
      {"callee", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(callee))},
      {"op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)},
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments)}};
  bool none = mlirTypeIsNull(result);
  return bInsert(b, tileOpCreate(b->loc, "llvm.call", n, args, none ? 0 : 1,
                                 &result, 3, attrs));
}

static MlirValue ctaid(TileBuilder *b, char axis) {
  char name[48];
  snprintf(name, sizeof name, "nvvm.read.ptx.sreg.ctaid.%c", axis);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  return bInsert(b, tileOpCreate(b->loc, name, 0, NULL, 1, &i32, 0, NULL));
}

/* ---- tile.print -------------------------------------------------------- */

enum { MAX_PRINT_ARGS = 8 };

/* One vprintf of `format` with `n` arguments (i32, i64 or f64). */
static void printLine(GpuLowering *g, TileBuilder *b, const char *format,
                    int n, const MlirValue *args) {
  declare(g, "vprintf", "llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32");
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  MlirType fields[MAX_PRINT_ARGS];
  for (int i = 0; i < n; ++i)
    fields[i] = mlirValueGetType(args[i]);
  MlirType record = mlirLLVMStructTypeLiteralGet(b->ctx, n, fields, false);
  /* The buffer in the entry block (a static alloca): one in a loop body
   * would take more stack each iteration. */
  MlirOperation warpDef = mlirOpResultGetOwner(g->warp);
  TileBuilder entry = tileBuilderBefore(mlirOperationGetNextInBlock(warpDef));
  entry.loc = b->loc;
  entry.cache = b->cache;
  MlirValue one = bConstInt(&entry, i64, 1);
  TileNamedAttr allocaAttrs[] = {{"elem_type", mlirTypeAttrGet(record)},
                                 {"alignment", mlirIntegerAttrGet(i64, 8)}};
  MlirValue buf = bInsert(&entry, tileOpCreate(b->loc, "llvm.alloca", 1, &one,
                                               1, &ptr, 2, allocaAttrs));
  for (int i = 0; i < n; ++i) {
    int32_t idx[] = {0, i};
    MlirValue operands[] = {buf};
    TileNamedAttr gepAttrs[] = {
        {"elem_type", mlirTypeAttrGet(record)},
        {"rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 2, idx)}};
    MlirValue field = bInsert(b, tileOpCreate(b->loc, "llvm.getelementptr", 1,
                                              operands, 1, &ptr, 2, gepAttrs));
    gpuStorePtr(b, args[i], field, tileElemBytes(fields[i]));
  }
  MlirValue callArgs[] = {stringConstant(g, b, format), buf};
  call(b, "vprintf", 2, callArgs, i32);
}

/* The argument and conversion of one value, as the CPU prints it
 * (PrintFormat.h): integers up to 32 bits as %d (i1 as 0 or 1), 64-bit
 * ones and index as %lld, floats as %.Ng of the double. `spec` holds at
 * least 8 bytes. */
static MlirValue printArg(TileBuilder *b, MlirValue v, char *spec) {
  MlirType t = mlirValueGetType(v);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  if (mlirTypeIsAIndex(t)) {
    strcpy(spec, "%lld");
    return bCast(b, "arith.index_cast", v, i64);
  }
  if (mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    strcpy(spec, w == 64 ? "%lld" : "%d");
    if (w == 64 || w == 32)
      return v;
    return bCast(b, w == 1 ? "arith.extui" : "arith.extsi", v, i32);
  }
  snprintf(spec, 8, "%%.%dg", tilePrintFloatDigits(t));
  MlirType f64 = mlirF64TypeGet(b->ctx);
  if (tileTypeIsF8(t) || mlirTypeIsABF16(t))
    v = bCast(b, "arith.extf", v, mlirF32TypeGet(b->ctx));
  return bCast(b, "arith.extf", v, f64);
}

bool gpuLowerPrint(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirStringRef prefix = tileStr("");
  tileOpStrAttr(op, "prefix", &prefix);
  /* The prefix goes into the format, its '%' doubled, after a space; an
   * empty one without it ("pid (0, 0, 0): 7"), as the CPU writes it. */
  char *pre = malloc(2 * prefix.length + 2);
  size_t len = 0;
  if (prefix.length)
    pre[len++] = ' ';
  for (size_t i = 0; i < prefix.length; ++i) {
    pre[len++] = prefix.data[i];
    if (prefix.data[i] == '%')
      pre[len++] = '%';
  }
  pre[len] = 0;
  MlirValue args[MAX_PRINT_ARGS];
  args[0] = ctaid(b, 'x');
  args[1] = ctaid(b, 'y');
  args[2] = ctaid(b, 'z');
  char format[512], spec[8];
  MlirValue operand = mlirOperationGetOperand(op, 0);
  if (!gpuIsTensor(operand)) {
    MlirValue v = gpuOperandScalar(g, op, 0);
    if (mlirValueIsNull(v)) {
      free(pre);
      return false;
    }
    TileBuilder thenB;
    MlirValue first = bCmpi(b, ARITH_EQ,
                            bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)),
                                  g->lane),
                            bConstIndex(b, 0));
    bIf(b, first, 0, NULL, false, &thenB, NULL);
    args[3] = printArg(&thenB, v, spec);
    snprintf(format, sizeof format, "pid (%%u, %%u, %%u)%s: %s\n", pre,
             spec);
    printLine(g, &thenB, format, 4, args);
    bYield(&thenB, "scf.yield", 0, NULL);
    free(pre);
    return true;
  }
  GpuTile *tp = gpuOperandTile(g, op, 0);
  TileLayout layout;
  if (!tp || !tileTypeLayout(mlirValueGetType(operand), &layout)) {
    free(pre);
    if (tp)
      tileEmitOpError(op, "has no layout (run tile-assign-layouts)");
    return false;
  }
  GpuTile t = tp->uniform ? gpuTileMaterialize(tp, &layout) : *tp;
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  for (int r = 0; r < t.numRegs; ++r) {
    MlirValue c[TILE_MAX_LAYOUT_RANK];
    gpuRegCoords(b, g, &layout, t.rank, t.shape, r, c);
    MlirValue owns = gpuOwnsRegister(b, g, &layout, t.shape, r);
    TileBuilder thenB, *at = b;
    if (!mlirValueIsNull(owns)) {
      bIf(b, owns, 0, NULL, false, &thenB, NULL);
      at = &thenB;
    }
    char idx[64] = "";
    size_t len = 0;
    for (int d = 0; d < t.rank; ++d) {
      args[3 + d] = bCast(at, "arith.index_cast", c[d], i32);
      len += (size_t)snprintf(idx + len, sizeof idx - len, "%s%%d",
                              d ? ", " : "");
    }
    args[3 + t.rank] = printArg(at, t.regs[r], spec);
    snprintf(format, sizeof format, "pid (%%u, %%u, %%u) idx (%s)%s: %s\n",
             idx, pre, spec);
    printLine(g, at, format, 4 + t.rank, args);
    if (at != b)
      bYield(&thenB, "scf.yield", 0, NULL);
  }
  if (tp->uniform)
    free(t.regs);
  free(pre);
  return true;
}

/* ---- tile.assert ------------------------------------------------------- */

bool gpuLowerAssert(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirValue operand = mlirOperationGetOperand(op, 0);
  MlirValue ok = {NULL};
  if (gpuIsTensor(operand)) {
    GpuTile *t = gpuOperandTile(g, op, 0);
    if (!t)
      return false;
    if (t->uniform) {
      ok = t->scalar;
    } else {
      for (int r = 0; r < t->numRegs; ++r)
        ok = r == 0 ? t->regs[0] : bAndi(b, ok, t->regs[r]);
    }
  } else {
    ok = gpuOperandScalar(g, op, 0);
  }
  if (mlirValueIsNull(ok))
    return false;
  declare(g, "__assertfail",
          "llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)");
  MlirStringRef message = tileStr(""), file = tileStr("<unknown>");
  tileOpStrAttr(op, "message", &message);
  unsigned line = 0, col = 0;
  tileLocationFileLineCol(mlirOperationGetLocation(op), &file, &line, &col);
  char *msg = malloc(message.length + 1);
  memcpy(msg, message.data, message.length);
  msg[message.length] = 0;
  char *fileName = malloc(file.length + 1);
  memcpy(fileName, file.data, file.length);
  fileName[file.length] = 0;
  MlirStringRef kernel = tileStr("kernel");
  tileOpStrAttr(g->kernel, "sym_name", &kernel);
  char function[256];
  snprintf(function, sizeof function, "%.*s", (int)kernel.length,
           kernel.data);
  MlirValue failed = bBinary(b, "arith.xori", ok,
                             bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
  TileBuilder thenB;
  bIf(b, failed, 0, NULL, false, &thenB, NULL);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue args[] = {stringConstant(g, &thenB, msg),
                      stringConstant(g, &thenB, fileName),
                      bConstInt(&thenB, i32, line),
                      stringConstant(g, &thenB, function),
                      bConstInt(&thenB, i64, 1)};
  call(&thenB, "__assertfail", 5, args, (MlirType){NULL});
  bYield(&thenB, "scf.yield", 0, NULL);
  free(msg);
  free(fileName);
  return true;
}
