// The builtin.module(...) wrapper may be left out: the elements then run on
// the module, as if wrapped.
// RUN: tile-opt %s --pass-pipeline='func.func(tile-canonicalize),cse' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse)' | FileCheck %s
// A tile pass on its own runs on the whole module.
// RUN: tile-opt %s --pass-pipeline=tile-canonicalize | FileCheck %s --check-prefix=TILE

// CHECK-LABEL: func.func @k
// CHECK:         arith.constant dense<2.000000e+00> : tensor<128xf32>
// CHECK-COUNT-1: arith.muli
// CHECK-NOT:     arith.muli

// TILE-LABEL: func.func @k
// TILE-NOT:     "tile.splat"
// TILE-COUNT-2: arith.muli
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %off2 = arith.muli %pid, %c128 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %t = "tile.load"(%m, %off) : (memref<?xf32>, index) -> tensor<128xf32>
  %u = arith.mulf %t, %s : tensor<128xf32>
  "tile.store"(%u, %m, %off2) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
