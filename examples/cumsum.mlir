// Row-wise cumulative sum over rows of any length: y[r, c] = x[r, 0] + ... + x[r, c] (tile.scan).
//
// x and y are R x C, f32. Each program takes 4 rows and walks them 512
// columns at a time: the block's inclusive scan plus the running total of
// the blocks before it, which the block's sum then advances. Columns past
// C load as 0 and are not stored. Grid: cdiv(R, 4).
func.func @cumsum(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %row = arith.muli %pid, %c4 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %total = scf.for %col = %c0 to %n step %c512 iter_args(%carry = %zero) -> (tensor<4xf32>) {
    %t = "tile.load"(%x, %row, %col) : (memref<?x?xf32>, index, index) -> tensor<4x512xf32>
    %s = "tile.scan"(%t) {axis = 1 : i32, kind = "add"} : (tensor<4x512xf32>) -> tensor<4x512xf32>
    %carry1 = "tile.expand_dims"(%carry) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
    %carryb = "tile.broadcast"(%carry1) : (tensor<4x1xf32>) -> tensor<4x512xf32>
    %out = arith.addf %s, %carryb : tensor<4x512xf32>
    "tile.store"(%out, %y, %row, %col) : (tensor<4x512xf32>, memref<?x?xf32>, index, index) -> ()
    %sum = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<4x512xf32>) -> tensor<4xf32>
    %next = arith.addf %carry, %sum : tensor<4xf32>
    scf.yield %next : tensor<4xf32>
  }
  return
}
