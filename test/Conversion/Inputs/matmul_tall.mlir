// A 512x64 block, too tall for one TMA box: its loads keep cp.async
// (test/Conversion/gpu-wgmma.test).
func.func @tall(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<512x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<512x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<512x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<512x32xf16>, tensor<32x64xf16>, tensor<512x64xf32>) -> tensor<512x64xf32>
    scf.yield %d : tensor<512x64xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<512x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
