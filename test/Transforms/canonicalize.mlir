// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tile-canonicalize))' | FileCheck %s

// A splat of a scalar constant is a dense constant.
// CHECK-LABEL: func.func @splat_of_constant
// CHECK-DAG:     arith.constant dense<1.500000e+00> : tensor<128xf32>
// CHECK-DAG:     arith.constant dense<7> : tensor<64x16xi32>
// CHECK-NOT:     "tile.splat"
// CHECK:         return
func.func @splat_of_constant(%out: memref<128xf32>, %outi: memref<64x16xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.5 : f32
  %i = arith.constant 7 : i32
  %t = "tile.splat"(%f) : (f32) -> tensor<128xf32>
  %u = "tile.splat"(%i) : (i32) -> tensor<64x16xi32>
  "tile.store"(%t, %out, %c0) : (tensor<128xf32>, memref<128xf32>, index) -> ()
  "tile.store"(%u, %outi, %c0, %c0) : (tensor<64x16xi32>, memref<64x16xi32>, index, index) -> ()
  return
}

// -----

// broadcast of a splat is a splat of the broadcast's type.
// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME:    (%[[S:.*]]: f32,
// CHECK:         %[[T:.*]] = "tile.splat"(%[[S]]) : (f32) -> tensor<128x64xf32>
// CHECK-NOT:     "tile.broadcast"
// CHECK:         "tile.store"(%[[T]],
func.func @broadcast_of_splat(%s: f32, %out: memref<128x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.splat"(%s) : (f32) -> tensor<1x64xf32>
  %b = "tile.broadcast"(%a) : (tensor<1x64xf32>) -> tensor<128x64xf32>
  "tile.store"(%b, %out, %c0, %c0) : (tensor<128x64xf32>, memref<128x64xf32>, index, index) -> ()
  return
}

// -----

// reshape, expand_dims and trans of a splat are splats; the old splat dies.
// CHECK-LABEL: func.func @shape_ops_of_splat
// CHECK-SAME:    (%[[S:.*]]: f16,
// CHECK-NOT:     "tile.splat"(%[[S]]) : (f16) -> tensor<4x32xf16>
// CHECK-DAG:     %[[R:.*]] = "tile.splat"(%[[S]]) : (f16) -> tensor<128xf16>
// CHECK-DAG:     %[[E:.*]] = "tile.splat"(%[[S]]) : (f16) -> tensor<4x1x32xf16>
// CHECK-DAG:     %[[T:.*]] = "tile.splat"(%[[S]]) : (f16) -> tensor<32x4xf16>
// CHECK-NOT:     "tile.reshape"
// CHECK-NOT:     "tile.expand_dims"
// CHECK-NOT:     "tile.trans"
// CHECK-DAG:     "tile.store"(%[[R]],
// CHECK-DAG:     "tile.store"(%[[E]],
// CHECK-DAG:     "tile.store"(%[[T]],
func.func @shape_ops_of_splat(%s: f16, %o1: memref<128xf16>, %o3: memref<4x1x32xf16>, %o2: memref<32x4xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.splat"(%s) : (f16) -> tensor<4x32xf16>
  %r = "tile.reshape"(%a) : (tensor<4x32xf16>) -> tensor<128xf16>
  %e = "tile.expand_dims"(%a) {axis = 1 : i32} : (tensor<4x32xf16>) -> tensor<4x1x32xf16>
  %t = "tile.trans"(%a) {permutation = array<i32: 1, 0>} : (tensor<4x32xf16>) -> tensor<32x4xf16>
  "tile.store"(%r, %o1, %c0) : (tensor<128xf16>, memref<128xf16>, index) -> ()
  "tile.store"(%e, %o3, %c0, %c0, %c0) : (tensor<4x1x32xf16>, memref<4x1x32xf16>, index, index, index) -> ()
  "tile.store"(%t, %o2, %c0, %c0) : (tensor<32x4xf16>, memref<32x4xf16>, index, index) -> ()
  return
}

// -----

