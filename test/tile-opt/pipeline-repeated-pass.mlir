// The same pass may appear more than once in one pipeline; each occurrence
// runs, in order, and a second tile-canonicalize finds nothing left to do.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse,func.func(tile-canonicalize))' | FileCheck %s
// RUN: tile-opt %s --mlir-timing --pass-pipeline='builtin.module(func.func(tile-canonicalize),cse,func.func(tile-canonicalize))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// Output fed back in is processed again to the same result.
// RUN: tile-opt %s -p 'builtin.module(func.func(tile-canonicalize),cse)' | tile-opt -p 'builtin.module(func.func(tile-canonicalize),cse)' | FileCheck %s --check-prefix=AGAIN

// CHECK-LABEL: func.func @k
// CHECK-NOT:     "tile.broadcast"
// CHECK:         %[[T:.*]] = "tile.splat"(%{{.*}}) : (f32) -> tensor<64x32xf32>
// CHECK:         "tile.store"(%[[T]],

// TIMING:      'func.func' Pipeline
// TIMING-NEXT:   tile-canonicalize
// TIMING-NEXT: CSE
// TIMING:      'func.func' Pipeline
// TIMING-NEXT:   tile-canonicalize

// AGAIN-LABEL: func.func @k
// AGAIN:         %[[T:.*]] = "tile.splat"(%{{.*}}) : (f32) -> tensor<64x32xf32>
// AGAIN-NEXT:    "tile.store"(%[[T]],
func.func @k(%s: f32, %out: memref<64x32xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.splat"(%s) : (f32) -> tensor<1x32xf32>
  %b = "tile.broadcast"(%a) : (tensor<1x32xf32>) -> tensor<64x32xf32>
  "tile.store"(%b, %out, %c0, %c0) : (tensor<64x32xf32>, memref<64x32xf32>, index, index) -> ()
  return
}
