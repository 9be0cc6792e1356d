// f8 memrefs on tile-run's host arrays (test/tile-run/f8.test).

// z = extf(x) + extf(y), 64 elements per program. Grid: cdiv(n, 64).
func.func @add_f8(%x: memref<?xf8E4M3FN>, %y: memref<?xf8E5M2>, %z: memref<?xf32>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %off = arith.muli %pid, %c64 : index
  %a = "tile.load"(%x, %off) : (memref<?xf8E4M3FN>, index) -> tensor<64xf8E4M3FN>
  %b = "tile.load"(%y, %off) : (memref<?xf8E5M2>, index) -> tensor<64xf8E5M2>
  %ea = arith.extf %a : tensor<64xf8E4M3FN> to tensor<64xf32>
  %eb = arith.extf %b : tensor<64xf8E5M2> to tensor<64xf32>
  %s = arith.addf %ea, %eb : tensor<64xf32>
  "tile.store"(%s, %z, %off) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// e = truncf(x) to f8E5M2, m = truncf(x) to f8E4M3FN, 64 per program.
func.func @trunc_f8(%x: memref<?xf32>, %e: memref<?xf8E5M2>, %m: memref<?xf8E4M3FN>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %off = arith.muli %pid, %c64 : index
  %t = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<64xf32>
  %te = arith.truncf %t : tensor<64xf32> to tensor<64xf8E5M2>
  %tm = arith.truncf %t : tensor<64xf32> to tensor<64xf8E4M3FN>
  "tile.store"(%te, %e, %off) : (tensor<64xf8E5M2>, memref<?xf8E5M2>, index) -> ()
  "tile.store"(%tm, %m, %off) : (tensor<64xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}

// c = a @ b for a up to 16x32 and b up to 32x16 (smaller ones are padded
// with zeros by the loads and clipped by the store). Grid: 1.
func.func @dot_f8(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x32xf8E4M3FN>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<32x16xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x32xf8E4M3FN>, tensor<32x16xf8E4M3FN>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// Scalars: y[0..16) = extf(v) + extf(w). Grid: 1.
func.func @scalars_f8(%v: f8E5M2, %w: f8E4M3FN, %y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %tv = "tile.splat"(%v) : (f8E5M2) -> tensor<16xf8E5M2>
  %tw = "tile.splat"(%w) : (f8E4M3FN) -> tensor<16xf8E4M3FN>
  %ev = arith.extf %tv : tensor<16xf8E5M2> to tensor<16xf32>
  %ew = arith.extf %tw : tensor<16xf8E4M3FN> to tensor<16xf32>
  %s = arith.addf %ev, %ew : tensor<16xf32>
  "tile.store"(%s, %y, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}
