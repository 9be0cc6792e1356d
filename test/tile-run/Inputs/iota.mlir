// Writes 0, 1, ..., 15 into the first 16 elements of %x (fewer if shorter).
func.func @iota(%x: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  "tile.store"(%r, %x, %c0) : (tensor<16xi32>, memref<?xi32>, index) -> ()
  return
}
