// When an fp8 dot on wgmma promotes (lib/Analysis/Mma.h,
// tileDotPromotesF8): Hopper sums fp8 products in a 13-bit truncating
// accumulator, so a sum of more than 128 terms, or one that starts from an
// accumulator that is not a zero constant, goes in runs of at most 128
// terms of k, each started from zero (scale-d p false) and added into the
// f32 accumulator after its wait. A zero accumulator and K <= 128 is one
// run already; precision = "fast" keeps the tensor cores' own sum.
// RUN: tile-opt %s --kernel=long_k --tile-compile --emit=ptx | FileCheck %s --check-prefix=LONG
// RUN: tile-opt %s --kernel=short_k --tile-compile --emit=ptx | FileCheck %s --check-prefix=SHORT
// RUN: tile-opt %s --kernel=loaded_acc --tile-compile --emit=ptx | FileCheck %s --check-prefix=ACC
// RUN: tile-opt %s --kernel=fast_acc --tile-compile --emit=ptx | FileCheck %s --check-prefix=FAST

// K = 256 from zero: two runs of four k32 steps, each waited for and added.
// LONG-LABEL: .visible .entry long_k(
// LONG: setp.ne.b32 p, 0, 0;
// LONG-NEXT: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// LONG-COUNT-3: setp.ne.b32 p, 1, 0;
// LONG: wgmma.wait_group.sync.aligned 0;
// LONG: add.rn.f32
// LONG: setp.ne.b32 p, 0, 0;
// LONG-COUNT-3: setp.ne.b32 p, 1, 0;
// LONG: wgmma.wait_group.sync.aligned 0;
// LONG: add.rn.f32
// LONG-LABEL: .visible .entry long_k__aligned16(
func.func @long_k(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x256xf8E4M3FN>
  %tbt = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x256xf8E4M3FN>
  %tb = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<128x256xf8E4M3FN>) -> tensor<256x128xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<64x256xf8E4M3FN>, tensor<256x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// K = 128 from zero: one run, straight into the result (no add); its
// first k-step scales the +0 accumulator out, as any dot's does.
// SHORT-LABEL: .visible .entry short_k(
// SHORT: setp.ne.b32 p, 0, 0;
// SHORT-NEXT: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// SHORT-COUNT-3: setp.ne.b32 p, 1, 0;
// SHORT-NOT: add.rn.f32
// SHORT: wgmma.wait_group.sync.aligned 0;
// SHORT-NOT: add.rn.f32
// SHORT-LABEL: .visible .entry short_k__aligned16(
func.func @short_k(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
  %tbt = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
  %tb = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<128x128xf8E4M3FN>) -> tensor<128x128xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<64x128xf8E4M3FN>, tensor<128x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// K = 128 onto a loaded accumulator: one run from zero, then the add.
// ACC-LABEL: .visible .entry loaded_acc(
// ACC: setp.ne.b32 p, 0, 0;
// ACC: wgmma.wait_group.sync.aligned 0;
// ACC: add.rn.f32
// ACC-LABEL: .visible .entry loaded_acc__aligned16(
func.func @loaded_acc(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
  %tbt = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
  %tb = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<128x128xf8E4M3FN>) -> tensor<128x128xf8E4M3FN>
  %acc = "tile.load"(%c, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x128xf8E4M3FN>, tensor<128x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// The same with precision = "fast": no run from zero, no add.
// FAST-LABEL: .visible .entry fast_acc(
// FAST-NOT: setp.ne.b32 p, 0, 0;
// FAST: wgmma.wait_group.sync.aligned 0;
// FAST-NOT: add.rn.f32
// FAST-LABEL: .visible .entry fast_acc__aligned16(
func.func @fast_acc(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
  %tbt = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
  %tb = "tile.trans"(%tbt) {permutation = array<i32: 1, 0>} : (tensor<128x128xf8E4M3FN>) -> tensor<128x128xf8E4M3FN>
  %acc = "tile.load"(%c, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %acc) {precision = "fast"} : (tensor<64x128xf8E4M3FN>, tensor<128x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
