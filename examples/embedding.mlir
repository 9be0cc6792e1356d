// Embedding lookup: out[t, :] = table[ids[t], :] for a batch of token ids (tile.gather).
//
// table is V x D, ids has T entries, out is T x D (f16). Each program
// gathers the rows of 32 tokens, 128 columns at a time. An id outside
// [0, V) gives a row of zeros: the gather reads its padding there and
// touches no memory. Tokens past T load id -1; columns past D gather
// padding and the store skips them. Grid: cdiv(T, 32) x cdiv(D, 128).
func.func @embedding(%table: memref<?x?xf16>, %ids: memref<?xi32>, %out: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pt = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pc = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %tok0 = arith.muli %pt, %c32 : index
  %col0 = arith.muli %pc, %c128 : index
  // The rows: each token's id, repeated along the columns.
  %tok = "tile.load"(%ids, %tok0) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<32xi32>
  %tok1 = "tile.expand_dims"(%tok) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %rows = "tile.broadcast"(%tok1) : (tensor<32x1xi32>) -> tensor<32x128xi32>
  // The columns: col0, col0 + 1, ..., repeated along the tokens.
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %c = arith.index_cast %col0 : index to i32
  %cs = "tile.splat"(%c) : (i32) -> tensor<128xi32>
  %col = arith.addi %r, %cs : tensor<128xi32>
  %col1 = "tile.expand_dims"(%col) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
  %cols = "tile.broadcast"(%col1) : (tensor<1x128xi32>) -> tensor<32x128xi32>
  %e = "tile.gather"(%table, %rows, %cols) : (memref<?x?xf16>, tensor<32x128xi32>, tensor<32x128xi32>) -> tensor<32x128xf16>
  "tile.store"(%e, %out, %tok0, %col0) : (tensor<32x128xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
