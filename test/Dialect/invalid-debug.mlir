// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.print prints a tile or a scalar after its `prefix`; tile.assert
// checks an i1 or a tile of i1 and reports its `message`. Both strings are
// required.

func.func @print_memref(%m: memref<?xf32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.print: value type memref<?xf32> must be a tile or a scalar (integer, float, index)}}
  "tile.print"(%m) {prefix = "m"} : (memref<?xf32>) -> ()
  return
}

// -----

func.func @print_not_tile(%x: tensor<100xf32>) {
  // expected-error @+1 {{tile.print: operand #0 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two}}
  "tile.print"(%x) {prefix = "x"} : (tensor<100xf32>) -> ()
  return
}

// -----

func.func @print_prefix(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{attribute "prefix" is expected but not provided}}
  "tile.print"(%x) : (f32) -> ()
  return
}

// -----

func.func @assert_i32(%n: i32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.assert: condition type i32 must be i1 or a tile of i1}}
  "tile.assert"(%n) {message = "n"} : (i32) -> ()
  return
}

// -----

func.func @assert_tile_i8(%x: tensor<128xi8>) {
  // expected-error @+1 {{tile.assert: condition type tensor<128xi8> must be i1 or a tile of i1}}
  "tile.assert"(%x) {message = "x"} : (tensor<128xi8>) -> ()
  return
}

// -----

func.func @assert_message(%ok: i1) attributes {tile.kernel} {
  // expected-error @+1 {{attribute "message" is expected but not provided}}
  "tile.assert"(%ok) : (i1) -> ()
  return
}

// -----

func.func @assert_message_not_string(%ok: i1) attributes {tile.kernel} {
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  "tile.assert"(%ok) {message = 1 : i32} : (i1) -> ()
  return
}
