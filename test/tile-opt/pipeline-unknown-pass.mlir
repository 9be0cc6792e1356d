// A name that is neither a tile pass nor a registered upstream pass is a
// usage error (exit 2), with MLIR's message. Nothing is printed.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | FileCheck %s --check-prefix=EXIT
// An upstream pass option that does not exist is a usage error too.
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(canonicalize{no-such-option=1})' 2>&1 | FileCheck %s --check-prefix=OPTION

// CHECK:      tile-opt: invalid pass pipeline at offset 15: {{.*}}'canonicalise' does not refer to a registered pass or pass pipeline
// CHECK-NEXT:   builtin.module(canonicalise)
// CHECK-NEXT: {{^                 \^$}}
// CHECK-NOT:  module {

// EXIT:       exit code: 2

// OPTION:     tile-opt: invalid pass pipeline at offset 15: {{.*}}no such option no-such-option
// OPTION:     exit code: 2
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
