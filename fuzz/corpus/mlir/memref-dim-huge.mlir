func.func @dim(%x: memref<?x?xf32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %c = arith.constant 1099511627776 : index
  %d = memref.dim %x, %c : memref<?x?xf32>
  %t = "tile.load"(%y, %d) : (memref<?xf32>, index) -> tensor<16xf32>
  "tile.store"(%t, %y, %d) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}
