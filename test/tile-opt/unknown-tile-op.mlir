// An op the tile dialect does not define is an error at the op (exit 1).
// RUN: not tile-opt %s 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s 2>&1 | FileCheck %s --check-prefix=EXIT

// CHECK: unknown-tile-op.mlir:[[@LINE+5]]:8: error: unregistered operation 'tile.foo' found in dialect ('tile') that does not allow unknown operations
// CHECK-NOT: module
// EXIT: exit code: 1
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.foo"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  return
}
