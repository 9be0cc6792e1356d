// A dot's result stored at a box given at run time, for
// test/Run/store-offsets.test: on sm_90a the aligned entry stores a wgmma
// accumulator with a bulk tensor store (TMA), which faults on a box at a
// negative or unaligned column; such boxes are stored element by element.
func.func @dot_at(%x: memref<?x?xf16>, %out: memref<?x?xf16>, %r0: index, %c0: index)
    attributes {tile.kernel} {
  %z = arith.constant 0 : index
  %t = "tile.load"(%x, %z, %z) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %acc = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = "tile.dot"(%t, %t, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
  "tile.store"(%h, %out, %r0, %c0) : (tensor<64x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
