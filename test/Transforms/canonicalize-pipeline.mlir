// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize),canonicalize,cse)' | FileCheck %s

// tile-canonicalize turns splats of constants into dense constants, which
// upstream folding then simplifies (x * 1.0 -> x, 1.0 + 2.0 -> 3.0); dead
// tile ops go, and cse merges the duplicated offset arithmetic.
// CHECK-LABEL: func.func @axpy
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>)
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG:     %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.range"
// CHECK:         %[[PID:.*]] = "tile.program_id"() {axis = 0 : i32} : () -> index
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[PID]], %[[C128]] : index
// CHECK-NEXT:    %[[A:.*]] = "tile.load"(%[[X]], %[[OFF]]) : (memref<?xf32>, index) -> tensor<128xf32>
// CHECK-NEXT:    %[[B:.*]] = "tile.load"(%[[Y]], %[[OFF]]) : (memref<?xf32>, index) -> tensor<128xf32>
// CHECK-NEXT:    %[[AS:.*]] = arith.mulf %[[A]], %[[THREE]] : tensor<128xf32>
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[AS]], %[[B]] : tensor<128xf32>
// CHECK-NEXT:    "tile.store"(%[[SUM]], %[[OUT]], %[[OFF]]) : (tensor<128xf32>, memref<?xf32>, index) -> ()
// CHECK-NEXT:    return
func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %c128b = arith.constant 128 : index
  %off2 = arith.muli %pid, %c128b : index
  %lanes = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %a = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<128xf32>
  %b = "tile.load"(%y, %off2) : (memref<?xf32>, index) -> tensor<128xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %s1 = "tile.splat"(%one) : (f32) -> tensor<128xf32>
  %s2 = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %scale = arith.addf %s1, %s2 : tensor<128xf32>
  %as = arith.mulf %a, %scale : tensor<128xf32>
  %bs = arith.mulf %b, %s1 : tensor<128xf32>
  %sum = arith.addf %as, %bs : tensor<128xf32>
  "tile.store"(%sum, %out, %off2) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
