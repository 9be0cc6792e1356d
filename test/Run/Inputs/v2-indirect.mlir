// tile.gather and tile.scatter on the CPU (test/Run/v2-indirect.test),
// checked against v2_ref.py.

// An embedding lookup: out[r, c] = table[ids[r], c]; ids outside the table
// (negative, too large) and columns past the table's width read -7.
func.func @embedding(%table: memref<?x?xf32>, %ids: memref<?xi32>, %out: memref<?x?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %row = arith.muli %pid, %c32 : index
  %tok = "tile.load"(%ids, %row) : (memref<?xi32>, index) -> tensor<32xi32>
  %t1 = "tile.expand_dims"(%tok) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %rows = "tile.broadcast"(%t1) : (tensor<32x1xi32>) -> tensor<32x64xi32>
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%r1) : (tensor<1x64xi32>) -> tensor<32x64xi32>
  %e = "tile.gather"(%table, %rows, %cols) {padding = -7.0 : f32} : (memref<?x?xf32>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf32>
  "tile.store"(%e, %out, %row, %c0) : (tensor<32x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// y[dst[i]] = x[i] with i64 indices; indices out of range, and elements
// past the end of dst (loaded as -1), write nothing.
func.func @scatter(%x: memref<?xf16>, %dst: memref<?xi32>, %y: memref<?xf16>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %v = "tile.load"(%x, %off) : (memref<?xf16>, index) -> tensor<128xf16>
  %d = "tile.load"(%dst, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %d64 = arith.extsi %d : tensor<128xi32> to tensor<128xi64>
  "tile.scatter"(%v, %y, %d64) : (tensor<128xf16>, memref<?xf16>, tensor<128xi64>) -> ()
  return
}

// Bags of rows summed, a gather in a loop (tile-pipeline stages such
// gathers through shared memory on the GPU: docs/gpu.md): out[b, c] =
// sum over j < n of table[ids[b * n + j], c0 + c] in f32, 16 bags x 64
// columns per program. Ids outside the table and columns past its width
// add nothing (zero padding); bags past the last gather id -1 (nothing).
// With c0 not a multiple of 8, no 16-byte group is aligned, and every
// element is read on its own.
func.func @bag_sum(%table: memref<?x?xf16>, %ids: memref<?xi32>, %out: memref<?x?xf32>, %n: i32, %c0: i32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0i = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %bag0 = arith.muli %pid, %c16 : index
  %nb = memref.dim %out, %c0i : memref<?x?xf32>
  %nb32 = arith.index_cast %nb : index to i32
  %b032 = arith.index_cast %bag0 : index to i32
  %steps = arith.index_cast %n : i32 to index
  %r16 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %b0s = "tile.splat"(%b032) : (i32) -> tensor<16xi32>
  %bags = arith.addi %r16, %b0s : tensor<16xi32>
  %nbs = "tile.splat"(%nb32) : (i32) -> tensor<16xi32>
  %live = arith.cmpi slt, %bags, %nbs : tensor<16xi32>
  %ns = "tile.splat"(%n) : (i32) -> tensor<16xi32>
  %first = arith.muli %bags, %ns : tensor<16xi32>
  %none = arith.constant dense<-1> : tensor<16xi32>
  %r64 = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %c0s = "tile.splat"(%c0) : (i32) -> tensor<64xi32>
  %colv = arith.addi %r64, %c0s : tensor<64xi32>
  %colv1 = "tile.expand_dims"(%colv) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%colv1) : (tensor<1x64xi32>) -> tensor<16x64xi32>
  %zero = arith.constant dense<0.0> : tensor<16x64xf32>
  %sum = scf.for %j = %c0i to %steps step %c1 iter_args(%acc = %zero) -> (tensor<16x64xf32>) {
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<16xi32>
    %at = arith.addi %first, %js : tensor<16xi32>
    %atm = arith.select %live, %at, %none : tensor<16xi1>, tensor<16xi32>
    %id = "tile.gather"(%ids, %atm) {padding = -1 : i32} : (memref<?xi32>, tensor<16xi32>) -> tensor<16xi32>
    %id1 = "tile.expand_dims"(%id) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
    %rows = "tile.broadcast"(%id1) : (tensor<16x1xi32>) -> tensor<16x64xi32>
    %e = "tile.gather"(%table, %rows, %cols) : (memref<?x?xf16>, tensor<16x64xi32>, tensor<16x64xi32>) -> tensor<16x64xf16>
    %ef = arith.extf %e : tensor<16x64xf16> to tensor<16x64xf32>
    %next = arith.addf %acc, %ef : tensor<16x64xf32>
    scf.yield %next : tensor<16x64xf32>
  }
  "tile.store"(%sum, %out, %bag0, %c0i) : (tensor<16x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
