// tile-overlap-softmax: a chained-dot loop ending in acc' = dot(P, V_j,
// acc_s) issues the previous iteration's product right after its scores'
// dot, carries P, and does the last product after the loop (the inits
// when the loop ran no iteration). Both dots get tile.defer_wait; the
// loop keeps its attributes.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-overlap-softmax{chip=sm_90a})' | FileCheck %s
// Off, and auto without a chip (the CPU), leave the loops as written.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-overlap-softmax{chip=sm_90a overlap-softmax=false})' | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-overlap-softmax)' | FileCheck %s --check-prefix=OFF
// OFF-NOT: tile.overlap_softmax
// OFF-NOT: tile.defer_wait
// true rotates what auto leaves (FP8's P, below).
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-overlap-softmax{overlap-softmax=true})' | FileCheck %s --check-prefix=ON
//
// The plain attention example at d = 128 (128 x 128 blocks, 8 warps) is
// rotated by auto on sm_90a; at d = 256 (128 x 64 blocks) its tiles would
// not fit in registers (measured 6x slower), and FP8's P would be carried
// a byte a register (measured slower): auto leaves both.
// RUN: sed -e 's/${D}/128/g; s/${BM}/128/g; s/${BN}/128/g; /tile.tune/d' %tile_src/examples/flash_attention_plain.mlir > %t.d128.mlir
// RUN: tile-opt %t.d128.mlir -p 'builtin.module(tile-overlap-softmax{chip=sm_90a})' | FileCheck %s --check-prefix=PLAIN
// PLAIN-COUNT-2: } {tile.overlap_softmax, tile.overlap_softmax_why
// RUN: sed -e 's/${D}/256/g; s/${BM}/128/g; s/${BN}/64/g; /tile.tune/d' %tile_src/examples/flash_attention_plain.mlir > %t.d256.mlir
// RUN: tile-opt %t.d256.mlir -p 'builtin.module(tile-overlap-softmax{chip=sm_90a})' | FileCheck %s --check-prefix=D256
// RUN: sed -e 's/${D}/128/g; s/${BM}/128/g; s/${BN}/128/g; /tile.tune/d' %tile_src/examples/flash_attention_fp8.mlir > %t.fp8.mlir
// RUN: tile-opt %t.fp8.mlir -p 'builtin.module(tile-overlap-softmax{chip=sm_90a})' | FileCheck %s --check-prefix=FP8
// The loop says why (the compile's remark at it, GpuControlFlow.c):
// D256-NOT: tile.defer_wait
// D256: tile.overlap_softmax_why = "overlap-softmax=auto: not rotated: its accumulator, scores and P would take 176 registers a thread, more than 160
// D256-NOT: tile.defer_wait
// FP8 rotates too (its P travels four bytes to a register):
// FP8-COUNT-2: } {tile.overlap_softmax, tile.overlap_softmax_why

