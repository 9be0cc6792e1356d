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
