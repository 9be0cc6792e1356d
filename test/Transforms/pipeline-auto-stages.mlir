// num-stages=auto (the default): tile-pipeline gives a loop as many stages
// as the chip's shared memory holds beside what else the loop keeps there,
// at most 4 for a loop of one dot, and no pipeline where two do not fit
// (lib/Transforms/Pipeline.c, autoStages). A kernel's tile.num_stages and
// the option still decide when given; without chip= the old default, 3
// (test/Transforms/pipeline.mlir).
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_80},tile-promote-smem,tile-pipeline{chip=sm_80})' | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a num-stages=3})' | FileCheck %s --check-prefix=ASKED

// 48 KiB a stage (A 128x64, B 64x256, f16): 4 on sm_90a (227 KiB), 3 on
// sm_80 (163 KiB).
// SM90-LABEL: func.func @gemm_128x256x64
// SM90:         } {tile.num_stages = 4 : i32}
// SM80-LABEL: func.func @gemm_128x256x64
// SM80:         } {tile.num_stages = 3 : i32}
// ASKED-LABEL: func.func @gemm_128x256x64
// ASKED:        } {tile.num_stages = 3 : i32}
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

// 128 KiB a stage: two do not fit in 227 KiB, so the loads stay plain.
// SM90-LABEL: func.func @gemm_256x256x128
// SM90-NOT:     tile.async_copy
// SM90-NOT:     tile.num_stages
// SM90:         return
func.func @gemm_256x256x128(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c128 iter_args(%acc = %zero) -> (tensor<256x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<256x128xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x256xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<256x128xf16>, tensor<128x256xf16>, tensor<256x256xf32>) -> tensor<256x256xf32>
    scf.yield %d : tensor<256x256xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<256x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The kernel's own count wins.
// SM90-LABEL: func.func @asked_two
// SM90:         } {tile.num_stages = 2 : i32}
func.func @asked_two(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32} {
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
