// An f16 dot into an f16 accumulator that the GPU runs as its FMA loop
// (a 16x16 result over 8 warps: the warps cannot each take a 16x8 block
// of mma.sync): the loop sums exact products in f32 and rounds once, as
// the CPU path does, so both give the interpreter's exact sum rounded to
// f16 up to f32's rounding (docs/dialect.md, tile.dot). Before, both
// rounded every product and partial sum to f16.
func.func @dot_f16acc_fma(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<16x64xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x16xf16>
  %acc = "tile.load"(%c, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<16x16xf16>
  %d = "tile.dot"(%ta, %tb, %acc) : (tensor<16x64xf16>, tensor<64x16xf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
