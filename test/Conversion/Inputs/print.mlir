// tile.print, which the CPU does not lower yet.
func.func @print(%x: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  "tile.print"(%t) {prefix = "t"} : (tensor<16xf32>) -> ()
  return
}
