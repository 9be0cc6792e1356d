// tile-widen-f8-dots: an fp8 dot that wgmma cannot run gets f16 operands
// (arith.extf right before it) and says why (tile.widen_f8_why, a remark
// of the GPU compile: it halves the dot's tensor-core rate); one that
// wgmma runs is left alone.
// RUN: tile-opt %tile_src/test/difftest/Inputs/dot-f8-k16.mlir --tile-compile=chip=sm_90a --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: dot-f8-k16.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: fp8 tile.dot widened to f16 (f16's tensor-core rate, half of fp8's): the shape is not a multiple of the instruction's
// REMARK-NOT: fp8 tile.dot widened
// RUN: tile-opt %s -p 'builtin.module(tile-widen-f8-dots{chip=sm_90a})' | FileCheck %s --check-prefix=H100
// RUN: tile-opt %s -p 'builtin.module(tile-widen-f8-dots{chip=sm_80})' | FileCheck %s --check-prefix=A100
// RUN: tile-opt %s -p 'builtin.module(tile-widen-f8-dots)' | FileCheck %s --check-prefix=A100

// B stored [N][K] and read through a tile.trans: wgmma's K-major fp8 form
// on sm_90a; elsewhere, and as f16 on every chip without wgmma.
// H100-LABEL: func.func @k_major
// H100-NOT:     arith.extf
// H100:         "tile.dot"({{.*}}) : (tensor<64x64xf8E4M3FN>, tensor<64x128xf8E5M2>, tensor<64x128xf32>)
// A100-LABEL: func.func @k_major
// A100:         %[[A:.*]] = arith.extf %{{.*}} : tensor<64x64xf8E4M3FN> to tensor<64x64xf16>
// A100-NEXT:    %[[B:.*]] = arith.extf %{{.*}} : tensor<64x128xf8E5M2> to tensor<64x128xf16>
// A100-NEXT:    "tile.dot"(%[[A]], %[[B]], %{{.*}}) {tile.widen_f8_why = "fp8 tile.dot widened to f16 (f16's tensor-core rate, half of fp8's): fp8 dots run on wgmma (sm_90a) and tcgen05 (sm_100a) only, and this chip has neither"} : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>)
func.func @k_major(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E5M2>, %c: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
  %tw = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E5M2>, index, index) -> tensor<128x64xf8E5M2>
  %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x64xf8E5M2>) -> tensor<64x128xf8E5M2>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<64x64xf8E4M3FN>, tensor<64x128xf8E5M2>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// B stored [K][N]: no fp8 wgmma reads it, so f16 on sm_90a too.
// H100-LABEL: func.func @n_major
// H100:         arith.extf %{{.*}} : tensor<64x64xf8E4M3FN> to tensor<64x64xf16>
// H100:         arith.extf %{{.*}} : tensor<64x128xf8E4M3FN> to tensor<64x128xf16>
// H100:         "tile.dot"({{.*}}) {tile.widen_f8_why = "fp8 tile.dot widened to f16 (f16's tensor-core rate, half of fp8's): fp8 wgmma reads B only K-major: store B as [N][K] and tile.trans it (as torch._scaled_mm's column-major B)"} : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>)
func.func @n_major(%a: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x64xf8E4M3FN>
  %tb = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<64x128xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<64x64xf8E4M3FN>, tensor<64x128xf8E4M3FN>, tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// 16 rows: the warpgroup cannot own 64-row blocks, so f16 on sm_90a too.
// H100-LABEL: func.func @short
// H100:         arith.extf
// H100:         "tile.dot"({{.*}}) {tile.widen_f8_why = "fp8 tile.dot widened to f16 (f16's tensor-core rate, half of fp8's): the warpgroups cannot each own 64-row blocks of the result"} : (tensor<16x64xf16>, tensor<64x128xf16>, tensor<16x128xf32>)
func.func @short(%a: memref<?x?xf8E4M3FN>, %c: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x64xf8E4M3FN>
  %tw = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x64xf8E4M3FN>
  %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x64xf8E4M3FN>) -> tensor<64x128xf8E4M3FN>
  %z = arith.constant dense<0.0> : tensor<16x128xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x64xf8E4M3FN>, tensor<64x128xf8E4M3FN>, tensor<16x128xf32>) -> tensor<16x128xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
