// blocks-per-sm=N (tile-pipeline): N blocks share an SM, so num-stages=auto
// fits a loop's stages in one block's share of the SM's shared memory (on
// sm_90a 113 KiB for two, 75 KiB for three: the SM's 228 KiB less 1 KiB a
// block, split), and the kernel gets tile.blocks_per_sm = N, from which
// TileToGPU sizes the threads' registers (test/Conversion/
// gpu-blocks-per-sm.test). One block an SM (the default) marks nothing. A
// kernel's own tile.blocks_per_sm wins over the option.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a blocks-per-sm=2})' | FileCheck %s --check-prefix=TWO
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a blocks-per-sm=3})' | FileCheck %s --check-prefix=THREE
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s --check-prefix=ONE

// 48 KiB a stage: 4 in 227 KiB, 2 in 113, none in 75.
// TWO-LABEL: func.func @gemm_128x256x64
// TWO-SAME:    tile.blocks_per_sm = 2 : i32
// TWO:         } {tile.num_stages = 2 : i32, tile.num_stages_why = "num-stages=auto: 2 stages (48 KiB a stage; sm_90a has 113 KiB of shared memory a block, 2 blocks an SM, 0 KiB of it for the dot operands staged beside the pipeline, reductions and scratch, and 2 KiB kept; as many as fit)"}
// THREE-LABEL: func.func @gemm_128x256x64
// THREE-SAME:    tile.blocks_per_sm = 3 : i32
// THREE-NOT:     tile.async_copy
// THREE:         } {tile.num_stages_why = "num-stages=auto: not pipelined: 2 stages do not fit (48 KiB a stage; sm_90a has 75 KiB of shared memory a block, 3 blocks an SM, 0 KiB of it for the dot operands staged beside the pipeline, reductions and scratch, and 2 KiB kept)"}
// ONE-LABEL: func.func @gemm_128x256x64
// ONE-NOT:     tile.blocks_per_sm
// ONE:         } {tile.num_stages = 4 : i32
func.func @gemm_128x256x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The kernel asks for two blocks itself: every run gives it two.
// TWO-LABEL: func.func @asked_two
// TWO-SAME:    tile.blocks_per_sm = 2 : i32
// TWO:         } {tile.num_stages = 2 : i32
// THREE-LABEL: func.func @asked_two
// THREE-SAME:    tile.blocks_per_sm = 2 : i32
// THREE:         } {tile.num_stages = 2 : i32
// ONE-LABEL: func.func @asked_two
// ONE-SAME:    tile.blocks_per_sm = 2 : i32
// ONE:         } {tile.num_stages = 2 : i32
func.func @asked_two(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.blocks_per_sm = 2 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
