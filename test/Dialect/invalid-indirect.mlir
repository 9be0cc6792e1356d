// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.gather, scatter, atomic_rmw, atomic_cas: one i32 or i64 index tile
// per memref dimension, each of the tile's shape, all of one type; the tile
// holds the memref's element type; `padding` only on gathers. Atomics act
// on i32, i64, f16, bf16 and f32 (umax, umin, and, or, xor on i32 and i64),
// return the value's type, and take `sem` and `scope` from fixed lists.
// (Plain functions take tiles as arguments; kernels cannot.)

func.func @gather_count(%m: memref<?x?xf16>, %i: tensor<32x64xi32>) {
  // expected-error @+1 {{tile.gather: number of index tiles (1) does not match memref rank (2)}}
  %t = "tile.gather"(%m, %i) : (memref<?x?xf16>, tensor<32x64xi32>) -> tensor<32x64xf16>
  return
}

// -----

func.func @scatter_count(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.scatter: number of index tiles (2) does not match memref rank (1)}}
  "tile.scatter"(%v, %m, %i, %i) : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>, tensor<128xi32>) -> ()
  return
}

// -----

func.func @gather_no_index(%m: memref<?xf32>) {
  // expected-error @+1 {{tile.gather: number of index tiles (0) does not match memref rank (1)}}
  %t = "tile.gather"(%m) : (memref<?xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @gather_index_i16(%m: memref<?xf32>, %i: tensor<128xi16>) {
  // expected-error @+1 {{tile.gather: index tile #0 element type i16 must be i32 or i64}}
  %t = "tile.gather"(%m, %i) : (memref<?xf32>, tensor<128xi16>) -> tensor<128xf32>
  return
}

// -----

func.func @scatter_index_float(%m: memref<?xf32>, %v: tensor<128xf32>) {
  // expected-error @+1 {{tile.scatter: index tile #0 element type f32 must be i32 or i64}}
  "tile.scatter"(%v, %m, %v) : (tensor<128xf32>, memref<?xf32>, tensor<128xf32>) -> ()
  return
}

// -----

// Index tiles have the result's shape, not the memref's rank.
func.func @gather_index_shape(%m: memref<?xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.gather: index tile #0 shape 128 does not match result shape 32x64}}
  %t = "tile.gather"(%m, %i) : (memref<?xf32>, tensor<128xi32>) -> tensor<32x64xf32>
  return
}

// -----

func.func @scatter_index_shape(%m: memref<?x?xf32>, %v: tensor<32x64xf32>, %i: tensor<64x32xi64>) {
  // expected-error @+2 {{tile.scatter: index tile #0 shape 64x32 does not match value shape 32x64}}
  // expected-error @+1 {{tile.scatter: index tile #1 shape 64x32 does not match value shape 32x64}}
  "tile.scatter"(%v, %m, %i, %i) : (tensor<32x64xf32>, memref<?x?xf32>, tensor<64x32xi64>, tensor<64x32xi64>) -> ()
  return
}

// -----

// IRDL binds a variadic operand's constraint to one type: the index tiles
// of an op are all i32 or all i64.
func.func @gather_mixed_index(%m: memref<?x?xf32>, %i: tensor<128xi32>, %j: tensor<128xi64>) {
  // expected-error @+1 {{expected 'tensor<128xi32>' but got 'tensor<128xi64>'}}
  %t = "tile.gather"(%m, %i, %j) : (memref<?x?xf32>, tensor<128xi32>, tensor<128xi64>) -> tensor<128xf32>
  return
}

// -----

func.func @gather_index_not_tile(%m: memref<?xf32>, %i: tensor<100xi32>) {
  // expected-error @+1 {{tile.gather: operand #1 type tensor<100xi32> is not a tile: dimension 0 (100) is not a power of two}}
  %t = "tile.gather"(%m, %i) : (memref<?xf32>, tensor<100xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @gather_element(%m: memref<?xf16>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.gather: result element type f32 does not match memref element type f16}}
  %t = "tile.gather"(%m, %i) : (memref<?xf16>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @scatter_element(%m: memref<?xbf16>, %v: tensor<128xf16>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.scatter: value element type f16 does not match memref element type bf16}}
  "tile.scatter"(%v, %m, %i) : (tensor<128xf16>, memref<?xbf16>, tensor<128xi32>) -> ()
  return
}

// -----

func.func @gather_memref(%m: memref<?x?x?x?xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.gather: operand #0 type memref<?x?x?x?xf32> is not a supported memref: rank 4 is not 1 to 3}}
  %t = "tile.gather"(%m, %i, %i, %i, %i) : (memref<?x?x?x?xf32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @gather_padding(%m: memref<?xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.gather: padding -1 : i32 must have the memref element type f32}}
  %t = "tile.gather"(%m, %i) {padding = -1 : i32} : (memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @scatter_padding(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.scatter: padding (0.000000e+00 : f32) is only allowed on loads and gathers}}
  "tile.scatter"(%v, %m, %i) {padding = 0.0 : f32} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> ()
  return
}

// -----

func.func @atomic_padding(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: padding (0.000000e+00 : f32) is only allowed on loads and gathers}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add", padding = 0.0 : f32} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_index(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<64xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: index tile #0 shape 64 does not match value shape 128}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add"} : (tensor<128xf32>, memref<?xf32>, tensor<64xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_element(%m: memref<?xi32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: value element type f32 does not match memref element type i32}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add"} : (tensor<128xf32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_result(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: result type tensor<128xf16> does not match value type tensor<128xf32>}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf16>
  return
}

// -----

func.func @atomic_kind(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: kind "mul" is not one of add, max, min, umax, umin, and, or, xor, xchg}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "mul"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

// maxnum/minnum are reduce kinds; atomic max/min on floats already act so.
func.func @atomic_kind_maxnum(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: kind "maxnum" is not one of}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "maxnum"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_umax_float(%m: memref<?xf32>, %v: tensor<128xf32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: kind "umax" needs an i32 or i64 element type, got f32}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "umax"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_and_bf16(%m: memref<?xbf16>, %v: tensor<128xbf16>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: kind "and" needs an i32 or i64 element type, got bf16}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "and"} : (tensor<128xbf16>, memref<?xbf16>, tensor<128xi32>) -> tensor<128xbf16>
  return
}

