// Float scalar arguments rounded to their type once, from the number as
// written (docs/tile-run.md), not through f32: each value below sits just
// above a tie of its type, so rounding it to f32 first lands on the tie
// and the tie goes to the even neighbour (test/tile-run/exec/scalar-rounding.test).
func.func @round_once(%o16: memref<?xf16>, %ob: memref<?xbf16>, %o43: memref<?xf8E4M3FN>, %o52: memref<?xf8E5M2>, %a: f16, %b: bf16, %c: f8E4M3FN, %d: f8E5M2) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.splat"(%a) : (f16) -> tensor<16xf16>
  %tb = "tile.splat"(%b) : (bf16) -> tensor<16xbf16>
  %tc = "tile.splat"(%c) : (f8E4M3FN) -> tensor<16xf8E4M3FN>
  %td = "tile.splat"(%d) : (f8E5M2) -> tensor<16xf8E5M2>
  "tile.store"(%ta, %o16, %c0) : (tensor<16xf16>, memref<?xf16>, index) -> ()
  "tile.store"(%tb, %ob, %c0) : (tensor<16xbf16>, memref<?xbf16>, index) -> ()
  "tile.store"(%tc, %o43, %c0) : (tensor<16xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  "tile.store"(%td, %o52, %c0) : (tensor<16xf8E5M2>, memref<?xf8E5M2>, index) -> ()
  return
}

// The f16 and bf16 scalars alone, for the GPU (f8 scalars are CPU-only):
// the launch's parameter bytes show the rounding.
func.func @round_once_16(%o16: memref<?xf16>, %ob: memref<?xbf16>, %a: f16, %b: bf16) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.splat"(%a) : (f16) -> tensor<16xf16>
  %tb = "tile.splat"(%b) : (bf16) -> tensor<16xbf16>
  "tile.store"(%ta, %o16, %c0) : (tensor<16xf16>, memref<?xf16>, index) -> ()
  "tile.store"(%tb, %ob, %c0) : (tensor<16xbf16>, memref<?xbf16>, index) -> ()
  return
}