// Shape ops of a splat constant are constants of the new type.
// CHECK-LABEL: func.func @shape_ops_of_splat_constant
// CHECK-DAG:     %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<128x64xf32>
// CHECK-DAG:     %[[E:.*]] = arith.constant dense<-1> : tensor<1x64xi32>
// CHECK-NOT:     "tile.broadcast"
// CHECK-NOT:     "tile.expand_dims"
// CHECK-DAG:     "tile.store"(%[[B]],
// CHECK-DAG:     "tile.store"(%[[E]],
func.func @shape_ops_of_splat_constant(%out: memref<128x64xf32>, %outi: memref<1x64xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<2.0> : tensor<1x64xf32>
  %b = "tile.broadcast"(%cst) : (tensor<1x64xf32>) -> tensor<128x64xf32>
  %i = arith.constant dense<-1> : tensor<64xi32>
  %e = "tile.expand_dims"(%i) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  "tile.store"(%b, %out, %c0, %c0) : (tensor<128x64xf32>, memref<128x64xf32>, index, index) -> ()
  "tile.store"(%e, %outi, %c0, %c0) : (tensor<1x64xi32>, memref<1x64xi32>, index, index) -> ()
  return
}

// -----

// trans(trans(x)) with inverse permutations is x.
// CHECK-LABEL: func.func @trans_of_trans_identity
// CHECK:         %[[X:.*]] = "tile.load"
// CHECK-NOT:     "tile.trans"
// CHECK:         "tile.store"(%[[X]],
func.func @trans_of_trans_identity(%in: memref<64x128xf16>, %out: memref<64x128xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%in, %c0, %c0) : (memref<64x128xf16>, index, index) -> tensor<64x128xf16>
  %t = "tile.trans"(%x) {permutation = array<i32: 1, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  %u = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
  "tile.store"(%u, %out, %c0, %c0) : (tensor<64x128xf16>, memref<64x128xf16>, index, index) -> ()
  return
}

// -----

// trans(trans(x, p1), p2) is trans(x, q) with q[i] = p1[p2[i]].
// CHECK-LABEL: func.func @trans_of_trans_composed
// CHECK:         %[[X:.*]] = "tile.load"
// CHECK-NEXT:    %[[T:.*]] = "tile.trans"(%[[X]]) {permutation = array<i32: 1, 0, 2>} : (tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
// CHECK-NOT:     "tile.trans"
// CHECK:         "tile.store"(%[[T]],
func.func @trans_of_trans_composed(%in: memref<2x4x8xf32>, %out: memref<4x2x8xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%in, %c0, %c0, %c0) : (memref<2x4x8xf32>, index, index, index) -> tensor<2x4x8xf32>
  %t = "tile.trans"(%x) {permutation = array<i32: 1, 2, 0>} : (tensor<2x4x8xf32>) -> tensor<4x8x2xf32>
  %u = "tile.trans"(%t) {permutation = array<i32: 0, 2, 1>} : (tensor<4x8x2xf32>) -> tensor<4x2x8xf32>
  "tile.store"(%u, %out, %c0, %c0, %c0) : (tensor<4x2x8xf32>, memref<4x2x8xf32>, index, index, index) -> ()
  return
}

// -----

// reshape(reshape(x)) is one reshape of x, or x itself when the types match.
// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK:         %[[X:.*]] = "tile.load"
// CHECK-NEXT:    %[[R:.*]] = "tile.reshape"(%[[X]]) : (tensor<4x32xf32>) -> tensor<8x16xf32>
// CHECK-NOT:     "tile.reshape"
// CHECK-DAG:     "tile.store"(%[[R]],
// CHECK-DAG:     "tile.store"(%[[X]],
func.func @reshape_of_reshape(%in: memref<4x32xf32>, %out: memref<8x16xf32>, %back: memref<4x32xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%in, %c0, %c0) : (memref<4x32xf32>, index, index) -> tensor<4x32xf32>
  %flat = "tile.reshape"(%x) : (tensor<4x32xf32>) -> tensor<128xf32>
  %r = "tile.reshape"(%flat) : (tensor<128xf32>) -> tensor<8x16xf32>
  %y = "tile.reshape"(%flat) : (tensor<128xf32>) -> tensor<4x32xf32>
  "tile.store"(%r, %out, %c0, %c0) : (tensor<8x16xf32>, memref<8x16xf32>, index, index) -> ()
  "tile.store"(%y, %back, %c0, %c0) : (tensor<4x32xf32>, memref<4x32xf32>, index, index) -> ()
  return
}

// -----

