// A tile-* name that is not a tile pass is a usage error (exit 2); the
// message points at the name and lists the tile passes. Nothing is printed.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalise))' 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalise))' 2>&1 | FileCheck %s --check-prefix=EXIT

// CHECK:      tile-opt: invalid pass pipeline at offset 25: unknown tile pass 'tile-canonicalise'; tile passes are: tile-verify tile-canonicalize
// CHECK-NEXT:   builtin.module(func.func(tile-canonicalise))
// CHECK-NEXT: {{^                             \^$}}
// CHECK-NOT:  module {

// EXIT-NOT:   module {
// EXIT:       exit code: 2
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
