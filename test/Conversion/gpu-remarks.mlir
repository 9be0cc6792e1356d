// A tile.dot that cannot run on tensor cores falls back to the FMA loop and
// says why in a remark (stderr, located); the compile still succeeds.
// RUN: tile-opt %s --split-input-file --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=remark

// CHECK: gpu-remarks.mlir:[[@LINE+5]]:8: remark: tile.dot runs as an FMA loop, not on tensor cores: precision = "ieee" has no tensor-core instruction
func.func @ieee(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  %d = "tile.dot"(%a, %a, %zero) {precision = "ieee"} : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// 16x16 on 8 warps: no 16x8 block for every warp.
// CHECK: gpu-remarks.mlir:[[@LINE+5]]:8: remark: tile.dot runs as an FMA loop, not on tensor cores: its warps cannot each take 16x8 blocks of the result
func.func @small(%x: memref<?x?xf16>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<16x16xf16>
  %d = "tile.dot"(%a, %a, %zero) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// On tensor cores: no remark.
func.func @mma(%x: memref<?x?xf16>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %d = "tile.dot"(%a, %a, %zero) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
