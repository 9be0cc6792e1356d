// Row sums and column sums of a matrix of any size.
//
// @rowsum: out[r] = sum over c of x[r, c]; 4 rows per program, walking the
// columns 256 at a time. Grid: cdiv(rows, 4).
func.func @rowsum(%x: memref<?x?xf32>, %out: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %row = arith.muli %pid, %c4 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %sum = scf.for %col = %c0 to %n step %c256 iter_args(%acc = %zero) -> (tensor<4xf32>) {
    %t = "tile.load"(%x, %row, %col) : (memref<?x?xf32>, index, index) -> tensor<4x256xf32>
    %s = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<4x256xf32>) -> tensor<4xf32>
    %next = arith.addf %acc, %s : tensor<4xf32>
    scf.yield %next : tensor<4xf32>
  }
  "tile.store"(%sum, %out, %row) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  return
}

// @colsum: out[c] = sum over r of x[r, c]; 256 columns per program, walking
// the rows 16 at a time. Grid: cdiv(cols, 256).
func.func @colsum(%x: memref<?x?xf32>, %out: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %col = arith.muli %pid, %c256 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<256xf32>
  %sum = scf.for %row = %c0 to %m step %c16 iter_args(%acc = %zero) -> (tensor<256xf32>) {
    %t = "tile.load"(%x, %row, %col) : (memref<?x?xf32>, index, index) -> tensor<16x256xf32>
    %s = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<16x256xf32>) -> tensor<256xf32>
    %next = arith.addf %acc, %s : tensor<256xf32>
    scf.yield %next : tensor<256xf32>
  }
  "tile.store"(%sum, %out, %col) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}