// -----

func.func @atomic_add_i8(%m: memref<?xi8>, %v: tensor<128xi8>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: element type i8 has no atomics (they act on i32, i64, f16, bf16, f32)}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add"} : (tensor<128xi8>, memref<?xi8>, tensor<128xi32>) -> tensor<128xi8>
  return
}

// -----

func.func @atomic_xchg_f8(%m: memref<?xf8E4M3FN>, %v: tensor<128xf8E4M3FN>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: element type f8E4M3FN has no atomics}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "xchg"} : (tensor<128xf8E4M3FN>, memref<?xf8E4M3FN>, tensor<128xi32>) -> tensor<128xf8E4M3FN>
  return
}

// -----

func.func @atomic_sem(%m: memref<?xi32>, %v: tensor<128xi32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: sem "seq_cst" is not one of relaxed, acquire, release, acq_rel}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add", sem = "seq_cst"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  return
}

// -----

func.func @atomic_scope(%m: memref<?xi32>, %v: tensor<128xi32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: scope "block" is not one of cta, gpu, sys}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "max", scope = "block"} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  return
}

// -----

func.func @atomic_sem_not_string(%m: memref<?xi32>, %v: tensor<128xi32>, %i: tensor<128xi32>) {
  // expected-error @+1 {{tile.atomic_rmw: attribute 'sem' must be a string, got 1 : i32}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add", sem = 1 : i32} : (tensor<128xi32>, memref<?xi32>, tensor<128xi32>) -> tensor<128xi32>
  return
}

// -----

func.func @cas_cmp(%m: memref<?xi32>, %c: tensor<1xi64>, %v: tensor<1xi32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{tile.atomic_cas: cmp type tensor<1xi64> does not match value type tensor<1xi32>}}
  %o = "tile.atomic_cas"(%c, %v, %m, %i) : (tensor<1xi64>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

func.func @cas_cmp_shape(%m: memref<?xi32>, %c: tensor<2xi32>, %v: tensor<1xi32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{tile.atomic_cas: cmp type tensor<2xi32> does not match value type tensor<1xi32>}}
  %o = "tile.atomic_cas"(%c, %v, %m, %i) : (tensor<2xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

func.func @cas_result(%m: memref<?xi32>, %v: tensor<1xi32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{tile.atomic_cas: result type tensor<2xi32> does not match value type tensor<1xi32>}}
  %o = "tile.atomic_cas"(%v, %v, %m, %i) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @cas_i16(%m: memref<?xi16>, %v: tensor<4xi16>, %i: tensor<4xi32>) {
  // expected-error @+1 {{tile.atomic_cas: element type i16 has no atomics (they act on i32, i64, f16, bf16, f32)}}
  %o = "tile.atomic_cas"(%v, %v, %m, %i) : (tensor<4xi16>, tensor<4xi16>, memref<?xi16>, tensor<4xi32>) -> tensor<4xi16>
  return
}

// -----

func.func @cas_scope(%m: memref<?xi32>, %v: tensor<1xi32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{tile.atomic_cas: scope "system" is not one of cta, gpu, sys}}
  %o = "tile.atomic_cas"(%v, %v, %m, %i) {scope = "system"} : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

func.func @cas_count(%m: memref<?x?xi32>, %v: tensor<1xi32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{tile.atomic_cas: number of index tiles (1) does not match memref rank (2)}}
  %o = "tile.atomic_cas"(%v, %v, %m, %i) : (tensor<1xi32>, tensor<1xi32>, memref<?x?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

// The verifier does not stop at the first broken rule.
func.func @several(%m: memref<?xi8>, %v: tensor<128xi8>, %i: tensor<64xi16>) {
  // expected-error @+4 {{tile.atomic_rmw: sem "weak" is not one of}}
  // expected-error @+3 {{tile.atomic_rmw: element type i8 has no atomics}}
  // expected-error @+2 {{tile.atomic_rmw: index tile #0 element type i16 must be i32 or i64}}
  // expected-error @+1 {{tile.atomic_rmw: index tile #0 shape 64 does not match value shape 128}}
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "add", sem = "weak"} : (tensor<128xi8>, memref<?xi8>, tensor<64xi16>) -> tensor<128xi8>
  return
}
