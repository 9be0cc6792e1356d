// Matmul C = A x B with f16 inputs and an f32 accumulator (and the same
// kernel for bf16, and for f32 inputs on tf32 tensor cores). Each program
// computes one 128x128 block of C, walking K in steps of 32. M, N and K need
// not be multiples of the block: loads pad with zeros past the edges (which
// adds nothing to the sum) and the store skips what lies outside C.
// Grid: cdiv(M, 128) x cdiv(N, 128).
func.func @matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// bf16 inputs, f32 accumulator.
func.func @matmul_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x32xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<32x128xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xbf16>, tensor<32x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// f32 inputs on tf32 tensor cores (precision = "tf32" is the default: the
// inputs keep 10 mantissa bits, the low 13 dropped as the tensor cores read
// them; the products are summed in f32).
func.func @matmul_tf32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf32>, index, index) -> tensor<128x32xf32>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf32>, index, index) -> tensor<32x128xf32>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf32>, tensor<32x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
