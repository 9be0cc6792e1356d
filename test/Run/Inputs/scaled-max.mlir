// The running row maximum of scores scaled by a scalar known only at run
// time, kept as the kernel's output (test/Run/scaled-max.test): m[i] =
// max over j of c * (A B)[i][j], key block by key block. tile-fold-exp
// runs the loop in two versions, one of which takes the maximum of the
// unscaled scores and scales the row (valid where c is positive and
// finite); the output tells which one ran wrongly, since for c < 0 that
// gives c times the row's minimum.
func.func @scaled_max(%a: memref<64x32xf16>, %b: memref<32x?xf16>,
    %m: memref<64xf32>, %c: f32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %n = memref.dim %b, %c1 : memref<32x?xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<64x32xf16>, index, index) -> tensor<64x32xf16>
  %cs = "tile.splat"(%c) : (f32) -> tensor<64x32xf32>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %r = scf.for %j = %c0 to %n step %c32 iter_args(%mi = %init) -> (tensor<64xf32>) {
    %tb = "tile.load"(%b, %c0, %j) : (memref<32x?xf16>, index, index) -> tensor<32x32xf16>
    %s0 = "tile.dot"(%ta, %tb, %z) : (tensor<64x32xf16>, tensor<32x32xf16>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %s = arith.mulf %s0, %cs : tensor<64x32xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x32xf32>) -> tensor<64xf32>
    %mn = arith.maximumf %mi, %mx : tensor<64xf32>
    scf.yield %mn : tensor<64xf32>
  }
  "tile.store"(%r, %m, %c0) : (tensor<64xf32>, memref<64xf32>, index) -> ()
  return
}
