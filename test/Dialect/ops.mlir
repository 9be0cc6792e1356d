// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Every user-facing op in a valid kernel; the verifier accepts them and they
// round-trip through the generic form.

// CHECK-LABEL: func.func @index_ops
// CHECK-SAME: tile.kernel
// CHECK-SAME: tile.num_warps = 8 : i32
func.func @index_ops(%out: memref<?xi32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  // CHECK: "tile.program_id"() {axis = 0 : i32} : () -> index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  // CHECK: "tile.num_programs"() {axis = 2 : i32} : () -> index
  %n = "tile.num_programs"() {axis = 2 : i32} : () -> index
  // CHECK: "tile.range"() {end = 160 : i32, start = 32 : i32} : () -> tensor<128xi32>
  %r = "tile.range"() {start = 32 : i32, end = 160 : i32} : () -> tensor<128xi32>
  "tile.store"(%r, %out, %pid) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  return
}

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%s: f32, %out: memref<128x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: "tile.splat"(%{{.*}}) : (f32) -> tensor<128xf32>
  %v = "tile.splat"(%s) : (f32) -> tensor<128xf32>
  // CHECK: "tile.expand_dims"(%{{.*}}) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %e = "tile.expand_dims"(%v) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  // CHECK: "tile.broadcast"(%{{.*}}) : (tensor<128x1xf32>) -> tensor<128x64xf32>
  %b = "tile.broadcast"(%e) : (tensor<128x1xf32>) -> tensor<128x64xf32>
  // CHECK: "tile.reshape"(%{{.*}}) : (tensor<128x64xf32>) -> tensor<64x2x64xf32>
  %r = "tile.reshape"(%b) : (tensor<128x64xf32>) -> tensor<64x2x64xf32>
  // CHECK: "tile.trans"(%{{.*}}) {permutation = array<i32: 2, 0, 1>} : (tensor<64x2x64xf32>) -> tensor<64x64x2xf32>
  %t = "tile.trans"(%r) {permutation = array<i32: 2, 0, 1>} : (tensor<64x2x64xf32>) -> tensor<64x64x2xf32>
  %back = "tile.reshape"(%t) : (tensor<64x64x2xf32>) -> tensor<128x64xf32>
  "tile.store"(%back, %out, %c0, %c0) : (tensor<128x64xf32>, memref<128x64xf32>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @memory_ops
func.func @memory_ops(%in: memref<?x?xf16>, %out: memref<?x?xf16, strided<[?, 1], offset: ?>>, %i: index) attributes {tile.kernel} {
  // CHECK: "tile.load"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %t = "tile.load"(%in, %i, %i) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %idx = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %row = "tile.expand_dims"(%idx) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%row) : (tensor<1x64xi32>) -> tensor<128x64xi32>
  %c32 = arith.constant 32 : i32
  %lim = "tile.splat"(%c32) : (i32) -> tensor<128x64xi32>
  %mask = arith.cmpi slt, %cols, %lim : tensor<128x64xi32>
  // CHECK: "tile.load_masked"({{.*}}) {padding = 0xFC00 : f16} : (memref<?x?xf16>, tensor<128x64xi1>, index, index) -> tensor<128x64xf16>
  %m = "tile.load_masked"(%in, %mask, %i, %i) {padding = 0xFC00 : f16} : (memref<?x?xf16>, tensor<128x64xi1>, index, index) -> tensor<128x64xf16>
  %sum = arith.addf %t, %m : tensor<128x64xf16>
  // CHECK: "tile.store"({{.*}}) : (tensor<128x64xf16>, memref<?x?xf16, strided<[?, 1], offset: ?>>, index, index) -> ()
  "tile.store"(%sum, %out, %i, %i) : (tensor<128x64xf16>, memref<?x?xf16, strided<[?, 1], offset: ?>>, index, index) -> ()
  // CHECK: "tile.store_masked"({{.*}}) : (tensor<128x64xf16>, memref<?x?xf16, strided<[?, 1], offset: ?>>, tensor<128x64xi1>, index, index) -> ()
  "tile.store_masked"(%sum, %out, %mask, %i, %i) : (tensor<128x64xf16>, memref<?x?xf16, strided<[?, 1], offset: ?>>, tensor<128x64xi1>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @dot_loop
func.func @dot_loop(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>, %k: index) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %init = "tile.splat"(%zero) : (f32) -> tensor<128x256xf32>
  // CHECK: scf.for
  %acc = scf.for %kk = %c0 to %k step %c64 iter_args(%acc0 = %init) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %kk) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %kk, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    // CHECK: "tile.dot"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %d = "tile.dot"(%ta, %tb, %acc0) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  "tile.store"(%acc, %c, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @dot_pairs
func.func @dot_pairs(%o16: memref<16x16xf16>, %o32: memref<16x16xf32>, %oi: memref<16x16xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 1.0 : f16
  %bh = arith.constant 1.0 : bf16
  %f = arith.constant 1.0 : f32
  %e4 = arith.constant 1.0 : f8E4M3FN
  %e5 = arith.constant 1.0 : f8E5M2
  %i8 = arith.constant 1 : i8
  %i32 = arith.constant 0 : i32
  %th = "tile.splat"(%h) : (f16) -> tensor<16x16xf16>
  %tbh = "tile.splat"(%bh) : (bf16) -> tensor<16x16xbf16>
  %tf = "tile.splat"(%f) : (f32) -> tensor<16x16xf32>
  %te4 = "tile.splat"(%e4) : (f8E4M3FN) -> tensor<16x16xf8E4M3FN>
  %te5 = "tile.splat"(%e5) : (f8E5M2) -> tensor<16x16xf8E5M2>
  %ti8 = "tile.splat"(%i8) : (i8) -> tensor<16x16xi8>
  %ti32 = "tile.splat"(%i32) : (i32) -> tensor<16x16xi32>
  // CHECK: "tile.dot"{{.*}} : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
  %d0 = "tile.dot"(%th, %th, %th) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
  // CHECK: "tile.dot"{{.*}} : (tensor<16x16xbf16>, tensor<16x16xbf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d1 = "tile.dot"(%tbh, %tbh, %tf) : (tensor<16x16xbf16>, tensor<16x16xbf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK: "tile.dot"{{.*}} {precision = "ieee"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d2 = "tile.dot"(%tf, %tf, %d1) {precision = "ieee"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK: "tile.dot"{{.*}} : (tensor<16x16xf8E4M3FN>, tensor<16x16xf8E5M2>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d3 = "tile.dot"(%te4, %te5, %d2) : (tensor<16x16xf8E4M3FN>, tensor<16x16xf8E5M2>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK: "tile.dot"{{.*}} : (tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32>) -> tensor<16x16xi32>
  %d4 = "tile.dot"(%ti8, %ti8, %ti32) : (tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32>) -> tensor<16x16xi32>
  "tile.store"(%d0, %o16, %c0, %c0) : (tensor<16x16xf16>, memref<16x16xf16>, index, index) -> ()
  "tile.store"(%d3, %o32, %c0, %c0) : (tensor<16x16xf32>, memref<16x16xf32>, index, index) -> ()
  "tile.store"(%d4, %oi, %c0, %c0) : (tensor<16x16xi32>, memref<16x16xi32>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @reduce_ops
func.func @reduce_ops(%x: memref<128x64xf32>, %y: memref<128xi32>, %out: memref<128xf32>, %sum: memref<1xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<128x64xf32>, index, index) -> tensor<128x64xf32>
  // CHECK: "tile.reduce"(%{{.*}}) {axis = 1 : i32, kind = "max"} : (tensor<128x64xf32>) -> tensor<128xf32>
  %m = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<128x64xf32>) -> tensor<128xf32>
  "tile.store"(%m, %out, %c0) : (tensor<128xf32>, memref<128xf32>, index) -> ()
  %v = "tile.load"(%y, %c0) {padding = -1 : i32} : (memref<128xi32>, index) -> tensor<128xi32>
  // CHECK: "tile.reduce"(%{{.*}}) {axis = 0 : i32, kind = "xor"} : (tensor<128xi32>) -> i32
  %s = "tile.reduce"(%v) {axis = 0 : i32, kind = "xor"} : (tensor<128xi32>) -> i32
  %st = "tile.splat"(%s) : (i32) -> tensor<1xi32>
  "tile.store"(%st, %sum, %c0) : (tensor<1xi32>, memref<1xi32>, index) -> ()
  return
}

// Passes attach layouts as the tensor encoding; tiles may carry one.
// CHECK-LABEL: func.func @encoded
func.func @encoded(%x: f32, %m: memref<128xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: "tile.splat"(%{{.*}}) : (f32) -> tensor<128xf32, "blocked">
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32, "blocked">
  %e = math.exp %t : tensor<128xf32, "blocked">
  "tile.store"(%e, %m, %c0) : (tensor<128xf32, "blocked">, memref<128xf32>, index) -> ()
  return
}
