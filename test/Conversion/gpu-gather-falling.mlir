// A gather of c - range reads falling addresses: never a 16-byte vector
// (lib/Analysis/Contiguity.c counts range - c as contiguous, not c - range;
// a vector load there would read the elements in the wrong order). range -
// c rises and gets vector groups.
// RUN: tile-opt %s --tile-compile --kernel=falling --emit=ptx --no-cache | FileCheck %s --check-prefix=FALLING
// RUN: tile-opt %s --tile-compile --kernel=rising --emit=ptx --no-cache | FileCheck %s --check-prefix=RISING
// FALLING-LABEL: .entry falling(
// FALLING-NOT: ld.global.v4
// FALLING: .entry falling__aligned16(
// FALLING-NOT: ld.global.v4
// FALLING: ret;
// RISING-LABEL: .entry rising(
// RISING: ld.global.v4

func.func @falling(%t: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 256 : i32} : () -> tensor<256xi32>
  %c = arith.constant dense<255> : tensor<256xi32>
  %i = arith.subi %c, %r : tensor<256xi32>
  %g = "tile.gather"(%t, %i) : (memref<?xf32>, tensor<256xi32>) -> tensor<256xf32>
  "tile.store"(%g, %out, %c0) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}
func.func @rising(%t: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 256 : i32} : () -> tensor<256xi32>
  %c = arith.constant dense<255> : tensor<256xi32>
  %i = arith.subi %r, %c : tensor<256xi32>
  %g = "tile.gather"(%t, %i) : (memref<?xf32>, tensor<256xi32>) -> tensor<256xf32>
  "tile.store"(%g, %out, %c0) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}
