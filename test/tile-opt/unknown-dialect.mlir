// Ops of a dialect nobody registered are parse errors (exit 1), in the
// generic and in the custom form.
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT

// CHECK: unknown-dialect.mlir:[[@LINE+4]]:{{[0-9]+}}: error: operation being parsed with an unregistered dialect
// EXIT: exit code: 1
func.func @generic(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  "nosuch.op"(%m, %c0) : (memref<?xf32>, index) -> ()
  return
}

// -----

// CHECK: unknown-dialect.mlir:[[@LINE+3]]:3: error: Dialect `nosuch' not found for custom op 'nosuch.op'
func.func @custom(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  nosuch.op %m, %c0
  return
}
