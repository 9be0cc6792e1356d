// A wgmma accumulator stored where the program also loads the same memref
// (test/Conversion/gpu-wgmma.test): no TMA store, and a remark says why.
func.func @store_twice(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %old = "tile.load"(%c, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %oldf = arith.extf %old : tensor<64x64xf16> to tensor<64x64xf32>
  %d = "tile.dot"(%ta, %tb, %oldf) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
  "tile.store"(%h, %c, %c0, %c0) : (tensor<64x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
