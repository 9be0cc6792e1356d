// Through shared memory (here a tile.trans), each thread writes and reads
// its registers at its own element plus a constant: one pointer per tile,
// then per register a GEP by a constant, which the back end folds into the
// access ([%rd+imm]) with no address arithmetic per register. (LLVM's
// straight-line strength reduction, which tile's tools turn off, used to
// recover part of that; tileSetProcessLlvmOptions.)
// RUN: tile-opt %s --tile-compile --emit=mlir | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=ptx | FileCheck %s --check-prefix=PTX
// CHECK-LABEL: llvm.func @tr__aligned16(
// CHECK:         nvvm.barrier0
// CHECK:         %[[T:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK-NEXT:    llvm.store %{{.*}}, %[[T]]
// CHECK-COUNT-31: llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK:         nvvm.barrier0
// PTX-LABEL:   .entry tr__aligned16(
// PTX:           st.shared.b32 [%rd[[W:[0-9]+]]], %r
// PTX-COUNT-31:  st.shared.b32 [%rd[[W]]+{{[0-9]+}}], %r
// PTX:           bar.sync
// PTX:           ld.shared.b32 %r{{[0-9]+}}, [%rd[[R:[0-9]+]]]
// PTX-COUNT-31:  ld.shared.b32 %r{{[0-9]+}}, [%rd[[R]]+{{[0-9]+}}]
func.func @tr(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x64xf32>
  %t = "tile.trans"(%a) {permutation = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%t, %y, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
