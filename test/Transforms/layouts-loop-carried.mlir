// tile-assign-layouts: a loop-carried tile whose init is uniform (a zero
// accumulator, a running maximum's -inf) takes the layout of what the body
// yields for it: the dot's mma layout, a reduction's slice of it. The
// online softmax of flash attention then needs no conversion in its loop
// but between wgmma layouts of different N, which move nothing (TileToGPU
// forwards the registers). A reshape that only drops the unit dimension of
// a batch element's [1][R][C] box keeps the load's blocked layout; the
// pipeline sees through it (rank-3 loads, 3-D tensor maps).
// RUN: tile-opt %s -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s

// CHECK-LABEL: func.func @online
// CHECK: "tile.reshape"({{.*}}) : (tensor<1x64x64xf16, {order = array<i32: 2, 1, 0>, size_per_thread = array<i32: 1, 1, 8>, threads_per_warp = array<i32: 1, 4, 8>, tile.layout = "blocked", warps_per_cta = array<i32: 1, 4, 1>}>) -> tensor<64x64xf16, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 8>, threads_per_warp = array<i32: 4, 8>, tile.layout = "blocked", warps_per_cta = array<i32: 4, 1>}>
// CHECK: scf.for {{.*}} -> (tensor<64xf32, {dim = 1 : i32, instr_shape = array<i32: 64, 128>, parent = "mma", tile.layout = "slice", warps_per_cta = array<i32: 4, 1>}>, tensor<64x64xf32, {instr_shape = array<i32: 64, 64>, tile.layout = "mma", warps_per_cta = array<i32: 4, 1>}>)
// The K and V loads are copied by TMA, through the reshape (and K's
// trans); the only conversion in the loop is between mma layouts.
// CHECK-NOT: "tile.convert_layout"
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma} : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16
// CHECK-NOT: "tile.convert_layout"
// CHECK: "tile.convert_layout"({{.*}}) : (tensor<64x64xf32, {instr_shape = array<i32: 64, 128>, tile.layout = "mma", warps_per_cta = array<i32: 4, 1>}>) -> tensor<64x64xf32, {instr_shape = array<i32: 64, 64>, tile.layout = "mma", warps_per_cta = array<i32: 4, 1>}>
// CHECK-NOT: "tile.convert_layout"
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma} : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16
// CHECK-NOT: "tile.convert_layout"
// CHECK: scf.yield
func.func @online(%q: memref<?x?x64xf16>, %k: memref<?x?x64xf16>, %v: memref<?x?x64xf16>,
                  %o: memref<?x?x64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %lk = memref.dim %k, %c1 : memref<?x?x64xf16>
  %q3 = "tile.load"(%q, %bh, %c0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %acc_init = arith.constant dense<0.0> : tensor<64x64xf32>
  %m_f, %acc_f = scf.for %n0 = %c0 to %lk step %c128
      iter_args(%m_i = %m_init, %acc = %acc_init) -> (tensor<64xf32>, tensor<64x64xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x128xf32>) -> tensor<64xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<64xf32>
    %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
    %m_newb = "tile.broadcast"(%m_new1) : (tensor<64x1xf32>) -> tensor<64x128xf32>
    %p = arith.subf %s, %m_newb : tensor<64x128xf32>
    %alpha = arith.subf %m_i, %m_new : tensor<64xf32>
    %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
    %alphab = "tile.broadcast"(%alpha1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
    %acc_a = arith.mulf %acc, %alphab : tensor<64x64xf32>
    %p16 = arith.truncf %p : tensor<64x128xf32> to tensor<64x128xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x128xf16>, tensor<128x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %m_new, %acc_new : tensor<64xf32>, tensor<64x64xf32>
  }
  %o3 = "tile.reshape"(%acc_f) : (tensor<64x64xf32>) -> tensor<1x64x64xf32>
  "tile.store"(%o3, %o, %bh, %c0, %c0) : (tensor<1x64x64xf32>, memref<?x?x64xf32>, index, index, index) -> ()
  return
}
