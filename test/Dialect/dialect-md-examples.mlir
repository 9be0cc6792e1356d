// Every op example of docs/dialect.md (the user-facing contract), verbatim,
// inside functions that define its operands (plain functions where the
// operands are tiles: kernel arguments cannot be tiles). tile-opt accepts them and prints
// them back; the IRDL cross-check test also runs this file through upstream
// mlir-opt.
// RUN: tile-opt %s --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @ids
func.func @ids() attributes {tile.kernel} {
  %i = "tile.program_id"() {axis = 0 : i32} : () -> index          // axis 0..2
  %n = "tile.num_programs"() {axis = 0 : i32} : () -> index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  // CHECK: "tile.program_id"() {axis = 0 : i32} : () -> index
  // CHECK: "tile.num_programs"() {axis = 0 : i32} : () -> index
  // CHECK: "tile.range"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32>
  return
}

// -----

// CHECK-LABEL: func.func @splat
func.func @splat(%s: f32) attributes {tile.kernel} {
  %t = "tile.splat"(%s) : (f32) -> tensor<128x64xf32>
  // CHECK: "tile.splat"(%arg0) : (f32) -> tensor<128x64xf32>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%x: tensor<1x64xf32>) {
  %t = "tile.broadcast"(%x) : (tensor<1x64xf32>) -> tensor<128x64xf32>   // size-1 dims grow
  // CHECK: "tile.broadcast"(%arg0) : (tensor<1x64xf32>) -> tensor<128x64xf32>
  return
}

// -----

// CHECK-LABEL: func.func @expand_dims
func.func @expand_dims(%x: tensor<128xf32>) {
  %t = "tile.expand_dims"(%x) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  // CHECK: "tile.expand_dims"(%arg0) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: tensor<4x32xf32>) {
  %t = "tile.reshape"(%x) : (tensor<4x32xf32>) -> tensor<128xf32>       // same element count, row-major
  // CHECK: "tile.reshape"(%arg0) : (tensor<4x32xf32>) -> tensor<128xf32>
  return
}

// -----

// CHECK-LABEL: func.func @trans
func.func @trans(%x: tensor<64x128xf16>) {
  %t = "tile.trans"(%x) {permutation = array<i32: 1, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  // CHECK: "tile.trans"(%arg0) {permutation = array<i32: 1, 0>} : (tensor<64x128xf16>) -> tensor<128x64xf16>
  return
}

// -----

// CHECK-LABEL: func.func @memory
func.func @memory(%mem: memref<?x?xf16>, %o0: index, %o1: index, %mask: tensor<128x64xi1>) {
  %t = "tile.load"(%mem, %o0, %o1) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  "tile.store"(%t, %mem, %o0, %o1) : (tensor<128x64xf16>, memref<?x?xf16>, index, index) -> ()
  %u = "tile.load_masked"(%mem, %mask, %o0, %o1) : (memref<?x?xf16>, tensor<128x64xi1>, index, index) -> tensor<128x64xf16>
  "tile.store_masked"(%t, %mem, %mask, %o0, %o1) : (tensor<128x64xf16>, memref<?x?xf16>, tensor<128x64xi1>, index, index) -> ()
  // CHECK: "tile.load"(%arg0, %arg1, %arg2) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  // CHECK: "tile.store"(
  // CHECK: "tile.load_masked"(%arg0, %arg3, %arg1, %arg2)
  // CHECK: "tile.store_masked"(
  return
}

// -----

// CHECK-LABEL: func.func @dot
func.func @dot(%a: tensor<128x64xf16>, %b: tensor<64x256xf16>, %acc: tensor<128x256xf32>) {
  %d = "tile.dot"(%a, %b, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
  // CHECK: "tile.dot"(%arg0, %arg1, %arg2) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<128x64xf32>) {
  %r = "tile.reduce"(%x) {axis = 1 : i32, kind = "max"} : (tensor<128x64xf32>) -> tensor<128xf32>
  // CHECK: "tile.reduce"(%arg0) {axis = 1 : i32, kind = "max"} : (tensor<128x64xf32>) -> tensor<128xf32>
  return
}

// -----

// v2 (docs/dialect.md section "v2").

// CHECK-LABEL: func.func @indirect
func.func @indirect(%mem: memref<?x?xf16>, %i0: tensor<32x64xi32>, %i1: tensor<32x64xi32>) {
  %t = "tile.gather"(%mem, %i0, %i1) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  "tile.scatter"(%t, %mem, %i0, %i1) : (tensor<32x64xf16>, memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> ()
  // CHECK: "tile.gather"(%arg0, %arg1, %arg2) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  // CHECK: "tile.scatter"(%{{.*}}, %arg0, %arg1, %arg2) : (tensor<32x64xf16>, memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @atomics
func.func @atomics(%v: tensor<128xf32>, %mem: memref<?xf32>, %i0: tensor<128xi32>,
                   %cmp: tensor<1xi32>, %w: tensor<1xi32>, %imem: memref<?xi32>, %j0: tensor<1xi32>) {
  %old = "tile.atomic_rmw"(%v, %mem, %i0) {kind = "add"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  // CHECK: "tile.atomic_rmw"(%arg0, %arg1, %arg2) {kind = "add"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  %old2 = "tile.atomic_cas"(%cmp, %w, %imem, %j0) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  // CHECK: "tile.atomic_cas"(%arg3, %arg4, %arg5, %arg6) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

// CHECK-LABEL: func.func @scan_rand
func.func @scan_rand(%x: tensor<64x128xf32>, %seed: i64, %offs: tensor<128xi32>) {
  %c = "tile.scan"(%x) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf32>
  %w = "tile.randint"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xi32>
  // CHECK: "tile.scan"(%arg0) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  // CHECK: "tile.rand"(%arg1, %arg2) : (i64, tensor<128xi32>) -> tensor<128xf32>
  // CHECK: "tile.randint"(%arg1, %arg2) : (i64, tensor<128xi32>) -> tensor<128xi32>
  return
}

// -----

// CHECK-LABEL: func.func @debug
func.func @debug(%x: tensor<16xf32>, %ok: tensor<128xi1>) {
  "tile.print"(%x) {prefix = "x"} : (tensor<16xf32>) -> ()
  "tile.assert"(%ok) {message = "token id in range"} : (tensor<128xi1>) -> ()
  // CHECK: "tile.print"(%arg0) {prefix = "x"} : (tensor<16xf32>) -> ()
  // CHECK: "tile.assert"(%arg1) {message = "token id in range"} : (tensor<128xi1>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @scalar_memory
func.func @scalar_memory(%mem: memref<?xi32>, %i: index) attributes {tile.kernel} {
  %s = memref.load %mem[%i] : memref<?xi32>          // scalar read (upstream op)
  memref.store %s, %mem[%i] : memref<?xi32>          // scalar write (upstream op)
  // CHECK: %[[S:.*]] = memref.load %arg0[%arg1] : memref<?xi32>
  // CHECK: memref.store %[[S]], %arg0[%arg1] : memref<?xi32>
  return
}
