// bf16 values computed with in f32 and rounded to f16: y = f16(a * b) and
// z = f16(a + c), a, b, c bf16. LLVM 22's InstCombine rewrites
// fptrunc(fmul/fadd(fpext a, fpext b)) to f16 as f16 arithmetic on a and
// b truncated to f16 first, which is wrong where they lie outside f16's
// range though the result does not (2^20 becomes inf): the GPU gave inf
// and NaN (found through dot-bf16-f16acc.test's FMA loop on an H200).
// tile-numerics now extends bf16 through its bits (bExtendBF16), which
// LLVM cannot narrow.
func.func @bf16_f16_arith(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xbf16>,
    %y: memref<?xf16>, %z: memref<?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0) : (memref<?xbf16>, index) -> tensor<256xbf16>
  %tb = "tile.load"(%b, %c0) : (memref<?xbf16>, index) -> tensor<256xbf16>
  %tc = "tile.load"(%c, %c0) : (memref<?xbf16>, index) -> tensor<256xbf16>
  %fa = arith.extf %ta : tensor<256xbf16> to tensor<256xf32>
  %fb = arith.extf %tb : tensor<256xbf16> to tensor<256xf32>
  %fc = arith.extf %tc : tensor<256xbf16> to tensor<256xf32>
  %p = arith.mulf %fa, %fb : tensor<256xf32>
  %s = arith.addf %fa, %fc : tensor<256xf32>
  %hp = arith.truncf %p : tensor<256xf32> to tensor<256xf16>
  %hs = arith.truncf %s : tensor<256xf32> to tensor<256xf16>
  "tile.store"(%hp, %y, %c0) : (tensor<256xf16>, memref<?xf16>, index) -> ()
  "tile.store"(%hs, %z, %c0) : (tensor<256xf16>, memref<?xf16>, index) -> ()
  return
}
