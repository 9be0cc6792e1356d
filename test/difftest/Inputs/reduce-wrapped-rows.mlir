// A sum over the 4 rows of a broadcast tile, in a kernel whose f8 dots give
// the tile the mma layout of 4 warps (16 rows a warp): rows g and g + 8 of
// each thread are one row of the tile, and the GPU's reduce added both,
// doubling the sum (difftest seed 501102, reduced by hand). The 1-row
// tile it is broadcast from, in the mma layout too (its shape is the
// dots'), is summed as well: row g + 8 of each thread is its one row.
func.func @wrapped_rows(%x: memref<?xi32>, %d2: memref<?x?xf8E4M3FN>, %d3: memref<?x?xf8E4M3FN>, %d4: memref<?x?xf8E5M2>, %out: memref<?xi32>, %acc: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v = "tile.load"(%x, %c0) : (memref<?xi32>, index) -> tensor<64xi32>
  %row = "tile.expand_dims"(%v) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %rows = "tile.broadcast"(%row) : (tensor<1x64xi32>) -> tensor<4x64xi32>
  %sum = "tile.reduce"(%rows) {axis = 0 : i32, kind = "add"} : (tensor<4x64xi32>) -> tensor<64xi32>
  %one = "tile.reduce"(%row) {axis = 0 : i32, kind = "add"} : (tensor<1x64xi32>) -> tensor<64xi32>
  %s0 = arith.addi %sum, %one : tensor<64xi32>
  %s = arith.addi %s0, %v : tensor<64xi32>
  "tile.store"(%s, %out, %c0) : (tensor<64xi32>, memref<?xi32>, index) -> ()
  %a = "tile.load"(%d2, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<32x64xf8E4M3FN>
  %b = "tile.load"(%d3, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
  %bt = "tile.trans"(%b) {permutation = array<i32: 1, 0>} : (tensor<64x64xf8E4M3FN>) -> tensor<64x64xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = "tile.dot"(%a, %bt, %z) : (tensor<32x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %p = arith.truncf %d : tensor<32x64xf32> to tensor<32x64xf8E4M3FN>
  %c = "tile.load"(%d4, %c0, %c16) : (memref<?x?xf8E5M2>, index, index) -> tensor<64x32xf8E5M2>
  %z2 = arith.constant dense<0.0> : tensor<32x32xf32>
  %e = "tile.dot"(%p, %c, %z2) : (tensor<32x64xf8E4M3FN>, tensor<64x32xf8E5M2>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%e, %acc, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
