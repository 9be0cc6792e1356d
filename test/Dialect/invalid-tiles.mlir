// RUN: tile-opt %s --split-input-file --verify-diagnostics

// Every tensor in a kernel (tile op operands and results, arith/math results,
// scf.for iter_args) is a tile: a ranked tensor of static shape, rank 1 to 3,
// power-of-two dimensions, element type i1, i8, i16, i32, i64, f16, bf16,
// f32, f8E4M3FN or f8E5M2. Each bad value is reported once, where it is
// defined.

func.func @unranked(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+2 {{tensor.cast: result #0 type tensor<*xf32> is not a tile: it is unranked}}
  // expected-error @+1 {{tensor.cast: is not supported in tile kernels}}
  %u = tensor.cast %t : tensor<128xf32> to tensor<*xf32>
  return
}

// -----

func.func @dynamic(%m: memref<?x?xf16>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: result #0 type tensor<?x64xf16> is not a tile: dimension 0 is dynamic}}
  %t = "tile.load"(%m, %i, %i) : (memref<?x?xf16>, index, index) -> tensor<?x64xf16>
  return
}

// -----

func.func @rank4(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<2x2x2x2xf32> is not a tile: rank 4 is not 1 to 3}}
  %t = "tile.splat"(%x) : (f32) -> tensor<2x2x2x2xf32>
  return
}

// -----

func.func @rank0(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<f32> is not a tile: rank 0 is not 1 to 3}}
  %t = "tile.splat"(%x) : (f32) -> tensor<f32>
  return
}

// -----

func.func @not_power_of_two(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<128x48xf32> is not a tile: dimension 1 (48) is not a power of two}}
  %t = "tile.splat"(%x) : (f32) -> tensor<128x48xf32>
  return
}

// -----

func.func @zero_size(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<0xf32> is not a tile: dimension 0 (0) is not a power of two}}
  %t = "tile.splat"(%x) : (f32) -> tensor<0xf32>
  return
}

// -----

func.func @index_element(%i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<128xindex> is not a tile: element type index is not one of i1, i8, i16, i32, i64, f16, bf16, f32, f8E4M3FN, f8E5M2}}
  %t = "tile.splat"(%i) : (index) -> tensor<128xindex>
  return
}

// -----

func.func @arith_result(%x: f32, %m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{arith.extf: result #0 type tensor<128xf64> is not a tile: element type f64 is not one of}}
  %w = arith.extf %t : tensor<128xf32> to tensor<128xf64>
  // A value computed from it is a new value, checked on its own.
  // expected-error @+1 {{math.exp: result #0 type tensor<128xf64> is not a tile: element type f64 is not one of}}
  %e = math.exp %w : tensor<128xf64>
  // Ops that only use it say nothing more.
  "tile.store"(%w, %m, %c0) : (tensor<128xf64>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @constant(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{arith.constant: result #0 type tensor<3xf32> is not a tile: dimension 0 (3) is not a power of two}}
  %c = arith.constant dense<1.0> : tensor<3xf32>
  return
}

// -----

func.func @iter_args(%x: f32, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{tile.splat: result #0 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two}}
  %init = "tile.splat"(%x) : (f32) -> tensor<100xf32>
  // expected-error @+2 {{scf.for: result #0 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two}}
  // expected-error @+1 {{scf.for: region #0 block #0 argument #1 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<100xf32>) {
    scf.yield %acc : tensor<100xf32>
  }
  return
}

// -----

// Every broken rule of one value is reported.
func.func @several_rules(%m: memref<?x?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+3 {{tile.load: result #0 type tensor<?x48xf64> is not a tile: dimension 0 is dynamic}}
  // expected-error @+2 {{tile.load: result #0 type tensor<?x48xf64> is not a tile: dimension 1 (48) is not a power of two}}
  // expected-error @+1 {{tile.load: result #0 type tensor<?x48xf64> is not a tile: element type f64}}
  %t = "tile.load"(%m, %i, %i) : (memref<?x?xf32>, index, index) -> tensor<?x48xf64>
  return
}

// -----

// Ops using a bad tile do not repeat its error or check their own rules.
func.func @no_cascade(%x: f16, %y: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<128x48xf16> is not a tile: dimension 1 (48) is not a power of two}}
  %a = "tile.splat"(%x) : (f16) -> tensor<128x48xf16>
  %b = "tile.splat"(%x) : (f16) -> tensor<32x64xf16>
  %c = "tile.splat"(%y) : (f32) -> tensor<128x64xf32>
  %d = "tile.dot"(%a, %b, %c) : (tensor<128x48xf16>, tensor<32x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  return
}

// -----

// At most 2^20 elements per tile (Triton's limit too).
func.func @too_many_elements(%x: f32) attributes {tile.kernel} {
  // expected-error @+1 {{tile.splat: result #0 type tensor<2048x1024xf32> is not a tile: 2097152 elements are more than the 1048576 a tile may hold}}
  %t = "tile.splat"(%x) : (f32) -> tensor<2048x1024xf32>
  return
}
