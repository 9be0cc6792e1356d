// exp(u * c - max(u * c)) with afn, u about 1000: tile-fold-exp computes
// it as exp2(u * (c log2 e) - max(u) * c log2 e), whose exponent rounds at
// the terms' size (about 720), not the difference's (a few units): 116 of
// 4096 results differ from libm by more than f32's 1e-5, up to about 250
// ulp. docs/numerics.md bounds an afn exp of a difference by its terms
// (2 + floor(1.173 (|a| + |b|)) ulp), which the interpreter's rounding
// envelope now follows (interp.math_error's `terms`).
func.func @fold_exp_large(%x: memref<?x?xf32>, %out: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %big = arith.constant dense<1000.0> : tensor<64x64xf32>
  %u = arith.addf %t, %big : tensor<64x64xf32>
  %c = arith.constant dense<0.5> : tensor<64x64xf32>
  %s = arith.mulf %u, %c : tensor<64x64xf32>
  %m = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x64xf32>) -> tensor<64xf32>
  %m1 = "tile.expand_dims"(%m) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
  %mb = "tile.broadcast"(%m1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %d = arith.subf %s, %mb : tensor<64x64xf32>
  %p = math.exp %d fastmath<afn> : tensor<64x64xf32>
  "tile.store"(%p, %out, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
