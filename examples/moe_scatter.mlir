// MoE dispatch: each token's row goes to the slot its router picked in each of its top-k experts' buffers (tile.scatter).
//
// x is T x D (the tokens), dst is T x K (K experts per token: the row of
// out, grouped by expert, that receives the token), out is the experts'
// input buffer (rows grouped by expert, D columns). A token an expert
// drops (over capacity) has dst = -1 and writes nothing. Each program
// moves 16 tokens x 128 columns for one of the K choices.
// Grid: cdiv(T, 16) x cdiv(D, 128) x K.
func.func @moe_dispatch(%x: memref<?x?xf16>, %dst: memref<?x?xi32>, %out: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pt = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pc = "tile.program_id"() {axis = 1 : i32} : () -> index
  %k = "tile.program_id"() {axis = 2 : i32} : () -> index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %tok0 = arith.muli %pt, %c16 : index
  %col0 = arith.muli %pc, %c128 : index
  %t = "tile.load"(%x, %tok0, %col0) : (memref<?x?xf16>, index, index) -> tensor<16x128xf16>
  // Choice k of each token: its destination row (-1 past the last token).
  %d2 = "tile.load"(%dst, %tok0, %k) {padding = -1 : i32} : (memref<?x?xi32>, index, index) -> tensor<16x1xi32>
  %rows = "tile.broadcast"(%d2) : (tensor<16x1xi32>) -> tensor<16x128xi32>
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %c = arith.index_cast %col0 : index to i32
  %cs = "tile.splat"(%c) : (i32) -> tensor<128xi32>
  %col = arith.addi %r, %cs : tensor<128xi32>
  %col1 = "tile.expand_dims"(%col) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
  %cols = "tile.broadcast"(%col1) : (tensor<1x128xi32>) -> tensor<16x128xi32>
  "tile.scatter"(%t, %out, %rows, %cols) : (tensor<16x128xf16>, memref<?x?xf16>, tensor<16x128xi32>, tensor<16x128xi32>) -> ()
  return
}
