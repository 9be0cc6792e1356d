// Packages record the flops of one program when the compiler can count
// them (2*M*N*K per dot, times constant trip counts), so tile-run --bench
// reports TFLOP/s; a loop bound known only at run time leaves 0.
// RUN: tile-opt %s --tile-compile --kernel=static_k --emit=package -o %t.static.tpkg
// RUN: tile-package --dump %t.static.tpkg | FileCheck %s --check-prefix=STATIC
// STATIC: flops per program: 2097152
// RUN: tile-opt %tile_src/examples/matmul.mlir --tile-compile --emit=package --kernel=matmul -o %t.dynamic.tpkg
// RUN: tile-package --dump %t.dynamic.tpkg | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: flops per program: 0

// 4 steps of a 64x64x64 dot: 4 * 2*64*64*64 = 2097152.
func.func @static_k(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %tb = "tile.load"(%b, %k, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  "tile.store"(%s, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
