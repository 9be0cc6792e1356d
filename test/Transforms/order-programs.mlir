// tile-order-programs: a kernel whose loops run more iterations at one end
// of a program axis than at the other starts its heaviest programs first
// (tile.program_order, said in tile.program_order_why); kernels whose
// loops do not vary, or vary by less than twice, or whose bounds are not
// computed from the program id and sizes alone keep the launch order.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-order-programs)' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-order-programs{program-order=launch})' | FileCheck %s --check-prefix=LAUNCH
// LAUNCH-NOT: tile.program_order

// Causal attention's shape: query block i runs min(Lk, (i + 1) * 128) / 64
// key blocks.
// CHECK-LABEL: func.func @causal
// CHECK-SAME: tile.program_order = {axis = 0 : i32, reversed = true}
// CHECK-SAME: tile.program_order_why = "program-order=auto: the programs that run longest start first: the loops run 2 iteration(s) at program_id(0) = 0 and 128 at 63 (of 64, sampled), so the first blocks launched take axis 0 from its last program, axis 1 fastest"
func.func @causal(%k: memref<?x?xf32>, %o: memref<?x?xf32>) attributes {tile.kernel} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 64 : index
  %m0 = arith.muli %pm, %bm : index
  %m_end = arith.addi %m0, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?xf32>
  %n_end = arith.minui %lk, %m_end : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %n = %c0 to %n_end step %bn iter_args(%a = %zero) -> (tensor<64x64xf32>) {
    %t = "tile.load"(%k, %bh, %n) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
    %s = arith.addf %a, %t : tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  "tile.store"(%acc, %o, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Decreasing along axis 1: its first programs are already the heaviest;
// axis 1 becomes the slow one, in launch order.
// CHECK-LABEL: func.func @decreasing
// CHECK-SAME: tile.program_order = {axis = 1 : i32, reversed = false}
func.func @decreasing(%k: memref<?xf32>, %o: memref<?xf32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 1 : i32} : () -> index
  %n = "tile.num_programs"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %left = arith.subi %n, %p : index
  %end = arith.muli %left, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %acc = scf.for %i = %c0 to %end step %c64 iter_args(%a = %zero) -> (tensor<64xf32>) {
    %t = "tile.load"(%k, %i) : (memref<?xf32>, index) -> tensor<64xf32>
    %s = arith.addf %a, %t : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  "tile.store"(%acc, %o, %p) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A GEMM's K loop runs the same for every program.
// CHECK-LABEL: func.func @even
// CHECK-NOT: tile.program_order
// CHECK: return
func.func @even(%k: memref<?x?xf32>, %o: memref<?x?xf32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %kk = memref.dim %k, %c1 : memref<?x?xf32>
  %row = arith.muli %p, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c0 to %kk step %c64 iter_args(%a = %zero) -> (tensor<64x64xf32>) {
    %t = "tile.load"(%k, %row, %i) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
    %s = arith.addf %a, %t : tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  "tile.store"(%acc, %o, %row, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Less than twice: 64 iterations at program 0, 127 at 63 (a loop of
// Lk / 128 + i iterations).
// CHECK-LABEL: func.func @slight
// CHECK-NOT: tile.program_order
// CHECK: return
func.func @slight(%k: memref<?xf32>, %o: memref<?xf32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %kk = memref.dim %k, %c0 : memref<?xf32>
  %extra = arith.muli %p, %c128 : index
  %end = arith.addi %kk, %extra : index
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %acc = scf.for %i = %c0 to %end step %c128 iter_args(%a = %zero) -> (tensor<64xf32>) {
    %t = "tile.load"(%k, %i) : (memref<?xf32>, index) -> tensor<64xf32>
    %s = arith.addf %a, %t : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  "tile.store"(%acc, %o, %p) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A bound read from memory: unknown, so the launch order.
// CHECK-LABEL: func.func @loaded_bound
// CHECK-NOT: tile.program_order
// CHECK: return
func.func @loaded_bound(%k: memref<?xf32>, %lens: memref<?xi32>, %o: memref<?xf32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %len = "tile.load"(%lens, %p) : (memref<?xi32>, index) -> tensor<1xi32>
  %len0 = "tile.reduce"(%len) {axis = 0 : i32, kind = "max"} : (tensor<1xi32>) -> i32
  %end = arith.index_cast %len0 : i32 to index
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %acc = scf.for %i = %c0 to %end step %c64 iter_args(%a = %zero) -> (tensor<64xf32>) {
    %t = "tile.load"(%k, %i) : (memref<?xf32>, index) -> tensor<64xf32>
    %s = arith.addf %a, %t : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  "tile.store"(%acc, %o, %p) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}
