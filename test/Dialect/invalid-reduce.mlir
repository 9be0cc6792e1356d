// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.reduce: `axis` (i32) names a source dimension, `kind` is a known
// combiner (and/or/xor need integers), and the result is the source shape
// without `axis`, or a scalar for a rank-1 source.

func.func @axis_range(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: axis 2 is out of range for source rank 2 (expected 0 to 1)}}
  %r = "tile.reduce"(%t) {axis = 2 : i32, kind = "add"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @axis_negative(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.reduce: axis -1 is out of range for source rank 1 (expected 0 to 0)}}
  %r = "tile.reduce"(%t) {axis = -1 : i32, kind = "add"} : (tensor<128xf32>) -> f32
  return
}

// -----

func.func @axis_i64(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: attribute 'axis' must be an i32 integer, got 1 : i64}}
  %r = "tile.reduce"(%t) {axis = 1 : i64, kind = "add"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @axis_unsigned(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: attribute 'axis' must be an i32 integer, got 1 : ui32}}
  %r = "tile.reduce"(%t) {axis = 1 : ui32, kind = "add"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @kind_unknown(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: kind "sum" is not one of add, mul, max, min, maxnum, minnum, and, or, xor}}
  %r = "tile.reduce"(%t) {axis = 1 : i32, kind = "sum"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @kind_and_float(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: kind "and" needs an integer element type, got f32}}
  %r = "tile.reduce"(%t) {axis = 1 : i32, kind = "and"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @kind_xor_float(%x: bf16) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (bf16) -> tensor<128xbf16>
  // expected-error @+1 {{tile.reduce: kind "xor" needs an integer element type, got bf16}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = "xor"} : (tensor<128xbf16>) -> bf16
  return
}

// -----

func.func @rank1_tensor_result(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.reduce: reducing a rank-1 tile gives a scalar of its element type f32, got tensor<1xf32>}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<128xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @rank1_scalar_type(%x: i32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (i32) -> tensor<128xi32>
  // expected-error @+1 {{tile.reduce: reducing a rank-1 tile gives a scalar of its element type i32, got i64}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<128xi32>) -> i64
  return
}

// -----

func.func @rank2_scalar_result(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: result of reducing a rank-2 tile must be a tile, got f32}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = "max"} : (tensor<128x64xf32>) -> f32
  return
}

// -----

func.func @result_shape(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: result shape 64 does not match source shape 128x64 without axis 1}}
  %r = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<128x64xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @result_rank(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<4x8x16xf32>
  // expected-error @+1 {{tile.reduce: result shape 4x8x16 does not match source shape 4x8x16 without axis 2}}
  %r = "tile.reduce"(%t) {axis = 2 : i32, kind = "min"} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return
}

// -----

func.func @result_element(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.reduce: result element type f16 does not match source element type f32}}
  %r = "tile.reduce"(%t) {axis = 1 : i32, kind = "maxnum"} : (tensor<128x64xf32>) -> tensor<128xf16>
  return
}

// -----

// IRDL itself rejects a `kind` that is not a string.
func.func @kind_not_string(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = 1 : i32} : (tensor<128xf32>) -> f32
  return
}
