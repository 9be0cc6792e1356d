// One element broadcast over a long tile: a [1, 1] tile to [1, 2048], and
// a [1, 1, 1] one to [1, 128, 32] over 8 warps, each plus a range so the
// values differ. The GPU compile refused them ("a tile of 2048 elements
// puts 2048 on each thread"): the broadcast took its source's layout, made
// for one element, so every thread held the whole result (random kernels
// 100197, 101696 and 101731 of gen2, gen.py's seeds from 100000;
// docs/difftest.md).
func.func @row_of_one(%x: memref<?xi32>, %o: memref<?x?xi32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %v = "tile.load"(%x, %p) : (memref<?xi32>, index) -> tensor<1xi32>
  %e = "tile.expand_dims"(%v) {axis = 1 : i32} : (tensor<1xi32>) -> tensor<1x1xi32>
  %b = "tile.broadcast"(%e) : (tensor<1x1xi32>) -> tensor<1x2048xi32>
  %r = "tile.range"() {start = 0 : i32, end = 2048 : i32} : () -> tensor<2048xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<2048xi32>) -> tensor<1x2048xi32>
  %s = arith.addi %b, %r1 : tensor<1x2048xi32>
  "tile.store"(%s, %o, %p, %c0) : (tensor<1x2048xi32>, memref<?x?xi32>, index, index) -> ()
  return
}

func.func @box_of_one(%x: memref<?xi32>, %o: memref<?x?x?xi32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %v = "tile.load"(%x, %p) : (memref<?xi32>, index) -> tensor<1xi32>
  %e = "tile.expand_dims"(%v) {axis = 1 : i32} : (tensor<1xi32>) -> tensor<1x1xi32>
  %e2 = "tile.expand_dims"(%e) {axis = 2 : i32} : (tensor<1x1xi32>) -> tensor<1x1x1xi32>
  %b = "tile.broadcast"(%e2) : (tensor<1x1x1xi32>) -> tensor<1x128x32xi32>
  %r = "tile.range"() {start = 0 : i32, end = 4096 : i32} : () -> tensor<4096xi32>
  %r3 = "tile.reshape"(%r) : (tensor<4096xi32>) -> tensor<1x128x32xi32>
  %s = arith.addi %b, %r3 : tensor<1x128x32xi32>
  "tile.store"(%s, %o, %p, %c0, %c0) : (tensor<1x128x32xi32>, memref<?x?x?xi32>, index, index, index) -> ()
  return
}
