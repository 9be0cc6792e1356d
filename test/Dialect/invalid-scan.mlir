// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.scan: `axis` (i32) names a source dimension, `kind` is one of
// tile.reduce's (and/or/xor need integers, f8 tiles do not scan), `reverse`
// is a unit attribute, and the result has the source's type.

func.func @axis_range(%x: tensor<64x128xf32>) {
  // expected-error @+1 {{tile.scan: axis 2 is out of range for source rank 2 (expected 0 to 1)}}
  %c = "tile.scan"(%x) {axis = 2 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  return
}

// -----

func.func @axis_negative(%x: tensor<128xf32>) {
  // expected-error @+1 {{tile.scan: axis -1 is out of range for source rank 1 (expected 0 to 0)}}
  %c = "tile.scan"(%x) {axis = -1 : i32, kind = "add"} : (tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @axis_i64(%x: tensor<128xf32>) {
  // expected-error @+1 {{tile.scan: attribute 'axis' must be an i32 integer, got 0 : i64}}
  %c = "tile.scan"(%x) {axis = 0, kind = "add"} : (tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @kind(%x: tensor<128xf32>) {
  // expected-error @+1 {{tile.scan: kind "sum" is not one of add, mul, max, min, maxnum, minnum, and, or, xor}}
  %c = "tile.scan"(%x) {axis = 0 : i32, kind = "sum"} : (tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @bitwise_float(%x: tensor<128xf32>) {
  // expected-error @+1 {{tile.scan: kind "xor" needs an integer element type, got f32}}
  %c = "tile.scan"(%x) {axis = 0 : i32, kind = "xor"} : (tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @f8(%x: tensor<128xf8E5M2>) {
  // expected-error @+1 {{tile.scan: f8 tiles do not scan: extend them to f16 or f32 first}}
  %c = "tile.scan"(%x) {axis = 0 : i32, kind = "add"} : (tensor<128xf8E5M2>) -> tensor<128xf8E5M2>
  return
}

// -----

// A scan keeps the axis (a reduce folds it away).
func.func @result_shape(%x: tensor<64x128xf32>) {
  // expected-error @+1 {{tile.scan: result type tensor<64xf32> does not match source type tensor<64x128xf32>}}
  %c = "tile.scan"(%x) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @result_element(%x: tensor<128xf16>) {
  // expected-error @+1 {{tile.scan: result type tensor<128xf32> does not match source type tensor<128xf16>}}
  %c = "tile.scan"(%x) {axis = 0 : i32, kind = "add"} : (tensor<128xf16>) -> tensor<128xf32>
  return
}

// -----

func.func @reverse(%x: tensor<128xi32>) {
  // expected-error @+1 {{tile.scan: reverse must be a unit attribute, got true}}
  %c = "tile.scan"(%x) {axis = 0 : i32, kind = "add", reverse = true} : (tensor<128xi32>) -> tensor<128xi32>
  return
}
