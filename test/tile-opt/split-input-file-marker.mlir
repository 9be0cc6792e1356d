// --split-input-file=<marker> splits at lines that start with <marker> and
// joins the outputs with the same marker; the default marker is then a comment.
// RUN: tile-opt %s '--split-input-file=// === next' | FileCheck %s
// With the default marker the first kernel is cut in two.
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=DEFAULT
// Without splitting, the two kernels named @a clash in one module.
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// CHECK:      module {
// CHECK-NEXT:   func.func @a(%arg0: memref<?xf32>)
// CHECK:      {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: // === next
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @a(%arg0: memref<?xf16>)
// CHECK-NOT:  // -----
// CHECK-NOT:  // === next

// DEFAULT: split-input-file-marker.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected operation name in quotes

func.func @a(%m: memref<?xf32>) attributes {tile.kernel} {
// -----
  return
}

// === next

// WHOLE: split-input-file-marker.mlir:[[@LINE+1]]:1: error: redefinition of symbol named 'a'
func.func @a(%m: memref<?xf16>) attributes {tile.kernel} {
  return
}
