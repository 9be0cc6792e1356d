// tile passes take only the options they declare; tile-canonicalize has
// none, so any option is a usage error (exit 2) that names pass and option.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize{foo=1}))' 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize{foo=1}))' 2>&1 | FileCheck %s --check-prefix=EXIT
// An option without a value is reported as such.
// RUN: not tile-opt %s --pass-pipeline='func.func(tile-canonicalize{foo})' 2>&1 | FileCheck %s --check-prefix=NOVALUE
// Empty braces are no options at all.
// RUN: tile-opt %s --pass-pipeline='func.func(tile-canonicalize{})' | FileCheck %s --check-prefix=EMPTY

// CHECK:      tile-opt: invalid pass pipeline at offset 25: pass 'tile-canonicalize' has no option 'foo'
// CHECK-NEXT:   builtin.module(func.func(tile-canonicalize{foo=1}))
// CHECK-NEXT: {{^                           \^$}}
// CHECK-NOT:  module {

// EXIT:       exit code: 2

// NOVALUE:    tile-opt: invalid pass pipeline at offset 10: pass 'tile-canonicalize': option 'foo' needs a value (foo=...)

// EMPTY:      func.func @k
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
