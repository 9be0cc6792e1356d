// With no input file, or with '-', tile-opt reads stdin.
// RUN: tile-opt < %s | FileCheck %s
// RUN: tile-opt - < %s | FileCheck %s
// Diagnostics name stdin as <stdin>.
// RUN: tile-opt --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=LOC

// CHECK:      module {
// CHECK-NEXT:   func.func @copy(%arg0: memref<?xf32>, %arg1: memref<?xf32>) attributes {tile.kernel} {
// CHECK:          "tile.store"
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// LOC: loc("<stdin>":[[@LINE+4]]:{{[0-9]+}})
func.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c256 = arith.constant 256 : index
  %off = arith.muli %pid, %c256 : index
  %t = "tile.load"(%src, %off) : (memref<?xf32>, index) -> tensor<256xf32>
  "tile.store"(%t, %dst, %off) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}
