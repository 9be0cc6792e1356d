// A pipeline that does not follow the syntax is a usage error (exit 2); the
// message gives the offset of the problem and points at it.
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize)' 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='func.func(tile-canonicalize))' 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='builtin.module(canonicalize,)' 2>&1 | FileCheck %s --check-prefix=COMMA
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='canonicalize cse' 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline='func.func(tile-canonicalize{)' 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --pass-pipeline=',cse' 2>&1 | FileCheck %s --check-prefix=LEADING
// RUN: not tile-opt %s --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=NOT

// OPEN:      tile-opt: invalid pass pipeline at offset 43: expected ')'
// OPEN-NEXT:   builtin.module(func.func(tile-canonicalize)
// OPEN-NEXT: {{^                                             \^$}}
// OPEN-NEXT: exit code: 2

// CLOSE:      tile-opt: invalid pass pipeline at offset 28: unexpected ')'
// CLOSE-NEXT:   func.func(tile-canonicalize))
// CLOSE-NEXT: {{^                              \^$}}
// CLOSE-NEXT: exit code: 2

// COMMA:      tile-opt: invalid pass pipeline at offset 28: expected a pass after ','
// COMMA-NEXT:   builtin.module(canonicalize,)
// COMMA-NEXT: {{^                              \^$}}
// COMMA-NEXT: exit code: 2

// SPACE:      tile-opt: invalid pass pipeline at offset 13: expected ',' between pipeline elements
// SPACE:      exit code: 2

// BRACE:      tile-opt: invalid pass pipeline at offset 27: unbalanced '{'
// BRACE:      exit code: 2

// LEADING:    tile-opt: invalid pass pipeline at offset 0: expected a pass or operation name
// LEADING:    exit code: 2

// NOT:        invalid pass pipeline at offset 18: expected ')'
func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}
