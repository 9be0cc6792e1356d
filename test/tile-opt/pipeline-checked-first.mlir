// A bad pipeline is reported as a usage error (exit 2) before the input is
// looked at, even when the input itself is broken.
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(bogus)' 2>&1 | FileCheck %s

// CHECK:     tile-opt: invalid pass pipeline at offset 15: {{.*}}'bogus' does not refer to a registered pass
// CHECK-NOT: error: tile.program_id
// CHECK:     exit code: 2
func.func @k() attributes {tile.kernel} {
  %i = "tile.program_id"() {axis = 9 : i32} : () -> index
  return
}
