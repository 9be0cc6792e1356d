// --mlir-disable-threading runs the passes on one thread; the result is the
// same as with threads.
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse)' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse)' | FileCheck %s

// CHECK-LABEL: func.func @a
// CHECK:         arith.constant dense<2.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.splat"
// CHECK-LABEL: func.func @b
// CHECK:         arith.constant dense<3.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.splat"
func.func @a(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  "tile.store"(%s, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

func.func @b(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %three = arith.constant 3.0 : f32
  %s = "tile.splat"(%three) : (f32) -> tensor<128xf32>
  "tile.store"(%s, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
