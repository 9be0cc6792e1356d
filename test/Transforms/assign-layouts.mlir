// tile-coalesce + tile-assign-layouts give every tile a layout (the tensor
// encoding). Loads read 16 bytes per thread along the contiguous dimension;
// a reduction's result is the slice of its operand's layout, and
// expand_dims/broadcast keep the parent, so the row softmax needs no
// conversion at all.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts)' | FileCheck %s

// CHECK-LABEL: func.func @softmax_rows
// CHECK:       "tile.load"{{.*}} -> tensor<4x1024xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>, threads_per_warp = array<i32: 1, 32>, tile.layout = "blocked", warps_per_cta = array<i32: 4, 1>}>
// CHECK:       "tile.reduce"{{.*}} -> tensor<4xf32, {dim = 1 : i32, {{.*}}tile.layout = "slice"
// CHECK:       "tile.expand_dims"{{.*}} -> tensor<4x1xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>, threads_per_warp = array<i32: 1, 32>, tile.layout = "blocked", warps_per_cta = array<i32: 4, 1>}>
// CHECK:       "tile.broadcast"{{.*}} -> tensor<4x1024xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>
// CHECK-NOT:   tile.convert_layout
// CHECK:       return
func.func @softmax_rows(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<4x1024xf32>
  %m = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %m1 = "tile.expand_dims"(%m) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %mb = "tile.broadcast"(%m1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %d = arith.subf %t, %mb : tensor<4x1024xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<4x1024xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// f16 loads get 8 elements (16 bytes) per thread; a memref without a unit
// inner stride gets one element per thread; where the two meet, the second
// operand is converted to the first's layout.
// CHECK-LABEL: func.func @vector_width
// CHECK:       %[[A:.*]] = "tile.load"{{.*}} -> tensor<1024xf16, {order = array<i32: 0>, size_per_thread = array<i32: 8>
// CHECK:       %[[B:.*]] = "tile.load"{{.*}} -> tensor<1024xf16, {order = array<i32: 0>, size_per_thread = array<i32: 1>
// CHECK:       %[[C:.*]] = "tile.convert_layout"(%[[B]]) {{.*}} -> tensor<1024xf16, {order = array<i32: 0>, size_per_thread = array<i32: 8>
// CHECK:       arith.addf %[[A]], %[[C]]
func.func @vector_width(%x: memref<?xf16>, %s: memref<?xf16, strided<[?]>>, %o: index) attributes {tile.kernel} {
  %a = "tile.load"(%x, %o) : (memref<?xf16>, index) -> tensor<1024xf16>
  %b = "tile.load"(%s, %o) : (memref<?xf16, strided<[?]>>, index) -> tensor<1024xf16>
  %c = arith.addf %a, %b : tensor<1024xf16>
  "tile.store"(%c, %x, %o) : (tensor<1024xf16>, memref<?xf16>, index) -> ()
  return
}

// -----

// A vector whose only user is expand_dims is loaded straight into the
// slice layout it needs; splat constants take each user's layout; values
// made without a layout of their own (the transpose's result) take the
// kernel's anchor (its first load's layout), so nothing is converted.
// CHECK-LABEL: func.func @slices_and_converts
// CHECK:       %[[W:.*]] = "tile.load"{{.*}} -> tensor<256xf32, {dim = 0 : i32, {{.*}}tile.layout = "slice"
// CHECK:       "tile.expand_dims"(%[[W]])
// CHECK:       arith.constant dense<2.000000e+00> : tensor<8x256xf32, {order
// CHECK:       "tile.trans"{{.*}} -> tensor<8x256xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>, threads_per_warp = array<i32: 1, 32>
// CHECK-NOT:   tile.convert_layout
// CHECK:       arith.addf
func.func @slices_and_converts(%x: memref<?x?xf32>, %w: memref<?xf32>, %t: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<8x256xf32>
  %wv = "tile.load"(%w, %c0) : (memref<?xf32>, index) -> tensor<256xf32>
  %w1 = "tile.expand_dims"(%wv) {axis = 0 : i32} : (tensor<256xf32>) -> tensor<1x256xf32>
  %wb = "tile.broadcast"(%w1) : (tensor<1x256xf32>) -> tensor<8x256xf32>
  %two = arith.constant dense<2.0> : tensor<8x256xf32>
  %s = arith.mulf %a, %two : tensor<8x256xf32>
  %p = arith.mulf %s, %wb : tensor<8x256xf32>
  %b = "tile.load"(%t, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<256x8xf32>
  %bt = "tile.trans"(%b) {permutation = array<i32: 1, 0>} : (tensor<256x8xf32>) -> tensor<8x256xf32>
  %q = arith.addf %p, %bt : tensor<8x256xf32>
  "tile.store"(%q, %x, %c0, %c0) : (tensor<8x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A tile far narrower than the anchor (a 32x32 load's 8 x 4 threads of
// 4 columns each) is not replicated over the anchor's threads: a 2x1024
// tile built from tile.range takes the default layout, 16 elements a
// thread, not the anchor's 512 (difftest seed 701416: 55k lines of PTX).
// CHECK-LABEL: func.func @anchor_replicates
// CHECK:       "tile.load"{{.*}} -> tensor<32x32xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>, threads_per_warp = array<i32: 4, 8>
// CHECK:       "tile.broadcast"{{.*}} -> tensor<2x1024xi32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 4>, threads_per_warp = array<i32: 1, 32>, tile.layout = "blocked", warps_per_cta = array<i32: 1, 4>}>
func.func @anchor_replicates(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %o: memref<?x?xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  "tile.store"(%t, %y, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  %i = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  %i2 = "tile.expand_dims"(%i) {axis = 0 : i32} : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %ib = "tile.broadcast"(%i2) : (tensor<1x1024xi32>) -> tensor<2x1024xi32>
  "tile.store"(%ib, %o, %c0, %c0) : (tensor<2x1024xi32>, memref<?x?xi32>, index, index) -> ()
  return
}

// -----

// A running maximum whose row comes through an scf.if (a reduction in
// each branch) keeps the slice of the dot's layout from one iteration
// to the next: predictLayout looks through the if's yields. Before, the
// iter_arg took a blocked layout and every iteration converted the row
// (through shared memory on the GPU: barriers in the loop).
// CHECK-LABEL: func.func @max_through_if
// CHECK:       scf.for {{.*}} -> (tensor<64xf32, {{.*}}tile.layout = "slice"
// CHECK-NOT:   tile.convert_layout
// CHECK:       return
func.func @max_through_if(%a: memref<64x32xf16>, %b: memref<32x?xf16>, %m: memref<64xf32>, %c: f32, %flag: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %n = memref.dim %b, %c1 : memref<32x?xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<64x32xf16>, index, index) -> tensor<64x32xf16>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %r = scf.for %j = %c0 to %n step %c32 iter_args(%mi = %init) -> (tensor<64xf32>) {
    %tb = "tile.load"(%b, %c0, %j) : (memref<32x?xf16>, index, index) -> tensor<32x32xf16>
    %s = "tile.dot"(%ta, %tb, %z) : (tensor<64x32xf16>, tensor<32x32xf16>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %mx = scf.if %flag -> tensor<64xf32> {
      %r0 = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x32xf32>) -> tensor<64xf32>
      scf.yield %r0 : tensor<64xf32>
    } else {
      %r1 = "tile.reduce"(%s) {axis = 1 : i32, kind = "min"} : (tensor<64x32xf32>) -> tensor<64xf32>
      scf.yield %r1 : tensor<64xf32>
    }
    %mn = arith.maximumf %mi, %mx : tensor<64xf32>
    scf.yield %mn : tensor<64xf32>
  }
  "tile.store"(%r, %m, %c0) : (tensor<64xf32>, memref<64xf32>, index) -> ()
  return
}
