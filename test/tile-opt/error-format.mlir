// Errors read `file:line:col: error: message`, then the source line and a
// caret under the column, as in mlir-opt.
// RUN: not tile-opt %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s 2>&1 | FileCheck %s --check-prefix=EXIT

//      CHECK:{{.*}}error-format.mlir:[[@LINE+8]]:10: error: tile.load: result #0 type tensor<96xf32> is not a tile: dimension 0 (96) is not a power of two
// CHECK-NEXT:    %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<96xf32>
// CHECK-NEXT:         ^
// EXIT:      exit code: 1
func.func @k(%m: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<96xf32>
  }
  return
}
