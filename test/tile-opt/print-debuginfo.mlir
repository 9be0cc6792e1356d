// --mlir-print-debuginfo prints locations, naming the real input file (the
// parser's buffer name "-" never shows).
// RUN: tile-opt %s --mlir-print-debuginfo | FileCheck %s
// Locations survive passes.
// RUN: tile-opt %s --mlir-print-debuginfo --pass-pipeline='builtin.module(func.func(tile-canonicalize))' | FileCheck %s

// CHECK-NOT: loc("-"
// CHECK:     func.func @k(%arg0: memref<?xf32> loc("{{.*}}print-debuginfo.mlir":[[@LINE+5]]:14))
// CHECK:     "tile.load"(%arg0, %c0) : (memref<?xf32>, index) -> tensor<128xf32> loc([[LOAD:#loc[0-9]*]])
// CHECK-NOT: loc("-"
// CHECK:     [[LOAD]] = loc("{{.*}}print-debuginfo.mlir":[[@LINE+4]]:8)
// CHECK-NOT: loc("-"
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
