// tile passes take only the options they declare (tile-canonicalize only
// asserts=), so another is a usage error (exit 2) that names pass and
// option, and what the pass accepts.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize{foo=1}))' 2>&1 | FileCheck %s
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize{foo=1}))' 2>&1 | FileCheck %s --check-prefix=EXIT
// An option without a value is reported as such.
// RUN: not tile-opt %s --pass-pipeline='func.func(tile-canonicalize{foo})' 2>&1 | FileCheck %s --check-prefix=NOVALUE
// A numeric option takes what --tile-compile takes for it, so a pipeline
// and a compile agree: num-warps=3 is refused by both.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(tile-assign-layouts{num-warps=3})' 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not tile-opt %s --tile-compile=num-warps=3 2>&1 | FileCheck %s --check-prefix=CWARPS
// RUN: not tile-opt %s --pass-pipeline='builtin.module(tile-pipeline{num-stages=9})' 2>&1 | FileCheck %s --check-prefix=STAGES
// WARPS: pass 'tile-assign-layouts': num-warps wants a power of two from 1 to 32, got '3'
// CWARPS: --tile-compile: num-warps wants a power of two from 1 to 32, got '3'
// STAGES: pass 'tile-pipeline': num-stages wants auto or an integer from 1 to 8, got '9'
// Empty braces are no options at all.
// RUN: tile-opt %s --pass-pipeline='func.func(tile-canonicalize{})' | FileCheck %s --check-prefix=EMPTY

// CHECK:      tile-opt: invalid pass pipeline at offset 25: pass 'tile-canonicalize': no option 'foo'; it accepts: asserts
// CHECK-NEXT:   builtin.module(func.func(tile-canonicalize{foo=1}))
// CHECK-NEXT: {{^                           \^$}}
// CHECK-NOT:  module {

// EXIT:       exit code: 2

// NOVALUE:    tile-opt: invalid pass pipeline at offset 10: pass 'tile-canonicalize': option 'foo' needs a value (foo=...)

// EMPTY:      func.func @k
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
