// asserts=off (docs/dialect.md, "v2"): tile-canonicalize and tile-to-cpu erase
// every tile.assert, with what only computed its condition; tile.print and
// everything else stays. By default (and with asserts=on) the asserts stay.
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-canonicalize{asserts=off})' | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-canonicalize)' | FileCheck %s --check-prefix=ON
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-canonicalize{asserts=on})' | FileCheck %s --check-prefix=ON
// tile-to-cpu{asserts=off}: no call of the assert routine is left.
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-cpu{asserts=off})' | FileCheck %s --check-prefix=CPU-OFF
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-cpu)' | FileCheck %s --check-prefix=CPU-ON
// CPU-OFF-NOT: tileCpuAssertFail
// CPU-ON: call @tileCpuAssertFail

// The load, splat and compare fed only the assert: gone with it. The
// print of the same load keeps it in @printed.
// OFF-LABEL: func.func @checked
// OFF-NOT:     tile.load
// OFF-NOT:     tile.splat
// OFF-NOT:     arith.cmpi
// OFF-NOT:     tile.assert
// OFF:         return
// ON-LABEL:  func.func @checked
// ON:          "tile.load"
// ON:          arith.cmpi ult
// ON:          "tile.assert"({{.*}}) {message = "token id in range"}
func.func @checked(%ids: memref<?xi32>, %vocab: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%ids, %c0) : (memref<?xi32>, index) -> tensor<4xi32>
  %v = "tile.splat"(%vocab) : (i32) -> tensor<4xi32>
  %ok = arith.cmpi ult, %t, %v : tensor<4xi32>
  "tile.assert"(%ok) {message = "token id in range"} : (tensor<4xi1>) -> ()
  return
}

// OFF-LABEL: func.func @printed
// OFF:         %[[T:.*]] = "tile.load"
// OFF-NOT:     tile.assert
// OFF:         "tile.print"(%[[T]]) {prefix = "ids"}
// OFF-NOT:     tile.assert
// OFF:         "tile.store"
// OFF:         return
func.func @printed(%ids: memref<?xi32>, %out: memref<?xi32>, %vocab: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%ids, %c0) : (memref<?xi32>, index) -> tensor<4xi32>
  %v = "tile.splat"(%vocab) : (i32) -> tensor<4xi32>
  %ok = arith.cmpi ult, %t, %v : tensor<4xi32>
  "tile.assert"(%ok) {message = "in range"} : (tensor<4xi1>) -> ()
  "tile.print"(%t) {prefix = "ids"} : (tensor<4xi32>) -> ()
  %two = arith.addi %t, %t : tensor<4xi32>
  "tile.store"(%two, %out, %c0) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  return
}

// Asserts in loops and branches go too, and one condition feeding two
// asserts goes once; the loop itself (it stores) stays, and the branch,
// left empty, is folded away.
// OFF-LABEL: func.func @nested
// OFF:         scf.for
// OFF-NOT:       tile.assert
// OFF:           "tile.store"
// OFF-NOT:     tile.assert
// OFF-NOT:     arith.cmpi
// OFF:         return
// ON-LABEL:  func.func @nested
// ON-COUNT-3:  "tile.assert"
func.func @nested(%x: memref<?xf32>, %n: index, %flag: i1) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = "tile.load"(%x, %i) : (memref<?xf32>, index) -> tensor<8xf32>
    %z = "tile.splat"(%zero) : (f32) -> tensor<8xf32>
    %pos = arith.cmpf oge, %t, %z : tensor<8xf32>
    "tile.assert"(%pos) {message = "non-negative"} : (tensor<8xi1>) -> ()
    "tile.assert"(%pos) {message = "again"} : (tensor<8xi1>) -> ()
    %d = arith.addf %t, %t : tensor<8xf32>
    "tile.store"(%d, %x, %i) : (tensor<8xf32>, memref<?xf32>, index) -> ()
  }
  scf.if %flag {
    %small = arith.cmpi ult, %n, %c1 : index
    "tile.assert"(%small) {message = "n < 1"} : (i1) -> ()
  }
  return
}

// A page table read with a gather only to check it: the gather goes too;
// the table's other use (the store) keeps its own load.
// OFF-LABEL: func.func @pages
// OFF-NOT:     tile.gather
// OFF-NOT:     tile.assert
// OFF:         "tile.load"
// OFF:         "tile.store"
// ON-LABEL:  func.func @pages
// ON:          "tile.gather"
// ON:          "tile.assert"
func.func @pages(%table: memref<?xi32>, %out: memref<?xi32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %p = "tile.gather"(%table, %i) : (memref<?xi32>, tensor<16xi32>) -> tensor<16xi32>
  %lim = "tile.splat"(%n) : (i32) -> tensor<16xi32>
  %ok = arith.cmpi ult, %p, %lim : tensor<16xi32>
  "tile.assert"(%ok) {message = "page in range"} : (tensor<16xi1>) -> ()
  %t = "tile.load"(%table, %c0) : (memref<?xi32>, index) -> tensor<16xi32>
  "tile.store"(%t, %out, %c0) : (tensor<16xi32>, memref<?xi32>, index) -> ()
  return
}
