// With chip=sm_100a a dot that tcgen05 takes gets the tcgen05 accumulator
// layout: blocked, one row per thread (threads_per_warp [32, 1], warps
// [4, W] along rows first, as tcgen05.ld 32x32b reads tensor memory: warp
// w the lanes 32 * (w % 4) ..), marked tmem; its accumulator and the value
// stored share it, and tile-promote-smem records the wgmma-style operand
// layouts (block_elems) the descriptors read. The same IR as on sm_90a up
// to the layout: the difference is the lowering.
// RUN: tile-opt %s -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_100a},tile-promote-smem)' | FileCheck %s
// RUN: tile-opt %s -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem)' | FileCheck %s --check-prefix=HOPPER
// CHECK: "tile.dot"
// CHECK-SAME: tile.smem_a = {block_elems = 32 : i64
// CHECK-SAME: tile.smem_b = {block_elems = 64 : i64
// CHECK-SAME: -> tensor<128x128xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 64>, threads_per_warp = array<i32: 32, 1>, tile.layout = "blocked", tmem = true, warps_per_cta = array<i32: 4, 2>}>
// CHECK: "tile.store"(%{{.*}}) : (tensor<128x128xf32, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 64>, threads_per_warp = array<i32: 32, 1>, tile.layout = "blocked", tmem = true, warps_per_cta = array<i32: 4, 2>}>
// HOPPER: "tile.dot"
// HOPPER-SAME: tile.smem_a = {block_elems = 32 : i64
// HOPPER-SAME: -> tensor<128x128xf32, {instr_shape = array<i32: 64, 128>, tile.layout = "mma", warps_per_cta = array<i32: 8, 1>}>
func.func @matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = "tile.dot"(%ta, %tb, %zero) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
