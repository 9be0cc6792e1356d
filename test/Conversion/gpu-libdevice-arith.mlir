// An arith op that libdevice implements becomes the libdevice call
// upstream's convert-gpu-to-nvvm would make, fast-math flags or not (no
// __nv_fast_ variant of fmodf exists), never the llvm.frem that
// arith-to-llvm would make of it.
// RUN: tile-opt %s --tile-compile --emit=mlir | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=llvm | FileCheck %s --check-prefix=LLVM
// CHECK-LABEL: llvm.func @remk(
// CHECK:         llvm.call @__nv_fmodf(
// LLVM-LABEL:  llvm.func @remk(
// LLVM:          llvm.call @__nv_fmodf(
// LLVM-NOT:      llvm.frem
// LLVM-NOT:      arith.
func.func @remk(%x: memref<?xf32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %b = arith.addf %a, %a : tensor<128xf32>
  %r = arith.remf %b, %a fastmath<fast> : tensor<128xf32>
  "tile.store"(%r, %y, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
