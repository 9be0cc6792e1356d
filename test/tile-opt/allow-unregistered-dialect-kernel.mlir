// --allow-unregistered-dialect lets an unknown op parse, but a kernel may
// hold only ops tile knows how to compile: the tile verifier, which runs
// after parsing and first in --tile-compile, names the op where it is
// (exit 1, not a crash). Types of unknown dialects, which the flag also
// lets parse, are refused alike.
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file --allow-unregistered-dialect --tile-compile=chip=sm_80 -o %t 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file --allow-unregistered-dialect --tile-compile --emit=mlir -o %t 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file --allow-unregistered-dialect -p tile-coalesce 2>&1 | FileCheck %s

// CHECK: allow-unregistered-dialect-kernel.mlir:[[@LINE+4]]:8: error: other.scale: is not supported in tile kernels
func.func @op(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %u = "other.scale"(%t) {by = 2 : i32} : (tensor<128xf32>) -> tensor<128xf32>
  "tile.store"(%u, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Inside a loop too.
// CHECK: allow-unregistered-dialect-kernel.mlir:[[@LINE+6]]:5: error: other.step: is not supported in tile kernels
func.func @nested(%m: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = "tile.load"(%m, %i) : (memref<?xf32>, index) -> tensor<128xf32>
    "other.step"(%t) : (tensor<128xf32>) -> ()
  }
  return
}

// -----

// CHECK: allow-unregistered-dialect-kernel.mlir:[[@LINE+1]]:1: error: func.func: kernel argument #1 type !other.handle must be a memref or a scalar
func.func @arg(%m: memref<?xf32>, %h: !other.handle) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// CHECK-NOT: error
// CHECK: exit code: 1
