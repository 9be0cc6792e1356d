// A dot whose f32 accumulator needs more tensor memory than an SM has (512
// columns: one per element of each 128-row block, here 2 x 512) is a
// located error on chip=sm_100a, and tile-opt exits with 1.
// RUN: not tile-opt %s --kernel=wide --tile-compile=chip=sm_100a --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// CHECK: tcgen05-tmem-too-wide.mlir:[[@LINE+8]]:8: error: tile.dot: needs 1024 columns of tensor memory for its 256x512 f32 accumulator (one column per element of each 128-row block); an SM has 512
// CHECK: tile-opt: kernel 'wide' cannot be lowered for the GPU
func.func @wide(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<256x32xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x512xf16>
  %zero = arith.constant dense<0.0> : tensor<256x512xf32>
  %d = "tile.dot"(%ta, %tb, %zero) : (tensor<256x32xf16>, tensor<32x512xf16>, tensor<256x512xf32>) -> tensor<256x512xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<256x512xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
