/* Calls from lowered CPU kernels into tile's C runtime (the JIT resolves
 * them: lib/Execution/JitSymbols.c). Atomics that LLVM's atomicrmw cannot
 * express exactly, prints and asserts become calls rather than LLVM-dialect
 * code, because the CPU pipeline bufferizes and deallocates after
 * TileToCPU and its passes refuse compare-and-swap loops
 * (memref.generic_atomic_rmw, llvm.cmpxchg); a call of a declared function
 * with scalar arguments passes through them untouched. */
#include "lib/Conversion/TileToCPU/CpuOps.h"

#include <stdio.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

enum { kMaxRank = 3 };

static MlirOperation enclosingModule(MlirOperation op) {
  while (!mlirOperationIsNull(op) && !tileOpIsNamed(op, "builtin.module"))
    op = mlirOperationGetParentOperation(op);
  return op;
}

static MlirBlock moduleBody(MlirOperation module) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
}

/* The module-level op named `opName` whose sym_name is `sym`, if any. */
static MlirOperation findSymbol(MlirBlock body, const char *opName,
                                const char *sym) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef s;
    if (tileOpIsNamed(op, opName) && tileOpStrAttr(op, "sym_name", &s) &&
        mlirStringRefEqual(s, tileStr(sym)))
      return op;
  }
  return (MlirOperation){NULL};
}

static void insertParsed(MlirOperation module, const char *text) {
  MlirOperation op = mlirOperationCreateParse(
      mlirOperationGetContext(module), tileStr(text), tileStr("tile-cpu"));
  mlirBlockInsertOwnedOperation(moduleBody(module), 0, op);
}

MlirValue tileCpuCall(TileBuilder *b, MlirOperation anchor, const char *name,
                      intptr_t n, const MlirValue *args, MlirType result) {
  MlirOperation module = enclosingModule(anchor);
  if (mlirOperationIsNull(findSymbol(moduleBody(module), "func.func", name))) {
    char text[1024], type[64];
    TileStrBuf sb = tileStrBufFixed(text, sizeof text);
    tileStrBufPrintf(&sb, "func.func private @%s(", name);
    for (intptr_t i = 0; i < n; ++i)
      tileStrBufPrintf(&sb, "%s%s", i ? ", " : "",
                        tileTypeStr(mlirValueGetType(args[i]), type,
                                    sizeof type));
    tileStrBufPrintf(&sb, ")");
    if (!mlirTypeIsNull(result))
      tileStrBufPrintf(&sb, " -> %s", tileTypeStr(result, type, sizeof type));
    insertParsed(module, text);
  }
  TileNamedAttr callee = {"callee",
                          mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))};
  bool hasResult = !mlirTypeIsNull(result);
  return bInsert(b, tileOpCreate(b->loc, "func.call", n, args,
                                 hasResult ? 1 : 0, hasResult ? &result : NULL,
                                 1, &callee));
}

MlirValue tileCpuString(TileBuilder *b, MlirOperation anchor,
                        const char *text) {
  MlirOperation module = enclosingModule(anchor);
  MlirBlock body = moduleBody(module);
  /* One constant global per distinct text: tile.str.0, tile.str.1, ... */
  char name[32];
  int k = 0;
  for (;; ++k) {
    snprintf(name, sizeof name, "tile.str.%d", k);
    MlirOperation g = findSymbol(body, "llvm.mlir.global", name);
    if (mlirOperationIsNull(g))
      break;
    MlirAttribute value = tileOpAttr(g, "value");
    MlirStringRef s = mlirStringAttrGetValue(value);
    if (s.length == strlen(text) + 1 && memcmp(s.data, text, s.length) == 0)
      break; /* already there */
  }
  if (mlirOperationIsNull(findSymbol(body, "llvm.mlir.global", name))) {
    size_t len = strlen(text) + 1; /* with the terminating NUL */
    TileStrBuf sb = tileStrBufInit();
    tileStrBufPrintf(&sb,
                      "llvm.mlir.global internal constant @\"%s\"(\"", name);
    for (size_t i = 0; i < len; ++i) /* every byte as \XX: no escaping rules */
      tileStrBufPrintf(&sb, "\\%02X", (unsigned char)text[i]);
    tileStrBufPrintf(&sb, "\") {addr_space = 0 : i32}");
    insertParsed(module, tileStrBufCStr(&sb));
    tileStrBufFree(&sb);
  }
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  TileNamedAttr global = {"global_name",
                          mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))};
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL, 1,
                                 &ptr, 1, &global));
}

TileCpuAddressing tileCpuAddressing(TileBuilder *b, MlirValue mem) {
  MlirType type = mlirValueGetType(mem);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirType elem = mlirShapedTypeGetElementType(type);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType results[2 + 2 * kMaxRank];
  results[0] = mlirMemRefTypeGet(elem, 0, NULL, mlirAttributeGetNull(),
                                 mlirMemRefTypeGetMemorySpace(type));
  for (intptr_t i = 1; i < 2 + 2 * rank; ++i)
    results[i] = index;
  MlirOperation meta =
      tileOpCreate(b->loc, "memref.extract_strided_metadata", 1, &mem,
                   2 + 2 * rank, results, 0, NULL);
  bInsert(b, meta);
  TileCpuAddressing a = {.rank = rank};
  a.base = bInsert(b, tileOpCreate(b->loc,
                                   "memref.extract_aligned_pointer_as_index",
                                   1, &mem, 1, &index, 0, NULL));
  a.offset = mlirOperationGetResult(meta, 1);
  for (intptr_t d = 0; d < rank; ++d)
    a.strides[d] = mlirOperationGetResult(meta, 2 + rank + d);
  int64_t bits = mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem)
                 : mlirTypeIsAF32(elem)   ? 32
                                          : 16; /* f16, bf16 */
  a.bytes = bConstIndex(b, bits / 8);
  return a;
}

MlirValue tileCpuElementAddress(TileBuilder *b, const TileCpuAddressing *a,
                                const MlirValue *g) {
  MlirValue linear = a->offset;
  for (intptr_t d = 0; d < a->rank; ++d)
    linear = bAddi(b, linear, bMuli(b, g[d], a->strides[d]));
  return bAddi(b, a->base, bMuli(b, linear, a->bytes));
}
