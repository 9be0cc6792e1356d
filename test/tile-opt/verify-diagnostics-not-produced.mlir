// An expectation that no diagnostic meets fails --verify-diagnostics: the
// message names the comment's position and text, and tile-opt exits 1.
// RUN: not tile-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=EXIT

// A valid kernel produces no error at all.
func.func @valid(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+1]]:6: error: expected error "is not a tile" was not produced
  // expected-error @+1 {{is not a tile}}
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  return
}

// -----

// The error exists but on another line than the one expected.
func.func @wrong_line(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+3]]:8: error: unexpected error: tile.load: result #0 type tensor<100xf32> is not a tile
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+1]]:6: error: expected error "is not a tile" was not produced
  // expected-error @+2 {{is not a tile}}
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  return
}

// -----

// The text must be part of the message, and the kind must match.
func.func @wrong_text(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+5]]:8: error: unexpected error: tile.load
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+2]]:6: error: expected error "is not a power of three" was not produced
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+2]]:6: error: expected warning "is not a tile" was not produced
  // expected-error @+2 {{is not a power of three}}
  // expected-warning @+1 {{is not a tile}}
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  return
}

// -----

// An expectation the tool cannot read is an error, not silently ignored.
func.func @malformed(%m: memref<?xf32>) attributes {tile.kernel} {
  // CHECK: verify-diagnostics-not-produced.mlir:[[@LINE+1]]:6: error: expected '{{[{][{]}}' and '{{[}][}]}}' around the expected text
  // expected-error @+1 {single braces}
  return
}

// EXIT: exit code: 1
