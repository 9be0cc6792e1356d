// RUN: tile-opt %s --tile-compile=chip=sm_90a --emit=mlir | FileCheck %s
//
// f32 -> f8 on sm_89 and later converts two registers at a time
// (lib/Conversion/TileToGPU/GpuFp8.c): PTX's cvt...e4m3x2.f32 d, a, b puts
// a's result in d's upper byte and b's in its lower one. The pair's
// element 1 goes in as a and element 0 as b, so the i16 holds the two in
// memory order (element 0 the lower byte), which lets a pack of the four
// bytes (gpuPackBytes) take each i16 whole. With one warp and 64
// elements each thread holds elements 4t .. 4t+3 in registers 0..3, which
// its 4-byte store writes in that order. Swapping the pair's halves (a
// planted bug that once passed every CPU test) stores each pair reversed.

func.func @f8(%x: memref<?xf32>, %y: memref<?xf8E4M3FN>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<64xf32>
  %f = arith.truncf %t : tensor<64xf32> to tensor<64xf8E4M3FN>
  "tile.store"(%f, %y, %c0) : (tensor<64xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}

// The aligned entry (the generic one comes first and says the same).
// CHECK-LABEL: llvm.func @f8__aligned16
// The four loaded registers, elements 0 to 3:
// CHECK: %[[V:[0-9]+]] = llvm.bitcast %{{[0-9]+}} : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %[[R0:[0-9]+]] = llvm.extractelement %[[V]][%c0_i32 : i32]
// CHECK-NEXT: %[[R1:[0-9]+]] = llvm.extractelement %[[V]][%c1_i32 : i32]
// Elements 0 and 1 make the first pair, 1 as cvt's a.
// CHECK: %[[P:[0-9]+]] = nvvm.convert.f32x2.to.f8x2 %[[R1]], %[[R0]]
// CHECK-NEXT: %[[SH:[0-9]+]] = arith.shrui %[[P]], %c8_i16 : i16
// CHECK-NEXT: %[[HI:[0-9]+]] = arith.trunci %[[SH]] : i16 to i8
// CHECK-NEXT: %[[E1:[0-9]+]] = arith.bitcast %[[HI]] : i8 to f8E4M3FN
// CHECK-NEXT: %[[LO:[0-9]+]] = arith.trunci %[[P]] : i16 to i8
// CHECK-NEXT: %[[E0:[0-9]+]] = arith.bitcast %[[LO]] : i8 to f8E4M3FN
// The lower byte is stored first (element 0), the upper next.
// CHECK: %[[S0:[0-9]+]] = arith.bitcast %[[E0]] : f8E4M3FN to i8
// CHECK-NEXT: %[[S1:[0-9]+]] = arith.bitcast %[[E1]] : f8E4M3FN to i8
// CHECK: llvm.insertelement %[[S0]], %{{[0-9]+}}[%c0_i32 : i32] : vector<4xi8>
// CHECK-NEXT: llvm.insertelement %[[S1]], %{{[0-9]+}}[%c1_i32 : i32] : vector<4xi8>
