// Kernels for the GPU lowering of the v2 ops (test/Conversion/gpu-v2.test,
// bench/gpu-v2.sh): one per op family.

// An embedding lookup: row ids from memory, a contiguous column range, so
// each thread reads 16 bytes per group (f16 x 8).
func.func @embedding(%table: memref<?x?xf16>, %ids: memref<?xi32>, %out: memref<?x?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %t0 = arith.muli %pid, %c32 : index
  %id = "tile.load"(%ids, %t0) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<32xi32>
  %ide = "tile.expand_dims"(%id) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %rows = "tile.broadcast"(%ide) : (tensor<32x1xi32>) -> tensor<32x64xi32>
  %c = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %ce = "tile.expand_dims"(%c) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%ce) : (tensor<1x64xi32>) -> tensor<32x64xi32>
  %v = "tile.gather"(%table, %rows, %cols) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  "tile.store"(%v, %out, %t0, %c0) : (tensor<32x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// A scatter through indices loaded from memory: one predicated store each.
func.func @scatter(%x: memref<?xf32>, %dst: memref<?xi32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %o = arith.muli %pid, %c128 : index
  %v = "tile.load"(%x, %o) : (memref<?xf32>, index) -> tensor<128xf32>
  %i = "tile.load"(%dst, %o) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  "tile.scatter"(%v, %y, %i) : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> ()
  return
}

// A histogram (red: the old values are unused) and float atomics.
func.func @atomics(%x: memref<?xi32>, %bins: memref<?xi32>, %f: memref<?xf32>, %h: memref<?xf16>, %old: memref<?xf32>) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %o = arith.muli %pid, %c128 : index
  %v = "tile.load"(%x, %o) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %one = arith.constant dense<1> : tensor<128xi32>
  %u = "tile.atomic_rmw"(%one, %bins, %v) {kind = "add", sem = "relaxed"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  %fv = arith.sitofp %v : tensor<128xi32> to tensor<128xf32>
  %a = "tile.atomic_rmw"(%fv, %f, %v) {kind = "add"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  %m = "tile.atomic_rmw"(%fv, %f, %v) {kind = "max", scope = "cta", sem = "acquire"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  %s = arith.addf %a, %m : tensor<128xf32>
  "tile.store"(%s, %old, %o) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  %hv = arith.truncf %fv : tensor<128xf32> to tensor<128xf16>
  %ha = "tile.atomic_rmw"(%hv, %h, %v) {kind = "add", scope = "sys"} : (tensor<128xf16>, memref<?xf16>, tensor<128xi32>) -> tensor<128xf16>
  %hm = "tile.atomic_rmw"(%hv, %h, %v) {kind = "min", sem = "relaxed"} : (tensor<128xf16>, memref<?xf16>, tensor<128xi32>) -> tensor<128xf16>
  return
}

// A lock word: compare-and-swap of one element (a replicated tile).
func.func @cas(%lock: memref<?xi32>, %seen: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0> : tensor<1xi32>
  %one = arith.constant dense<1> : tensor<1xi32>
  %o = "tile.atomic_cas"(%z, %one, %lock, %z) {sem = "acquire"} : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  "tile.store"(%o, %seen, %c0) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  return
}

// A row-wise cumsum over rows of 2048 (the 4 warps along the row, 4 chunks
// per row) and a reverse max.
func.func @cumsum(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %t = "tile.load"(%x, %pid, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x2048xf32>
  %s = "tile.scan"(%t) {axis = 1 : i32, kind = "add"} : (tensor<1x2048xf32>) -> tensor<1x2048xf32>
  "tile.store"(%s, %y, %pid, %c0) : (tensor<1x2048xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

func.func @suffix_max(%x: memref<?xi32>, %y: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xi32>, index) -> tensor<64xi32>
  %s = "tile.scan"(%t) {axis = 0 : i32, kind = "max", reverse} : (tensor<64xi32>) -> tensor<64xi32>
  "tile.store"(%s, %y, %c0) : (tensor<64xi32>, memref<?xi32>, index) -> ()
  return
}

// Dropout's random numbers: words and uniforms.
func.func @philox(%w: memref<?xi32>, %u: memref<?xf32>, %seed: i64, %base: i32) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %o = arith.muli %pid, %c128 : index
  %oi = arith.index_cast %o : index to i32
  %b = arith.addi %oi, %base : i32
  %bs = "tile.splat"(%b) : (i32) -> tensor<128xi32>
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %offs = arith.addi %bs, %r : tensor<128xi32>
  %wi = "tile.randint"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xi32>
  %ui = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf32>
  "tile.store"(%wi, %w, %o) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%ui, %u, %o) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// A page table read as scalars, and a scalar written back.
func.func @scalars(%table: memref<?x?xi32>, %out: memref<?xi32>) attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %p = memref.load %table[%pid, %c1] : memref<?x?xi32>
  memref.store %p, %out[%pid] : memref<?xi32>
  return
}

// Prints from every program; an assert on the data.
func.func @print(%x: memref<?xi32>) attributes {tile.kernel} {
  %c4 = arith.constant 4 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %o = arith.muli %pid, %c4 : index
  %t = "tile.load"(%x, %o) : (memref<?xi32>, index) -> tensor<4xi32>
  "tile.print"(%t) {prefix = "x"} : (tensor<4xi32>) -> ()
  "tile.print"(%pid) {prefix = "program"} : (index) -> ()
  return
}

func.func @check(%x: memref<?xi32>, %limit: i32) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %o = arith.muli %pid, %c128 : index
  %t = "tile.load"(%x, %o) : (memref<?xi32>, index) -> tensor<128xi32>
  %l = "tile.splat"(%limit) : (i32) -> tensor<128xi32>
  %ok = arith.cmpi slt, %t, %l : tensor<128xi32>
  "tile.assert"(%ok) {message = "x < limit"} : (tensor<128xi1>) -> ()
  return
}

// Split-K: each program adds its K slice's 16x128 product into C (f32) and
// a f16 copy, in the dot's mma layout; the f16 adds go in pairs.
func.func @splitk(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>, %h: memref<?x?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %k = arith.muli %pid, %c64 : index
  %x = "tile.load"(%a, %c0, %k) : (memref<?x?xf16>, index, index) -> tensor<16x64xf16>
  %y = "tile.load"(%b, %k, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
  %z = arith.constant dense<0.0> : tensor<16x128xf32>
  %d = "tile.dot"(%x, %y, %z) : (tensor<16x64xf16>, tensor<64x128xf16>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %r = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %re = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
  %rows = "tile.broadcast"(%re) : (tensor<16x1xi32>) -> tensor<16x128xi32>
  %cc = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %ce = "tile.expand_dims"(%cc) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
  %cols = "tile.broadcast"(%ce) : (tensor<1x128xi32>) -> tensor<16x128xi32>
  %o = "tile.atomic_rmw"(%d, %c, %rows, %cols) {kind = "add", sem = "relaxed"} : (tensor<16x128xf32>, memref<?x?xf32>, tensor<16x128xi32>, tensor<16x128xi32>) -> tensor<16x128xf32>
  %dh = arith.truncf %d : tensor<16x128xf32> to tensor<16x128xf16>
  %oh = "tile.atomic_rmw"(%dh, %h, %rows, %cols) {kind = "add", sem = "release"} : (tensor<16x128xf16>, memref<?x?xf16>, tensor<16x128xi32>, tensor<16x128xi32>) -> tensor<16x128xf16>
  return
}

// Relaxed max atomics at system scope, results unused, into a static
// memref: counted in shared memory (filled with INT32_MIN), added with a
// system-scope red.max at the end.
func.func @bins_max(%vals: memref<?xi32>, %idx: memref<?xi32>, %mem: memref<64xi32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %v = "tile.load"(%vals, %off) : (memref<?xi32>, index) -> tensor<128xi32>
  %i = "tile.load"(%idx, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %o = "tile.atomic_rmw"(%v, %mem, %i) {kind = "max", sem = "relaxed", scope = "sys"} : (tensor<128xi32>, memref<64xi32>, tensor<128xi32>) -> tensor<128xi32>
  return
}
