// RUN: tile-opt %s --split-input-file --verify-diagnostics

// Upstream ops in kernels (arith, math, memref.dim, memref.load/store,
// others): what has no lowering on every target is refused here, at its
// line, for the CPU and the GPU alike (docs/dialect.md, "Numerics"); f8 tiles
// only convert.

func.func @extended_add(%x: i32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (i32) -> tensor<128xi32>
  // expected-error @+1 {{arith.addui_extended: is not supported in tile kernels: it has no lowering on every target}}
  %s, %o = arith.addui_extended %t, %t : tensor<128xi32>, tensor<128xi1>
  return
}

// -----

func.func @sincos(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{math.sincos: is not supported in tile kernels}}
  %s, %c = math.sincos %t : tensor<128xf32>
  return
}

// -----

func.func @fpowi(%x: f32, %n: i32) attributes {tile.kernel} {
  // expected-error @+1 {{math.fpowi: is not supported in tile kernels}}
  %p = math.fpowi %x, %n : f32, i32
  return
}

// -----

func.func @f8_add(%m: memref<?xf8E4M3FN>, %o: index) attributes {tile.kernel} {
  %t = "tile.load"(%m, %o) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  // expected-error @+1 {{arith.addf: f8 tiles only convert (arith.extf, arith.truncf, arith.bitcast, arith.select): extend them to f16 or f32 first}}
  %s = arith.addf %t, %t : tensor<16xf8E4M3FN>
  return
}

// -----

func.func @f8_to_int(%m: memref<?xf8E5M2>, %o: index) attributes {tile.kernel} {
  %t = "tile.load"(%m, %o) : (memref<?xf8E5M2>, index) -> tensor<16xf8E5M2>
  // expected-error @+1 {{arith.fptosi: f8 tiles only convert}}
  %s = arith.fptosi %t : tensor<16xf8E5M2> to tensor<16xi32>
  return
}

// -----

func.func @f8_reduce(%m: memref<?xf8E4M3FN>, %o: index) attributes {tile.kernel} {
  %t = "tile.load"(%m, %o) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  // expected-error @+1 {{tile.reduce: f8 tiles do not reduce: extend them to f16 or f32 first}}
  %r = "tile.reduce"(%t) {axis = 0 : i32, kind = "max"} : (tensor<16xf8E4M3FN>) -> f8E4M3FN
  return
}

// -----

func.func @rounding_mode(%x: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  // expected-error @+1 {{arith.truncf: rounding mode to_nearest_away is not supported: tile rounds to nearest even}}
  %h = arith.truncf %t to_nearest_away : tensor<128xf32> to tensor<128xf16>
  return
}

// -----

// What is accepted: every math op that lowers everywhere, f8 conversions,
// a to_nearest_even rounding mode spelled out.
func.func @accepted(%x: f32, %m: memref<?xf8E4M3FN>, %o: index) attributes {tile.kernel} {
  %t = "tile.splat"(%x) : (f32) -> tensor<128xf32>
  %a = math.trunc %t : tensor<128xf32>
  %b = math.isnormal %a : tensor<128xf32>
  %c = math.expm1 %a fastmath<afn> : tensor<128xf32>
  %h = arith.truncf %c to_nearest_even : tensor<128xf32> to tensor<128xf16>
  %f = "tile.load"(%m, %o) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  %e = arith.extf %f : tensor<16xf8E4M3FN> to tensor<16xf32>
  %g = arith.truncf %e : tensor<16xf32> to tensor<16xf8E4M3FN>
  %i = arith.bitcast %g : tensor<16xf8E4M3FN> to tensor<16xi8>
  return
}

// -----

// memref.dim takes a constant dimension inside the memref's rank: another
// would read past the memref's descriptor on the CPU.
func.func @dim_range(%x: memref<?x?xf32>) attributes {tile.kernel} {
  %c7 = arith.constant 7 : index
  // expected-error @+1 {{memref.dim: dimension 7 is out of range for a rank-2 memref (0 to 1)}}
  %d = memref.dim %x, %c7 : memref<?x?xf32>
  return
}

// -----

func.func @dim_negative(%x: memref<?xf32>) attributes {tile.kernel} {
  %c = arith.constant -1 : index
  // expected-error @+1 {{memref.dim: dimension -1 is out of range for a rank-1 memref (0 to 0)}}
  %d = memref.dim %x, %c : memref<?xf32>
  return
}

// -----

func.func @dim_huge(%x: memref<?xf32>) attributes {tile.kernel} {
  %c = arith.constant 1099511627776 : index
  // expected-error @+1 {{memref.dim: dimension 1099511627776 is out of range}}
  %d = memref.dim %x, %c : memref<?xf32>
  return
}

// -----

func.func @dim_dynamic(%x: memref<?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{memref.dim: the dimension must be a constant (0 to 0)}}
  %d = memref.dim %x, %i : memref<?xf32>
  return
}

// -----

// Only the ops every target lowers go in a kernel.
func.func @other_dialect(%x: memref<?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{memref.alloca: is not supported in tile kernels (they take tile, arith and math ops, scf.for, scf.if, memref.dim, memref.load, memref.store and func.return)}}
  %a = memref.alloca() : memref<4xf32>
  return
}

// -----

// memref.load and memref.store read and write one element of a kernel
// argument; upstream checks the indices and the element type.
func.func @load_not_argument(%x: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %x) -> (memref<?xf32>) {
    // expected-error @+1 {{memref.load: the memref must be an argument of the kernel}}
    %v = memref.load %m[%i] : memref<?xf32>
    scf.yield %m : memref<?xf32>
  }
  return
}

// -----

func.func @store_not_argument(%x: memref<?xf32>, %y: memref<?xf32>, %c: i1, %v: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %m = scf.if %c -> (memref<?xf32>) {
    scf.yield %x : memref<?xf32>
  } else {
    scf.yield %y : memref<?xf32>
  }
  // expected-error @+1 {{memref.store: the memref must be an argument of the kernel}}
  memref.store %v, %m[%c0] : memref<?xf32>
  return
}

// -----

func.func @load_indices(%x: memref<?x?xf32>, %i: index) attributes {tile.kernel} {
  // expected-error @+1 {{incorrect number of indices for load}}
  %v = memref.load %x[%i] : memref<?x?xf32>
  return
}
