// Batched matmul: C[i] = A[i] x B[i] for every i of the batch, f16 inputs,
// f32 accumulator. A is BxMxK, B is BxKxN, C is BxMxN. The third grid axis
// walks the batch; each program loads 1x128x32 and 1x32x128 boxes of its
// batch element and drops the unit dimension with tile.reshape.
// Grid: cdiv(M, 128) x cdiv(N, 128) x B.
func.func @bmm(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %pb = "tile.program_id"() {axis = 2 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c2 : memref<?x?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta3 = "tile.load"(%a, %pb, %m0, %k0) : (memref<?x?x?xf16>, index, index, index) -> tensor<1x128x32xf16>
    %tb3 = "tile.load"(%b, %pb, %k0, %n0) : (memref<?x?x?xf16>, index, index, index) -> tensor<1x32x128xf16>
    %ta = "tile.reshape"(%ta3) : (tensor<1x128x32xf16>) -> tensor<128x32xf16>
    %tb = "tile.reshape"(%tb3) : (tensor<1x32x128xf16>) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %s3 = "tile.reshape"(%sum) : (tensor<128x128xf32>) -> tensor<1x128x128xf32>
  "tile.store"(%s3, %c, %pb, %m0, %n0) : (tensor<1x128x128xf32>, memref<?x?x?xf32>, index, index, index) -> ()
  return
}
