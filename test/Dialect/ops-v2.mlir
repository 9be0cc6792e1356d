// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Every v2 op (docs/dialect.md section "v2") in a valid kernel, with its optional
// attributes; the verifier accepts them and they round-trip through the
// generic form.

// CHECK-LABEL: func.func @gather_scatter
func.func @gather_scatter(%table: memref<?x?xf16>, %ids: memref<?xi32>, %out: memref<?x?xf16, strided<[?, 1]>>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %rows = "tile.load"(%ids, %c0) : (memref<?xi32>, index) -> tensor<32xi32>
  %r1 = "tile.expand_dims"(%rows) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %i0 = "tile.broadcast"(%r1) : (tensor<32x1xi32>) -> tensor<32x64xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %c1 = "tile.expand_dims"(%cols) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %i1 = "tile.broadcast"(%c1) : (tensor<1x64xi32>) -> tensor<32x64xi32>
  // CHECK: "tile.gather"(%arg0, %{{.*}}, %{{.*}}) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  %t = "tile.gather"(%table, %i0, %i1) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  // CHECK: "tile.gather"(%arg0, %{{.*}}, %{{.*}}) {padding = -1.000000e+00 : f16}
  %p = "tile.gather"(%table, %i0, %i1) {padding = -1.0 : f16} : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  // CHECK: "tile.scatter"(%{{.*}}, %arg2, %{{.*}}, %{{.*}}) : (tensor<32x64xf16>, memref<?x?xf16, strided<[?, 1]>>, tensor<32x64xi32>, tensor<32x64xi32>) -> ()
  "tile.scatter"(%t, %out, %i0, %i1) : (tensor<32x64xf16>, memref<?x?xf16, strided<[?, 1]>>, tensor<32x64xi32>, tensor<32x64xi32>) -> ()
  // i64 index tiles (all index tiles of an op have one type).
  %w0 = arith.extsi %i0 : tensor<32x64xi32> to tensor<32x64xi64>
  %w1 = arith.extsi %i1 : tensor<32x64xi32> to tensor<32x64xi64>
  // CHECK: "tile.scatter"(%{{.*}}, %arg2, %{{.*}}, %{{.*}}) : (tensor<32x64xf16>, memref<?x?xf16, strided<[?, 1]>>, tensor<32x64xi64>, tensor<32x64xi64>) -> ()
  "tile.scatter"(%p, %out, %w0, %w1) : (tensor<32x64xf16>, memref<?x?xf16, strided<[?, 1]>>, tensor<32x64xi64>, tensor<32x64xi64>) -> ()
  // A rank-1 memref gathered into a rank-2 tile: one index tile.
  // CHECK: "tile.gather"(%arg1, %{{.*}}) : (memref<?xi32>, tensor<32x64xi32>) -> tensor<32x64xi32>
  %g = "tile.gather"(%ids, %i0) : (memref<?xi32>, tensor<32x64xi32>) -> tensor<32x64xi32>
  return
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%hist: memref<?xi32>, %acc: memref<?x?xf32>, %lock: memref<?xi64>, %h: memref<?xbf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %bins = "tile.load"(%hist, %c0) : (memref<?xi32>, index) -> tensor<128xi32>
  %one = arith.constant dense<1> : tensor<128xi32>
  // CHECK: "tile.atomic_rmw"(%{{.*}}, %arg0, %{{.*}}) {kind = "add"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  %o1 = "tile.atomic_rmw"(%one, %hist, %bins) {kind = "add"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  // CHECK: {kind = "umax", scope = "cta", sem = "relaxed"}
  %o2 = "tile.atomic_rmw"(%one, %hist, %bins) {kind = "umax", sem = "relaxed", scope = "cta"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  // CHECK: {kind = "xor", scope = "sys", sem = "release"}
  %o3 = "tile.atomic_rmw"(%one, %hist, %bins) {kind = "xor", sem = "release", scope = "sys"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  %r = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
  %rows = "tile.broadcast"(%r1) : (tensor<16x1xi32>) -> tensor<16x16xi32>
  %r2 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<16xi32>) -> tensor<1x16xi32>
  %cols = "tile.broadcast"(%r2) : (tensor<1x16xi32>) -> tensor<16x16xi32>
  %part = arith.constant dense<0.5> : tensor<16x16xf32>
  // CHECK: "tile.atomic_rmw"(%{{.*}}, %arg1, %{{.*}}, %{{.*}}) {kind = "max", sem = "acquire"} : (tensor<16x16xf32>, memref<?x?xf32>, tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xf32>
  %o4 = "tile.atomic_rmw"(%part, %acc, %rows, %cols) {kind = "max", sem = "acquire"} : (tensor<16x16xf32>, memref<?x?xf32>, tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xf32>
  // CHECK: {kind = "xchg"}
  %o5 = "tile.atomic_rmw"(%part, %acc, %rows, %cols) {kind = "xchg"} : (tensor<16x16xf32>, memref<?x?xf32>, tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xf32>
  %hv = arith.constant dense<1.0> : tensor<128xbf16>
  // CHECK: {kind = "add"} : (tensor<128xbf16>, memref<?xbf16>, tensor<128xi32>) -> tensor<128xbf16>
  %o6 = "tile.atomic_rmw"(%hv, %h, %bins) {kind = "add"} : (tensor<128xbf16>, memref<?xbf16>, tensor<128xi32>) -> tensor<128xbf16>
  %zero = arith.constant dense<0> : tensor<1xi64>
  %mine = arith.constant dense<7> : tensor<1xi64>
  %at = arith.constant dense<0> : tensor<1xi32>
  // CHECK: "tile.atomic_cas"(%{{.*}}, %{{.*}}, %arg2, %{{.*}}) {scope = "gpu", sem = "acq_rel"} : (tensor<1xi64>, tensor<1xi64>, memref<?xi64>, tensor<1xi32>) -> tensor<1xi64>
  %was = "tile.atomic_cas"(%zero, %mine, %lock, %at) {sem = "acq_rel", scope = "gpu"} : (tensor<1xi64>, tensor<1xi64>, memref<?xi64>, tensor<1xi32>) -> tensor<1xi64>
  return
}

// CHECK-LABEL: func.func @scans
func.func @scans(%x: memref<?x?xf32>, %m: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x128xf32>
  // CHECK: "tile.scan"(%{{.*}}) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = "tile.scan"(%t) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  // CHECK: "tile.scan"(%{{.*}}) {axis = 0 : i32, kind = "maxnum", reverse} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %s = "tile.scan"(%t) {axis = 0 : i32, kind = "maxnum", reverse} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %i = "tile.load"(%m, %c0) : (memref<?xi32>, index) -> tensor<256xi32>
  // CHECK: "tile.scan"(%{{.*}}) {axis = 0 : i32, kind = "or"} : (tensor<256xi32>) -> tensor<256xi32>
  %o = "tile.scan"(%i) {axis = 0 : i32, kind = "or"} : (tensor<256xi32>) -> tensor<256xi32>
  return
}

// CHECK-LABEL: func.func @random
func.func @random(%out: memref<?xf32>, %seed: i64) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %offs = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  // CHECK: "tile.rand"(%arg1, %{{.*}}) : (i64, tensor<1024xi32>) -> tensor<1024xf32>
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<1024xi32>) -> tensor<1024xf32>
  // CHECK: "tile.randint"(%arg1, %{{.*}}) : (i64, tensor<1024xi32>) -> tensor<1024xi32>
  %w = "tile.randint"(%seed, %offs) : (i64, tensor<1024xi32>) -> tensor<1024xi32>
  %o2 = "tile.reshape"(%offs) : (tensor<1024xi32>) -> tensor<32x32xi32>
  // CHECK: "tile.rand"(%arg1, %{{.*}}) : (i64, tensor<32x32xi32>) -> tensor<32x32xf32>
  %u2 = "tile.rand"(%seed, %o2) : (i64, tensor<32x32xi32>) -> tensor<32x32xf32>
  "tile.store"(%u, %out, %c0) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  return
}

// CHECK-LABEL: func.func @debug
func.func @debug(%x: memref<?xf32>, %n: i32, %s: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  // CHECK: "tile.print"(%{{.*}}) {prefix = "x"} : (tensor<16xf32>) -> ()
  "tile.print"(%t) {prefix = "x"} : (tensor<16xf32>) -> ()
  // CHECK: "tile.print"(%arg1) {prefix = ""} : (i32) -> ()
  "tile.print"(%n) {prefix = ""} : (i32) -> ()
  // CHECK: "tile.print"(%{{.*}}) {prefix = "pid"} : (index) -> ()
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  "tile.print"(%pid) {prefix = "pid"} : (index) -> ()
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %ok = arith.cmpf oge, %t, %zero : tensor<16xf32>
  // CHECK: "tile.assert"(%{{.*}}) {message = "x is not negative"} : (tensor<16xi1>) -> ()
  "tile.assert"(%ok) {message = "x is not negative"} : (tensor<16xi1>) -> ()
  %c0i = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %n, %c0i : i32
  // CHECK: "tile.assert"(%{{.*}}) {message = "n > 0"} : (i1) -> ()
  "tile.assert"(%pos) {message = "n > 0"} : (i1) -> ()
  return
}

// memref.load / memref.store of one element of a kernel argument.
// CHECK-LABEL: func.func @scalar_memory
func.func @scalar_memory(%table: memref<?x?xi32>, %offsets: memref<?xi64>, %x: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  // CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xi32>
  %block = memref.load %table[%pid, %c1] : memref<?x?xi32>
  %b = arith.index_cast %block : i32 to index
  // CHECK: memref.load %arg1[%{{.*}}] : memref<?xi64>
  %start = memref.load %offsets[%b] : memref<?xi64>
  %t = "tile.load"(%x, %b) : (memref<?xf32>, index) -> tensor<128xf32>
  %sum = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<128xf32>) -> f32
  // CHECK: memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xf32>
  memref.store %sum, %x[%c0] : memref<?xf32>
  scf.for %i = %c0 to %b step %c1 {
    // CHECK: memref.store %{{.*}}, %arg1[%{{.*}}] : memref<?xi64>
    memref.store %start, %offsets[%i] : memref<?xi64>
  }
  return
}
