// With --split-input-file the pipeline runs on each chunk on its own: two
// copies of one kernel (same name, so they could not share a module) are
// both transformed.
// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tile-canonicalize))' | FileCheck %s

// CHECK-LABEL: func.func @k
// CHECK:         arith.constant dense<2.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.splat"
// CHECK:       // -----
// CHECK-LABEL: func.func @k
// CHECK:         arith.constant dense<2.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.splat"
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  "tile.store"(%s, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  "tile.store"(%s, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
