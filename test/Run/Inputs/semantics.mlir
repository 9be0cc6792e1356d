// Small kernels that pin docs/dialect.md's semantics on the CPU reference:
// NaN rules of the reduce kinds, masks and padding, per-op f16/bf16
// rounding, integer reductions. Each runs with grid 1.

// out = [max, maxnum, min, minnum, add] of the 16 elements of x.
func.func @reduce_nan(%x: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  %r0 = "tile.reduce"(%t) {axis = 0 : i32, kind = "max"} : (tensor<16xf32>) -> f32
  %r1 = "tile.reduce"(%t) {axis = 0 : i32, kind = "maxnum"} : (tensor<16xf32>) -> f32
  %r2 = "tile.reduce"(%t) {axis = 0 : i32, kind = "min"} : (tensor<16xf32>) -> f32
  %r3 = "tile.reduce"(%t) {axis = 0 : i32, kind = "minnum"} : (tensor<16xf32>) -> f32
  %r4 = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<16xf32>) -> f32
  %s0 = "tile.splat"(%r0) : (f32) -> tensor<1xf32>
  %s1 = "tile.splat"(%r1) : (f32) -> tensor<1xf32>
  %s2 = "tile.splat"(%r2) : (f32) -> tensor<1xf32>
  %s3 = "tile.splat"(%r3) : (f32) -> tensor<1xf32>
  %s4 = "tile.splat"(%r4) : (f32) -> tensor<1xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  "tile.store"(%s0, %out, %c0) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%s1, %out, %c1) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%s2, %out, %c2) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%s3, %out, %c3) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%s4, %out, %c4) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  return
}

// Elements i < n of x go to y through a masked load and store; the rest of
// y keeps its contents. z gets the loaded tile unmasked: x[i] below n, the
// padding 7 above. The box starts at %off (may hang over either end).
func.func @masked_copy(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %n: i32, %off: index) attributes {tile.kernel} {
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n) : (i32) -> tensor<64xi32>
  %mask = arith.cmpi slt, %r, %nv : tensor<64xi32>
  %v = "tile.load_masked"(%x, %mask, %off) {padding = 7.0 : f32} : (memref<?xf32>, tensor<64xi1>, index) -> tensor<64xf32>
  "tile.store_masked"(%v, %y, %mask, %off) : (tensor<64xf32>, memref<?xf32>, tensor<64xi1>, index) -> ()
  "tile.store"(%v, %z, %off) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// d = a * b + c in f16, rounded after each op.
func.func @f16_muladd(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %d: memref<?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0) : (memref<?xf16>, index) -> tensor<256xf16>
  %tb = "tile.load"(%b, %c0) : (memref<?xf16>, index) -> tensor<256xf16>
  %tc = "tile.load"(%c, %c0) : (memref<?xf16>, index) -> tensor<256xf16>
  %p = arith.mulf %ta, %tb : tensor<256xf16>
  %s = arith.addf %p, %tc : tensor<256xf16>
  "tile.store"(%s, %d, %c0) : (tensor<256xf16>, memref<?xf16>, index) -> ()
  return
}

// c = a + b in bf16, and e = exp(a) in bf16.
func.func @bf16_ops(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xbf16>, %e: memref<?xbf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0) : (memref<?xbf16>, index) -> tensor<256xbf16>
  %tb = "tile.load"(%b, %c0) : (memref<?xbf16>, index) -> tensor<256xbf16>
  %s = arith.addf %ta, %tb : tensor<256xbf16>
  "tile.store"(%s, %c, %c0) : (tensor<256xbf16>, memref<?xbf16>, index) -> ()
  %x = math.exp %ta : tensor<256xbf16>
  "tile.store"(%x, %e, %c0) : (tensor<256xbf16>, memref<?xbf16>, index) -> ()
  return
}

// out = [max, min, add, and, or, xor] of the 32 rows of x, per column.
func.func @int_reduce(%x: memref<?x?xi32>, %out: memref<?x?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xi32>, index, index) -> tensor<32x8xi32>
  %r0 = "tile.reduce"(%t) {axis = 0 : i32, kind = "max"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %r1 = "tile.reduce"(%t) {axis = 0 : i32, kind = "min"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %r2 = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %r3 = "tile.reduce"(%t) {axis = 0 : i32, kind = "and"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %r4 = "tile.reduce"(%t) {axis = 0 : i32, kind = "or"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %r5 = "tile.reduce"(%t) {axis = 0 : i32, kind = "xor"} : (tensor<32x8xi32>) -> tensor<8xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %e0 = "tile.expand_dims"(%r0) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  %e1 = "tile.expand_dims"(%r1) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  %e2 = "tile.expand_dims"(%r2) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  %e3 = "tile.expand_dims"(%r3) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  %e4 = "tile.expand_dims"(%r4) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  %e5 = "tile.expand_dims"(%r5) {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>
  "tile.store"(%e0, %out, %c0, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e1, %out, %c1, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e2, %out, %c2, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e3, %out, %c3, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e4, %out, %c4, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e5, %out, %c5, %c0) : (tensor<1x8xi32>, memref<?x?xi32>, index, index) -> ()
  return
}

// c = a x b for i8 inputs with an i32 accumulator (exact), on tensor cores
// (mma.sync m16n8k32) on the GPU.
func.func @dot_i8(%a: memref<?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?xi32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xi8>, index, index) -> tensor<64x64xi8>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xi8>, index, index) -> tensor<64x64xi8>
  %d = "tile.dot"(%ta, %tb, %zero) : (tensor<64x64xi8>, tensor<64x64xi8>, tensor<64x64xi32>) -> tensor<64x64xi32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x64xi32>, memref<?x?xi32>, index, index) -> ()
  return
}

// c = a x b for f16 inputs with an f16 accumulator.
func.func @dot_f16acc(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %d = "tile.dot"(%ta, %tb, %zero) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
