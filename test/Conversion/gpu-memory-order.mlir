// RUN: tile-opt %s --split-input-file --tile-compile --emit=mlir | FileCheck %s
//
// A program's own accesses to one memref stay in order (docs/dialect.md,
// "Programs"; lib/Analysis/MemoryOrder.h): a barrier of its threads
// between a store and a later load or store of the same memref, or a load
// and a later store, where another thread may hold the element; none where
// each thread touches only what it touched before, or where atomics
// commute. test/Run/memory-order.test runs such kernels.

// An i8 tile written transposed and read back coalesced: the barrier
// comes between the last store and the first load of %tmp.
// CHECK-LABEL: llvm.func @raw_other_threads__aligned16(
// CHECK:         st.global.b32
// CHECK-NOT:     ld.global
// CHECK:         nvvm.barrier0
// CHECK-NOT:     st.global
// CHECK:         ld.global
func.func @raw_other_threads(%x: memref<?x?xf32>, %tmp: memref<?x?xi8>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %i = arith.fptosi %tt : tensor<64x64xf32> to tensor<64x64xi8>
  "tile.store"(%i, %tmp, %c0, %c0) : (tensor<64x64xi8>, memref<?x?xi8>, index, index) -> ()
  %u = "tile.load"(%tmp, %c0, %c0) : (memref<?x?xi8>, index, index) -> tensor<64x64xi8>
  %f = arith.sitofp %u : tensor<64x64xi8> to tensor<64x64xf32>
  %r = "tile.reduce"(%f) {axis = 0 : i32, kind = "add"} : (tensor<64x64xf32>) -> tensor<64xf32>
  "tile.store"(%r, %out, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// The same tile type at the same offsets: each thread reads what it wrote.
// CHECK-LABEL: llvm.func @raw_same_threads__aligned16(
// CHECK:         st.global
// CHECK-NOT:     nvvm.barrier0
// CHECK:         ld.global
func.func @raw_same_threads(%x: memref<?xf32>, %tmp: memref<?xf32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<512xf32>
  "tile.store"(%t, %tmp, %c0) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  %u = "tile.load"(%tmp, %c0) : (memref<?xf32>, index) -> tensor<512xf32>
  "tile.store"(%u, %out, %c0) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A store over what the program loaded (another tile type): the load's
// threads must have read before another thread overwrites.
// CHECK-LABEL: llvm.func @war__aligned16(
// CHECK:         ld.global
// CHECK:         st.global
// CHECK-NOT:     llvm.return
// CHECK:         nvvm.barrier0
// CHECK:         st.global
func.func @war(%m: memref<?xf32>, %out: memref<?xf32>, %s: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<512xf32>
  "tile.store"(%t, %out, %c0) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  %v = "tile.splat"(%s) : (f32) -> tensor<1024xf32>
  "tile.store"(%v, %m, %c0) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// In place, a box per iteration that moves by its size: no iteration
// touches another's elements, and within one each thread keeps its own.
// CHECK-LABEL: llvm.func @in_place_loop__aligned16(
// CHECK-NOT:     nvvm.barrier0
// CHECK:         llvm.return
func.func @in_place_loop(%m: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  scf.for %i = %c0 to %n step %c1 {
    %o = arith.muli %i, %c512 : index
    %t = "tile.load"(%m, %o) : (memref<?xf32>, index) -> tensor<512xf32>
    %d = arith.addf %t, %t : tensor<512xf32>
    "tile.store"(%d, %m, %o) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  }
  return
}

// -----

// Boxes that overlap the next iteration's: the next load may read an
// element another thread stored.
// CHECK-LABEL: llvm.func @overlapping_loop__aligned16(
// CHECK:         scf.for
// CHECK:         nvvm.barrier0
// CHECK:         ld.global
// CHECK:         st.global
func.func @overlapping_loop(%m: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %o = arith.muli %i, %c256 : index
    %t = "tile.load"(%m, %o) : (memref<?xf32>, index) -> tensor<512xf32>
    %d = arith.addf %t, %t : tensor<512xf32>
    "tile.store"(%d, %m, %o) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  }
  return
}

// -----

// Accumulating in memory at one box: every iteration's threads own the
// same elements.
// CHECK-LABEL: llvm.func @same_box_loop__aligned16(
// CHECK-NOT:     nvvm.barrier0
// CHECK:         llvm.return
func.func @same_box_loop(%m: memref<?xf32>, %x: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  scf.for %i = %c0 to %n step %c1 {
    %o = arith.muli %i, %c512 : index
    %a = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<512xf32>
    %b = "tile.load"(%x, %o) : (memref<?xf32>, index) -> tensor<512xf32>
    %d = arith.addf %a, %b : tensor<512xf32>
    "tile.store"(%d, %m, %c0) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  }
  return
}

// -----

// A scalar written and read back: every thread writes it and reads its own.
// Then a tile over it: a barrier.
// CHECK-LABEL: llvm.func @scalar__aligned16(
// CHECK:         llvm.store
// CHECK-NOT:     nvvm.barrier0
// CHECK:         llvm.load
// CHECK:         nvvm.barrier0
// CHECK:         ld.global
func.func @scalar(%m: memref<?xf32>, %out: memref<?xf32>, %s: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  memref.store %s, %m[%c0] : memref<?xf32>
  %v = memref.load %m[%c0] : memref<?xf32>
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<512xf32>
  %w = "tile.splat"(%v) : (f32) -> tensor<512xf32>
  %d = arith.addf %t, %w : tensor<512xf32>
  "tile.store"(%d, %out, %c0) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Atomics whose results are unused, of one kind, commute: no barrier
// between them. A gather after them must see every update.
// CHECK-LABEL: llvm.func @atomics__aligned16(
// CHECK:         red.
// CHECK-NOT:     nvvm.barrier0
// CHECK:         red.
// CHECK:         nvvm.barrier0
// CHECK:         ld.global
func.func @atomics(%m: memref<?xi32>, %idx: memref<?xi32>, %out: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = "tile.load"(%idx, %c0) : (memref<?xi32>, index) -> tensor<256xi32>
  %one = arith.constant dense<1> : tensor<256xi32>
  %a = "tile.atomic_rmw"(%one, %m, %i) {kind = "add", sem = "relaxed"} : (tensor<256xi32>, memref<?xi32>, tensor<256xi32>) -> tensor<256xi32>
  %b = "tile.atomic_rmw"(%one, %m, %i) {kind = "add", sem = "relaxed"} : (tensor<256xi32>, memref<?xi32>, tensor<256xi32>) -> tensor<256xi32>
  %g = "tile.gather"(%m, %i) : (memref<?xi32>, tensor<256xi32>) -> tensor<256xi32>
  "tile.store"(%g, %out, %c0) : (tensor<256xi32>, memref<?xi32>, index) -> ()
  return
}
