/* Builds a vector-add kernel through the public C API alone (no parsing),
 * verifies it with tileVerify, runs tile-canonicalize through a pass manager
 * and prints it. Then breaks a rule on purpose and checks that the verifier
 * reports it at the op's location.
 *
 * RUN: tile-capi-build_kernel 2>&1 | FileCheck %s
 */
#include <stdio.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "tile-c/Dialect.h"
#include "tile-c/Ops.h"
#include "tile-c/Passes.h"

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(d), print, NULL);
  printf(": ");
  mlirDiagnosticPrint(d, print, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirValue append(MlirBlock block, MlirOperation op) {
  mlirBlockAppendOwnedOperation(block, op);
  return mlirOperationGetNumResults(op) ? mlirOperationGetResult(op, 0)
                                        : (MlirValue){NULL};
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "tileContextCreate failed\n");
    return 1;
  }
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  MlirLocation loc = mlirLocationFileLineColGet(ctx, str("vecadd.c"), 1, 1);
  MlirModule module = mlirModuleCreateEmpty(loc);

  /* func.func @vecadd(%x, %y, %z: memref<?xf32>) {tile.kernel} */
  int64_t dyn = mlirShapedTypeGetDynamicSize();
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType mem = mlirMemRefTypeContiguousGet(f32, 1, &dyn,
                                             mlirAttributeGetNull());
  MlirType args[] = {mem, mem, mem};
  MlirOperation kernel = tileKernelCreate(loc, str("vecadd"), 3, args, 4);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), kernel);
  MlirBlock body = tileKernelGetBody(kernel);
  MlirValue x = mlirBlockGetArgument(body, 0);
  MlirValue y = mlirBlockGetArgument(body, 1);
  MlirValue z = mlirBlockGetArgument(body, 2);

  int64_t shape[] = {1024};
  MlirType tile = mlirRankedTensorTypeGet(1, shape, f32, mlirAttributeGetNull());
  MlirValue pid = append(body, tileProgramIdOpCreate(loc, 0));
  /* offset = pid * 1024 */
  MlirType index = mlirIndexTypeGet(ctx);
  MlirOperationState cst = mlirOperationStateGet(str("arith.constant"), loc);
  MlirNamedAttribute value = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, str("value")), mlirIntegerAttrGet(index, 1024));
  mlirOperationStateAddAttributes(&cst, 1, &value);
  mlirOperationStateAddResults(&cst, 1, &index);
  MlirValue block = append(body, mlirOperationCreate(&cst));
  MlirOperationState mul = mlirOperationStateGet(str("arith.muli"), loc);
  MlirValue mulArgs[] = {pid, block};
  mlirOperationStateAddOperands(&mul, 2, mulArgs);
  mlirOperationStateAddResults(&mul, 1, &index);
  MlirValue offset = append(body, mlirOperationCreate(&mul));

  MlirValue a = append(body, tileLoadOpCreate(loc, x, 1, &offset, tile,
                                              mlirAttributeGetNull()));
  MlirValue b = append(body, tileLoadOpCreate(loc, y, 1, &offset, tile,
                                              mlirAttributeGetNull()));
  MlirOperationState add = mlirOperationStateGet(str("arith.addf"), loc);
  MlirValue addArgs[] = {a, b};
  mlirOperationStateAddOperands(&add, 2, addArgs);
  mlirOperationStateAddResults(&add, 1, &tile);
  MlirValue sum = append(body, mlirOperationCreate(&add));
  append(body, tileStoreOpCreate(loc, sum, z, 1, &offset));
  /* A dead op that tile-canonicalize must remove. */
  append(body, tileRangeOpCreate(loc, 0, 128));
  append(body, tileReturnOpCreate(loc));

  MlirOperation moduleOp = mlirModuleGetOperation(module);
  printf("mlir verify: %s\n", mlirOperationVerify(moduleOp) ? "ok" : "failed");
  printf("tile verify: %s\n",
         mlirLogicalResultIsSuccess(tileVerify(moduleOp)) ? "ok" : "failed");
  printf("is kernel: %d\n", tileIsKernel(kernel));
  // CHECK: mlir verify: ok
  // CHECK-NEXT: tile verify: ok
  // CHECK-NEXT: is kernel: 1

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  tileAddDefaultPipeline(mlirPassManagerGetAsOpPassManager(pm));
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, moduleOp);
  printf("pipeline: %s\n", mlirLogicalResultIsSuccess(ran) ? "ok" : "failed");
  mlirPassManagerDestroy(pm);
  mlirOperationPrint(moduleOp, print, NULL);
  printf("\n");
  // CHECK: pipeline: ok
  // CHECK: func.func @vecadd(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32}
  // CHECK: %[[PID:.*]] = "tile.program_id"() {axis = 0 : i32} : () -> index
  // CHECK: %[[OFF:.*]] = arith.muli %[[PID]], %{{.*}} : index
  // CHECK: %[[A:.*]] = "tile.load"(%arg0, %[[OFF]]) : (memref<?xf32>, index) -> tensor<1024xf32>
  // CHECK: %[[B:.*]] = "tile.load"(%arg1, %[[OFF]]) : (memref<?xf32>, index) -> tensor<1024xf32>
  // CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<1024xf32>
  // CHECK: "tile.store"(%[[S]], %arg2, %[[OFF]]) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  // CHECK-NOT: tile.range
  // CHECK: return

  /* Break a rule: a 1-D load with two offsets. */
  MlirValue offsets[] = {offset, offset};
  MlirOperation bad = tileLoadOpCreate(
      mlirLocationFileLineColGet(ctx, str("vecadd.c"), 42, 7), x, 2, offsets,
      tile, mlirAttributeGetNull());
  mlirBlockInsertOwnedOperationBefore(body, mlirBlockGetTerminator(body), bad);
  printf("tile verify broken: %s\n",
         mlirLogicalResultIsSuccess(tileVerify(moduleOp)) ? "ok" : "failed");
  // CHECK: diagnostic: loc("vecadd.c":42:7): tile.load: {{.*}}
  // CHECK-NEXT: tile verify broken: failed

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
