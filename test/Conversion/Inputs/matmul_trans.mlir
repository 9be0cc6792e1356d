// A pipelined matmul whose result is then transposed: the transpose goes
// through the scratch buffer after the loop, where the pipeline buffers are
// dead, so it reuses their bytes (test/Conversion/gpu-shared-reuse.test).
// Checked on the GPU by scripts/gpu-packages.sh.
func.func @matmul_trans(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %t = "tile.trans"(%sum) {permutation = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%t, %y, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
