// Flags take one dash or two, and values follow '=' or come as the next
// argument, as in LLVM tools. Each spelling must take effect, not be
// dropped: here every one of them changes the output.
// RUN: tile-opt %s --pass-pipeline='func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s -pass-pipeline='func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline 'func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s -p 'func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s -p='func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s --p='func.func(tile-canonicalize)' | FileCheck %s
// RUN: tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s '-split-input-file=// +++' | FileCheck %s --check-prefix=SPLIT
// RUN: tile-opt %s -o=%t -mlir-print-op-generic && FileCheck %s --check-prefix=GENERIC < %t
// RUN: tile-opt %s --o=%t.2 | count 0
// RUN: FileCheck %s --check-prefix=OUT < %t.2

// CHECK:     func.func @k
// CHECK-NOT: "tile.splat"

// GENERIC:   "func.func"()

// SPLIT:     // +++
// SPLIT-NOT: // +++

// OUT:       func.func @other
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  "tile.store"(%s, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// +++

func.func @other(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
