// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.dot rules: A is MxK, B is KxN, acc and result MxN (result type = acc
// type), M, N, K >= 16, the element pairs the tensor cores take, and the
// optional `precision` of f32 and fp8 dots.

func.func @k_mismatch(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<128x64xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<32x256xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<128x256xf32>
  // expected-error @+1 {{tile.dot: K of A (64) does not match K of B (32)}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x64xf16>, tensor<32x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
  return
}

// -----

func.func @m_mismatch(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<128x64xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<64x256xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<64x256xf32>
  // expected-error @+1 {{tile.dot: M of acc (64) does not match M of A (128)}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<64x256xf32>) -> tensor<64x256xf32>
  return
}

// -----

func.func @n_mismatch(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<128x64xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<64x256xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<128x128xf32>
  // expected-error @+1 {{tile.dot: N of acc (128) does not match N of B (256)}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  return
}

// -----

func.func @rank3_a(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<2x16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: A must have rank 2, got tensor<2x16x16xf16>}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<2x16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @rank1_acc(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<256xf32>
  // expected-error @+2 {{tile.dot: acc must have rank 2, got tensor<256xf32>}}
  // expected-error @+1 {{tile.dot: result must have rank 2, got tensor<256xf32>}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<256xf32>) -> tensor<256xf32>
  return
}

// -----

func.func @result_type(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<128x64xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<64x256xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<128x256xf32>
  // expected-error @+1 {{tile.dot: result type tensor<128x256xf16> does not match acc type tensor<128x256xf32>}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf16>
  return
}

// -----

func.func @result_shape(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<128x64xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<64x256xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<128x256xf32>
  // expected-error @+1 {{tile.dot: result type tensor<256x128xf32> does not match acc type tensor<128x256xf32>}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<256x128xf32>
  return
}

// -----

func.func @small_m(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<8x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<8x16xf32>
  // expected-error @+1 {{tile.dot: M must be at least 16, got 8}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

func.func @small_n(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x8xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x8xf32>
  // expected-error @+1 {{tile.dot: N must be at least 16, got 8}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32>) -> tensor<16x8xf32>
  return
}

// -----

func.func @small_k(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x8xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<8x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: K must be at least 16, got 8}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @mixed_inputs(%x: f16, %y: bf16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (bf16) -> tensor<16x16xbf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: A element type f16 does not match B element type bf16}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xbf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @mixed_f8_f16(%x: f8E4M3FN, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f8E4M3FN) -> tensor<16x16xf8E4M3FN>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: A element type f8E4M3FN does not match B element type f16}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf8E4M3FN>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @f16_i32(%x: f16, %y: f16, %z: i32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (i32) -> tensor<16x16xi32>
  // expected-error @+1 {{tile.dot: unsupported element types: f16 x f16 with i32 accumulator}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xi32>) -> tensor<16x16xi32>
  return
}

// -----

func.func @f32_f16(%x: f32, %y: f32, %z: f16) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f32) -> tensor<16x16xf32>
  %b = "tile.splat"(%y) : (f32) -> tensor<16x16xf32>
  %c = "tile.splat"(%z) : (f16) -> tensor<16x16xf16>
  // expected-error @+1 {{tile.dot: unsupported element types: f32 x f32 with f16 accumulator}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf16>) -> tensor<16x16xf16>
  return
}

// -----

func.func @f8_f16(%x: f8E5M2, %y: f8E5M2, %z: f16) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f8E5M2) -> tensor<16x16xf8E5M2>
  %b = "tile.splat"(%y) : (f8E5M2) -> tensor<16x16xf8E5M2>
  %c = "tile.splat"(%z) : (f16) -> tensor<16x16xf16>
  // expected-error @+1 {{tile.dot: unsupported element types: f8E5M2 x f8E5M2 with f16 accumulator}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf8E5M2>, tensor<16x16xf8E5M2>, tensor<16x16xf16>) -> tensor<16x16xf16>
  return
}

// -----

func.func @i8_f32(%x: i8, %y: i8, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (i8) -> tensor<16x16xi8>
  %b = "tile.splat"(%y) : (i8) -> tensor<16x16xi8>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: unsupported element types: i8 x i8 with f32 accumulator}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @i32_i32(%x: i32, %y: i32, %z: i32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (i32) -> tensor<16x16xi32>
  %b = "tile.splat"(%y) : (i32) -> tensor<16x16xi32>
  %c = "tile.splat"(%z) : (i32) -> tensor<16x16xi32>
  // expected-error @+1 {{tile.dot: unsupported element types: i32 x i32 with i32 accumulator (supported: f16 or bf16 with f32 or f16, f32 with f32, f8E4M3FN or f8E5M2 with f32, i8 with i32)}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xi32>, tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
  return
}

// -----

func.func @precision_f16(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: precision is only allowed with f32 or fp8 inputs, got f16}}
  %d = "tile.dot"(%a, %b, %c) {precision = "tf32"} : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @precision_value(%x: f32, %y: f32, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f32) -> tensor<16x16xf32>
  %b = "tile.splat"(%y) : (f32) -> tensor<16x16xf32>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: precision of f32 inputs must be "tf32" or "ieee", got "fast"}}
  %d = "tile.dot"(%a, %b, %c) {precision = "fast"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @precision_f8(%x: f8E4M3FN, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f8E4M3FN) -> tensor<16x32xf8E4M3FN>
  %b = "tile.splat"(%x) : (f8E4M3FN) -> tensor<32x16xf8E4M3FN>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: precision of fp8 inputs must be "fast", got "ieee"}}
  %d = "tile.dot"(%a, %b, %c) {precision = "ieee"} : (tensor<16x32xf8E4M3FN>, tensor<32x16xf8E4M3FN>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @precision_kind(%x: f32, %y: f32, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f32) -> tensor<16x16xf32>
  %b = "tile.splat"(%y) : (f32) -> tensor<16x16xf32>
  %c = "tile.splat"(%z) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.dot: attribute 'precision' must be a string, "tf32", "ieee" or "fast", got 1 : i32}}
  %d = "tile.dot"(%a, %b, %c) {precision = 1 : i32} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----

// Every broken rule is reported, not only the first.
func.func @several_rules(%x: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<8x64xf16>
  %b = "tile.splat"(%x) : (f16) -> tensor<32x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<8x16xf32>
  // expected-error @+3 {{tile.dot: K of A (64) does not match K of B (32)}}
  // expected-error @+2 {{tile.dot: M must be at least 16, got 8}}
  // expected-error @+1 {{tile.dot: precision is only allowed with f32 or fp8 inputs, got f16}}
  %d = "tile.dot"(%a, %b, %c) {precision = "ieee"} : (tensor<8x64xf16>, tensor<32x16xf16>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}