// broadcast, reshape and trans to the source's own type fold away.
// CHECK-LABEL: func.func @identity_shape_ops
// CHECK:         %[[X:.*]] = "tile.load"
// CHECK-NOT:     "tile.broadcast"
// CHECK-NOT:     "tile.reshape"
// CHECK-NOT:     "tile.trans"
// CHECK-COUNT-3: "tile.store"(%[[X]],
func.func @identity_shape_ops(%in: memref<64x32xf32>, %out: memref<64x32xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%in, %c0, %c0) : (memref<64x32xf32>, index, index) -> tensor<64x32xf32>
  %b = "tile.broadcast"(%x) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = "tile.reshape"(%x) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %t = "tile.trans"(%x) {permutation = array<i32: 0, 1>} : (tensor<64x32xf32>) -> tensor<64x32xf32>
  "tile.store"(%b, %out, %c0, %c0) : (tensor<64x32xf32>, memref<64x32xf32>, index, index) -> ()
  "tile.store"(%r, %out, %c0, %c0) : (tensor<64x32xf32>, memref<64x32xf32>, index, index) -> ()
  "tile.store"(%t, %out, %c0, %c0) : (tensor<64x32xf32>, memref<64x32xf32>, index, index) -> ()
  return
}

// -----

// A real transpose of a square tile keeps its type but is not an identity.
// CHECK-LABEL: func.func @square_trans_stays
// CHECK:         %[[X:.*]] = "tile.load"
// CHECK-NEXT:    %[[T:.*]] = "tile.trans"(%[[X]]) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
// CHECK-NEXT:    "tile.store"(%[[T]],
func.func @square_trans_stays(%in: memref<64x64xf16>, %out: memref<64x64xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%in, %c0, %c0) : (memref<64x64xf16>, index, index) -> tensor<64x64xf16>
  %t = "tile.trans"(%x) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
  "tile.store"(%t, %out, %c0, %c0) : (tensor<64x64xf16>, memref<64x64xf16>, index, index) -> ()
  return
}

// -----

// Unused side-effect-free tile ops go, stores stay even when nothing reads
// the memory again.
// CHECK-LABEL: func.func @erase_unused
// CHECK-SAME:    %[[M:[a-z0-9]+]]: memref<128xf32>, %[[O:[a-z0-9]+]]: memref<128x32xf32>)
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<128x32xf32>
// CHECK-DAG:     %[[V:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK-NOT:     "tile.{{(program_id|num_programs|range|splat|load|load_masked|dot|reduce|expand_dims|broadcast|reshape|trans)}}"
// CHECK:         "tile.store"(%[[Z]], %[[O]],
// CHECK-NEXT:    "tile.store_masked"(%[[V]], %[[M]],
// CHECK-NEXT:    return
func.func @erase_unused(%a: memref<128x64xf16>, %b: memref<64x32xf16>, %m: memref<128xf32>, %out: memref<128x32xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %np = "tile.num_programs"() {axis = 1 : i32} : () -> index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %acc = "tile.splat"(%zero) : (f32) -> tensor<128x32xf32>
  %x = "tile.load"(%a, %pid, %c0) : (memref<128x64xf16>, index, index) -> tensor<128x64xf16>
  %y = "tile.load"(%b, %c0, %np) : (memref<64x32xf16>, index, index) -> tensor<64x32xf16>
  %d = "tile.dot"(%x, %y, %acc) : (tensor<128x64xf16>, tensor<64x32xf16>, tensor<128x32xf32>) -> tensor<128x32xf32>
  %s = "tile.reduce"(%d) {axis = 1 : i32, kind = "add"} : (tensor<128x32xf32>) -> tensor<128xf32>
  %v = "tile.splat"(%zero) : (f32) -> tensor<128xf32>
  %mask = "tile.splat"(%zero) : (f32) -> tensor<128xf32>
  %cmp = arith.cmpf olt, %mask, %v : tensor<128xf32>
  %lm = "tile.load_masked"(%m, %cmp, %c0) : (memref<128xf32>, tensor<128xi1>, index) -> tensor<128xf32>
  %e = "tile.expand_dims"(%s) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %bc = "tile.broadcast"(%e) : (tensor<128x1xf32>) -> tensor<128x32xf32>
  %rs = "tile.reshape"(%bc) : (tensor<128x32xf32>) -> tensor<4096xf32>
  %tr = "tile.trans"(%bc) {permutation = array<i32: 1, 0>} : (tensor<128x32xf32>) -> tensor<32x128xf32>
  "tile.store"(%acc, %out, %c0, %c0) : (tensor<128x32xf32>, memref<128x32xf32>, index, index) -> ()
  %ones = arith.constant dense<true> : tensor<128xi1>
  "tile.store_masked"(%v, %m, %ones, %c0) : (tensor<128xf32>, memref<128xf32>, tensor<128xi1>, index) -> ()
  return
}

// -----

