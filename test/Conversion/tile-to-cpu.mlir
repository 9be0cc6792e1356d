// TileToCPU rewrites each tile op into upstream code that computes one
// element at a time, with every memory access guarded by bounds (and mask).
// RUN: tile-opt %s --split-input-file -p 'builtin.module(func.func(tile-to-cpu))' | FileCheck %s

// Program ids become the six trailing index arguments; the kernel
// attributes go away.
// CHECK-LABEL: func.func @ids(%arg0: memref<?xi32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index) {
// CHECK:         arith.addi %arg2, %arg6 : index
func.func @ids(%m: memref<?xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %y = "tile.program_id"() {axis = 1 : i32} : () -> index
  %n = "tile.num_programs"() {axis = 2 : i32} : () -> index
  %s = arith.addi %y, %n : index
  %t = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  "tile.store"(%t, %m, %s) : (tensor<16xi32>, memref<?xi32>, index) -> ()
  return
}

// -----

// A masked load with -inf padding: in bounds on both sides, and the mask,
// before memory is touched; the padding otherwise.
// CHECK-LABEL: func.func @masked_load
// CHECK:         %[[PAD:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         tensor.generate
// CHECK:           arith.cmpi sge
// CHECK:           arith.cmpi slt
// CHECK:           %[[M:.*]] = tensor.extract %arg1
// CHECK:           %[[EN:.*]] = arith.andi %{{.*}}, %[[M]] : i1
// CHECK:           scf.if %[[EN]] -> (f32) {
// CHECK-NEXT:        memref.load %arg0
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %[[PAD]] : f32
func.func @masked_load(%x: memref<?x?xf32>, %mask: tensor<4x8xi1>, %o: index) {
  %t = "tile.load_masked"(%x, %mask, %o, %o) {padding = 0xFF800000 : f32} : (memref<?x?xf32>, tensor<4x8xi1>, index, index) -> tensor<4x8xf32>
  "tile.store"(%t, %x, %o, %o) : (tensor<4x8xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A store is a loop nest with one guarded memref.store per element.
// CHECK-LABEL: func.func @store
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:             scf.if
// CHECK-NEXT:          %[[V:.*]] = tensor.extract %arg1[%[[I]], %[[J]]]
// CHECK-NEXT:          memref.store %[[V]], %arg0
func.func @store(%x: memref<?x?xf16>, %t: tensor<2x4xf16>, %o: index) {
  "tile.store"(%t, %x, %o, %o) : (tensor<2x4xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// -----

// dot: acc + sum over k, inputs extended to the accumulator type.
// CHECK-LABEL: func.func @dot
// CHECK:         tensor.generate
// CHECK:           %[[ACC:.*]] = tensor.extract %arg2
// CHECK:           scf.for {{.*}} iter_args(%[[S:.*]] = %[[ACC]]) -> (f32)
// CHECK:             arith.extf {{.*}} : f16 to f32
// CHECK:             arith.extf {{.*}} : f16 to f32
// CHECK:             %[[P:.*]] = arith.mulf
// CHECK:             arith.addf %[[S]], %[[P]] : f32
func.func @dot(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %m: memref<?x?xf32>, %o: index) {
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %m, %o, %o) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// f32 inputs keep tf32's 10 mantissa bits unless precision = "ieee": the
// low 13 are masked off (truncation, as the tensor cores read f32), with no
// rounding increment.
// CHECK-LABEL: func.func @dot_tf32
// CHECK:         arith.bitcast {{.*}} : f32 to i32
// CHECK-NOT:     arith.addi
// CHECK:         arith.andi {{.*}} : i32
// CHECK:         arith.constant -8192 : i32
// CHECK-LABEL: func.func @dot_ieee
// CHECK-NOT:     arith.bitcast
// CHECK:         return
func.func @dot_tf32(%a: tensor<16x16xf32>, %c: tensor<16x16xf32>, %m: memref<?x?xf32>, %o: index) {
  %d = "tile.dot"(%a, %a, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %m, %o, %o) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
func.func @dot_ieee(%a: tensor<16x16xf32>, %c: tensor<16x16xf32>, %m: memref<?x?xf32>, %o: index) {
  %d = "tile.dot"(%a, %a, %c) {precision = "ieee"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %m, %o, %o) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Reduce kinds map to the arith op with the same NaN rule; integer max is
// signed, but on i1 it is unsigned (true > false).
// CHECK-LABEL: func.func @reduce_kinds
// CHECK:         arith.maximumf
// CHECK:         arith.maxnumf
// CHECK:         arith.maxsi
// CHECK:         arith.maxui
func.func @reduce_kinds(%f: tensor<4x8xf32>, %i: tensor<8xi32>, %b: tensor<8xi1>, %m: memref<?xf32>, %n: memref<?xi32>, %o: index) {
  %r0 = "tile.reduce"(%f) {axis = 1 : i32, kind = "max"} : (tensor<4x8xf32>) -> tensor<4xf32>
  %r1 = "tile.reduce"(%f) {axis = 0 : i32, kind = "maxnum"} : (tensor<4x8xf32>) -> tensor<8xf32>
  %r2 = "tile.reduce"(%i) {axis = 0 : i32, kind = "max"} : (tensor<8xi32>) -> i32
  %r3 = "tile.reduce"(%b) {axis = 0 : i32, kind = "max"} : (tensor<8xi1>) -> i1
  %s = arith.extui %r3 : i1 to i32
  %t = arith.addi %r2, %s : i32
  %u = "tile.splat"(%t) : (i32) -> tensor<4xi32>
  "tile.store"(%r0, %m, %o) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%r1, %m, %o) : (tensor<8xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%u, %n, %o) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  return
}

// -----

// trans reads source[j, i] for result[i, j].
// CHECK-LABEL: func.func @trans
// CHECK:         tensor.generate
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT:      tensor.extract %arg0[%[[J]], %[[I]]] : tensor<4x8xf32>
func.func @trans(%x: tensor<4x8xf32>, %m: memref<?x?xf32>, %o: index) {
  %t = "tile.trans"(%x) {permutation = array<i32: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  "tile.store"(%t, %m, %o, %o) : (tensor<8x4xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

