// Kernels for the CTA-pair tests (gpu-tcgen05-pairs.test).
//
// 128x256x64 f16 on a 2-D grid: program (i, j) computes rows 128i.. and
// columns 256j.., so programs 2i and 2i + 1 along axis 0 read the same B.
func.func @matmul_pairs_128x256(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c256 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// The same tile with its columns from axis 0 (program i computes columns
// 256i..): the two programs of a pair would read different B, so it keeps
// one CTA per program even when asked (tile.cta_pairs = true).
func.func @matmul_pairs_by_columns(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.cta_pairs = true} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pm = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c256 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
