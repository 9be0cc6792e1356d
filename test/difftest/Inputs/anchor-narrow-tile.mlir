// A 64x64 load reshaped to 2048x2 and stored under a mask from a
// 2048x2 compare against a constant, one warp (difftest seed 502938, cut
// by hand): the load's layout (2 x 16 threads, 4 columns a thread) anchors
// the kernel's rank-2 tiles, and held a 2048x2 tile as 2048 elements a
// thread, which the GPU compile refused. Every row but 275 is stored.
func.func @anchor_narrow(%x: memref<?x?xf32>, %out: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %row = arith.muli %pid, %c64 : index
  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %r = "tile.reshape"(%t) : (tensor<64x64xf32>) -> tensor<2048x2xf32>
  %c2048 = arith.constant 2048 : index
  %orow = arith.muli %pid, %c2048 : index
  %i = "tile.range"() {start = 0 : i32, end = 2048 : i32} : () -> tensor<2048xi32>
  %i2 = "tile.expand_dims"(%i) {axis = 1 : i32} : (tensor<2048xi32>) -> tensor<2048x1xi32>
  %ib = "tile.broadcast"(%i2) : (tensor<2048x1xi32>) -> tensor<2048x2xi32>
  %skip = arith.constant dense<275> : tensor<2048x2xi32>
  %keep = arith.cmpi ne, %ib, %skip : tensor<2048x2xi32>
  "tile.store_masked"(%r, %out, %keep, %orow, %c0) : (tensor<2048x2xf32>, memref<?x?xf32>, tensor<2048x2xi1>, index, index) -> ()
  return
}
