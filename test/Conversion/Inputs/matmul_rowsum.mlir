// A pipelined matmul whose result is then reduced along its rows, in the
// mma layout (registers, then lane shuffles, then shared memory across
// warps): no conversion. Checked on the GPU by scripts/gpu-packages.sh.
func.func @matmul_rowsum(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %y: memref<?xf32>)
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
  %r = "tile.reduce"(%sum) {axis = 1 : i32, kind = "add"} : (tensor<64x64xf32>) -> tensor<64xf32>
  "tile.store"(%r, %y, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// The same along the columns (lanes 4 apart, then the warps along M), with
// max.
func.func @matmul_colmax(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %y: memref<?xf32>)
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
  %r = "tile.reduce"(%sum) {axis = 0 : i32, kind = "max"} : (tensor<64x64xf32>) -> tensor<64xf32>
  "tile.store"(%r, %y, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}