// One head's loop, 64 queries x 64 keys on 4 warps (wgmma), d = 64.
// CHECK-LABEL: func.func @attention
// CHECK:      %[[PINIT:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
// CHECK:      %[[LOOP:.*]]:3 = scf.for %[[J:.*]] = %[[LB:.*]] to %[[UB:.*]] step %[[STEP:[^ ]*]] iter_args(%[[M:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[PP:.*]] = %[[PINIT]])
// CHECK:        %[[S:.*]] = "tile.dot"(%{{.*}}) {tile.defer_wait}
// CHECK-NEXT:   %[[JP:.*]] = arith.subi %[[J]], %[[STEP]] : index
// CHECK-NEXT:   %[[VP:.*]] = "tile.load"(%{{.*}}, %[[JP]], %{{.*}})
// CHECK-NEXT:   %[[PV:.*]] = "tile.dot"(%[[PP]], %[[VP]], %[[ACC]]) {tile.defer_wait}
// CHECK:        %[[ACCS:.*]] = arith.mulf %[[PV]], %{{.*}} : tensor<64x64xf32>
// CHECK:        %[[P:.*]] = arith.truncf
// CHECK-NEXT:   scf.yield %{{.*}}, %[[ACCS]], %[[P]]
// CHECK-NEXT: } {tile.keep = 7 : i32, tile.overlap_softmax, tile.overlap_softmax_why = "overlap-softmax: each iteration issues the previous one's product beside its scores' dot{{.*}}"}
// CHECK:      %[[TRIPS:.*]] = arith.ceildivsi %{{.*}}, %[[STEP]] : index
// CHECK:      %[[VL:.*]] = "tile.load"
// CHECK:      %[[LAST:.*]] = "tile.dot"(%[[LOOP]]#2, %[[VL]], %[[LOOP]]#1) :
// CHECK:      %[[RAN:.*]] = arith.cmpi sgt, %[[TRIPS]]
// CHECK:      %[[RANT:.*]] = "tile.splat"(%[[RAN]]) : (i1) -> tensor<64x64xi1>
// CHECK:      %[[OUT:.*]] = arith.select %[[RANT]], %[[LAST]], %[[LOOP]]#1
// CHECK:      "tile.store"(%[[OUT]]
// ON-LABEL: func.func @attention
// ON: tile.overlap_softmax
func.func @attention(%q: memref<64x64xf16>, %k: memref<?x64xf16>,
    %v: memref<?x64xf16>, %o: memref<64x64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x64xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<64x64xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %m_f, %acc_f = scf.for %j = %c0 to %n step %c64
      iter_args(%m_i = %m_init, %acc = %zs) -> (tensor<64xf32>, tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x64xf32>) -> tensor<64xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<64xf32>
    %m1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
    %mb = "tile.broadcast"(%m1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
    %p = math.exp %s : tensor<64x64xf32>
    %dm = arith.subf %m_i, %m_new : tensor<64xf32>
    %alpha = math.exp %dm : tensor<64xf32>
    %a1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
    %ab = "tile.broadcast"(%a1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
    %acc_a = arith.mulf %acc, %ab : tensor<64x64xf32>
    %p16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %tv = "tile.load"(%v, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %m_new, %acc_new : tensor<64xf32>, tensor<64x64xf32>
  } {tile.keep = 7 : i32}
  "tile.store"(%acc_f, %o, %c0, %c0) : (tensor<64x64xf32>, memref<64x64xf32>, index, index) -> ()
  return
}

// -----

// The accumulator is read before the scores' dot: the previous product,
// which must come right after that dot, would come after a use of its
// result. Left as written.
// CHECK-LABEL: func.func @reads_acc_first
// CHECK-NOT: tile.overlap_softmax
// ON-LABEL: func.func @reads_acc_first
// ON-NOT: tile.overlap_softmax
func.func @reads_acc_first(%q: memref<64x64xf16>, %k: memref<?x64xf16>,
    %v: memref<?x64xf16>, %o: memref<64x64xf32>, %r: memref<64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x64xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<64x64xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %z1 = arith.constant dense<0.0> : tensor<64xf32>
  %r_f, %acc_f = scf.for %j = %c0 to %n step %c64
      iter_args(%r_i = %z1, %acc = %zs) -> (tensor<64xf32>, tensor<64x64xf32>) {
    %rs = "tile.reduce"(%acc) {axis = 1 : i32, kind = "add"} : (tensor<64x64xf32>) -> tensor<64xf32>
    %tk = "tile.load"(%k, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %p = math.exp %s : tensor<64x64xf32>
    %p16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %tv = "tile.load"(%v, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %rs, %acc_new : tensor<64xf32>, tensor<64x64xf32>
  }
  "tile.store"(%acc_f, %o, %c0, %c0) : (tensor<64x64xf32>, memref<64x64xf32>, index, index) -> ()
  "tile.store"(%r_f, %r, %c0) : (tensor<64xf32>, memref<64xf32>, index) -> ()
  return
}

// -----

// FP8's P: auto rotates it as it does 16-bit P (the loop carries it
// packed, four bytes to a register), and so does true.
// CHECK-LABEL: func.func @fp8
// CHECK: tile.defer_wait
// CHECK: } {tile.overlap_softmax, tile.overlap_softmax_why = "overlap-softmax: each iteration
// ON-LABEL: func.func @fp8
// ON: } {tile.overlap_softmax, tile.overlap_softmax_why = "overlap-softmax: each iteration
func.func @fp8(%q: memref<64x64xf8E4M3FN>, %k: memref<?x64xf8E4M3FN>,
    %vt: memref<64x?xf8E4M3FN>, %o: memref<64x64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x64xf8E4M3FN>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<64x64xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc_f = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %j, %c0) : (memref<?x64xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf8E4M3FN>) -> tensor<64x64xf8E4M3FN>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %p = math.exp %s : tensor<64x64xf32>
    %p8 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf8E4M3FN>
    %tvt = "tile.load"(%vt, %c0, %j) : (memref<64x?xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
    %tv = "tile.trans"(%tvt) {permutation = array<i32: 1, 0>} : (tensor<64x64xf8E4M3FN>) -> tensor<64x64xf8E4M3FN>
    %acc_new = "tile.dot"(%p8, %tv, %acc) : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %acc_new : tensor<64x64xf32>
  }
  "tile.store"(%acc_f, %o, %c0, %c0) : (tensor<64x64xf32>, memref<64x64xf32>, index, index) -> ()
  return
}

// -----

// A product that accumulates onto the carried value itself, no rescale
// between: the rotated loop yields the previous product's result (it
// once yielded the block argument, so every product but the last was
// dropped).
// CHECK-LABEL: func.func @no_rescale
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}, %[[P:[a-z0-9]+]] = %{{.*}})
// CHECK: %[[PV:[0-9]+]] = "tile.dot"(%[[P]], %{{.*}}, %[[ACC]]) {tile.defer_wait}
// CHECK: scf.yield %[[PV]], %{{.*}} :
func.func @no_rescale(%q: memref<64x64xf16>, %k: memref<?x64xf16>,
    %v: memref<?x64xf16>, %o: memref<64x64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %k, %c0 : memref<?x64xf16>
  %tq = "tile.load"(%q, %c0, %c0) : (memref<64x64xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc_f = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
    %tk = "tile.load"(%k, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %p = math.exp %s : tensor<64x64xf32>
    %p16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %tv = "tile.load"(%v, %j, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %acc_new : tensor<64x64xf32>
  }
  "tile.store"(%acc_f, %o, %c0, %c0) : (tensor<64x64xf32>, memref<64x64xf32>, index, index) -> ()
  return
}
