// Two chained matmuls, Y = (X W1) W2, as in an MLP: the first result stays
// in registers and is the second dot's A operand with no trip through
// shared memory (tile-assign-layouts puts both dots' warps along M).
// X is Mx?, W1 ?x64, W2 64x64, Y Mx64; grid cdiv(M, 128).
func.func @mlp(%x: memref<?x?xf16>, %w1: memref<?x?xf16>, %w2: memref<?x?xf16>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %k = memref.dim %x, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %h = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x64xf32>) {
    %tx = "tile.load"(%x, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tw = "tile.load"(%w1, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%tx, %tw, %acc) : (tensor<128x32xf16>, tensor<32x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
    scf.yield %d : tensor<128x64xf32>
  }
  %h16 = arith.truncf %h : tensor<128x64xf32> to tensor<128x64xf16>
  %t2 = "tile.load"(%w2, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %out = "tile.dot"(%h16, %t2, %zero) : (tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  "tile.store"(%out, %y, %m0, %c0) : (tensor<128x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
