// Transpose: y[j, i] = x[i, j], one 32x32 block per program. Blocks over
// the edge read zeros and write nothing out of bounds.
// Grid: cdiv(rows, 32) x cdiv(cols, 32).
func.func @transpose(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pi = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pj = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c32 = arith.constant 32 : index
  %i = arith.muli %pi, %c32 : index
  %j = arith.muli %pj, %c32 : index
  %t = "tile.load"(%x, %i, %j) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%tt, %y, %j, %i) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
