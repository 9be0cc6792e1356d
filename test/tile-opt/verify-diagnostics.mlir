// --verify-diagnostics: every diagnostic must be expected by a comment, and
// every expectation must be met; then tile-opt exits 0 and prints nothing
// for the chunks that failed to verify. One designator per chunk.
// RUN: tile-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// Chunks whose diagnostics were all errors print nothing; the one that only
// warns is still printed.
// CHECK-NOT:  func.func
// CHECK:      func.func @warns
// CHECK-NOT:  func.func

// On the line of the comment itself.
func.func @same_line(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32> // expected-error {{dimension 0 (100) is not a power of two}}
  return
}

// -----

// @+N: N lines below.
func.func @plus(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{tile.load: result #0 type tensor<100xf32> is not a tile}}
  // (an unrelated comment)
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  return
}

// -----

// @-N: N lines above.
func.func @minus(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  // expected-error @-1 {{is not a tile}}
  return
}

// -----

// @above: the nearest line above that is not itself an expectation.
func.func @above(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<256xf32>
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<256xf32>) -> tensor<256xf32>
  // expected-error @above {{tile.dot: acc must have rank 2, got tensor<256xf32>}}
  // expected-error @above {{tile.dot: result must have rank 2, got tensor<256xf32>}}
  return
}

// -----

// @below: the nearest line below that is not itself an expectation.
func.func @below(%x: f16, %y: f16, %z: f32) attributes {tile.kernel} {
  %a = "tile.splat"(%x) : (f16) -> tensor<16x16xf16>
  %b = "tile.splat"(%y) : (f16) -> tensor<16x16xf16>
  %c = "tile.splat"(%z) : (f32) -> tensor<256xf32>
  // expected-error @below {{tile.dot: acc must have rank 2, got tensor<256xf32>}}
  // expected-error @below {{tile.dot: result must have rank 2, got tensor<256xf32>}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<256xf32>) -> tensor<256xf32>
  return
}

// -----

// @unknown: a diagnostic without a file location.
func.func @unknown(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @unknown {{tile.load: result #0 type tensor<100xf32> is not a tile}}
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32> loc(unknown)
  return
}

// -----

// Notes attached to an error are matched as notes.
func.func @note(%m: memref<?xf32>) attributes {tile.kernel} {
  // expected-error @+2 {{Dialect `nosuch' not found for custom op 'nosuch.op'}}
  // expected-note @+1 {{Available dialects: }}
  nosuch.op
  return
}

// -----

// Warnings are matched too; a chunk that only warns still succeeds and is
// printed.
func.func @warns(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
{-#
  external_resources: {
    // expected-warning @below {{ignoring unknown external resources for 'no_such_resource_key'}}
    no_such_resource_key: {
      blob: "0x04000000"
    }
  }
#-}
