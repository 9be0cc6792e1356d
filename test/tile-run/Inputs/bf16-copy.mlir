// Copies 64 bf16 elements per program from %x to %y.
func.func @copy(%x: memref<?xbf16>, %y: memref<?xbf16>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %off = arith.muli %pid, %c64 : index
  %t = "tile.load"(%x, %off) : (memref<?xbf16>, index) -> tensor<64xbf16>
  "tile.store"(%t, %y, %off) : (tensor<64xbf16>, memref<?xbf16>, index) -> ()
  return
}
