// A loop that carries an index beside its dot's accumulator, compiled for
// sm_90a: the test of how many registers the loop holds read the index's
// type as a tensor's and crashed (fuzz_gpu_pipeline, 2026-11-30).
func.func @index_iter_arg(%a: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:2 = scf.for %k0 = %c0 to %c128 step %c32 iter_args(%acc = %zero, %off = %c0) -> (tensor<64x64xf32>, index) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%a, %off, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %next = arith.addi %off, %c32 : index
    scf.yield %d, %next : tensor<64x64xf32>, index
  }
  "tile.store"(%r#0, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
