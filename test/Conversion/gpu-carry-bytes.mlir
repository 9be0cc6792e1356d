// Tiles of 8-bit elements (i8, f8) travel through scf.for and scf.if four
// elements to an i32 (GpuControlFlow.c): packed before the loop and at
// each yield, unpacked in the body and after. An element alone would take
// a 32-bit PTX register (FP8 attention's carried P: 64 where 16 do).
// RUN: tile-opt %s --tile-compile --emit=mlir --kernel=carry_i8 -o - 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=mlir --kernel=if_f8 -o - 2>&1 | FileCheck %s --check-prefix=IF
// CHECK-LABEL: llvm.func @carry_i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: scf.for {{.*}} -> (i32, i32, i32, i32) {
// CHECK-NEXT: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: scf.yield {{.*}} : i32, i32, i32, i32
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
func.func @carry_i8(%x: memref<?xi8>, %o: memref<?xi8>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = arith.constant dense<0> : tensor<512xi8>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (tensor<512xi8>) {
    %t = "tile.load"(%x, %c0) : (memref<?xi8>, index) -> tensor<512xi8>
    %s = arith.addi %a, %t : tensor<512xi8>
    scf.yield %s : tensor<512xi8>
  }
  "tile.store"(%r, %o, %c0) : (tensor<512xi8>, memref<?xi8>, index) -> ()
  return
}

// IF-LABEL: llvm.func @if_f8
// IF: scf.if {{.*}} -> (i32, i32, i32, i32) {
// IF: scf.yield {{.*}} : i32, i32, i32, i32
// IF: } else {
// IF: scf.yield {{.*}} : i32, i32, i32, i32
// IF: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
func.func @if_f8(%x: memref<?xf8E4M3FN>, %o: memref<?xf8E4M3FN>, %p: i1) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf8E4M3FN>, index) -> tensor<64xf8E4M3FN>
  %r = scf.if %p -> (tensor<64xf8E4M3FN>) {
    %y = "tile.load"(%o, %c0) : (memref<?xf8E4M3FN>, index) -> tensor<64xf8E4M3FN>
    scf.yield %y : tensor<64xf8E4M3FN>
  } else {
    scf.yield %t : tensor<64xf8E4M3FN>
  }
  "tile.store"(%r, %o, %c0) : (tensor<64xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}
