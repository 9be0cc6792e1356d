// An f32 and an f64 scalar rounded to f8 before a splat. The GPU compile
// for sm_90a failed on both ("missing LLVMTranslationDialectInterface ...
// arith.truncf": sm_89 and up convert f8 tiles with cvt, and scalars were
// left to LLVM) and every target on the f64 one (f64 went to f32 through
// arith.extf); found by the interpreter's f8 (docs/difftest.md). Scalars
// and f64 now convert through integer ops, f64 via f32 rounded to odd so
// the value is rounded once (difftest.test: 464.00000001 rounds up to
// 480, where rounding to f32 first would tie down to 448).
func.func @k(%d: f32, %y: memref<?xf8E4M3FN>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = arith.truncf %d : f32 to f8E4M3FN
  %t = "tile.splat"(%a) : (f8E4M3FN) -> tensor<16xf8E4M3FN>
  "tile.store"(%t, %y, %c0) : (tensor<16xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}
func.func @k64(%d: f64, %y: memref<?xf8E4M3FN>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = arith.truncf %d : f64 to f8E4M3FN
  %t = "tile.splat"(%a) : (f8E4M3FN) -> tensor<16xf8E4M3FN>
  "tile.store"(%t, %y, %c0) : (tensor<16xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}
