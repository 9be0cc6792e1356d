// --tile-compile --emit=mlir: the kernel becomes a kernel llvm.func with tile's ABI
// (pointer, sizes, strides per memref; scalars as themselves) whose threads
// hold the registers of each tile's layout.
// RUN: tile-opt %s --split-input-file --tile-compile --emit=mlir | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-compile --emit=mlir | FileCheck %s --check-prefix=ONCE

// Loads and stores: a 16-byte vector on the fast path (in bounds, aligned),
// element-by-element otherwise, each a predicated ld/st.global in inline PTX
// (straight-line code; the defaults are moved in first).
// Each constant is built once per function, at its top, however many
// registers use it (lib/IR/BuildCache.h).
// ONCE-LABEL:  llvm.func @vecadd(
// ONCE:          arith.constant 4 : index
// ONCE-NOT:      arith.constant 4 : index
// ONCE:        llvm.func @vecadd__aligned16(
// CHECK:       gpu.module @tile_kernels [#nvvm.target<O = 3, chip = "sm_90a">]
// CHECK:       llvm.func @vecadd(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: f32) attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 1, 1>, nvvm.kernel
// CHECK:         nvvm.read.ptx.sreg.ctaid.x
// CHECK:         llvm.inline_asm "mov.b32 $0, $5;{{.*}}@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$9];", "=r,=r,=r,=r,b,r,r,r,r,l" {{.*}} : (i1, i32, i32, i32, i32, !llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
// An element's bounds test is one unsigned compare (a negative index wraps
// above every size).
// CHECK:         arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK:         llvm.inline_asm "mov.b32 $0, $2;{{.*}}@$1 ld.global.b32 $0, [$3];", "=r,b,r,l"
// CHECK:         arith.addf {{.*}} : f32
// CHECK:         llvm.inline_asm has_side_effects "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
// CHECK:         llvm.inline_asm has_side_effects "@$0 st.global.b32 [$1], $2;", "b,l,r"
// CHECK:         llvm.return
//
// The same binary holds an entry for 16-byte aligned memrefs (the launcher
// picks it when every memref qualifies): the offset is a multiple of 4
// elements, so a group is wholly inside or wholly outside and needs no
// element-by-element path.
// CHECK:       llvm.func @vecadd__aligned16(
// CHECK:         ld.global.v4.b32
// CHECK-NOT:     ld.global.b32
// CHECK:         st.global.v4.b32
// CHECK-NOT:     st.global.b32
// CHECK:         llvm.return
func.func @vecadd(%x: memref<?xf32>, %z: memref<?xf32>, %s: f32) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c512 = arith.constant 512 : index
  %o = arith.muli %pid, %c512 : index
  %a = "tile.load"(%x, %o) : (memref<?xf32>, index) -> tensor<512xf32>
  %sv = "tile.splat"(%s) : (f32) -> tensor<512xf32>
  %b = arith.addf %a, %sv : tensor<512xf32>
  "tile.store"(%b, %z, %o) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A reduction over 1024 columns spread on 32 lanes and 2 warps: registers,
// then xor shuffles (offsets 1 to 16), then shared memory between the warps,
// in a region of its own: one barrier between the writes and the reads.
// CHECK:       llvm.mlir.global internal @__tile_reduce_rowmax() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8 x i8>
// CHECK:       llvm.func @rowmax
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-NOT:     nvvm.barrier0
// CHECK:         llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT:    nvvm.barrier0
// CHECK:         llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:         arith.maximumf
func.func @rowmax(%x: memref<?x?xf32>, %y: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x1024xf32>
  %m = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<1x1024xf32>) -> tensor<1xf32>
  "tile.store"(%m, %y, %c0) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Control flow carries every register of its tiles: an scf.if yielding a
// 256-element f32 tile (4 registers a thread: one 16-byte group) yields 4
// values, and its users take them register by register.
// CHECK-LABEL: llvm.func @choose(
// CHECK:         ld.global.v4.b32
// CHECK:         %[[R:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK-NEXT:      arith.negf %[[T0:.*]] : f32
// CHECK-NEXT:      arith.negf %[[T1:.*]] : f32
// CHECK-NEXT:      arith.negf %[[T2:.*]] : f32
// CHECK-NEXT:      arith.negf %[[T3:.*]] : f32
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[T0]], %[[T1]], %[[T2]], %[[T3]] : f32, f32, f32, f32
// CHECK:         arith.addf %[[R]]#0, %[[R]]#0 : f32
// CHECK:         arith.addf %[[R]]#3, %[[R]]#3 : f32
func.func @choose(%x: memref<?xf32>, %flag: i1) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<256xf32>
  %r = scf.if %flag -> (tensor<256xf32>) {
    %n = arith.negf %t : tensor<256xf32>
    scf.yield %n : tensor<256xf32>
  } else {
    scf.yield %t : tensor<256xf32>
  }
  %d = arith.addf %r, %r : tensor<256xf32>
  "tile.store"(%d, %x, %c0) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// A 64-bit reduction shuffles each value as two 32-bit halves: two
// shfl.sync per step, five steps.
// CHECK-LABEL: llvm.func @rowmax64(
// CHECK-COUNT-10: nvvm.shfl.sync  bfly {{.*}} : i32 -> i32
// CHECK:         arith.maxsi {{.*}} : i64
// CHECK-NOT:     nvvm.shfl.sync
// CHECK-LABEL: llvm.func @rowmax64__aligned16(
func.func @rowmax64(%x: memref<?x?xi64>, %y: memref<?xi64>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xi64>, index, index) -> tensor<1x256xi64>
  %m = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<1x256xi64>) -> tensor<1xi64>
  "tile.store"(%m, %y, %c0) : (tensor<1xi64>, memref<?xi64>, index) -> ()
  return
}
