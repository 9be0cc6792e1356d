// What the GPU lowering cannot do yet is a located error, exit 1.
// RUN: not tile-opt %s --split-input-file --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s

// The shared-memory budget is checked at compile time against the chip's
// limit: a 256x256 f32 transpose goes through 256 KiB of shared memory.
// CHECK: gpu-errors.mlir:[[@LINE+1]]:1: error: func.func: needs 262144 bytes of shared memory for layout conversions, reductions and dots (0 for pipeline stages, 262144 for scratch, 0 static); sm_90a allows 232448 bytes per block
func.func @too_much_shared(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<256x256xf32>
  %u = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  "tile.store"(%u, %y, %c0, %c0) : (tensor<256x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Non-splat tensor constants have no GPU lowering.
// CHECK: gpu-errors.mlir:[[@LINE+3]]:8: error: arith.constant: only splat tensor constants are supported on the GPU
func.func @table(%y: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  "tile.store"(%t, %y, %c0) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  return
}

// -----

// A program order names axis 0 or 1 (tile-order-programs writes it; a
// kernel may too).
// CHECK: gpu-errors.mlir:[[@LINE+1]]:1: error: func.func: tile.program_order wants {axis = 0 or 1 : i32, reversed = true or false}
func.func @bad_program_order(%x: memref<?xf32>) attributes {tile.kernel, tile.program_order = {axis = 2 : i32, reversed = true}} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<64xf32>
  "tile.store"(%t, %x, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}
