// tile-pipeline stages gathers in a loop through shared memory
// (tile.async_copy on the gather, tile.num_stages on the loop) when each
// thread's groups are 16-byte vectors of a contiguous memref, the padding
// is zero, the indices come from the induction variable, values from
// before the loop and register-only ops, and the loop writes no memory.
// Stages shrink to fit 64 KiB (at least 2), else nothing is staged.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts,tile-pipeline)' | FileCheck %s

// The rows of each step's page, page ids gathered from a table (that
// gather, i32 one per thread, is index math, not staged).
// CHECK-LABEL: func.func @pages
// CHECK:       scf.for
// CHECK:         "tile.gather"(%arg1,
// CHECK-NOT:     tile.async_copy
// CHECK-SAME:    -> tensor<16xi32
// CHECK:         "tile.gather"(%arg0,{{.*}} {tile.async_copy}
// CHECK:       } {tile.num_stages = 3 : i32}
func.func @pages(%cache: memref<?x?xf16>, %table: memref<?xi32>, %out: memref<?x?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r16 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %r64 = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %c1x = "tile.expand_dims"(%r64) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%c1x) : (tensor<1x64xi32>) -> tensor<16x64xi32>
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16x64xf32>
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x64xf32>) {
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<16xi32>
    %page = "tile.gather"(%table, %js) : (memref<?xi32>, tensor<16xi32>) -> tensor<16xi32>
    %base = arith.muli %page, %c16 : tensor<16xi32>
    %row = arith.addi %base, %r16 : tensor<16xi32>
    %row1 = "tile.expand_dims"(%row) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
    %rows = "tile.broadcast"(%row1) : (tensor<16x1xi32>) -> tensor<16x64xi32>
    %k = "tile.gather"(%cache, %rows, %cols) : (memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> tensor<16x64xf16>
    %kf = arith.extf %k : tensor<16x64xf16> to tensor<16x64xf32>
    %next = arith.addf %acc, %kf : tensor<16x64xf32>
    scf.yield %next : tensor<16x64xf32>
  }
  "tile.store"(%s, %out, %c0, %c0) : (tensor<16x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Not staged: a nonzero padding (a copy of nothing leaves zeros), rows
// from an iter_arg (not recomputable for a later iteration), and every
// gather of a loop that also scatters into what it gathers from (a later
// iteration's rows could be written by this one).
// CHECK-LABEL: func.func @not_staged
// CHECK-NOT:   tile.async_copy
// CHECK-NOT:   tile.num_stages
// CHECK:       return
func.func @not_staged(%cache: memref<?x?xf16>, %dst: memref<?x?xf16>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r16 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %r1 = "tile.expand_dims"(%r16) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
  %rows0 = "tile.broadcast"(%r1) : (tensor<16x1xi32>) -> tensor<16x64xi32>
  %r64 = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %c1x = "tile.expand_dims"(%r64) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%c1x) : (tensor<1x64xi32>) -> tensor<16x64xi32>
  %sixteen = arith.constant dense<16> : tensor<16x64xi32>
  %zero = arith.constant dense<0.0> : tensor<16x64xf16>
  %a:2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero, %rows = %rows0) -> (tensor<16x64xf16>, tensor<16x64xi32>) {
    %p = "tile.gather"(%cache, %rows0, %cols) {padding = 1.0 : f16} : (memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> tensor<16x64xf16>
    %q = "tile.gather"(%cache, %rows, %cols) : (memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> tensor<16x64xf16>
    %s = arith.addf %p, %q : tensor<16x64xf16>
    %t = arith.addf %acc, %s : tensor<16x64xf16>
    %rn = arith.addi %rows, %sixteen : tensor<16x64xi32>
    scf.yield %t, %rn : tensor<16x64xf16>, tensor<16x64xi32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<16x64xi32>
    %rows = arith.addi %rows0, %js : tensor<16x64xi32>
    %g = "tile.gather"(%cache, %rows, %cols) : (memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> tensor<16x64xf16>
    %up = arith.addi %rows, %sixteen : tensor<16x64xi32>
    "tile.scatter"(%g, %cache, %up, %cols) : (tensor<16x64xf16>, memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> ()
  }
  return
}

// -----

// At the limit: a 128x128 f16 gather is 32 KiB a stage; 3 stages would take
// 96 KiB, so the loop gets 2 (64 KiB), not none.
// CHECK-LABEL: func.func @shrunk_to_two
// CHECK:         "tile.gather"(%arg0,{{.*}} {tile.async_copy}
// CHECK:       } {tile.num_stages = 2 : i32}
func.func @shrunk_to_two(%cache: memref<?x?xf16>, %out: memref<?x?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %c1x = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
  %cols = "tile.broadcast"(%c1x) : (tensor<1x128xi32>) -> tensor<128x128xi32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<128xi32>
    %row = arith.addi %js, %r : tensor<128xi32>
    %row1 = "tile.expand_dims"(%row) {axis = 1 : i32} : (tensor<128xi32>) -> tensor<128x1xi32>
    %rows = "tile.broadcast"(%row1) : (tensor<128x1xi32>) -> tensor<128x128xi32>
    %k = "tile.gather"(%cache, %rows, %cols) : (memref<?x?xf16>, tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xf16>
    %kf = arith.extf %k : tensor<128x128xf16> to tensor<128x128xf32>
    %next = arith.addf %acc, %kf : tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%s, %out, %c0, %c0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Past it: 256x128 f16 is 64 KiB a stage, and two stages do not fit.
// CHECK-LABEL: func.func @too_big
// CHECK-NOT:     tile.async_copy
// CHECK-NOT:     tile.num_stages
// CHECK:         return
func.func @too_big(%cache: memref<?x?xf16>, %out: memref<?x?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = "tile.range"() {start = 0 : i32, end = 256 : i32} : () -> tensor<256xi32>
  %rc = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %c1x = "tile.expand_dims"(%rc) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
  %cols = "tile.broadcast"(%c1x) : (tensor<1x128xi32>) -> tensor<256x128xi32>
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<256x128xf32>) {
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<256xi32>
    %row = arith.addi %js, %r : tensor<256xi32>
    %row1 = "tile.expand_dims"(%row) {axis = 1 : i32} : (tensor<256xi32>) -> tensor<256x1xi32>
    %rows = "tile.broadcast"(%row1) : (tensor<256x1xi32>) -> tensor<256x128xi32>
    %k = "tile.gather"(%cache, %rows, %cols) : (memref<?x?xf16>, tensor<256x128xi32>, tensor<256x128xi32>) -> tensor<256x128xf16>
    %kf = arith.extf %k : tensor<256x128xf16> to tensor<256x128xf32>
    %next = arith.addf %acc, %kf : tensor<256x128xf32>
    scf.yield %next : tensor<256x128xf32>
  }
  "tile.store"(%s, %out, %c0, %c0) : (tensor<256x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
