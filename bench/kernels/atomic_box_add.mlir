// One relaxed f32 atomic add of a whole 64 x 64 box into acc
// (bench/gpu-atomic-ftz.sh): element by element, or with bulk-reduce=true
// one bulk tensor reduction from shared memory.
func.func @add_box(%v: memref<?x?xf32>, %acc: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%v, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %rows = "tile.broadcast"(%r1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %c1 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%c1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
  %old = "tile.atomic_rmw"(%t, %acc, %rows, %cols) {kind = "add", sem = "relaxed"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  return
}
