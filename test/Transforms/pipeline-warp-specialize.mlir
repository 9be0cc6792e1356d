// tile-pipeline's warp specialization (lib/Transforms/Pipeline.h): with
// chip=sm_90a a kernel whose TMA loops are all statements of its body gets
// tile.producer_warps = 4 (TileToGPU adds a producer warpgroup that issues
// the copies). warp-specialize=auto (the default) takes kernels of 8 or
// more warps whose TMA loop chains two or more dots (attention's shape)
// or has an fp8 dot whose sums promote (below), and kernels of 4 warps
// whose loop chains dots, with 2 or 3 blocks an SM (blocks-per-sm), true
// any, false none;
// tile.warp_specialize on the kernel overrides the option. A TMA loop
// nested in another loop, or no TMA loop (no chip), rules it out.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a})' | FileCheck %s --check-prefix=AUTO
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a warp-specialize=true})' | FileCheck %s --check-prefix=ON
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a warp-specialize=false})' | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{warp-specialize=true})' | FileCheck %s --check-prefix=OFF
// RUN: not tile-opt %s -p 'builtin.module(tile-pipeline{warp-specialize=sometimes})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pass 'tile-pipeline': warp-specialize wants auto, true or false, got 'sometimes'
// Only auto explains itself (the option or the kernel decided otherwise),
// and a compile says it as a remark at the kernel, once:
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a warp-specialize=true})' | FileCheck %s --check-prefix=NOWHY
// NOWHY-NOT: warp_specialize_why
// RUN: tile-opt %tile_src/examples/flash_attention.mlir --kernel=flash_attention_bf16_d128 --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: flash_attention.mlir:{{[0-9]+}}:1: remark: warp-specialize=auto: a producer warpgroup of 4 warps issues the TMA copies for the 8 warps that compute (a loop of 2 dots)
// REMARK-NOT: warp-specialize=auto

