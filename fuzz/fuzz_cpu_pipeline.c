/* libFuzzer harness: a .mlir file through the CPU lowering of
 * `tile-run --target cpu` (lib/Execution/CpuKernel.c's lowerToLLVM), for
 * each of its first kernels: TileToCPU, tile-numerics, the upstream
 * pipeline to the LLVM dialect (tileCpuLLVMPipeline) and the translation to
 * LLVM IR. It stops before the ExecutionEngine: JIT-compiling each input
 * would be slow, and running arbitrary kernels is not what is under test.
 * Seeds: the .mlir files of examples/ and test/ (fuzz/seeds.sh). */
#include <stdlib.h>

#include "fuzz/Harness.h"
#include "lib/Conversion/TileToCPU/TileToCPU.h"
#include "lib/Support/KernelArg.h"
#include "lib/IR/DType.h"
#include "lib/Transforms/Numerics.h"
#include "llvm-c/Core.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Target/LLVMIR.h"

static void ignore(MlirStringRef s, void *userData) {
  (void)s;
  (void)userData;
}

static MlirOperation findFunc(MlirModule module, MlirStringRef name) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sym = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return op;
  }
  return (MlirOperation){NULL};
}

/* What tileCpuKernelCreate does before the JIT, on a clone of `module`. */
static void lowerKernel(MlirModule module, MlirStringRef name) {
  MlirOperation func = findFunc(module, name);
  /* tileCpuKernelCreate refuses arguments the CPU cannot pass first. */
  MlirType fnType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type")));
  intptr_t numArgs = mlirFunctionTypeGetNumInputs(fnType);
  if (numArgs > 64)
    return;
  for (intptr_t i = 0; i < numArgs; ++i) {
    TileKernelArg arg;
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fnType, i), &arg))
      return;
  }
  MlirModule clone = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(module)));
  MlirBlock body = mlirModuleGetBody(clone);
  func = findFunc(clone, name);
  for (MlirOperation op = mlirBlockGetFirstOperation(body), next;
       !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!mlirOperationEqual(op, func))
      mlirOperationDestroy(op);
  }
  if (mlirLogicalResultIsSuccess(tileLowerKernelToCPU(func)) &&
      mlirLogicalResultIsSuccess(
          tileLegalizeNumerics(func, TILE_NUMERICS_CPU, false))) {
    MlirContext ctx = mlirModuleGetContext(clone);
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    if (mlirLogicalResultIsSuccess(mlirParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(pm),
            mlirStringRefCreateFromCString(tileCpuLLVMPipeline), ignore,
            NULL)) &&
        mlirLogicalResultIsSuccess(
            mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(clone)))) {
      LLVMContextRef llvm = LLVMContextCreate();
      LLVMModuleRef ir =
          mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(clone), llvm);
      if (ir)
        LLVMDisposeModule(ir);
      LLVMContextDispose(llvm);
    }
    mlirPassManagerDestroy(pm);
  }
  mlirModuleDestroy(clone);
}

static void lowerEach(const TileFuzzInput *in, MlirStringRef name) {
  lowerKernel(in->module, name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return tileFuzzEachKernel(data, size, lowerEach);
}
