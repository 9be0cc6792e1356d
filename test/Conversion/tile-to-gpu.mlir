// --tile-compile --emit=mlir: the kernel becomes a gpu.func with tile's ABI
// (pointer, sizes, strides per memref; scalars as themselves) whose threads
// hold the registers of each tile's layout.
// RUN: tile-opt %s --split-input-file --tile-compile --emit=mlir | FileCheck %s

// Loads and stores: a 16-byte vector on the fast path (in bounds, aligned),
// element-by-element guards otherwise.
// CHECK:       gpu.module @tile_kernels [#nvvm.target<O = 3, chip = "sm_90a">]
// CHECK:       gpu.func @vecadd(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: f32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>
// CHECK:         gpu.block_id x
// CHECK:         scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK:           llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK:             llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:         arith.addf {{.*}} : f32
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK:         gpu.return
//
// The same binary holds an entry for 16-byte aligned memrefs (the launcher
// picks it when every memref qualifies): the offset is a multiple of 4
// elements, so a group is wholly inside or wholly outside and needs no
// element-by-element path.
// CHECK:       gpu.func @vecadd__aligned16(
// CHECK:         scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK-NEXT:      llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[PAD:.*]], %[[PAD]], %[[PAD]], %[[PAD]] : f32, f32, f32, f32
// CHECK:         scf.if %{{.*}} {
// CHECK:           llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
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
// CHECK:       gpu.func @rowmax
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK-NOT:     gpu.barrier
// CHECK:         llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT:    gpu.barrier
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
// CHECK-LABEL: gpu.func @choose(
// CHECK:         %[[T:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK-NEXT:      llvm.load
// CHECK:         %[[R:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK-NEXT:      arith.negf %[[T]]#0 : f32
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[T]]#0, %[[T]]#1, %[[T]]#2, %[[T]]#3 : f32, f32, f32, f32
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
