// On chip=sm_90a, tile-assign-layouts puts a dot that Hopper's wgmma can run
// in the wgmma form of the mma layout: all warps along M (each warpgroup
// owns 64-row blocks), instr_shape [64, N]; tile-promote-smem then stages
// its operands in column blocks as wide as the hardware swizzle
// (block_elems), which wgmma's descriptors describe. Without the chip (or
// for another), the same dot stays on mma.sync.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem)' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_80},tile-promote-smem)' | FileCheck %s --check-prefix=SM80

// 128x256 on 8 warps: two warpgroups of 64 rows, one m64n256k16 per k-step.
// A [128][64] f16: 128-byte rows, one block; B [64][256]: four 64-column
// blocks of 128-byte rows (N-major).
// CHECK-LABEL: func.func @wide
// CHECK:       "tile.dot"{{.*}}tile.smem_a = {block_elems = 64 : i64, bytes = 16384 : i64, elem_bytes = 2 : i64, max_phase = 8 : i64, per_phase = 1 : i64, row_elems = 64 : i64, transposed = false}, tile.smem_b = {block_elems = 64 : i64, bytes = 32768 : i64, elem_bytes = 2 : i64, max_phase = 8 : i64, per_phase = 1 : i64, row_elems = 256 : i64, transposed = false}
// CHECK-SAME:  -> tensor<128x256xf32, {instr_shape = array<i32: 64, 256>, tile.layout = "mma", warps_per_cta = array<i32: 8, 1>}>
// SM80-LABEL:  func.func @wide
// SM80:        "tile.dot"
// SM80-NOT:    block_elems
// SM80-SAME:   -> tensor<128x256xf32, {instr_shape = array<i32: 16, 8>, tile.layout = "mma", warps_per_cta = array<i32: 2, 4>}>
func.func @wide(%x: memref<?x?xf16>, %w: memref<?x?xf16>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %b = "tile.load"(%w, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// K of 32 (64-byte rows: the 64-byte swizzle) and a B that is a tile.trans
// used only by the dot: stored [N][K] as its source is (K-major).
// CHECK-LABEL: func.func @qkt
// CHECK:       "tile.dot"{{.*}}tile.smem_a = {block_elems = 32 : i64, bytes = 8192 : i64, elem_bytes = 2 : i64, max_phase = 4 : i64, per_phase = 2 : i64, row_elems = 32 : i64, transposed = false}, tile.smem_b = {block_elems = 32 : i64, bytes = 4096 : i64, elem_bytes = 2 : i64, max_phase = 4 : i64, per_phase = 2 : i64, row_elems = 32 : i64, transposed = true}
// CHECK-SAME:  -> tensor<128x64xf32, {instr_shape = array<i32: 64, 64>, tile.layout = "mma", warps_per_cta = array<i32: 4, 1>}>
func.func @qkt(%q: memref<?x?xbf16>, %k: memref<?x?xbf16>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %a = "tile.load"(%q, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<128x32xbf16>
  %kt = "tile.load"(%k, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<64x32xbf16>
  %b = "tile.trans"(%kt) {permutation = array<i32: 1, 0>} : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<128x32xbf16>, tensor<32x64xbf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<128x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// What wgmma does not take stays on mma.sync: 32 rows cannot give each of
// 8 warps 16 of its own in warpgroups of 64 rows; tf32 is not on wgmma
// yet; nor is an f16 accumulator.
// CHECK-LABEL: func.func @short
// CHECK:       "tile.dot"{{.*}}instr_shape = array<i32: 16, 8>
// CHECK-LABEL: func.func @tf32
// CHECK:       "tile.dot"{{.*}}instr_shape = array<i32: 16, 8>
// CHECK-LABEL: func.func @f16acc
// CHECK:       "tile.dot"{{.*}}instr_shape = array<i32: 16, 8>
func.func @short(%x: memref<?x?xf16>, %w: memref<?x?xf16>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x256xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
  %b = "tile.load"(%w, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<32x64xf16>, tensor<64x256xf16>, tensor<32x256xf32>) -> tensor<32x256xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<32x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
func.func @tf32(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x32xf32>
  %b = "tile.load"(%w, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x64xf32>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<64x32xf32>, tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
func.func @f16acc(%x: memref<?x?xf16>, %w: memref<?x?xf16>, %y: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf16>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
  %b = "tile.load"(%w, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<64x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
