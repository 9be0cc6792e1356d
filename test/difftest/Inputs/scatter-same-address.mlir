// arith.ceildivsi by a divisor the launch makes zero: docs/numerics.md
// says ceildiv is "built from divsi/remsi", not what it gives for 0, so
// the reference interpreter raises Unsupported (test/difftest/reference.test).
func.func @ceildiv(%x: memref<?xi32>, %d: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xi32>, index) -> tensor<16xi32>
  %s = "tile.splat"(%d) : (i32) -> tensor<16xi32>
  %q = arith.ceildivsi %t, %s : tensor<16xi32>
  "tile.store"(%q, %x, %c0) : (tensor<16xi32>, memref<?xi32>, index) -> ()
  return
}
