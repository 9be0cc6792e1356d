// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.load, load_masked, store, store_masked: one offset per memref
// dimension, tile rank and element type equal to the memref's, an i1 mask of
// the tile's shape, `padding` only on loads and of the element type, and
// memrefs of rank 1 to 3 with identity or strided layout.

func.func @load_offsets(%m: memref<?x?xf16>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: number of offsets (1) does not match memref rank (2)}}
  %t = "tile.load"(%m, %i) : (memref<?x?xf16>, index) -> tensor<128x64xf16>
  return
}

// -----

func.func @store_offsets(%m: memref<?xf32>, %x: f32, %i: index) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.store: number of offsets (3) does not match memref rank (1)}}
  "tile.store"(%t, %m, %i, %i, %i) : (tensor<128xf32>, memref<?xf32>, index, index, index) -> ()
  return
}

// -----

func.func @load_rank(%m: memref<?x?xf16>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: tile rank (1) does not match memref rank (2)}}
  %t = "tile.load"(%m, %i, %i) : (memref<?x?xf16>, index, index) -> tensor<128xf16>
  return
}

// -----

func.func @store_rank(%m: memref<?xf32>, %x: f32, %i: index) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.store: tile rank (2) does not match memref rank (1)}}
  "tile.store"(%t, %m, %i) : (tensor<16x16xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @load_element(%m: memref<?x?xf16>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: tile element type f32 does not match memref element type f16}}
  %t = "tile.load"(%m, %i, %i) : (memref<?x?xf16>, index, index) -> tensor<128x64xf32>
  return
}

// -----

func.func @store_element(%m: memref<?xbf16>, %x: f32, %i: index) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.store: tile element type f32 does not match memref element type bf16}}
  "tile.store"(%t, %m, %i) : (tensor<128xf32>, memref<?xbf16>, index) -> ()
  return
}

// -----

func.func @mask_element(%m: memref<?xf32>, %b: i8, %i: index) attributes {tile.kernel} {
  %mask = "tile.splat"(%b) : (i8) -> tensor<128xi8>
  // expected-error @+1 {{tile.load_masked: mask element type i8 must be i1}}
  %t = "tile.load_masked"(%m, %mask, %i) : (memref<?xf32>, tensor<128xi8>, index) -> tensor<128xf32>
  return
}

// -----

func.func @mask_shape(%m: memref<?xf32>, %b: i1, %i: index) attributes {tile.kernel} {
  %mask = "tile.splat"(%b) : (i1) -> tensor<64xi1>
  // expected-error @+1 {{tile.load_masked: mask shape 64 does not match tile shape 128}}
  %t = "tile.load_masked"(%m, %mask, %i) : (memref<?xf32>, tensor<64xi1>, index) -> tensor<128xf32>
  return
}

// -----

func.func @store_mask_shape(%m: memref<?x?xf32>, %b: i1, %x: f32, %i: index) attributes {tile.kernel} {
  %mask = "tile.splat"(%b) : (i1) -> tensor<64x128xi1>
  %t = "tile.splat"(%x) : (f32) -> tensor<128x64xf32>
  // expected-error @+1 {{tile.store_masked: mask shape 64x128 does not match tile shape 128x64}}
  "tile.store_masked"(%t, %m, %mask, %i, %i) : (tensor<128x64xf32>, memref<?x?xf32>, tensor<64x128xi1>, index, index) -> ()
  return
}

// -----

func.func @padding_type(%m: memref<?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: padding 0 : i32 must have the memref element type f32}}
  %t = "tile.load"(%m, %i) {padding = 0 : i32} : (memref<?xf32>, index) -> tensor<128xf32>
  return
}

// -----

func.func @padding_float_for_int(%m: memref<?xi8>, %b: i1, %i: index) attributes {tile.kernel} {
  %mask = "tile.splat"(%b) : (i1) -> tensor<128xi1>
  // expected-error @+1 {{tile.load_masked: padding 0.000000e+00 : f32 must have the memref element type i8}}
  %t = "tile.load_masked"(%m, %mask, %i) {padding = 0.0 : f32} : (memref<?xi8>, tensor<128xi1>, index) -> tensor<128xi8>
  return
}

// -----

func.func @padding_kind(%m: memref<?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{tile.load: padding must be an integer or float attribute, got "zero"}}
  %t = "tile.load"(%m, %i) {padding = "zero"} : (memref<?xf32>, index) -> tensor<128xf32>
  return
}

// -----

func.func @store_padding(%m: memref<?xf32>, %x: f32, %i: index) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.store: padding (0.000000e+00 : f32) is only allowed on loads}}
  "tile.store"(%t, %m, %i) {padding = 0.0 : f32} : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @store_masked_padding(%m: memref<?xf32>, %b: i1, %x: f32, %i: index) attributes {tile.kernel} {
  %mask = "tile.splat"(%b) : (i1) -> tensor<128xi1>
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{tile.store_masked: padding (0.000000e+00 : f32) is only allowed on loads}}
  "tile.store_masked"(%t, %m, %mask, %i) {padding = 0.0 : f32} : (tensor<128xf32>, memref<?xf32>, tensor<128xi1>, index) -> ()
  return
}

// -----

// Memrefs that are not kernel arguments are checked where they are used.
func.func @memref_rank(%i: index) attributes {tile.kernel} {
  // expected-error @+1 {{memref.alloca: is not supported in tile kernels}}
  %m = memref.alloca() : memref<2x2x2x2xf32>
  // expected-error @+1 {{tile.load: operand #0 type memref<2x2x2x2xf32> is not a supported memref: rank 4 is not 1 to 3}}
  %t = "tile.load"(%m, %i, %i, %i, %i) : (memref<2x2x2x2xf32>, index, index, index, index) -> tensor<2x2x2xf32>
  return
}

// -----

func.func @memref_element(%i: index) attributes {tile.kernel} {
  // expected-error @+1 {{memref.alloca: is not supported in tile kernels}}
  %m = memref.alloca() : memref<128xf64>
  // expected-error @+1 {{tile.load: operand #0 type memref<128xf64> is not a supported memref: element type f64 is not one of i1, i8, i16, i32, i64, f16, bf16, f32, f8E4M3FN, f8E5M2}}
  %t = "tile.load"(%m, %i) : (memref<128xf64>, index) -> tensor<128xf32>
  return
}

// -----

func.func @memref_layout(%x: f32, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{memref.alloca: is not supported in tile kernels}}
  %m = memref.alloca() : memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %t = "tile.splat"(%x) : (f32) -> tensor<16x16xf32>
  // expected-error @+1 {{tile.store: operand #1 type memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>> is not a supported memref: layout affine_map<(d0, d1) -> (d1, d0)> is neither identity nor strided}}
  "tile.store"(%t, %m, %i, %i) : (tensor<16x16xf32>, memref<16x16xf32, affine_map<(d0, d1) -> (d1, d0)>>, index, index) -> ()
  return
}
