// --verify-diagnostics also matches remarks, here emitted by the upstream
// transform interpreter at a tile op; a file with only remarks succeeds.
// RUN: tile-opt %s --verify-diagnostics --pass-pipeline='builtin.module(transform-interpreter)' | FileCheck %s

// CHECK: func.func @k(
// CHECK: "tile.store"
module attributes {transform.with_named_sequence} {
  func.func @k(%m: memref<?xf32>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : index
    // expected-remark @below {{found a load}}
    %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
    "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loads = transform.structured.match ops{["tile.load"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %loads, "found a load" : !transform.any_op
    transform.yield
  }
}
