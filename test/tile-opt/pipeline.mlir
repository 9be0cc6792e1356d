// A pipeline mixing a tile pass (nested under func.func) with upstream
// module passes, in mlir-opt's syntax.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize),canonicalize,cse)' | FileCheck %s
// -p is the short spelling; spaces around elements are allowed.
// RUN: tile-opt %s -p 'builtin.module( func.func(tile-canonicalize) , canonicalize , cse )' | FileCheck %s

// tile-canonicalize folds the splat of 2.0 into a dense constant; cse then
// merges the two offsets, so both loads and the store use one.
// CHECK-LABEL: func.func @axpy
// CHECK-NOT:     "tile.splat"
// CHECK:         %[[OFF:.*]] = arith.muli
// CHECK-NOT:     arith.muli
// CHECK:         "tile.load"(%{{.*}}, %[[OFF]])
// CHECK-NEXT:    "tile.load"(%{{.*}}, %[[OFF]])
// CHECK-NEXT:    arith.mulf %{{.*}}, %{{.*}} : tensor<128xf32>
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    "tile.store"(%{{.*}}, %{{.*}}, %[[OFF]])
// CHECK-NEXT:    return
func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %off2 = arith.muli %pid, %c128 : index
  %a = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<128xf32>
  %b = "tile.load"(%y, %off2) : (memref<?xf32>, index) -> tensor<128xf32>
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %as = arith.mulf %a, %s : tensor<128xf32>
  %sum = arith.addf %as, %b : tensor<128xf32>
  "tile.store"(%sum, %out, %off2) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
