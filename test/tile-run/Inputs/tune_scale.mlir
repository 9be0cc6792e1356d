// y = 2x in blocks of BLOCK elements; grid cdiv(N, BLOCK). A tuning space
// over the block and the warps, for test/tile-run/cuda-tune.test.
// tile.tune @scale: BLOCK=256,1024,512
// tile.tune @scale: num-warps=4,8
func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %b = arith.constant ${BLOCK} : index
  %off = arith.muli %pid, %b : index
  %t = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<${BLOCK}xf32>
  %two = arith.constant dense<2.0> : tensor<${BLOCK}xf32>
  %r = arith.mulf %t, %two : tensor<${BLOCK}xf32>
  "tile.store"(%r, %y, %off) : (tensor<${BLOCK}xf32>, memref<?xf32>, index) -> ()
  return
}
