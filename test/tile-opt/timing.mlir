// --mlir-timing prints MLIR's execution time report to stderr, one line per
// pass, tile passes by name.
// RUN: tile-opt %s --mlir-timing --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse)' -o /dev/null 2>&1 | FileCheck %s
// Without a pipeline there is nothing to time.
// RUN: tile-opt %s --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty

// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9.]+}} seconds
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT: 'func.func' Pipeline
// CHECK-NEXT:   tile-canonicalize
// CHECK-NEXT: CSE
// CHECK:      Total

// NONE-NOT: Execution time report
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
