// irdl-cross-check: skip (invalid on purpose)
// tile.range's length is not a power of two: tile's verifier rejects it.
func.func @bad(%x: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 100 : i32} : () -> tensor<100xi32>
  "tile.store"(%r, %x, %c0) : (tensor<100xi32>, memref<?xi32>, index) -> ()
  return
}
