// tile-assign-layouts on the v2 ops: a gather with a contiguous innermost
// index runs in its data's default layout (8 f16 per thread along the row:
// 16-byte accesses); its index tiles follow. rand takes its offsets' layout.
// RUN: tile-opt %s -p 'builtin.module(tile-coalesce,tile-assign-layouts)' | FileCheck %s

// CHECK-LABEL: func.func @gather
// CHECK: "tile.gather"
// CHECK-SAME: -> tensor<32x64xf16, {order = array<i32: 1, 0>, size_per_thread = array<i32: 1, 8>
func.func @gather(%m: memref<?x?xf16>, %out: memref<?x?xf16>, %row: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %rows = "tile.splat"(%row) : (i32) -> tensor<32x64xi32>
  %c = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %ce = "tile.expand_dims"(%c) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%ce) : (tensor<1x64xi32>) -> tensor<32x64xi32>
  %t = "tile.gather"(%m, %rows, %cols) : (memref<?x?xf16>, tensor<32x64xi32>, tensor<32x64xi32>) -> tensor<32x64xf16>
  "tile.store"(%t, %out, %c0, %c0) : (tensor<32x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @rand
// CHECK: %[[OFFS:.*]] = "tile.load"{{.*}} -> tensor<128xi32, [[L:.*]]>
// CHECK: "tile.rand"(%{{.*}}, %[[OFFS]]) : (i64, tensor<128xi32, [[L]]>) -> tensor<128xf32, [[L]]>
// CHECK: "tile.scan"({{.*}}) {{.*}}tile.layout = "blocked"
func.func @rand(%o: memref<?xi32>, %u: memref<?xf32>, %seed: i64) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %offs = "tile.load"(%o, %c0) : (memref<?xi32>, index) -> tensor<128xi32>
  %r = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf32>
  %s = "tile.scan"(%r) {axis = 0 : i32, kind = "add"} : (tensor<128xf32>) -> tensor<128xf32>
  "tile.store"(%s, %u, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
