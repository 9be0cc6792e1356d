// Loads that tile-split-loops proved inside their memref (tile.in_bounds,
// in the loop's unmasked prefix) go out without bounds tests or padding:
// in the aligned entry, each 16-byte group is one unpredicated
// ld.global.v4 from the thread's base address plus a constant; the masked
// rest keeps a predicated load per group. (The generic entry, where a
// group's alignment is not known, tests each group as before.)
// RUN: tile-opt %s --tile-compile --emit=mlir --no-cache | FileCheck %s
// CHECK-LABEL: llvm.func @row_max__aligned16
// CHECK:       scf.for
// CHECK-NOT:     @$4 ld.global
// CHECK:         "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,l"
// CHECK-NOT:     @$4 ld.global
// CHECK:         "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,l"
// CHECK-NOT:     @$4 ld.global
// CHECK:       scf.for
// CHECK-NOT:     "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+0];"
// CHECK:         @$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$9];

func.func @row_max(%x: memref<?x?xf32>, %out: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x64xf32>
  %init = arith.constant dense<0xFF800000> : tensor<16xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%m = %init) -> (tensor<16xf32>) {
    %t = "tile.load"(%x, %c0, %j) : (memref<?x?xf32>, index, index) -> tensor<16x64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %key = arith.addi %cols, %jv : tensor<64xi32>
    %ok = arith.cmpi slt, %key, %nv : tensor<64xi32>
    %ok1 = "tile.expand_dims"(%ok) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
    %okb = "tile.broadcast"(%ok1) : (tensor<1x64xi1>) -> tensor<16x64xi1>
    %s = arith.select %okb, %t, %ninf : tensor<16x64xi1>, tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %m2 = arith.maximumf %m, %mx : tensor<16xf32>
    scf.yield %m2 : tensor<16xf32>
  }
  "tile.store"(%r, %out, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}
