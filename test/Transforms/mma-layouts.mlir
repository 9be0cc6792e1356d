// tile-assign-layouts puts a dot with a tensor-core instruction in the mma
// layout, and values shaped like its result (the accumulator's init, the
// epilogue's bias row) follow it, so the dot result flows into the epilogue
// and the store with no conversion.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts)' | FileCheck %s

// 128x128 f32 accumulator on 8 warps: 4x2 warps of 16x8 blocks.
// CHECK-LABEL: func.func @linear
// CHECK:       arith.constant dense<0.000000e+00> : tensor<128x128xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 4, 2>}>
// CHECK:       scf.for {{.*}} -> (tensor<128x128xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 4, 2>}>)
// CHECK:         "tile.dot"{{.*}} -> tensor<128x128xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 4, 2>}>
// The bias is loaded straight into the slice of the mma layout.
// CHECK:       "tile.load"(%arg2{{.*}} -> tensor<128xf32, {dim = 0 : i32, instr_shape = array<i32: 16, 8>, parent = "mma", tile.layout = "slice", warps_per_cta = array<i32: 4, 2>}>
// CHECK:       "tile.expand_dims"{{.*}} -> tensor<1x128xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 4, 2>}>
// CHECK:       "tile.broadcast"{{.*}} -> tensor<128x128xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma"
// CHECK:       arith.addf {{.*}}tile.layout = "mma"
// CHECK-NOT:   tile.convert_layout
// CHECK:       "tile.store"({{.*}}tile.layout = "mma"
func.func @linear(%x: memref<?x?xf16>, %w: memref<?x?xf16>, %bias: memref<?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %c256 step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %a = "tile.load"(%x, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %b = "tile.load"(%w, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %d = "tile.dot"(%a, %b, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %bt = "tile.load"(%bias, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %b1 = "tile.expand_dims"(%bt) {axis = 0 : i32} : (tensor<128xf32>) -> tensor<1x128xf32>
  %bb = "tile.broadcast"(%b1) : (tensor<1x128xf32>) -> tensor<128x128xf32>
  %z = arith.addf %sum, %bb : tensor<128x128xf32>
  "tile.store"(%z, %y, %c0, %c0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Warps split the larger per-warp extent first: 64x256 on 4 warps is 1x4.
// A reduction of the mma result gives the slice of the mma layout: no
// conversion.
// CHECK-LABEL: func.func @wide
// CHECK:       "tile.dot"{{.*}} -> tensor<64x256xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 1, 4>}>
// CHECK-NOT:   tile.convert_layout
// CHECK:       "tile.reduce"{{.*}} -> tensor<64xf32, {dim = 1 : i32, instr_shape = array<i32: 16, 8>, parent = "mma", tile.layout = "slice", warps_per_cta = array<i32: 1, 4>}>
func.func @wide(%x: memref<?x?xbf16>, %w: memref<?x?xbf16>, %y: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x256xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<64x16xbf16>
  %b = "tile.load"(%w, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<16x256xbf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<64x16xbf16>, tensor<16x256xbf16>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = "tile.reduce"(%d) {axis = 1 : i32, kind = "add"} : (tensor<64x256xf32>) -> tensor<64xf32>
  "tile.store"(%r, %y, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Without an instruction the dot keeps a blocked layout (the FMA loop):
// f32 inputs at precision "ieee", and f64.
// CHECK-LABEL: func.func @no_instruction
// CHECK:       "tile.dot"{{.*}}precision = "ieee"{{.*}} -> tensor<32x32xf32, {{.*}}tile.layout = "blocked"
// CHECK-NOT:   tile.layout = "mma"
// CHECK:       return
func.func @no_instruction(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  %d = "tile.dot"(%a, %a, %zero) {precision = "ieee"} : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A mask made of index math (a range compared with a bound) is recomputed
// in the layout its user needs, the slice of the mma layout, instead of
// being converted through shared memory; a value that is not such a chain
// (a loaded tile) is still converted.
// CHECK-LABEL: func.func @mask
// CHECK:       "tile.range"() {{.*}} -> tensor<128xi32, {dim = 0 : i32, instr_shape = array<i32: 16, 8>, parent = "mma", tile.layout = "slice"
// CHECK:       arith.cmpi slt, {{.*}} : tensor<128xi32, {dim = 0 : i32, instr_shape = array<i32: 16, 8>, parent = "mma", tile.layout = "slice"
// CHECK-NOT:   "tile.convert_layout"({{.*}}xi1
// CHECK:       arith.select
// CHECK:       "tile.convert_layout"({{.*}}) : (tensor<128xf32, {order
// CHECK:       arith.addf
func.func @mask(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %bias: memref<?xf32>, %y: memref<?x?xf32>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %s = "tile.dot"(%ta, %tb, %zero) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %nv = "tile.splat"(%n) : (i32) -> tensor<128xi32>
  %valid = arith.cmpi slt, %cols, %nv : tensor<128xi32>
  %v1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
  %vb = "tile.broadcast"(%v1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %m = arith.select %vb, %s, %ninf : tensor<128x128xi1>, tensor<128x128xf32>
  %tbias = "tile.load"(%bias, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %tbias2 = arith.addf %tbias, %tbias : tensor<128xf32>
  %b1 = "tile.expand_dims"(%tbias2) {axis = 0 : i32} : (tensor<128xf32>) -> tensor<1x128xf32>
  %bb = "tile.broadcast"(%b1) : (tensor<1x128xf32>) -> tensor<128x128xf32>
  %r = arith.addf %m, %bb : tensor<128x128xf32>
  "tile.store"(%r, %y, %c0, %c0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A row loaded as [1][N] and broadcast over a dot's result, through an
// elementwise op (a backward attention's lse, scaled, one per query over
// the scores S^T): loaded straight into the mma layout, so neither the
// broadcast nor the subtraction converts the whole tile.
// CHECK-LABEL: func.func @row_over_scores
// CHECK:       "tile.load"(%arg1{{.*}} -> tensor<1x64xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma"
// CHECK:       arith.mulf {{.*}} : tensor<1x64xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma"
// CHECK-NEXT:  "tile.broadcast"{{.*}} -> tensor<128x64xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma"
// CHECK-NOT:   tile.convert_layout
// CHECK:       arith.subf
func.func @row_over_scores(%k: memref<?x?xf16>, %lse: memref<?x?xf32>, %q: memref<?x?xf16>,
    %out: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %tk = "tile.load"(%k, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %st = "tile.dot"(%tk, %tq, %zs) : (tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  %l = "tile.load"(%lse, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x64xf32>
  %c = arith.constant dense<1.44269502> : tensor<1x64xf32>
  %ls = arith.mulf %l, %c : tensor<1x64xf32>
  %lb = "tile.broadcast"(%ls) : (tensor<1x64xf32>) -> tensor<128x64xf32>
  %d = arith.subf %st, %lb : tensor<128x64xf32>
  "tile.store"(%d, %out, %c0, %c0) : (tensor<128x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
