// tile.program_order (tile-order-programs) in the GPU lowering: block
// (x, y), the n = x + y * gridDim.x-th launched, runs query block
// gridDim.x - 1 - n / gridDim.y of head n % gridDim.y, in 64 bits; the
// remark says why. program-order=launch reads blockIdx alone.
// RUN: tile-opt %s --tile-compile --emit=ptx -o - 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-compile=program-order=launch --emit=ptx -o - 2>&1 | FileCheck %s --check-prefix=LAUNCH
// CHECK: remark: program-order=auto: the programs that run longest start first
// CHECK: mov.u32 {{.*}}%ctaid.x;
// CHECK: mov.u32 {{.*}}%nctaid.x;
// CHECK: mov.u32 {{.*}}%ctaid.y;
// CHECK: mov.u32 {{.*}}%nctaid.y;
// CHECK: mul.wide.u32
// CHECK: div.u64
// LAUNCH-NOT: remark
// LAUNCH-NOT: nctaid.y
// LAUNCH-NOT: div.u64
func.func @causal(%k: memref<?x?x64xf32>, %o: memref<?x?x64xf32>) attributes {tile.kernel} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant 64 : index
  %m0 = arith.muli %pm, %bm : index
  %m_end = arith.addi %m0, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x64xf32>
  %n_end = arith.minui %lk, %m_end : index
  %zero = arith.constant dense<0.0> : tensor<1x64x64xf32>
  %acc = scf.for %n = %c0 to %n_end step %bm iter_args(%a = %zero) -> (tensor<1x64x64xf32>) {
    %t = "tile.load"(%k, %bh, %n, %c0) : (memref<?x?x64xf32>, index, index, index) -> tensor<1x64x64xf32>
    %s = arith.addf %a, %t : tensor<1x64x64xf32>
    scf.yield %s : tensor<1x64x64xf32>
  }
  "tile.store"(%acc, %o, %bh, %m0, %c0) : (tensor<1x64x64xf32>, memref<?x?x64xf32>, index, index, index) -> ()
  return
}
