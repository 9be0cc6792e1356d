// What LLVM must not hoist out of a loop (lib/Conversion/TileToGPU/
// GpuIndirect.c, DotOpToNVVM/GpuWgmma.c): each value that would become one
// register per element (or per wgmma k-step) for the whole loop goes
// through gpuOpaque, an empty asm LLVM keeps in the loop.
//
// An atomic (gather, scatter) whose index tiles are affine forms of the
// element's coordinates addresses every register from register 0's
// indices, opaque in a loop, plus a constant; so does the dynamic stride.
// Where every element a thread holds is in bounds (one test of the least
// and greatest offsets), its reductions are unpredicated (ptxas makes a
// predicated red a branch around it); otherwise each is predicated.
// RUN: tile-opt %s --tile-compile --kernel=affine --emit=mlir --no-cache | FileCheck %s --check-prefix=AFFINE
// AFFINE-LABEL: llvm.func @affine__aligned16(
// AFFINE: scf.for
// AFFINE: has_side_effects "mov.b32 $0, $1;"
// AFFINE: has_side_effects "mov.b64 $0, $1;"
// AFFINE: has_side_effects "mov.b32 $0, $1;"
// AFFINE: "red.relaxed.gpu.global.add.f32 [$0], $1;
// AFFINE: } else {
// AFFINE-NOT: "red.relaxed.gpu.global.add.f32 [$0], $1;
// AFFINE: "@$0 red.relaxed.gpu.global.add.f32 [$1], $2;
//
// Not a form in wrapping i32 arithmetic: an extension, and an i32 index
// falling from register 0 (its sum could wrap back into bounds). An i64
// index may fall (it wraps as the address does).
// An exchange whose result is unused stays an atom: PTX has no red.exch
// (ptxas refused it; gen2's thirteenth version found it).
// RUN: tile-opt %s --tile-compile --kernel=exchange --emit=mlir --no-cache | FileCheck %s --check-prefix=XCHG
// XCHG-LABEL: llvm.func @exchange__aligned16(
// XCHG-NOT: red.relaxed
// XCHG: atom.relaxed.gpu.global.exch.b32
// XCHG-NOT: red.relaxed
//
// RUN: tile-opt %s --tile-compile --kernel=extended --emit=mlir --no-cache | FileCheck %s --check-prefix=PLAIN
// RUN: tile-opt %s --tile-compile --kernel=falling32 --emit=mlir --no-cache | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: "mov.b32 $0, $1;"
// PLAIN-NOT: "mov.b64 $0, $1;"
// PLAIN-NOT: "red.relaxed.gpu.global.add.f32 [$0], $1;
// PLAIN: "@$0 red.relaxed.gpu.global.add.f32 [$1], $2;
// RUN: tile-opt %s --tile-compile --kernel=falling64 --emit=mlir --no-cache | FileCheck %s --check-prefix=FALLING64
// FALLING64: scf.for
// FALLING64: has_side_effects "mov.b64 $0, $1;"
// FALLING64: red.relaxed.gpu.global.add.f32
//
// wgmma's A descriptors in a loop that carries 128 registers a thread
// (two 128x128 f32 accumulators on 8 warps) without a producer warpgroup
// (with one they come from lane 0's warpgroup index, GpuWgmma.c): from
// one opaque value per block; with one accumulator (64) LLVM may hoist
// them.
// RUN: tile-opt %s --tile-compile="warp-specialize=false" --kernel=heavy --emit=mlir --no-cache | FileCheck %s --check-prefix=HEAVY
// HEAVY: scf.for
// HEAVY: has_side_effects "mov.b64 $0, $1;"
// HEAVY: nvvm.wgmma.mma_async
// RUN: tile-opt %s --tile-compile --kernel=light --emit=mlir --no-cache | FileCheck %s --check-prefix=LIGHT
// LIGHT-NOT: "mov.b64 $0, $1;"
// LIGHT: nvvm.wgmma.mma_async

