// An arith op that libdevice implements but TileToGPU leaves as it is (it
// has fast-math flags) still goes to convert-gpu-to-nvvm, which makes it
// the libdevice call upstream would make: the kernel is not taken down the
// lean pipeline, whose arith-to-llvm would make it an llvm.frem instead.
// RUN: tile-opt %s --tile-compile --emit=mlir | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=llvm | FileCheck %s --check-prefix=LLVM
// CHECK-LABEL: llvm.func @remk(
// CHECK:         arith.remf %{{.*}}, %{{.*}} fastmath<fast> : f32
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