// Ops whose results are used stay, and shape ops of non-uniform tiles stay.
// CHECK-LABEL: func.func @used_ops_stay
// CHECK:         "tile.program_id"
// CHECK:         "tile.range"
// CHECK:         "tile.load"
// CHECK:         "tile.broadcast"
// CHECK:         "tile.dot"
// CHECK:         "tile.reduce"
// CHECK:         "tile.store"
func.func @used_ops_stay(%a: memref<?x?xf16>, %b: memref<64x32xf16>, %out: memref<128xf32>, %ri: memref<128xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %x = "tile.load"(%a, %pid, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %y = "tile.load"(%b, %c0, %c0) : (memref<64x32xf16>, index, index) -> tensor<1x32xf16>
  %yb = "tile.broadcast"(%y) : (tensor<1x32xf16>) -> tensor<64x32xf16>
  %acc = arith.constant dense<0.0> : tensor<128x32xf32>
  %d = "tile.dot"(%x, %yb, %acc) : (tensor<128x64xf16>, tensor<64x32xf16>, tensor<128x32xf32>) -> tensor<128x32xf32>
  %s = "tile.reduce"(%d) {axis = 1 : i32, kind = "max"} : (tensor<128x32xf32>) -> tensor<128xf32>
  "tile.store"(%s, %out, %pid) : (tensor<128xf32>, memref<128xf32>, index) -> ()
  "tile.store"(%r, %ri, %c0) : (tensor<128xi32>, memref<128xi32>, index) -> ()
  return
}

// -----

// Encodings on result types are kept exactly.
// CHECK-LABEL: func.func @encoding_preserved
// CHECK-SAME:    (%[[S:.*]]: f32,
// CHECK-DAG:     arith.constant dense<3.000000e+00> : tensor<128xf32, "enc">
// CHECK-DAG:     "tile.splat"(%[[S]]) : (f32) -> tensor<128x64xf32, "enc2">
// CHECK-NOT:     "tile.broadcast"
func.func @encoding_preserved(%s: f32, %o1: memref<128xf32>, %o2: memref<128x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %t = "tile.splat"(%f) : (f32) -> tensor<128xf32, "enc">
  %a = "tile.splat"(%s) : (f32) -> tensor<1x64xf32, "enc1">
  %b = "tile.broadcast"(%a) : (tensor<1x64xf32, "enc1">) -> tensor<128x64xf32, "enc2">
  "tile.store"(%t, %o1, %c0) : (tensor<128xf32, "enc">, memref<128xf32>, index) -> ()
  "tile.store"(%b, %o2, %c0, %c0) : (tensor<128x64xf32, "enc2">, memref<128x64xf32>, index, index) -> ()
  return
}

// -----

// Patterns reach into loop bodies; the loop-carried tile stays.
// CHECK-LABEL: func.func @inside_loop
// CHECK-SAME:    (%[[S:[a-z0-9]+]]: f32,
// CHECK:         scf.for
// CHECK-NOT:     "tile.load"
// CHECK:         %[[T:.*]] = "tile.splat"(%[[S]]) : (f32) -> tensor<64x32xf32>
// CHECK-NEXT:    %[[ADD:.*]] = arith.addf %{{.*}}, %[[T]] : tensor<64x32xf32>
// CHECK-NEXT:    scf.yield %[[ADD]]
func.func @inside_loop(%s: f32, %in: memref<64x32xf32>, %out: memref<64x32xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<64x32xf32>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32>) {
    %dead = "tile.load"(%in, %i, %c0) : (memref<64x32xf32>, index, index) -> tensor<64x32xf32>
    %a = "tile.splat"(%s) : (f32) -> tensor<1x32xf32>
    %b = "tile.broadcast"(%a) : (tensor<1x32xf32>) -> tensor<64x32xf32>
    %n = arith.addf %acc, %b : tensor<64x32xf32>
    scf.yield %n : tensor<64x32xf32>
  }
  "tile.store"(%r, %out, %c0, %c0) : (tensor<64x32xf32>, memref<64x32xf32>, index, index) -> ()
  return
}

// -----

