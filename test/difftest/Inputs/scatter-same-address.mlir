// A scatter of 16 different values to 4 addresses (i % 4): which of each
// address's values lands docs/dialect.md leaves unspecified, so the
// reference interpreter raises Unsupported and reference.py falls back
// to tile's CPU path, saying so (test/difftest/reference.test).
func.func @scatter_same_address(%x: memref<?xi32>) attributes {tile.kernel} {
  %i = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %four = arith.constant dense<4> : tensor<16xi32>
  %at = arith.remsi %i, %four : tensor<16xi32>
  "tile.scatter"(%i, %x, %at) : (tensor<16xi32>, memref<?xi32>, tensor<16xi32>) -> ()
  return
}
