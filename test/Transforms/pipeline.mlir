// tile-pipeline (after tile-promote-smem) marks the loads that feed a
// tensor-core dot in a loop for cp.async pipelining (tile.async_copy) and
// the loop with its depth (tile.num_stages): the kernel's tile.num_stages,
// else the option, else 3.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts,tile-promote-smem,tile-pipeline)' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts,tile-promote-smem,tile-pipeline{num-stages=5})' | FileCheck %s --check-prefix=OPT

// Both operands, with offsets computed from the induction variable.
// CHECK-LABEL: func.func @matmul
// CHECK:       scf.for
// CHECK:         "tile.load"{{.*}} {tile.async_copy}
// CHECK:         "tile.load"{{.*}} {tile.async_copy}
// CHECK:         "tile.dot"
// CHECK:       } {tile.num_stages = 3 : i32, tile.num_stages_why = "num-stages=auto: 3 stages (no chip to fit)"}
// OPT-LABEL:   func.func @matmul
// OPT:         } {tile.num_stages = 5 : i32}{{$}}
func.func @matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %kb = arith.addi %k0, %c0 : index
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %kb, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The kernel's own depth wins over the option; 1 turns pipelining off.
// CHECK-LABEL: func.func @off
// CHECK-NOT:   tile.async_copy
// CHECK-NOT:   tile.num_stages = {{[0-9]+}} : i32}
// CHECK:       return
// OPT-LABEL:   func.func @off
// OPT-NOT:     tile.async_copy
func.func @off(%a: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 1 : i32} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%a, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// In the first loop only %ta is pipelined: %tb has two users (and its
// offset depends on an iter_arg), the masked load and the f32 (tf32)
// operands do not qualify. The second loop stores into memory it also
// reads (a store could feed a later load): nothing is pipelined.
// CHECK-LABEL: func.func @not_candidates
// OPT-LABEL:   func.func @not_candidates
// CHECK:       "tile.load"(%arg0, %c0, %arg{{[0-9]+}}) {tile.async_copy}
// CHECK-NEXT:  "tile.load"(%arg0, %arg{{[0-9]+}}, %c0) : (memref
// CHECK:       "tile.load_masked"(%arg0, %{{[0-9]+}}, %c0, %arg{{[0-9]+}}) : (memref
// CHECK:       "tile.load"(%arg1, %c0, %arg{{[0-9]+}}) : (memref
// CHECK-NEXT:  "tile.load"(%arg1, %arg{{[0-9]+}}, %c0) : (memref
// CHECK:       } {tile.num_stages = 3 : i32, tile.num_stages_why = "num-stages=auto: 3 stages (no chip to fit)"}
// CHECK-NOT:   tile.async_copy
// CHECK-NOT:   tile.num_stages
// CHECK:       return
func.func @not_candidates(%a: memref<?x?xf16>, %f: memref<?x?xf32>, %c: memref<?x?xf32>, %on: i1)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %m = "tile.splat"(%on) : (i1) -> tensor<64x32xi1>
  %r:2 = scf.for %k0 = %c0 to %c128 step %c32 iter_args(%acc = %zero, %off = %c0) -> (tensor<64x64xf32>, index) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%a, %off, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %tm = "tile.load_masked"(%a, %m, %c0, %k0) : (memref<?x?xf16>, tensor<64x32xi1>, index, index) -> tensor<64x32xf16>
    %d2 = "tile.dot"(%tm, %tb, %d) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %fa = "tile.load"(%f, %c0, %k0) : (memref<?x?xf32>, index, index) -> tensor<64x32xf32>
    %fb = "tile.load"(%f, %k0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x64xf32>
    %d3 = "tile.dot"(%fa, %fb, %d2) : (tensor<64x32xf32>, tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %next = arith.addi %off, %c32 : index
    scf.yield %d3, %next : tensor<64x64xf32>, index
  }
  %sum = scf.for %k0 = %c0 to %c128 step %c32 iter_args(%acc = %r#0) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%a, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %tc = "tile.load"(%c, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
    %e = arith.addf %d, %tc : tensor<64x64xf32>
    "tile.store"(%e, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
    scf.yield %e : tensor<64x64xf32>
  }
  return
}

// -----

// A loop whose stores go to memory the program never reads (partial sums
// written out, a backward attention's atomic dQ) is pipelined: no copy
// issued ahead can read what they write.
// CHECK-LABEL: func.func @writes_only
// CHECK:       "tile.load"(%arg0, %c0, %arg{{[0-9]+}}) {tile.async_copy}
// CHECK:       "tile.store"
// CHECK:       } {tile.num_stages
func.func @writes_only(%a: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%a, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    "tile.store"(%d, %c, %k0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
    scf.yield %d : tensor<64x64xf32>
  }
  return
}
