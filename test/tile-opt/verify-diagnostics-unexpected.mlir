// Under --verify-diagnostics a diagnostic that no comment expects fails the
// run (exit 1) and is reported as unexpected, at its own location.
// RUN: not tile-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=EXIT

func.func @unexpected(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: verify-diagnostics-unexpected.mlir:[[@LINE+1]]:8: error: unexpected error: tile.load: result #0 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  return
}

// -----

// One expectation covers one diagnostic: the second is unexpected.
func.func @one_of_two(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<256xf32>
  // CHECK: verify-diagnostics-unexpected.mlir:[[@LINE+2]]:8: error: unexpected error: tile.dot: result must have rank 2, got tensor<256xf32>
  // expected-error @+1 {{tile.dot: acc must have rank 2}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<256xf32>) -> tensor<256xf32>
  return
}

// -----

// A diagnostic without a location is unexpected unless @unknown expects it.
func.func @unknown_loc(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: verify-diagnostics-unexpected.mlir: error: unexpected error: tile.load: result #0 type tensor<100xf32> is not a tile
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32> loc(unknown)
  return
}

// EXIT: exit code: 1