// One dot per iteration (a matmul): auto keeps one role.
// AUTO-LABEL: func.func @eight_warps
// AUTO-SAME: tile.warp_specialize_why = "warp-specialize=auto: one role for all 8 warps (auto specializes kernels of 8 or more warps whose loop chains two or more dots or sums fp8 in promoted runs, and of 4 warps whose loop chains dots where blocks can share an SM; this loop has 1)"
// AUTO-NOT: tile.producer_warps
// ON-LABEL: func.func @eight_warps
// ON-SAME: tile.producer_warps = 4 : i32
// OFF-LABEL: func.func @eight_warps
// OFF-NOT: tile.producer_warps
func.func @eight_warps(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  %h = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xf16>
  "tile.store"(%h, %c, %c0, %c0) : (tensor<128x256xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// -----

// Two chained dots per iteration (S = A B, then O += S V, attention's
// shape) with 8 warps: auto specializes.
// AUTO-LABEL: func.func @two_dots
// AUTO-SAME: tile.producer_warps = 4 : i32
// AUTO-SAME: tile.warp_specialize_why = "warp-specialize=auto: a producer warpgroup of 4 warps issues the TMA copies for the 8 warps that compute (a loop of 2 dots)"
// ON-LABEL: func.func @two_dots
// ON-SAME: tile.producer_warps = 4 : i32
// OFF-LABEL: func.func @two_dots
// OFF-NOT: tile.producer_warps
func.func @two_dots(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %v: memref<?x?xf16>, %o: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %sum = scf.for %n0 = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<128x64xf32>) {
    %tb = "tile.load"(%b, %c0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
    %s = "tile.dot"(%ta, %tb, %zs) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %p = arith.truncf %s : tensor<128x128xf32> to tensor<128x128xf16>
    %tv = "tile.load"(%v, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %d = "tile.dot"(%p, %tv, %acc) : (tensor<128x128xf16>, tensor<128x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
    scf.yield %d : tensor<128x64xf32>
  }
  "tile.store"(%sum, %o, %c0, %c0) : (tensor<128x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Two chained dots with 4 warps: auto specializes, and the blocks share
// an SM (the producer would otherwise double the block and hold the SM
// with it). The loop carries 64 registers a thread (O, 64 x 128 f32),
// few enough for 3 blocks' 136, but two 48 KiB stages do not fit a third
// of the shared memory (75 KiB): 2 blocks, 2 stages in 113 KiB each.
// Where one block an SM is asked for, one role.
// AUTO-LABEL: func.func @four_warps_two_dots
// AUTO-SAME: tile.blocks_per_sm = 2 : i32
// AUTO-SAME: tile.producer_warps = 4 : i32
// AUTO-SAME: tile.warp_specialize_why = "warp-specialize=auto: a producer warpgroup of 4 warps issues the TMA copies for the 4 warps that compute (a loop of 2 dots), 2 blocks an SM (blocks-per-sm: with one, the two warpgroups would hold the SM alone)"
// AUTO: tile.num_stages_why = "num-stages=auto: {{[0-9]}} stages ({{[0-9]+}} KiB a stage; sm_90a has 113 KiB of shared memory a block, 2 blocks an SM,
// ONEBLOCK-LABEL: func.func @four_warps_two_dots
// ONEBLOCK-NOT: tile.producer_warps
// ONEBLOCK-SAME: one role for all 4 warps
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a blocks-per-sm=1})' | FileCheck %s --check-prefix=ONEBLOCK
func.func @four_warps_two_dots(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %v: memref<?x?xf16>, %o: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x128xf32>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %sum = scf.for %n0 = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<64x128xf32>) {
    %tb = "tile.load"(%b, %c0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
    %s = "tile.dot"(%ta, %tb, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %p = arith.truncf %s : tensor<64x128xf32> to tensor<64x128xf16>
    %tv = "tile.load"(%v, %n0, %c0) : (memref<?x?xf16>, index, index) -> tensor<128x128xf16>
    %d = "tile.dot"(%p, %tv, %acc) : (tensor<64x128xf16>, tensor<128x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
    scf.yield %d : tensor<64x128xf32>
  }
  "tile.store"(%sum, %o, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Four warps and one dot: auto leaves one role (the producer would double
// the block); true takes it; the kernel's own tile.warp_specialize = false wins
// over the option in the next case.
// AUTO-LABEL: func.func @four_warps
// AUTO-NOT: tile.producer_warps
// ON-LABEL: func.func @four_warps
// ON-SAME: tile.producer_warps = 4 : i32
func.func @four_warps(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x128xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<64x64xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
    scf.yield %d : tensor<64x128xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// AUTO-LABEL: func.func @asked_not_to
// AUTO-NOT: tile.producer_warps
// ON-LABEL: func.func @asked_not_to
// ON-NOT: tile.producer_warps
func.func @asked_not_to(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.warp_specialize = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  "tile.store"(%sum, %c, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The TMA loop runs once per iteration of an outer loop: the producer is
// handed each loop's bounds once, so this kernel is not specialized even
// when asked.
// AUTO-LABEL: func.func @nested
// AUTO-NOT: tile.producer_warps
// ON-LABEL: func.func @nested
// ON-NOT: tile.producer_warps
// ON: "tile.load"{{.*}}{tile.async_copy, tile.tma}
func.func @nested(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  scf.for %t = %c0 to %c2 step %c1 {
    %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
      %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
      %tb = "tile.load"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
      %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    "tile.store"(%sum, %c, %c0, %c0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  }
  return
}

// -----

// One fp8 dot per iteration whose sums promote (tileDotPromotesF8: runs of
// 128 k added in f32, each waited for): auto specializes, as it measured
// faster (docs/performance.md); the same dot with precision = "fast" keeps
// one role, and so does chip=sm_100a, whose fp8 sums do not promote.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_100a},tile-promote-smem,tile-pipeline{chip=sm_100a})' | FileCheck %s --check-prefix=TC
// AUTO-LABEL: func.func @fp8_promoted
// AUTO-SAME: tile.producer_warps = 4 : i32
// AUTO-SAME: tile.warp_specialize_why = "warp-specialize=auto: a producer warpgroup of 4 warps issues the TMA copies for the 8 warps that compute (an fp8 dot whose sums promote: 1 dot, waited for every iteration)"
// OFF-LABEL: func.func @fp8_promoted
// OFF-NOT: tile.producer_warps
// TC-LABEL: func.func @fp8_promoted
// TC-NOT: tile.producer_warps
// TC-SAME: this loop has 1
func.func @fp8_promoted(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf8E4M3FN>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c128 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
    %tb = "tile.load"(%b, %c0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<256x128xf8E4M3FN>
    %bt = "tile.trans"(%tb) {permutation = array<i32: 1, 0>} : (tensor<256x128xf8E4M3FN>) -> tensor<128x256xf8E4M3FN>
    %d = "tile.dot"(%ta, %bt, %acc) : (tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  %h = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%h, %c, %c0, %c0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// -----

// AUTO-LABEL: func.func @fp8_fast
// AUTO-NOT: tile.producer_warps
// AUTO-SAME: this loop has 1
func.func @fp8_fast(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf8E4M3FN>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %c128 iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %c0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
    %tb = "tile.load"(%b, %c0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<256x128xf8E4M3FN>
    %bt = "tile.trans"(%tb) {permutation = array<i32: 1, 0>} : (tensor<256x128xf8E4M3FN>) -> tensor<128x256xf8E4M3FN>
    %d = "tile.dot"(%ta, %bt, %acc) {precision = "fast"} : (tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  }
  %h = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%h, %c, %c0, %c0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}
