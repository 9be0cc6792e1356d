// tile.dot on tensor cores: operands staged in swizzled shared memory, read
// with ldmatrix (.trans for a K x N B), multiplied with mma.sync. In the
// aligned entry the K loop is pipelined: cp.async copies S-1 iterations
// ahead, one commit group per iteration, wait + barrier at the top.
// RUN: tile-opt %s --split-input-file --tile-compile="chip=sm_80 num-stages=3" --emit=mlir | FileCheck %s

// CHECK-LABEL: llvm.func @matmul(
// The generic entry pipelines too: a tile whose rows are all 16-byte
// aligned by 16-byte copies, another by each group's alignment (inline
// PTX, predicated), what is left through registers.
// CHECK:         nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK:         llvm.inline_asm has_side_effects {{.*}}"@$0 cp.async.cg.shared.global [$3], [$4], 16, $5;
// CHECK:         nvvm.cp.async.commit.group
// CHECK:         scf.for
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      nvvm.barrier0
// CHECK:           nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK:           nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK:           nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:           scf.yield
// CHECK:         llvm.return
// CHECK-LABEL: llvm.func @matmul__aligned16(
// Prologue: two iterations in flight.
// CHECK:         nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK:         nvvm.cp.async.commit.group
// CHECK:         nvvm.cp.async.shared.global
// CHECK:         nvvm.cp.async.commit.group
// CHECK-NOT:     nvvm.cp.async
// CHECK:         scf.for
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      nvvm.barrier0
// CHECK:           nvvm.cp.async.shared.global
// CHECK:           nvvm.cp.async.commit.group
// No staging through registers: ldmatrix reads the copied tiles.
// CHECK-NOT:       llvm.store
// CHECK:           nvvm.ldmatrix
// CHECK:           nvvm.mma.sync
// CHECK:           scf.yield
// CHECK:         nvvm.cp.async.wait.group 0
// CHECK-NEXT:    nvvm.barrier0
// CHECK:         llvm.return
func.func @matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// f32 inputs: their bits go to m16n8k8 as they are (the tensor cores drop
// the low 13 mantissa bits: tf32 truncates on every target); B is stored
// transposed (ldmatrix has no .trans for 32-bit elements).
// CHECK-LABEL: llvm.func @tf32(
// CHECK-NOT:     nvvm.convert.float.to.tf32
// CHECK:         nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK:         nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK:         nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>
func.func @tf32(%a: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  %d = "tile.dot"(%ta, %ta, %zero) : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// bf16 with f32 sums, i8 with i32 sums (wrapping, as on the CPU), and f16
// with f16 sums (two f16x2 accumulator registers per mma).
// CHECK-LABEL: llvm.func @bf16(
// CHECK:         nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-LABEL: llvm.func @i8(
// CHECK:         nvvm.mma.sync {{.*}}intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>{{.*}}multiplicandAPtxType = #nvvm.mma_type<s8>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-LABEL: llvm.func @f16acc(
// CHECK:         nvvm.mma.sync {{.*}} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
func.func @bf16(%a: memref<?x?xbf16>, %c: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xbf16>, index, index) -> tensor<32x32xbf16>
  %d = "tile.dot"(%ta, %ta, %zero) : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

func.func @i8(%a: memref<?x?xi8>, %c: memref<?x?xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0> : tensor<32x32xi32>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xi8>, index, index) -> tensor<32x32xi8>
  %d = "tile.dot"(%ta, %ta, %zero) : (tensor<32x32xi8>, tensor<32x32xi8>, tensor<32x32xi32>) -> tensor<32x32xi32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  return
}

// -----

func.func @f16acc(%a: memref<?x?xf16>, %c: memref<?x?xf16>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<32x32xf16>
  %d = "tile.dot"(%ta, %ta, %zero) : (tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf16>) -> tensor<32x32xf16>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<32x32xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// -----

// B = trans(K) (attention's Q K^T): K's registers are stored as they are,
// [N][K] rows in 16-byte stores (tile-promote-smem's transposed layout for
// B), and read with ldmatrix without .trans; the trans itself takes no
// round trip through shared memory: one pair of barriers, no element
// stores.
// CHECK-LABEL: llvm.func @qkt(
// CHECK-NOT:     llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK-NOT:     mma_layout<col>
// CHECK-COUNT-2: nvvm.barrier0
// CHECK-NOT:     nvvm.barrier0
// CHECK-NOT:     mma_layout<col>
// CHECK:         nvvm.mma.sync
// CHECK-LABEL: llvm.func @qkt__aligned16(
func.func @qkt(%q: memref<?x64xf16>, %k: memref<?x64xf16>, %s: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %tq = "tile.load"(%q, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
  %tk = "tile.load"(%k, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<64x64xf16>
  %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = "tile.dot"(%tq, %tkt, %zero) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%r, %s, %c0, %c0) : (tensor<64x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
