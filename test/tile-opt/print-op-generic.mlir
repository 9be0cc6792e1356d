// --mlir-print-op-generic prints every op, func.func and arith included, in
// the generic form.
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s
// The generic form reads back in to the same IR.
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s --check-prefix=ROUND

// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (memref<?xf32>) -> (), sym_name = "k"}> ({
// CHECK-NEXT:   ^bb0(%arg0: memref<?xf32>):
// CHECK-NEXT:     %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:     %1 = "tile.load"(%arg0, %0) : (memref<?xf32>, index) -> tensor<128xf32>
// CHECK-NEXT:     "tile.store"(%1, %arg0, %0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) {tile.kernel} : () -> ()
// CHECK-NEXT: }) : () -> ()

// ROUND: func.func @k(%arg0: memref<?xf32>) attributes {tile.kernel} {
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
