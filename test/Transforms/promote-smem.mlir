// tile-promote-smem records how each tensor-core dot stages its operands in
// shared memory (tile.smem_a, tile.smem_b): swizzled rows of 16-byte chunks;
// B is stored transposed ([N][K]) when ldmatrix cannot transpose it (32-
// and 8-bit elements); an A already in fragment form is not staged.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts,tile-promote-smem)' | FileCheck %s

// f16: A 128x32 in rows of 64 bytes (2 rows share a 128-byte line: 4
// phases of 2 rows); B 32x128 in rows of 256 bytes (8 phases).
// CHECK-LABEL: func.func @f16
// CHECK:       "tile.dot"{{.*}}tile.smem_a = {bytes = 8192 : i64, elem_bytes = 2 : i64, max_phase = 4 : i64, per_phase = 2 : i64, row_elems = 32 : i64, transposed = false}, tile.smem_b = {bytes = 8192 : i64, elem_bytes = 2 : i64, max_phase = 8 : i64, per_phase = 1 : i64, row_elems = 128 : i64, transposed = false}
func.func @f16(%x: memref<?x?xf16>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
  %b = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// tf32: B transposed, rows of K = 32 f32 (128 bytes).
// CHECK-LABEL: func.func @tf32
// CHECK:       "tile.dot"{{.*}}tile.smem_b = {bytes = 16384 : i64, elem_bytes = 4 : i64, max_phase = 8 : i64, per_phase = 1 : i64, row_elems = 32 : i64, transposed = true}
func.func @tf32(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x32xf32>
  %b = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x128xf32>
  %d = "tile.dot"(%a, %b, %zero) : (tensor<64x32xf32>, tensor<32x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Chained dots: the second A is the first result's registers (no
// tile.smem_a); the FMA dot (precision = "ieee") gets nothing.
// CHECK-LABEL: func.func @chain
// CHECK:       "tile.dot"{{.*}}tile.smem_a = {{.*}}tile.smem_b =
// CHECK:       "tile.dot"
// CHECK-NOT:   tile.smem_a
// CHECK-SAME:  tile.smem_b = {bytes = 8192 : i64
// CHECK:       "tile.dot"
// CHECK-NOT:   tile.smem
// CHECK:       return
func.func @chain(%x: memref<?x?xf16>, %f: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
  %b = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
  %h = "tile.dot"(%a, %b, %zero) : (tensor<128x32xf16>, tensor<32x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  %h16 = arith.truncf %h : tensor<128x64xf32> to tensor<128x64xf16>
  %w = "tile.load"(%x, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %o = "tile.dot"(%h16, %w, %zero) : (tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  %fa = "tile.load"(%f, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %p = "tile.dot"(%fa, %fa, %z) {precision = "ieee"} : (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%o, %y, %c0, %c0) : (tensor<128x64xf32>, memref<?x?xf32>, index, index) -> ()
  "tile.store"(%p, %f, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
