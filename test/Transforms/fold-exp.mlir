// tile-fold-exp: softmax's exp(x * c - max) becomes exp2 of one
// multiply-add with log2(e) folded into the scale and the (row-sized)
// maximum, and a max of x * c reduces x first. Only f32 exps with afn;
// anything else is left as written.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-fold-exp)' | FileCheck %s

// 0.125 * log2(e) = 0.18033688: the row maximum is computed from the
// unscaled scores and scaled once per row (0.125, with log2(e) folded
// in), not per score.
// CHECK-LABEL: func.func @softmax_rows
// CHECK-DAG:  %[[CR:.*]] = arith.constant dense<0.180336878> : tensor<16xf32>
// CHECK-DAG:  %[[CL:.*]] = arith.constant dense<0.180336878> : tensor<16x64xf32>
// CHECK:      %[[X:.*]] = "tile.load"
// CHECK:      %[[MX:.*]] = "tile.reduce"(%[[X]]) {axis = 1 : i32, kind = "max"}
// CHECK:      %[[XS:.*]] = arith.mulf %[[X]], %[[CL]] fastmath<contract> : tensor<16x64xf32>
// CHECK:      %[[ML:.*]] = arith.mulf %[[MX]], %[[CR]] fastmath<contract> : tensor<16xf32>
// CHECK:      %[[E:.*]] = "tile.expand_dims"(%[[ML]])
// CHECK:      %[[B:.*]] = "tile.broadcast"(%[[E]])
// CHECK:      %[[D:.*]] = arith.subf %[[XS]], %[[B]] fastmath<contract>
// CHECK:      math.exp2 %[[D]] fastmath<afn> : tensor<16x64xf32>
// CHECK-NOT:  math.exp {{.*}}tensor<16x64xf32>
func.func @softmax_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
  %scale = arith.constant dense<0.125> : tensor<16x64xf32>
  %s = arith.mulf %t, %scale : tensor<16x64xf32>
  %m = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
  %m1 = "tile.expand_dims"(%m) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
  %mb = "tile.broadcast"(%m1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
  %d = arith.subf %s, %mb : tensor<16x64xf32>
  %p = math.exp %d fastmath<afn> : tensor<16x64xf32>
  "tile.store"(%p, %y, %c0, %c0) : (tensor<16x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}

// -----

// A scale known only at run time (1/sqrt of an argument) is multiplied
// by log2(e) as a scalar before its splat; its max cannot move (the
// scale might be 0 or infinite), so the product stays for the max.
// CHECK-LABEL: func.func @run_time_scale
// CHECK:      %[[S:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<16x64xf32>
// CHECK:      "tile.reduce"(%[[S]])
// CHECK:      %[[K:.*]] = arith.mulf %{{.*}}, %cst{{.*}} : f32
// CHECK:      %[[KS:.*]] = "tile.splat"(%[[K]]) : (f32) -> tensor<16x64xf32>
// CHECK:      arith.mulf %{{.*}}, %[[KS]] fastmath<contract>
// CHECK:      math.exp2
func.func @run_time_scale(%x: memref<?x64xf32>, %y: memref<?x64xf32>, %d: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
  %r = math.rsqrt %d : f32
  %scale = "tile.splat"(%r) : (f32) -> tensor<16x64xf32>
  %s = arith.mulf %t, %scale : tensor<16x64xf32>
  %m = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
  %m1 = "tile.expand_dims"(%m) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
  %mb = "tile.broadcast"(%m1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
  %t2 = "tile.load"(%x, %c0, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
  %s2 = arith.mulf %t2, %scale : tensor<16x64xf32>
  %d2 = arith.subf %s2, %mb : tensor<16x64xf32>
  %p = math.exp %d2 fastmath<afn> : tensor<16x64xf32>
  "tile.store"(%p, %y, %c0, %c0) : (tensor<16x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}

// -----

// The same scores tile read by its row maximum and by the exp (attention
// with its scale an argument, as FP8 attention's is): the max keeps the
// product, and the exp takes a copy of it times scale * log2(e), which
// the subtraction of the row term then fuses with.
// CHECK-LABEL: func.func @run_time_scale_shared
// CHECK:      %[[T:.*]] = "tile.load"
// CHECK:      %[[R:.*]] = math.rsqrt
// CHECK:      %[[S:.*]] = arith.mulf %[[T]], %{{.*}} : tensor<16x64xf32>
// CHECK:      %[[M:.*]] = "tile.reduce"(%[[S]])
// CHECK:      %[[K:.*]] = arith.mulf %[[R]], %cst{{.*}} : f32
// CHECK:      %[[KS:.*]] = "tile.splat"(%[[K]]) : (f32) -> tensor<16x64xf32>
// CHECK:      %[[S2:.*]] = arith.mulf %[[T]], %[[KS]] fastmath<contract>
// CHECK:      arith.mulf %[[M]], %cst{{.*}} : tensor<16xf32>
// CHECK:      %[[E:.*]] = arith.subf %[[S2]], %{{.*}} fastmath<contract>
// CHECK:      math.exp2 %[[E]] fastmath<afn>
func.func @run_time_scale_shared(%x: memref<?x64xf32>, %y: memref<?x64xf32>, %d: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
  %r = math.rsqrt %d : f32
  %scale = "tile.splat"(%r) : (f32) -> tensor<16x64xf32>
  %s = arith.mulf %t, %scale : tensor<16x64xf32>
  %m = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
  %m1 = "tile.expand_dims"(%m) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
  %mb = "tile.broadcast"(%m1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
  %d2 = arith.subf %s, %mb : tensor<16x64xf32>
  %p = math.exp %d2 fastmath<afn> : tensor<16x64xf32>
  "tile.store"(%p, %y, %c0, %c0) : (tensor<16x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}

// -----

// Left as written: an exp without afn; an exp of a loaded tile (the
// multiply would be at its size); an exp whose argument is used twice;
// a max of x times a negative constant; a sum of x * c.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:  math.exp2
// CHECK-COUNT-3: math.exp
// CHECK-NOT:  math.exp2
// CHECK:      "tile.reduce"(%{{.*}}) {axis = 1 : i32, kind = "max"}
// CHECK-NOT:  math.exp2
func.func @left_alone(%x: memref<?x64xf32>, %y: memref<?x64xf32>, %z: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
  %two = arith.constant dense<2.0> : tensor<16x64xf32>
  %s = arith.mulf %t, %two : tensor<16x64xf32>
  %p = math.exp %s : tensor<16x64xf32>
  %q = math.exp %t fastmath<afn> : tensor<16x64xf32>
  %u = arith.addf %s, %two : tensor<16x64xf32>
  %r = math.exp %u fastmath<afn> : tensor<16x64xf32>
  %pq = arith.addf %p, %q : tensor<16x64xf32>
  %pqr = arith.addf %pq, %r : tensor<16x64xf32>
  %pqru = arith.addf %pqr, %u : tensor<16x64xf32>
  "tile.store"(%pqru, %y, %c0, %c0) : (tensor<16x64xf32>, memref<?x64xf32>, index, index) -> ()
  %neg = arith.constant dense<-2.0> : tensor<16x64xf32>
  %sn = arith.mulf %t, %neg : tensor<16x64xf32>
  %mn = "tile.reduce"(%sn) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
  %sum = "tile.reduce"(%s) {axis = 1 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<16xf32>
  %both = arith.addf %mn, %sum : tensor<16xf32>
  "tile.store"(%both, %z, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// An online softmax's running maximum: carried in base 2 (m * log2 e).
// The row maximum takes scale * log2 e, the exponent's row term is m'
// itself, the rescale exp(m - m') is exp2, the init is scaled (-inf
// stays), and the result, read after the loop, is scaled back by ln 2.
// CHECK-LABEL: func.func @online_softmax
// CHECK-DAG:  %[[LN2:.*]] = arith.constant dense<0.693147182> : tensor<16xf32>
// CHECK-DAG:  %[[CR:.*]] = arith.constant dense<0.180336878> : tensor<16xf32>
// CHECK-DAG:  %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<16xf32>
// CHECK:      %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[NINF]], %{{.*}} = %{{.*}})
// CHECK:        %[[MX:.*]] = "tile.reduce"
// CHECK-NEXT:   %[[MXS:.*]] = arith.mulf %[[MX]], %[[CR]] fastmath<contract>
// CHECK-NEXT:   %[[MN:.*]] = arith.maximumf %[[M]], %[[MXS]]
// CHECK-NOT:    1.44269502
// CHECK:        "tile.expand_dims"(%[[MN]])
// CHECK:        math.exp2 {{.*}} : tensor<16x64xf32>
// CHECK:        %[[DM:.*]] = arith.subf %[[M]], %[[MN]]
// CHECK-NEXT:   math.exp2 %[[DM]] fastmath<afn> : tensor<16xf32>
// CHECK:        scf.yield %[[MN]]
// CHECK:      %[[BACK:.*]] = arith.mulf %[[R]]#0, %[[LN2]]
// CHECK:      "tile.store"(%[[BACK]]
func.func @online_softmax(%x: memref<?x64xf32>, %y: memref<?xf32>, %z: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %scale = arith.constant dense<0.125> : tensor<16x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %m_f, %l_f = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %ninf, %l = %zero) -> (tensor<16xf32>, tensor<16xf32>) {
    %t = "tile.load"(%x, %i, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
    %s = arith.mulf %t, %scale : tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %mn = arith.maximumf %m, %mx : tensor<16xf32>
    %mn1 = "tile.expand_dims"(%mn) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
    %mnb = "tile.broadcast"(%mn1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
    %d = arith.subf %s, %mnb : tensor<16x64xf32>
    %p = math.exp %d fastmath<afn> : tensor<16x64xf32>
    %dm = arith.subf %m, %mn : tensor<16xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<16xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %la = arith.mulf %l, %alpha : tensor<16xf32>
    %ln = arith.addf %la, %ps : tensor<16xf32>
    scf.yield %mn, %ln : tensor<16xf32>, tensor<16xf32>
  }
  "tile.store"(%m_f, %y, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%l_f, %z, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A running maximum read otherwise in the loop (stored) stays in its own
// units: only the exp folds.
// CHECK-LABEL: func.func @maximum_read
// CHECK:      scf.for
// CHECK:        %[[MN:.*]] = arith.maximumf
// CHECK:        arith.mulf %[[MN]], %{{.*}} : tensor<16xf32>
// CHECK:        math.exp %{{.*}} fastmath<afn> : tensor<16xf32>
func.func @maximum_read(%x: memref<?x64xf32>, %y: memref<?xf32>, %z: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %scale = arith.constant dense<0.125> : tensor<16x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %m_f, %l_f = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %ninf, %l = %zero) -> (tensor<16xf32>, tensor<16xf32>) {
    %t = "tile.load"(%x, %i, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
    %s = arith.mulf %t, %scale : tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %mn = arith.maximumf %m, %mx : tensor<16xf32>
    "tile.store"(%mn, %y, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
    %mn1 = "tile.expand_dims"(%mn) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
    %mnb = "tile.broadcast"(%mn1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
    %d = arith.subf %s, %mnb : tensor<16x64xf32>
    %p = math.exp %d fastmath<afn> : tensor<16x64xf32>
    %dm = arith.subf %m, %mn : tensor<16xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<16xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %la = arith.mulf %l, %alpha : tensor<16xf32>
    %ln = arith.addf %la, %ps : tensor<16xf32>
    scf.yield %mn, %ln : tensor<16xf32>, tensor<16xf32>
  }
  "tile.store"(%l_f, %z, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A masked online softmax (keys past the end score -inf): the maximum
// reduces select(mask, x, -inf) and scales the row (exact: -inf * c is
// -inf), the exponent folds through the select, and the running maximum
// is carried in base 2 as in the unmasked loop.
// CHECK-LABEL: func.func @masked_online_softmax
// CHECK-DAG:  %[[CR:.*]] = arith.constant dense<0.180336878> : tensor<16xf32>
// CHECK-DAG:  %[[CL:.*]] = arith.constant dense<0.180336878> : tensor<16x64xf32>
// CHECK-DAG:  %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<16x64xf32>
// CHECK:      scf.for
// CHECK:        %[[T:.*]] = "tile.load"
// CHECK:        %[[RAW:.*]] = arith.select %[[MASK:.*]], %[[T]], %[[NINF]]
// CHECK-NEXT:   %[[MX:.*]] = "tile.reduce"(%[[RAW]]) {axis = 1 : i32, kind = "max"}
// CHECK-NEXT:   %[[MXS:.*]] = arith.mulf %[[MX]], %[[CR]] fastmath<contract>
// CHECK-NEXT:   %[[MN:.*]] = arith.maximumf %{{.*}}, %[[MXS]]
// CHECK:        %[[XS:.*]] = arith.mulf %[[T]], %[[CL]] fastmath<contract>
// CHECK-NEXT:   %[[SEL:.*]] = arith.select %[[MASK]], %[[XS]], %[[NINF]]
// CHECK:        arith.subf %[[SEL]], %{{.*}} fastmath<contract>
// CHECK:        math.exp2 {{.*}} : tensor<16x64xf32>
// CHECK:        math.exp2 {{.*}} : tensor<16xf32>
// CHECK-NOT:    math.exp {{.*}}
// CHECK:        scf.yield %[[MN]]
func.func @masked_online_softmax(%x: memref<?x64xf32>, %z: memref<?xf32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %scale = arith.constant dense<0.125> : tensor<16x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x64xf32>
  %ninfr = arith.constant dense<0xFF800000> : tensor<16xf32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n) : (i32) -> tensor<64xi32>
  %valid = arith.cmpi slt, %cols, %nv : tensor<64xi32>
  %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
  %validb = "tile.broadcast"(%valid1) : (tensor<1x64xi1>) -> tensor<16x64xi1>
  %m_f, %l_f = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %ninfr, %l = %zero) -> (tensor<16xf32>, tensor<16xf32>) {
    %t = "tile.load"(%x, %i, %c0) : (memref<?x64xf32>, index, index) -> tensor<16x64xf32>
    %s1 = arith.mulf %t, %scale : tensor<16x64xf32>
    %s = arith.select %validb, %s1, %ninf : tensor<16x64xi1>, tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %mn = arith.maximumf %m, %mx : tensor<16xf32>
    %mn1 = "tile.expand_dims"(%mn) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
    %mnb = "tile.broadcast"(%mn1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
    %d = arith.subf %s, %mnb : tensor<16x64xf32>
    %p = math.exp %d fastmath<afn> : tensor<16x64xf32>
    %dm = arith.subf %m, %mn : tensor<16xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<16xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %la = arith.mulf %l, %alpha : tensor<16xf32>
    %ln = arith.addf %la, %ps : tensor<16xf32>
    scf.yield %mn, %ln : tensor<16xf32>, tensor<16xf32>
  }
  "tile.store"(%l_f, %z, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A loop of dots whose row maximum reads scores scaled at run time (FP8
// attention's q_scale * k_scale / sqrt(d)): two versions of the loop, the
// first running where the scale is positive and finite (mid = ub), taking
// the maximum of the unscaled scores and scaling the row; the second, the
// loop as written, runs the rest (all of it where the scale is not).
// CHECK-LABEL: func.func @run_time_scale_loop
// CHECK-SAME:  %[[C:[a-z0-9]+]]: f32)
// CHECK-DAG:  %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:  %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:      %[[P:.*]] = arith.cmpf ogt, %[[C]], %[[Z]] : f32
// CHECK:      %[[F:.*]] = arith.cmpf olt, %[[C]], %[[INF]] : f32
// CHECK:      %[[OK:.*]] = arith.andi %[[P]], %[[F]] : i1
// CHECK:      %[[MID:.*]] = arith.select %[[OK]], %[[N:.*]], %[[LB:.*]] : index
// CHECK:      %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[MID]]
// CHECK:        %[[S0:.*]] = "tile.dot"
// CHECK:        %[[MX:.*]] = "tile.reduce"(%[[S0]]) {axis = 1 : i32, kind = "max"}
// CHECK:        %[[CR:.*]] = "tile.splat"(%[[C]]) : (f32) -> tensor<64xf32>
// CHECK:        arith.mulf %[[MX]], %[[CR]] : tensor<64xf32>
// CHECK:      } {tile.scale_sign = "positive", tile.scale_sign_why = "fold-exp: the scores' scale is known only at run time
// CHECK:      scf.for %{{.*}} = %[[MID]] to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[R]])
// CHECK:        %[[S:.*]] = arith.mulf
// CHECK:        "tile.reduce"(%[[S]]) {axis = 1 : i32, kind = "max"}
// CHECK:      } {tile.scale_sign = "any"}
func.func @run_time_scale_loop(%a: memref<64x32xf16>, %b: memref<32x?xf16>,
    %m: memref<64xf32>, %c: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %n = memref.dim %b, %c1 : memref<32x?xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<64x32xf16>, index, index) -> tensor<64x32xf16>
  %cs = "tile.splat"(%c) : (f32) -> tensor<64x32xf32>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %r = scf.for %j = %c0 to %n step %c32 iter_args(%mi = %init) -> (tensor<64xf32>) {
    %tb = "tile.load"(%b, %c0, %j) : (memref<32x?xf16>, index, index) -> tensor<32x32xf16>
    %s0 = "tile.dot"(%ta, %tb, %z) : (tensor<64x32xf16>, tensor<32x32xf16>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %s = arith.mulf %s0, %cs : tensor<64x32xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x32xf32>) -> tensor<64xf32>
    %mn = arith.maximumf %mi, %mx : tensor<64xf32>
    scf.yield %mn : tensor<64xf32>
  }
  "tile.store"(%r, %m, %c0) : (tensor<64xf32>, memref<64xf32>, index) -> ()
  return
}
