// tile-pipeline{bulk-reduce=true} on sm_90a marks an atomic add of a whole
// box tile.tma_reduce: TileToGPU's aligned entry then adds it from shared
// memory with one bulk tensor reduction (GpuTmaReduce.c). Off by default
// (auto: slower so far on an H200, docs/gpu.md); never on other chips.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-pipeline{chip=sm_90a bulk-reduce=true})' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-pipeline{chip=sm_90a})' | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-pipeline{chip=sm_80 bulk-reduce=true})' | FileCheck %s --check-prefix=OFF
// OFF-NOT: tile.tma_reduce

// Attention's one-pass dQ: dQ^T ([d][queries], f32) added into
// dq[bh][query][d], the tile's rows along the memref's last dimension.
// CHECK-LABEL: func.func @transposed_box
// CHECK: "tile.atomic_rmw"{{.*}}tile.tma_reduce
func.func @transposed_box(%v: memref<?x?xf32>, %dq: memref<?x?x128xf32>, %q0: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = arith.index_cast %pid : index to i32
  %t = "tile.load"(%v, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<128x64xf32>
  %d = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %d1 = "tile.expand_dims"(%d) {axis = 1 : i32} : (tensor<128xi32>) -> tensor<128x1xi32>
  %rows = "tile.broadcast"(%d1) : (tensor<128x1xi32>) -> tensor<128x64xi32>
  %q = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %qs = "tile.splat"(%q0) : (i32) -> tensor<64xi32>
  %qq = arith.addi %q, %qs : tensor<64xi32>
  %q1 = "tile.expand_dims"(%qq) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%q1) : (tensor<1x64xi32>) -> tensor<128x64xi32>
  %b = "tile.splat"(%bh) : (i32) -> tensor<128x64xi32>
  %old = "tile.atomic_rmw"(%t, %dq, %b, %cols, %rows) {kind = "add", sem = "relaxed"} : (tensor<128x64xf32>, memref<?x?x128xf32>, tensor<128x64xi32>, tensor<128x64xi32>, tensor<128x64xi32>) -> tensor<128x64xf32>
  return
}

// -----

// A box added in order (acq_rel, the default) is not the async proxy's to
// order: element by element.
// CHECK-LABEL: func.func @ordered
// CHECK-NOT: tile.tma_reduce
// CHECK: return
func.func @ordered(%v: memref<?x?xf32>, %acc: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%v, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %rows = "tile.broadcast"(%r1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %c1 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%c1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
  %old = "tile.atomic_rmw"(%t, %acc, %rows, %cols) {kind = "add"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  return
}

// -----

// The program also reads the memref: the bulk reduction's writes would
// not be ordered with that load.
// CHECK-LABEL: func.func @read_too
// CHECK-NOT: tile.tma_reduce
// CHECK: return
func.func @read_too(%v: memref<?x?xf32>, %acc: memref<?x?xf32>, %o: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%v, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %rows = "tile.broadcast"(%r1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %c1 = "tile.expand_dims"(%r) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%c1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
  %old = "tile.atomic_rmw"(%t, %acc, %rows, %cols) {kind = "add", sem = "relaxed"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  %back = "tile.load"(%acc, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  "tile.store"(%back, %o, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Indices that are not a box (every row to the same column) stay atomics
// of their own.
// CHECK-LABEL: func.func @not_a_box
// CHECK-NOT: tile.tma_reduce
// CHECK: return
func.func @not_a_box(%v: memref<?x?xf32>, %acc: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%v, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %rows = "tile.broadcast"(%r1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %old = "tile.atomic_rmw"(%t, %acc, %rows, %zero) {kind = "add", sem = "relaxed"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  return
}
