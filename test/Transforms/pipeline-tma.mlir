// With chip=sm_90a, tile-pipeline marks the pipelined loads of a dot on
// wgmma tile.tma: they are copied by bulk tensor copies (TMA) on mbarriers.
// Without the chip, or when one load of the loop cannot use TMA (a box has
// at most 256 rows), the loop's loads stay on cp.async.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline)' | FileCheck %s --check-prefix=NOCHIP

// CHECK-LABEL: func.func @mm
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}
// CHECK: tile.num_stages = {{[2-4]}} : i32
// An f32 result is stored from the registers (its 8-byte pairs fill whole
// sectors).
// CHECK: "tile.store"
// CHECK-NOT: tile.tma
// CHECK-SAME: -> ()
// NOCHIP-LABEL: func.func @mm
// NOCHIP-NOT: tile.tma
func.func @mm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
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

// CHECK-LABEL: func.func @tall
// CHECK-NOT: tile.tma
// CHECK: tile.num_stages
func.func @tall(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<512x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<512x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<512x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<512x32xf16>, tensor<32x64xf16>, tensor<512x64xf32>) -> tensor<512x64xf32>
    scf.yield %d : tensor<512x64xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<512x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// B stored [N][K] and transposed for the dot (a linear layer's weight): the
// load is pipelined through the tile.trans, its tile lying in shared memory
// as loaded, which wgmma reads K-major.
// A 16-bit result goes out through shared memory by a TMA store.
// CHECK-LABEL: func.func @bt
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}
// CHECK-NEXT: "tile.trans"
// CHECK: "tile.store"{{.*}}{tile.tma}
func.func @bt(%a: memref<?x?xbf16>, %w: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tw = "tile.load"(%w, %c0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x64xbf16>) -> tensor<64x128xbf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xbf16>, tensor<64x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %out = arith.truncf %sum : tensor<128x128xf32> to tensor<128x128xbf16>
  "tile.store"(%out, %c, %c0, %c0) : (tensor<128x128xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// -----

// One load read by two dots, as B through a tile.trans (S = Q K^T) and as
// it is (dQ += P K, a backward attention's): both read the one copy in
// shared memory, K-major and N-major, so it is pipelined once. A load
// something other than a dot also reads stays in registers.
// CHECK-LABEL: func.func @two_dots
// CHECK: scf.for
// CHECK-NEXT: "tile.load"{{.*}}{tile.async_copy, tile.tma}
// CHECK: "tile.load"
// CHECK-NOT: tile.async_copy
// CHECK-SAME: -> tensor<64x64xf16
// CHECK: tile.num_stages = {{[2-4]}} : i32
func.func @two_dots(%q: memref<?x?xf16>, %k: memref<?x?xf16>, %x: memref<?x?xf16>,
    %o: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x?xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %d = "tile.dot"(%p, %tk, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    // %tx feeds a dot and an add: not a tile shared memory alone serves.
    %tx = "tile.load"(%x, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %e = "tile.dot"(%p, %tx, %d) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %txf = arith.extf %tx : tensor<64x64xf16> to tensor<64x64xf32>
    %f = arith.addf %e, %txf : tensor<64x64xf32>
    scf.yield %f : tensor<64x64xf32>
  }
  "tile.store"(%sum, %o, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A row no dot reads (a [1][64] f32 row per step, attention backward's
// log-sum-exps) joins a loop whose dots' tiles come by TMA, when a
// producer warpgroup issues its copies: one bulk copy of the plain box
// into the same stages, which auto counts (9 KiB a stage, not 8).
// Without the chip (cp.async) it stays a load of the loop.
// CHECK-LABEL: func.func @row_beside
// CHECK: scf.for
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}{{.*}}-> tensor<64x64xf16
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}{{.*}}-> tensor<1x64xf32
// CHECK: tile.num_stages = 4 : i32, tile.num_stages_why = "num-stages=auto: 4 stages (9 KiB a stage
// NOCHIP-LABEL: func.func @row_beside
// NOCHIP: scf.for
// NOCHIP: "tile.load"{{.*}}{tile.async_copy}{{.*}}-> tensor<64x64xf16
// NOCHIP: "tile.load"
// NOCHIP-NOT: tile.async_copy
// NOCHIP-SAME: -> tensor<1x64xf32
func.func @row_beside(%q: memref<?x?xf16>, %k: memref<?x?xf16>, %lse: memref<?x?xf32>,
    %o: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x?xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %l = "tile.load"(%lse, %c0, %n0) : (memref<?x?xf32>, index, index) -> tensor<1x64xf32>
    %lb = "tile.broadcast"(%l) : (tensor<1x64xf32>) -> tensor<64x64xf32>
    %d = arith.subf %s, %lb : tensor<64x64xf32>
    %a = arith.addf %acc, %d : tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  "tile.store"(%sum, %o, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Without a producer the row stays a load of the loop: on 4 warps the
// bytes it adds to each stage can take a block off each SM (dK/dV at
// d = 64 ran 20% slower).
// CHECK-LABEL: func.func @row_one_role
// CHECK: scf.for
// CHECK: "tile.load"{{.*}}{tile.async_copy, tile.tma}{{.*}}-> tensor<64x64xf16
// CHECK: "tile.load"
// CHECK-NOT: tile.async_copy
// CHECK-SAME: -> tensor<1x64xf32
// CHECK: tile.num_stages = 4 : i32, tile.num_stages_why = "num-stages=auto: 4 stages (8 KiB a stage
func.func @row_one_role(%q: memref<?x?xf16>, %k: memref<?x?xf16>, %lse: memref<?x?xf32>,
    %o: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x?xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %l = "tile.load"(%lse, %c0, %n0) : (memref<?x?xf32>, index, index) -> tensor<1x64xf32>
    %lb = "tile.broadcast"(%l) : (tensor<1x64xf32>) -> tensor<64x64xf32>
    %d = arith.subf %s, %lb : tensor<64x64xf32>
    %a = arith.addf %acc, %d : tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  "tile.store"(%sum, %o, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
