// Vector add: z = x + y, 1024 elements per program. The last program's
// tile hangs over the end when the length is not a multiple of 1024: the
// load pads with zeros there and the store writes nothing out of bounds.
// Grid: cdiv(n, 1024).
func.func @vecadd(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %block = arith.constant 1024 : index
  %offset = arith.muli %pid, %block : index
  %a = "tile.load"(%x, %offset) : (memref<?xf32>, index) -> tensor<1024xf32>
  %b = "tile.load"(%y, %offset) : (memref<?xf32>, index) -> tensor<1024xf32>
  %sum = arith.addf %a, %b : tensor<1024xf32>
  "tile.store"(%sum, %z, %offset) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  return
}
