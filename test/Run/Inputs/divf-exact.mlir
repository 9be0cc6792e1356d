// Division of f32 tiles, exact (no afn): element by element (x / y) and by
// a broadcast row (x / r, as attention divides by its row sums), 64 rows
// a program. test/Run/divf-exact.test and test/tile-run/cuda-divf-exact.test
// compare every quotient's bits with NumPy's.
func.func @divide(%x: memref<?x64xf32>, %y: memref<?x64xf32>, %r: memref<?xf32>,
    %o1: memref<?x64xf32>, %o2: memref<?x64xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %m0 = arith.muli %pid, %c64 : index
  %tx = "tile.load"(%x, %m0, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
  %ty = "tile.load"(%y, %m0, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
  %tr = "tile.load"(%r, %m0) : (memref<?xf32>, index) -> tensor<64xf32>
  %q1 = arith.divf %tx, %ty : tensor<64x64xf32>
  %r1 = "tile.expand_dims"(%tr) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %q2 = arith.divf %tx, %rb : tensor<64x64xf32>
  "tile.store"(%q1, %o1, %m0, %c0) : (tensor<64x64xf32>, memref<?x64xf32>, index, index) -> ()
  "tile.store"(%q2, %o2, %m0, %c0) : (tensor<64x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}
