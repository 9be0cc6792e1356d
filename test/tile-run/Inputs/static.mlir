// Static sizes: %a must be exactly 4x64, %b any number of rows of 64.
func.func @rows(%a: memref<4x64xf32>, %b: memref<?x64xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%a, %c0, %c0) : (memref<4x64xf32>, index, index) -> tensor<4x64xf32>
  "tile.store"(%t, %b, %c0, %c0) : (tensor<4x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}
