// -o writes the result to a file and nothing to stdout.
// RUN: tile-opt %s -o %t | count 0
// RUN: FileCheck %s < %t
// -o=<file> and --o are the same.
// RUN: tile-opt %s -o=%t.2 && FileCheck %s < %t.2
// RUN: tile-opt %s --o %t.3 && FileCheck %s < %t.3
// An output file that cannot be opened is an error (exit 1).
// RUN: not tile-opt %s -o %t.missing-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s -o %t.missing-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=EXIT
// A write error (a full disk) is reported, not a silent exit 1.
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: tile-opt: cannot write output file '/dev/full': No space left on device
// FULL-NEXT: exit code: 1
// A failed run leaves no output file: not a new one, nor an earlier run's.
// RUN: echo 'func.func @k( {' > %t.bad.mlir
// RUN: echo stale > %t.out.tpkg
// RUN: not tile-opt %t.bad.mlir --tile-compile --emit=package -o %t.out.tpkg 2>/dev/null
// RUN: not test -e %t.out.tpkg
// RUN: not tile-opt %t.bad.mlir -o %t.new.mlir 2>/dev/null
// RUN: not test -e %t.new.mlir

// CHECK:      module {
// CHECK-NEXT:   func.func @zero(%arg0: memref<64xf32>) attributes {tile.kernel} {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK-NEXT:     "tile.store"(%cst, %arg0, %c0)

// ERR: tile-opt: cannot open output file '{{.*}}missing-dir/out.mlir'
// EXIT: exit code: 1
func.func @zero(%m: memref<64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0.0> : tensor<64xf32>
  "tile.store"(%z, %m, %c0) : (tensor<64xf32>, memref<64xf32>, index) -> ()
  return
}
