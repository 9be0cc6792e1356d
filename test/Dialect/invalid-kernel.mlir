// RUN: tile-opt %s --split-input-file --verify-diagnostics

// Kernels: func.func with the unit attribute `tile.kernel`, no results,
// an identifier for a name, arguments that are memrefs (rank 1 to 3,
// identity or strided layout, tile element types) or scalars,
// `tile.num_warps` an i32 power of two from 1 to 32, `tile.num_stages` and
// `tile.blocks_per_sm` i32s from 1 to 8, and `tile.warp_specialize` true or
// false.

// expected-error @+1 {{func.func: a kernel must have no results, got (f32) -> f32}}
func.func @results(%x: f32) -> f32 attributes {tile.kernel} {
  return %x : f32
}

// -----

// A kernel's name names its PTX entry and its C launcher: an identifier.
// expected-error @+1 {{func.func: a kernel's name must be an identifier (a letter or _, then letters, digits and _), got "mm.dot"}}
func.func @"mm.dot"(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: a kernel's name must be an identifier (a letter or _, then letters, digits and _), got "2k"}}
func.func @"2k"(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

// A function that is not a kernel may have any name.
func.func private @"helper.fn"(%x: f32) -> f32

// -----

// expected-error @+1 {{func.func: tile.kernel must be a unit attribute, got 1 : i32}}
func.func @kernel_not_unit(%m: memref<?xf32>) attributes {tile.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.num_warps (3) must be a power of two from 1 to 32}}
func.func @warps_not_pow2(%m: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 3 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.num_warps (64) must be a power of two from 1 to 32}}
func.func @warps_too_many(%m: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 64 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.num_stages (9) must be from 1 to 8}}
func.func @stages_too_many(%m: memref<?xf32>) attributes {tile.kernel, tile.num_stages = 9 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.blocks_per_sm (0) must be from 1 to 8}}
func.func @blocks_none(%m: memref<?xf32>) attributes {tile.kernel, tile.blocks_per_sm = 0 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: attribute 'tile.blocks_per_sm' must be an i32 integer, got 2 : index}}
func.func @blocks_index(%m: memref<?xf32>) attributes {tile.kernel, tile.blocks_per_sm = 2 : index} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.warp_specialize must be true or false, got 1 : i32}}
func.func @ws_int(%m: memref<?xf32>) attributes {tile.kernel, tile.warp_specialize = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.cta_pairs must be true or false, got "yes"}}
func.func @pairs_string(%m: memref<?xf32>) attributes {tile.kernel, tile.cta_pairs = "yes"} {
  return
}

// -----

// expected-error @+1 {{func.func: attribute 'tile.num_stages' must be an i32 integer, got 3 : i64}}
func.func @stages_i64(%m: memref<?xf32>) attributes {tile.kernel, tile.num_stages = 3 : i64} {
  return
}

// -----

// expected-error @+1 {{func.func: tile.num_warps (0) must be a power of two from 1 to 32}}
func.func @warps_zero(%m: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 0 : i32} {
  return
}

// -----

// expected-error @+1 {{func.func: attribute 'tile.num_warps' must be an i32 integer, got 4 : i64}}
func.func @warps_i64(%m: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i64} {
  return
}

// -----

// expected-error @+1 {{func.func: attribute 'tile.num_warps' must be an i32 integer, got "4"}}
func.func @warps_string(%m: memref<?xf32>) attributes {tile.kernel, tile.num_warps = "4"} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #1 type tensor<128xf32> must be a memref or a scalar (integer, float, index)}}
func.func @tensor_argument(%m: memref<?xf32>, %t: tensor<128xf32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #0 type vector<4xf32> must be a memref or a scalar (integer, float, index)}}
func.func @vector_argument(%v: vector<4xf32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #0 type memref<2x2x2x2xf32> is not a supported memref: rank 4 is not 1 to 3}}
func.func @memref_rank4(%m: memref<2x2x2x2xf32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #0 type memref<f32> is not a supported memref: rank 0 is not 1 to 3}}
func.func @memref_rank0(%m: memref<f32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #0 type memref<?xf64> is not a supported memref: element type f64 is not one of i1, i8, i16, i32, i64, f16, bf16, f32, f8E4M3FN, f8E5M2}}
func.func @memref_f64(%m: memref<?xf64>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{func.func: kernel argument #0 type memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>> is not a supported memref: layout affine_map<(d0, d1) -> (d1, d0)> is neither identity nor strided}}
func.func @memref_layout(%m: memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>>) attributes {tile.kernel} {
  return
}

// -----

// Kernel arguments are reported once, at the kernel, not again at each use.
// expected-error @+1 {{func.func: kernel argument #0 type memref<?x?x?x?xf32> is not a supported memref: rank 4 is not 1 to 3}}
func.func @memref_rank4_used(%m: memref<?x?x?x?xf32>, %i: index) attributes {tile.kernel} {
  %t = "tile.load"(%m, %i, %i, %i, %i) : (memref<?x?x?x?xf32>, index, index, index, index) -> tensor<2x2x2xf32>
  return
}
