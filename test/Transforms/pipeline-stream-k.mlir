// tile-pipeline's stream-K (lib/Analysis/StreamK.h): with chip=sm_90a a
// kernel whose body holds one loop of dots, each of whose iter_args is an
// f32 tile from a constant 0 yielded through a chain of tile.dots, with
// nothing before the loop or in it that writes memory, programs along
// axis 0 and no persistence, gets tile.stream_k = true and says so in
// tile.stream_k_why. stream-k=auto (the default) and true mark it; auto
// leaves a kernel it cannot split with tile.stream_k = false and nothing
// to say, true says why; false, and tile.stream_k on the kernel, decide
// without looking.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s --check-prefix=AUTO
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a stream-k=true})' | FileCheck %s --check-prefix=ON
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a stream-k=false})' | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_100a},tile-promote-smem,tile-pipeline{chip=sm_100a stream-k=true})' | FileCheck %s --check-prefix=TCGEN05
// RUN: not tile-opt %s -p 'builtin.module(tile-pipeline{stream-k=2})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pass 'tile-pipeline': stream-k wants auto, true or false, got '2'

// A GEMM: split.
// AUTO-LABEL: func.func @gemm
// AUTO-SAME: tile.stream_k = true
// AUTO-SAME: tile.stream_k_why = "stream-k: a last wave of programs that would leave half of the GPU idle or more runs split along the loop, each part on a block of its own, the last part to finish adding the others' sums from a workspace"
// ON-LABEL: func.func @gemm
// ON-SAME: tile.stream_k = true
// OFF-LABEL: func.func @gemm
// OFF-NOT: tile.stream_k
// TCGEN05-LABEL: func.func @gemm
// TCGEN05-SAME: tile.stream_k = false
// TCGEN05-SAME: tile.stream_k_why = "stream-k: asked for, not split: stream-K is built for accumulators in registers, not sm_100a's tensor memory"
func.func @gemm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %m0 = arith.muli %pid, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  %out = arith.truncf %sum : tensor<64x64xf32> to tensor<64x64xf16>
  "tile.store"(%out, %c, %m0, %c0) : (tensor<64x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// -----

// The sums start from C (a bias): each part would add it again.
// AUTO-LABEL: func.func @from_c
// AUTO-SAME: tile.stream_k = false
// AUTO-NOT: tile.stream_k_why
// ON-LABEL: func.func @from_c
// ON-SAME: tile.stream_k = false
// ON-SAME: tile.stream_k_why = "stream-k: asked for, not split: a value its loop carries is not an f32 tile of sums of dots from zero, so parts of the loop cannot be added"
func.func @from_c(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %m0 = arith.muli %pid, %bm : index
  %init = "tile.load"(%c, %m0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %init) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A store before the loop: each part would store again.
// ON-LABEL: func.func @store_first
// ON-SAME: tile.stream_k_why = "stream-k: asked for, not split: code before its loop of dots or in it writes memory, which each part of a split program would do again"
func.func @store_first(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %m0 = arith.muli %pid, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  "tile.store"(%zero, %c, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Programs along axis 1 too: the launcher adds blocks along x only.
// ON-LABEL: func.func @two_axes
// ON-SAME: tile.stream_k_why = "stream-k: asked for, not split: its programs run along more than axis 0"
func.func @two_axes(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %m0 = arith.muli %pm, %bm : index
  %n0 = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The loop scales its sums: not a chain of dots.
// ON-LABEL: func.func @scaled
// ON-SAME: tile.stream_k_why = "stream-k: asked for, not split: a value its loop carries is not an f32 tile of sums of dots from zero, so parts of the loop cannot be added"
func.func @scaled(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %m0 = arith.muli %pid, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %half = arith.constant dense<0.5> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %s = arith.mulf %acc, %half : tensor<64x64xf32>
    %next = "tile.dot"(%ta, %tb, %s) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
