// --mlir-print-ir-after-all prints the IR to stderr after every pass, tile
// passes and upstream ones alike; a pass nested under func.func prints the
// function, a module pass the module.
// RUN: tile-opt %s --mlir-print-ir-after-all --pass-pipeline='builtin.module(func.func(tile-canonicalize),canonicalize)' -o /dev/null 2>&1 | FileCheck %s

// CHECK:      // -----// IR Dump After tile-canonicalize (tile-canonicalize) //----- //
// CHECK-NEXT: func.func @scale(%arg0: memref<?xf32>) attributes {tile.kernel} {
// CHECK-NOT:    "tile.splat"
// CHECK:        arith.constant dense<2.000000e+00> : tensor<128xf32>
// CHECK:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @scale(
// CHECK-NOT:  IR Dump
func.func @scale(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %u = arith.mulf %t, %s : tensor<128xf32>
  "tile.store"(%u, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
