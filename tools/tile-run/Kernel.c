/* The kernel file; see Kernel.h. */
#ifndef TILE_RUN_NO_COMPILER
#include "tools/tile-run/Kernel.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "tile-c/Dialect.h"

MlirModule kernelParse(MlirContext ctx, const char *text, size_t len,
                       const char *fileName) {
  MlirModule m = tileParseModule(ctx, mlirStringRefCreate(text, len),
                                 tileStr(fileName));
  if (mlirModuleIsNull(m))
    return m;
  MlirOperation op = mlirModuleGetOperation(m);
  if (mlirLogicalResultIsFailure(tileVerify(op))) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

static bool symbolName(MlirOperation op, MlirStringRef *name) {
  MlirAttribute a = tileOpAttr(op, "sym_name");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  *name = mlirStringAttrGetValue(a);
  return true;
}

static MlirWalkResult findTf32Dot(MlirOperation op, void *userData) {
  if (tileOpIsNamed(op, "tile.dot") && tileDotIsTf32(op)) {
    *(bool *)userData = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool kernelHasTf32Dot(MlirOperation kernel) {
  bool found = false;
  mlirOperationWalk(kernel, findTf32Dot, &found, MlirWalkPreOrder);
  return found;
}

void kernelName(MlirOperation kernel, char *buf, size_t size) {
  MlirStringRef sym = {"", 0};
  symbolName(kernel, &sym);
  snprintf(buf, size, "%.*s", (int)sym.length, sym.data);
}

int kernelFind(MlirModule module, const char *name, const char *fileName,
               MlirOperation *out, char *err, size_t errSize) {
  MlirBlock body = mlirModuleGetBody(module);
  TileStrBuf kernels = tileStrBufInit();
  bool foundFunc = false;
  int count = 0;
  MlirOperation only = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (!tileOpIsNamed(op, "func.func") || !symbolName(op, &sym))
      continue;
    bool isKernel = tileIsKernel(op);
    if (isKernel && ++count == 1)
      only = op;
    if (name && mlirStringRefEqual(sym, tileStr(name))) {
      if (isKernel) {
        *out = op;
        tileStrBufFree(&kernels);
        return 0;
      }
      foundFunc = true;
    }
    if (isKernel)
      tileStrBufPrintf(&kernels, "%s@%.*s", kernels.len ? ", " : "",
                       (int)sym.length, sym.data);
  }
  if (!name && count == 1) {
    *out = only;
    tileStrBufFree(&kernels);
    return 0;
  }
  if (!name) {
    if (count > 1)
      snprintf(err, errSize, "%s has %d kernels (%s): name one with --kernel",
               fileName, count, tileStrBufCStr(&kernels));
    else
      snprintf(err, errSize,
               "%s has no kernels (func.func with tile.kernel)", fileName);
    tileStrBufFree(&kernels);
    return count > 1 ? 2 : 1;
  }
  const char *what = foundFunc ? "is not a kernel (no tile.kernel attribute)"
                               : "not found";
  if (kernels.len)
    snprintf(err, errSize, "kernel @%s %s in %s; its kernels: %s", name, what,
             fileName, tileStrBufCStr(&kernels));
  else
    snprintf(err, errSize,
             "kernel @%s %s in %s; it has no kernels (func.func with tile.kernel)",
             name, what, fileName);
  tileStrBufFree(&kernels);
  return 1;
}

/* Argument `index` of type `t`, or a message saying why tile-run cannot
 * pass it. */
static int readArg(int index, MlirType t, TileKernelArg *a, char *err,
                   size_t errSize) {
  if (tileKernelArgOfType(t, a))
    return 0;
  if (!mlirTypeIsAMemRef(t))
    snprintf(err, errSize,
             TILE_ARG_FMT ": tile-run passes memrefs, integers, floats and "
             "index only",
             index, a->type);
  else if (a->rank < 1 || a->rank > 3)
    snprintf(err, errSize,
             TILE_ARG_FMT ": tile-run passes memrefs of rank 1 to 3", index,
             a->type);
  else
    snprintf(err, errSize,
             TILE_ARG_FMT ": tile-run has no host arrays of this element type "
             "(it passes i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, "
             "f8E5M2)",
             index, a->type);
  return 1;
}

int kernelSignature(MlirOperation kernel, TileKernelArg **out, int *numArgs,
                    char *err, size_t errSize) {
  MlirType fn = mlirTypeAttrGetValue(tileOpAttr(kernel, "function_type"));
  int n = (int)mlirFunctionTypeGetNumInputs(fn);
  TileKernelArg *args = calloc(n > 0 ? (size_t)n : 1, sizeof *args);
  for (int i = 0; i < n; ++i)
    if (readArg(i, mlirFunctionTypeGetInput(fn, i), &args[i], err, errSize)) {
      free(args);
      return 1;
    }
  *out = args;
  *numArgs = n;
  return 0;
}
#endif
