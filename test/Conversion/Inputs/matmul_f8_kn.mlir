// An fp8 matmul with B stored [K][N] (N contiguous): wgmma has no fp8
// form that reads B N-major, so tile-widen-f8-dots gives the dot f16
// operands (test/Conversion/gpu-wgmma-fp8.test).
func.func @matmul_f8_kn(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %bm = arith.constant 64 : index
  %m0 = arith.muli %pid, %bm : index
  %ta = "tile.load"(%a, %m0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<64x64xf8E4M3FN>, tensor<64x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %m0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
