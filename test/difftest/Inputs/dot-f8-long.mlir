// fp8 dots over K = 512 on wgmma (docs/dialect.md, tile.dot): Hopper's
// tensor cores sum fp8 products in a 13-bit-mantissa accumulator, so the
// first dot adds runs of at most 128 terms into its f32 accumulator in f32
// (tileDotPromotesF8; here, a loop of 128-deep blocks, each promoted
// onto the carried sum), and the second, precision = "fast", keeps the
// tensor cores' own sum across the loop. The interpreter sums exactly and
// allows each the error the spec does (interp.f8_sum_error).
func.func @dot_f8_long(%a: memref<?x?xf8E4M3FN>, %bt: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>, %cf: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc:2 = scf.for %k = %c0 to %c512 step %c128 iter_args(%p = %z, %f = %z) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
    %tbt = "tile.load"(%bt, %c0, %k) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
    %tb = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<64x128xf8E4M3FN>) -> tensor<128x64xf8E4M3FN>
    %p2 = "tile.dot"(%ta, %tb, %p) : (tensor<64x128xf8E4M3FN>, tensor<128x64xf8E4M3FN>, tensor<64x64xf32>) -> tensor<64x64xf32>
    // B's own trans: the trans wgmma reads K-major must feed one dot only.
    %tbf = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<64x128xf8E4M3FN>) -> tensor<128x64xf8E4M3FN>
    %f2 = "tile.dot"(%ta, %tbf, %f) {precision = "fast"} : (tensor<64x128xf8E4M3FN>, tensor<128x64xf8E4M3FN>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %p2, %f2 : tensor<64x64xf32>, tensor<64x64xf32>
  }
  "tile.store"(%acc#0, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  "tile.store"(%acc#1, %cf, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
