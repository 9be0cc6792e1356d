// --split-input-file processes each chunk between marker lines as its own
// module and joins the printed modules with the marker line.
// RUN: tile-opt %s --split-input-file | FileCheck %s
// Without the flag the file is one module holding all three kernels.
// RUN: tile-opt %s | FileCheck %s --check-prefix=WHOLE

// CHECK:      module {
// CHECK-NEXT:   func.func @first(
// CHECK:      {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @second(
// CHECK:      {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third(
// CHECK-NOT:  // -----

// WHOLE:      module {
// WHOLE-NEXT:   func.func @first(
// WHOLE:        func.func @second(
// WHOLE:        func.func @third(
// WHOLE-NOT:  // -----
// WHOLE-NOT:  module

func.func @first(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

func.func @second(%m: memref<?xf16>) attributes {tile.kernel} {
  return
}

// -----

func.func @third(%m: memref<?xi32>) attributes {tile.kernel} {
  return
}
