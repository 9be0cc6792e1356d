// A kernel with an f16 scalar, which --emit=c-driver cannot pack.
func.func @scale(%x: memref<?xf16>, %s: f16)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %t = "tile.load"(%x, %pid) : (memref<?xf16>, index) -> tensor<128xf16>
  %b = "tile.splat"(%s) : (f16) -> tensor<128xf16>
  %p = arith.mulf %t, %b : tensor<128xf16>
  "tile.store"(%p, %x, %pid) : (tensor<128xf16>, memref<?xf16>, index) -> ()
  return
}
