// tile-split-loops: a loop whose masks compare tiles of its induction
// variable with invariant bounds runs its first iterations, where every
// mask is all true (or all false), as a loop of their own without them;
// the rest keep them. The split point is computed before the loop.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-split-loops)' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-split-loops{split-loops=false})' | FileCheck %s --check-prefix=OFF
// OFF-NOT: tile.split

// Keys past n score -inf: key blocks [n0, n0+64) with n0 + 64 <= n need
// no mask. The prefix has max(0, n - 64 + 64) / 64 = n / 64 iterations
// (the loop from 0 by 64; written as the pass computes it), and ends at
// the smaller of 64 times that and the loop's end.
// CHECK-LABEL: func.func @keys_before_n
// CHECK:      %[[N:.*]] = memref.dim
// CHECK:      %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK:      %[[NI:.*]] = arith.index_cast %[[N32]] : i32 to index
// CHECK:      %[[E:.*]] = arith.addi %[[NI]], %c-64 : index
// CHECK:      %[[NUM:.*]] = arith.maxsi
// CHECK:      %[[CNT:.*]] = arith.divsi %[[NUM]], %{{.*}} : index
// CHECK:      %[[END:.*]] = arith.minsi %{{.*}}, %[[N]] : index
// CHECK:      %[[HEAD:.*]] = scf.for %{{.*}} = %c0 to %[[END]] step %c64 iter_args(%{{.*}} = %cst)
// CHECK-NOT:    arith.cmpi
// CHECK-NOT:    arith.select
// CHECK:        "tile.reduce"
// CHECK:      } {tile.split = "unmasked"}
// CHECK:      scf.for %{{.*}} = %[[END]] to %[[N]] step %c64 iter_args(%{{.*}} = %[[HEAD]])
// CHECK:        arith.cmpi slt
// CHECK:        arith.select
// CHECK:      } {tile.split = "masked"}
// OFF-LABEL: func.func @keys_before_n
// OFF: scf.for
// OFF-NOT: scf.for
// OFF: return
func.func @keys_before_n(%x: memref<?x?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x64xf32>
  %init = arith.constant dense<0xFF800000> : tensor<16xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%m = %init) -> (tensor<16xf32>) {
    %t = "tile.load"(%x, %c0, %j) : (memref<?x?xf32>, index, index) -> tensor<16x64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %key = arith.addi %cols, %jv : tensor<64xi32>
    %ok = arith.cmpi slt, %key, %nv : tensor<64xi32>
    %ok1 = "tile.expand_dims"(%ok) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
    %okb = "tile.broadcast"(%ok1) : (tensor<1x64xi1>) -> tensor<16x64xi1>
    %s = arith.select %okb, %t, %ninf : tensor<16x64xi1>, tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %m2 = arith.maximumf %m, %mx : tensor<16xf32>
    scf.yield %m2 : tensor<16xf32>
  }
  "tile.store"(%r, %out, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Causal: key <= query and key < n, joined by andi. Below the diagonal
// (n0 + 63 <= m0) and before n both hold: the prefix ends at the earlier
// of the two ends, and the andi and the select fold away in it.
// CHECK-LABEL: func.func @causal
// CHECK:      %[[E1:.*]] = arith.minsi
// CHECK:      %[[E2:.*]] = arith.minsi
// CHECK:      %[[END:.*]] = arith.minsi %[[E1]], %[[E2]] : index
// CHECK:      scf.for %{{.*}} = %c0 to %[[END]]
// CHECK-NOT:    arith.andi
// CHECK:      } {tile.split = "unmasked"}
// CHECK:      scf.for %{{.*}} = %[[END]] to
// CHECK:        arith.cmpi slt
// CHECK:        arith.cmpi sle
// CHECK:        arith.andi
// CHECK:      } {tile.split = "masked"}
func.func @causal(%x: memref<?x?xf32>, %out: memref<?x?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %m0 = arith.muli %pid, %c64 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %mend = arith.addi %m0, %c64 : index
  %end = arith.minui %n, %mend : index
  %rows = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %m032 = arith.index_cast %m0 : index to i32
  %qv = "tile.splat"(%m032) : (i32) -> tensor<64xi32>
  %q = arith.addi %rows, %qv : tensor<64xi32>
  %q1 = "tile.expand_dims"(%q) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %qb = "tile.broadcast"(%q1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %end step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %t = "tile.load"(%x, %m0, %j) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %k = arith.addi %cols, %jv : tensor<64xi32>
    %k1 = "tile.expand_dims"(%k) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %kb = "tile.broadcast"(%k1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %in = arith.cmpi slt, %kb, %nv : tensor<64x64xi32>
    %below = arith.cmpi sle, %kb, %qb : tensor<64x64xi32>
    %seen = arith.andi %in, %below : tensor<64x64xi1>
    %s = arith.select %seen, %t, %zero : tensor<64x64xi1>, tensor<64x64xf32>
    %a = arith.addf %acc, %s : tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  "tile.store"(%r, %out, %m0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A mask that is all false first: "key >= n" (sge) is false while
// n0 + 63 < n, and the select picks its other side there.
// CHECK-LABEL: func.func @past_n
// CHECK:      scf.for
// CHECK-NOT:    arith.cmpi
// CHECK:        arith.addf %{{.*}}, %{{.*}} : tensor<64xf32>
// CHECK:      } {tile.split = "unmasked"}
// CHECK:        arith.cmpi sge
// CHECK:      } {tile.split = "masked"}
func.func @past_n(%x: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %n32 = arith.index_cast %n : index to i32
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64xf32>) {
    %t = "tile.load"(%x, %j) : (memref<?xf32>, index) -> tensor<64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %k = arith.addi %cols, %jv : tensor<64xi32>
    %past = arith.cmpi sge, %k, %nv : tensor<64xi32>
    %s = arith.select %past, %zero, %t : tensor<64xi1>, tensor<64xf32>
    %a = arith.addf %acc, %s : tensor<64xf32>
    scf.yield %a : tensor<64xf32>
  }
  "tile.store"(%r, %out, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Left whole: a loop already split by hand (its ragged last loop starts
// at n rounded down to whole blocks, where the mask never holds), a mask
// of a loop-carried value, and a mask that does not move with the loop;
// then a loop that continues another loop's results (the second part of
// a hand split), whatever its masks.
// CHECK-LABEL: func.func @left_whole
// CHECK-NOT: tile.split
// CHECK: return
func.func @left_whole(%x: memref<?xf32>, %out: memref<?xf32>, %lim: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %n32 = arith.index_cast %n : index to i32
  %blocks = arith.divui %n, %c64 : index
  %whole = arith.muli %blocks, %c64 : index
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64xi32>
  %limv = "tile.splat"(%lim) : (i32) -> tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %zi = arith.constant dense<0> : tensor<64xi32>
  %r, %ri = scf.for %j = %whole to %n step %c64 iter_args(%acc = %zero, %it = %zi) -> (tensor<64xf32>, tensor<64xi32>) {
    %t = "tile.load"(%x, %j) : (memref<?xf32>, index) -> tensor<64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %k = arith.addi %cols, %jv : tensor<64xi32>
    %ok = arith.cmpi slt, %k, %nv : tensor<64xi32>
    %carried = arith.cmpi slt, %it, %nv : tensor<64xi32>
    %fixed = arith.cmpi slt, %cols, %limv : tensor<64xi32>
    %both = arith.andi %ok, %carried : tensor<64xi1>
    %all = arith.andi %both, %fixed : tensor<64xi1>
    %s = arith.select %all, %t, %zero : tensor<64xi1>, tensor<64xf32>
    %a = arith.addf %acc, %s : tensor<64xf32>
    %it2 = arith.addi %it, %k : tensor<64xi32>
    scf.yield %a, %it2 : tensor<64xf32>, tensor<64xi32>
  }
  %r2, %ri2 = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %r, %it = %ri) -> (tensor<64xf32>, tensor<64xi32>) {
    %t = "tile.load"(%x, %j) : (memref<?xf32>, index) -> tensor<64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %k = arith.addi %cols, %jv : tensor<64xi32>
    %ok = arith.cmpi slt, %k, %nv : tensor<64xi32>
    %s = arith.select %ok, %t, %zero : tensor<64xi1>, tensor<64xf32>
    %a = arith.addf %acc, %s : tensor<64xf32>
    scf.yield %a, %it : tensor<64xf32>, tensor<64xi32>
  }
  "tile.store"(%r2, %out, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A loop that starts at the diagonal block (a causal backward's dK and
// dV: queries from the program's first key n0 = pid * 32 rounded down to
// the 64-query step): "key <= query" is all false only on iterations
// before the loop's start (n0 - 64 < start), so that prefix is empty and
// the mask stays in both loops; "query < Lq" splits the loop.
// CHECK-LABEL: func.func @from_diagonal
// CHECK:      scf.for
// CHECK-NOT:    arith.cmpi slt
// CHECK:        arith.cmpi sle
// CHECK:      } {tile.split = "unmasked"}
// CHECK:        arith.cmpi slt
// CHECK:        arith.cmpi sle
// CHECK:      } {tile.split = "masked"}
func.func @from_diagonal(%x: memref<?x?xf32>, %out: memref<?x?xf32>) attributes {tile.kernel} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n0 = arith.muli %pn, %c32 : index
  %first = arith.divui %n0, %c64 : index
  %start = arith.muli %first, %c64 : index
  %lq = memref.dim %x, %c1 : memref<?x?xf32>
  %lq32 = arith.index_cast %lq : index to i32
  %lqv = "tile.splat"(%lq32) : (i32) -> tensor<64xi32>
  %n032 = arith.index_cast %n0 : index to i32
  %rows = "tile.range"() {start = 0 : i32, end = 32 : i32} : () -> tensor<32xi32>
  %n0v = "tile.splat"(%n032) : (i32) -> tensor<32xi32>
  %key = arith.addi %rows, %n0v : tensor<32xi32>
  %key1 = "tile.expand_dims"(%key) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %keyb = "tile.broadcast"(%key1) : (tensor<32x1xi32>) -> tensor<32x64xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %r = scf.for %m0 = %start to %lq step %c64 iter_args(%acc = %zero) -> (tensor<32x64xf32>) {
    %t = "tile.load"(%x, %n0, %m0) : (memref<?x?xf32>, index, index) -> tensor<32x64xf32>
    %m032 = arith.index_cast %m0 : index to i32
    %m0v = "tile.splat"(%m032) : (i32) -> tensor<64xi32>
    %query = arith.addi %cols, %m0v : tensor<64xi32>
    %inside = arith.cmpi slt, %query, %lqv : tensor<64xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x64xi1>) -> tensor<32x64xi1>
    %query1 = "tile.expand_dims"(%query) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %queryb = "tile.broadcast"(%query1) : (tensor<1x64xi32>) -> tensor<32x64xi32>
    %before = arith.cmpi sle, %keyb, %queryb : tensor<32x64xi32>
    %seen = arith.andi %insideb, %before : tensor<32x64xi1>
    %s = arith.select %seen, %t, %zero : tensor<32x64xi1>, tensor<32x64xf32>
    %a = arith.addf %acc, %s : tensor<32x64xf32>
    scf.yield %a : tensor<32x64xf32>
  }
  "tile.store"(%r, %out, %n0, %c0) : (tensor<32x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
