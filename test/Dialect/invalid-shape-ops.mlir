// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.splat, broadcast, expand_dims, reshape and trans keep the element
// type and follow the shape rules of docs/dialect.md.

func.func @splat_element(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result element type f16 does not match the scalar operand type f32}}
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf16>
  return
}

// -----

func.func @broadcast_rank(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<64xf32>
  // expected-error @+1 {{tile.broadcast: source rank (1) does not match result rank (2)}}
  %b = "tile.broadcast"(%t) : (tensor<64xf32>) -> tensor<128x64xf32>
  return
}

// -----

func.func @broadcast_dim(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<2x64xf32>
  // expected-error @+1 {{tile.broadcast: source dimension 0 (2) must equal result dimension 0 (128) or be 1}}
  %b = "tile.broadcast"(%t) : (tensor<2x64xf32>) -> tensor<128x64xf32>
  return
}

// -----

func.func @broadcast_shrink(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<1x64xf32>
  // expected-error @+1 {{tile.broadcast: source dimension 1 (64) must equal result dimension 1 (32) or be 1}}
  %b = "tile.broadcast"(%t) : (tensor<1x64xf32>) -> tensor<128x32xf32>
  return
}

// -----

func.func @broadcast_element(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<1x64xf32>
  // expected-error @+1 {{tile.broadcast: source element type f32 does not match result element type f16}}
  %b = "tile.broadcast"(%t) : (tensor<1x64xf32>) -> tensor<128x64xf16>
  return
}

// -----

func.func @expand_dims_axis(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.expand_dims: axis 2 is out of range for source rank 1 (expected 0 to 1)}}
  %e = "tile.expand_dims"(%t) {axis = 2 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_dims_axis_i64(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.expand_dims: attribute 'axis' must be an i32 integer, got 1 : i64}}
  %e = "tile.expand_dims"(%t) {axis = 1 : i64} : (tensor<128xf32>) -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_dims_shape(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.expand_dims: result shape 128x1 does not match source shape 128 with a 1 inserted at axis 0 (1x128)}}
  %e = "tile.expand_dims"(%t) {axis = 0 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_dims_element(%x: i32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (i32) -> tensor<128xi32>
  // expected-error @+1 {{tile.expand_dims: source element type i32 does not match result element type i64}}
  %e = "tile.expand_dims"(%t) {axis = 1 : i32} : (tensor<128xi32>) -> tensor<128x1xi64>
  return
}

// -----

func.func @reshape_count(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<4x32xf32>
  // expected-error @+1 {{tile.reshape: result shape 256 has 256 elements but source shape 4x32 has 128}}
  %r = "tile.reshape"(%t) : (tensor<4x32xf32>) -> tensor<256xf32>
  return
}

// -----

func.func @reshape_element(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<4x32xf32>
  // expected-error @+1 {{tile.reshape: source element type f32 does not match result element type i32}}
  %r = "tile.reshape"(%t) : (tensor<4x32xf32>) -> tensor<128xi32>
  return
}

// -----

func.func @trans_not_permutation(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: permutation array<i32: 1, 1> is not a permutation of 0 to 1}}
  %r = "tile.trans"(%t) {permutation = array<i32: 1, 1>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  return
}

// -----

func.func @trans_out_of_range(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: permutation array<i32: 2, 0> is not a permutation of 0 to 1}}
  %r = "tile.trans"(%t) {permutation = array<i32: 2, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  return
}

// -----

func.func @trans_length(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: permutation array<i32: 0, 2, 1> has 3 entries but the source has rank 2}}
  %r = "tile.trans"(%t) {permutation = array<i32: 0, 2, 1>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  return
}

// -----

func.func @trans_i64(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: attribute 'permutation' must be an array<i32: ...>, got array<i64: 1, 0>}}
  %r = "tile.trans"(%t) {permutation = array<i64: 1, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  return
}

// -----

func.func @trans_shape(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: result shape 64x128 does not match the permuted source shape 128x64 (source 64x128)}}
  %r = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<64x128xf16>) -> tensor<64x128xf16>
  return
}

// -----

func.func @trans_element(%x: f16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f16) -> tensor<64x128xf16>
  // expected-error @+1 {{tile.trans: source element type f16 does not match result element type f32}}
  %r = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf32>
  return
}
