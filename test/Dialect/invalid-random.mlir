// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.rand and tile.randint: an i64 seed, an i32 tile of offsets, and a
// result of the offsets' shape, f32 for rand and i32 for randint.

func.func @seed_i32(%seed: i32, %offs: tensor<128xi32>) {
  // expected-error @+1 {{tile.rand: seed type i32 must be i64}}
  %u = "tile.rand"(%seed, %offs) : (i32, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @offsets_i64(%seed: i64, %offs: tensor<128xi64>) {
  // expected-error @+1 {{tile.randint: offsets element type i64 must be i32}}
  %u = "tile.randint"(%seed, %offs) : (i64, tensor<128xi64>) -> tensor<128xi32>
  return
}

// -----

func.func @offsets_float(%seed: i64, %offs: tensor<128xf32>) {
  // expected-error @+1 {{tile.rand: offsets element type f32 must be i32}}
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @rand_f16(%seed: i64, %offs: tensor<128xi32>) {
  // expected-error @+1 {{tile.rand: result element type f16 must be f32}}
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf16>
  return
}

// -----

func.func @randint_i64(%seed: i64, %offs: tensor<128xi32>) {
  // expected-error @+1 {{tile.randint: result element type i64 must be i32}}
  %u = "tile.randint"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xi64>
  return
}

// -----

func.func @shape(%seed: i64, %offs: tensor<128xi32>) {
  // expected-error @+1 {{tile.rand: result shape 64x2 does not match offsets shape 128}}
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<64x2xf32>
  return
}

// -----

func.func @in_kernel(%out: memref<?xf32>, %seed: i32) attributes {tile.kernel} {
  %offs = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  // expected-error @+1 {{tile.rand: seed type i32 must be i64}}
  %u = "tile.rand"(%seed, %offs) : (i32, tensor<128xi32>) -> tensor<128xf32>
  return
}
