// An fp8 dot with K = 16: fp8 tensor-core instructions take K = 32, so
// the GPU ran it as an FMA loop over fp8 values, which the lowering cannot
// extend ("LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast", sm_90a and sm_80; found by the
// interpreter's f8, docs/difftest.md). tile-widen-f8-dots now widens every
// fp8 dot that no fp8 instruction runs, so it runs on f16's mma.sync.
func.func @dot_f8_k16(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x16xf8E4M3FN>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x32xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<16x32xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x16xf8E4M3FN>, tensor<16x32xf8E4M3FN>, tensor<16x32xf32>) -> tensor<16x32xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
