// A bf16 dot into an f16 accumulator, which docs/dialect.md's table
// allows: the CPU lowering and the GPU's FMA loop extended each bf16 input
// to the f16 accumulator with arith.extf, which MLIR refuses (bf16 and f16
// are not ordered by width), so the kernel did not compile on either
// (random kernel 100120 of gen2, gen.py's seeds from 100000;
// docs/difftest.md).
func.func @dot_bf16_f16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<16x32xbf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<32x16xbf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf16>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x32xbf16>, tensor<32x16xbf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