func.func @affine(%out: memref<?x?xf32>, %v: memref<?x64xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %rows = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %c1 = "tile.expand_dims"(%cols) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cb = "tile.broadcast"(%c1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
  scf.for %m0 = %c0 to %n step %c64 {
    %t = "tile.load"(%v, %m0, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
    %m32 = arith.index_cast %m0 : index to i32
    %m = "tile.splat"(%m32) : (i32) -> tensor<64xi32>
    %r = arith.addi %rows, %m : tensor<64xi32>
    %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %rb = "tile.broadcast"(%r1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
    %old = "tile.atomic_rmw"(%t, %out, %rb, %cb) {kind = "add", sem = "relaxed"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  }
  return
}

func.func @extended(%out: memref<?xf32>, %v: memref<?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %r = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  scf.for %i = %c0 to %n step %c1024 {
    %t = "tile.load"(%v, %i) : (memref<?xf32>, index) -> tensor<1024xf32>
    %i32 = arith.index_cast %i : index to i32
    %s = "tile.splat"(%i32) : (i32) -> tensor<1024xi32>
    %x = arith.addi %r, %s : tensor<1024xi32>
    %x64 = arith.extsi %x : tensor<1024xi32> to tensor<1024xi64>
    %old = "tile.atomic_rmw"(%t, %out, %x64) {kind = "add", sem = "relaxed"} : (tensor<1024xf32>, memref<?xf32>, tensor<1024xi64>) -> tensor<1024xf32>
  }
  return
}

func.func @falling32(%out: memref<?xf32>, %v: memref<?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %r = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  scf.for %i = %c0 to %n step %c1024 {
    %t = "tile.load"(%v, %i) : (memref<?xf32>, index) -> tensor<1024xf32>
    %i32 = arith.index_cast %i : index to i32
    %s = "tile.splat"(%i32) : (i32) -> tensor<1024xi32>
    %x = arith.subi %s, %r : tensor<1024xi32>
    %old = "tile.atomic_rmw"(%t, %out, %x) {kind = "add", sem = "relaxed"} : (tensor<1024xf32>, memref<?xf32>, tensor<1024xi32>) -> tensor<1024xf32>
  }
  return
}

func.func @falling64(%out: memref<?xf32>, %v: memref<?xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %r = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  %r64 = arith.extsi %r : tensor<1024xi32> to tensor<1024xi64>
  scf.for %i = %c0 to %n step %c1024 {
    %t = "tile.load"(%v, %i) : (memref<?xf32>, index) -> tensor<1024xf32>
    %i64 = arith.index_cast %i : index to i64
    %s = "tile.splat"(%i64) : (i64) -> tensor<1024xi64>
    %x = arith.subi %s, %r64 : tensor<1024xi64>
    %old = "tile.atomic_rmw"(%t, %out, %x) {kind = "add", sem = "relaxed"} : (tensor<1024xf32>, memref<?xf32>, tensor<1024xi64>) -> tensor<1024xf32>
  }
  return
}

func.func @heavy(%a: memref<?x64xf16>, %b: memref<?x128xf16>, %c: memref<?x128xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<128x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %s:2 = scf.for %k = %c0 to %n step %c64 iter_args(%x = %z, %y = %z) -> (tensor<128x128xf32>, tensor<128x128xf32>) {
    %tb = "tile.load"(%b, %k, %c0) : (memref<?x128xf16>, index, index) -> tensor<64x128xf16>
    %x1 = "tile.dot"(%ta, %tb, %x) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %y1 = "tile.dot"(%ta, %tb, %x1) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %x1, %y1 : tensor<128x128xf32>, tensor<128x128xf32>
  }
  %sum = arith.addf %s#0, %s#1 : tensor<128x128xf32>
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<128x128xf32>, memref<?x128xf32>, index, index) -> ()
  return
}

func.func @light(%a: memref<?x64xf16>, %b: memref<?x128xf16>, %c: memref<?x128xf32>, %n: index)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<128x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %s = scf.for %k = %c0 to %n step %c64 iter_args(%x = %z) -> (tensor<128x128xf32>) {
    %tb = "tile.load"(%b, %k, %c0) : (memref<?x128xf16>, index, index) -> tensor<64x128xf16>
    %x1 = "tile.dot"(%ta, %tb, %x) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %x1 : tensor<128x128xf32>
  }
  "tile.store"(%s, %c, %c0, %c0) : (tensor<128x128xf32>, memref<?x128xf32>, index, index) -> ()
  return
}

func.func @exchange(%out: memref<?xi32>, %v: memref<?xi32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%v, %c0) : (memref<?xi32>, index) -> tensor<512xi32>
  %r = "tile.range"() {start = 0 : i32, end = 512 : i32} : () -> tensor<512xi32>
  %old = "tile.atomic_rmw"(%t, %out, %r) {kind = "xchg", sem = "relaxed"} : (tensor<512xi32>, memref<?xi32>, tensor<512xi32>) -> tensor<512xi32>
  return
}