// Layout conversions: one to the layout a value already has is dropped, and
// a chain becomes one conversion (or none, back to the start).
// CHECK-LABEL: func.func @convert_chains
// CHECK-NOT:     tile.convert_layout
// CHECK:         "tile.store"(%arg1, %arg0
// CHECK:         %[[C:.*]] = "tile.convert_layout"(%arg1) : (tensor<64xf32, {a}>) -> tensor<64xf32, {c}>
// CHECK-NOT:     tile.convert_layout
// CHECK:         "tile.store"(%[[C]], %arg0
func.func @convert_chains(%m: memref<?xf32>, %x: tensor<64xf32, {a}>, %o: index) {
  %same = "tile.convert_layout"(%x) : (tensor<64xf32, {a}>) -> tensor<64xf32, {a}>
  %b = "tile.convert_layout"(%same) : (tensor<64xf32, {a}>) -> tensor<64xf32, {b}>
  %back = "tile.convert_layout"(%b) : (tensor<64xf32, {b}>) -> tensor<64xf32, {a}>
  "tile.store"(%back, %m, %o) : (tensor<64xf32, {a}>, memref<?xf32>, index) -> ()
  %c = "tile.convert_layout"(%b) : (tensor<64xf32, {b}>) -> tensor<64xf32, {c}>
  "tile.store"(%c, %m, %o) : (tensor<64xf32, {c}>, memref<?xf32>, index) -> ()
  return
}

// -----

// The v2 ops that only read or compute (gather, scan, rand, randint) go
// when unused, as loads do.
// CHECK-LABEL: func.func @unused_v2
// CHECK-NOT:     tile.gather
// CHECK-NOT:     tile.scan
// CHECK-NOT:     tile.rand
// CHECK:         return
func.func @unused_v2(%table: memref<?xf32>, %seed: i64) attributes {tile.kernel} {
  %i = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %g = "tile.gather"(%table, %i) : (memref<?xf32>, tensor<64xi32>) -> tensor<64xf32>
  %s = "tile.scan"(%g) {axis = 0 : i32, kind = "add"} : (tensor<64xf32>) -> tensor<64xf32>
  %r = "tile.rand"(%seed, %i) : (i64, tensor<64xi32>) -> tensor<64xf32>
  %w = "tile.randint"(%seed, %i) : (i64, tensor<64xi32>) -> tensor<64xi32>
  return
}

// -----

// A tile.trans in a loop of a tile the loop does not change, read only by
// dots, moves before the loop (its dot operand is then staged once); one
// that something else reads, or of a tile the loop makes, stays.
// CHECK-LABEL: func.func @hoist_invariant_trans
// CHECK:       %[[KT:.*]] = "tile.trans"(%[[K:.*]]) {permutation = array<i32: 1, 0>} : (tensor<64x32xf16>) -> tensor<32x64xf16>
// CHECK-NEXT:  scf.for
// CHECK:         "tile.dot"(%[[KT]]
// CHECK:         "tile.trans"(%{{.*}}) {permutation = array<i32: 1, 0>} : (tensor<32x32xf16>)
// CHECK:         "tile.trans"(%[[K]]) {permutation = array<i32: 1, 0>} : (tensor<64x32xf16>) -> tensor<32x64xf16>
// CHECK-NEXT:    arith.addf
func.func @hoist_invariant_trans(%a: memref<?x?xf16>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %h0 = arith.constant dense<0.0> : tensor<32x64xf16>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %h = %h0) -> (tensor<32x32xf32>, tensor<32x64xf16>) {
    %kt = "tile.trans"(%k) {permutation = array<i32: 1, 0>} : (tensor<64x32xf16>) -> tensor<32x64xf16>
    %x = "tile.load"(%a, %i, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %d = "tile.dot"(%kt, %x, %acc) : (tensor<32x64xf16>, tensor<64x32xf16>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %y = "tile.load"(%a, %i, %i) : (memref<?x?xf16>, index, index) -> tensor<32x32xf16>
    %yt = "tile.trans"(%y) {permutation = array<i32: 1, 0>} : (tensor<32x32xf16>) -> tensor<32x32xf16>
    %e = "tile.dot"(%yt, %yt, %d) : (tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %kt2 = "tile.trans"(%k) {permutation = array<i32: 1, 0>} : (tensor<64x32xf16>) -> tensor<32x64xf16>
    %h2 = arith.addf %h, %kt2 : tensor<32x64xf16>
    scf.yield %e, %h2 : tensor<32x32xf32>, tensor<32x64xf16>
  }
  "tile.store"(%r#1, %a, %c0, %c0) : (tensor<32x64xf16>, memref<?x?xf16>, index, index) -> ()
  %r16 = arith.truncf %r#0 : tensor<32x32xf32> to tensor<32x32xf16>
  "tile.store"(%r16, %a, %c0, %c0) : (tensor<32x32xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
