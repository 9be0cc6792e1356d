// What the compile cache's key holds: a change to any option that changes
// the output, or to the kernel, is another entry (a miss); the same
// compile again is a hit.
// DEFINE: %{tile-opt} = env TILE_NO_CACHE=0 TILE_CACHE_DIR=%t/cache TILE_CACHE_VERBOSE=1 tile-opt
// RUN: rm -rf %t && mkdir -p %t
// RUN: %{tile-opt} %s --kernel=scale --tile-compile=chip=sm_80 -o %t/base.ptx 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale --tile-compile=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// Another chip, warps count, stage count, fast-math, mma choice,
// warp-specialize, persistent, asserts, generic entry, output kind: each misses
// once, then hits.
// RUN: %{tile-opt} %s --kernel=scale --tile-compile=chip=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 num-warps=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 num-stages=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 fast-math=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_90a mma=sync" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_90a warp-specialize=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_90a persistent=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 asserts=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 asserts=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 generic=eager" --emit=package -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80" --emit=package -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 num-warps=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 fast-math=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// Options written another way but meaning the same (the default given,
// another order) are the same key.
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=fast-math=false,chip=sm_80 mma=auto" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 asserts=on" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
//
// The kernel changed (another constant; another attribute) misses.
// RUN: sed 's/arith.constant 1.5/arith.constant 2.5/' %s > %t/constant.mlir
// RUN: %{tile-opt} %t/constant.mlir --kernel=scale --tile-compile=chip=sm_80 -o %t/constant.ptx 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: not cmp -s %t/base.ptx %t/constant.ptx
// RUN: sed 's/tile.num_warps = 4/tile.num_warps = 2/' %s > %t/warps.mlir
// RUN: %{tile-opt} %t/warps.mlir --kernel=scale --tile-compile=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// Another kernel of the same file is another key; the first is still there.
// RUN: %{tile-opt} %s --tile-compile=chip=sm_80 --kernel=other -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --tile-compile=chip=sm_80 --kernel=scale -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
//
// A toolkit whose ptxas changed (a newer install at the same path)
// misses: the key holds the size and time of its ptxas, fatbinary and
// libdevice. (A stand-in toolkit: this kernel's PTX needs none of them.)
// RUN: mkdir -p %t/cuda/bin && echo 1 > %t/cuda/bin/ptxas
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 toolkit=%t/cuda" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 toolkit=%t/cuda" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: echo 22 > %t/cuda/bin/ptxas
// RUN: %{tile-opt} %s --kernel=scale "--tile-compile=chip=sm_80 toolkit=%t/cuda" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// MISS: tile-opt: cache: miss (no entry), stored
// HIT: tile-opt: cache: hit

func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %block = arith.constant 256 : index
  %offset = arith.muli %pid, %block : index
  %a = "tile.load"(%x, %offset) : (memref<?xf32>, index) -> tensor<256xf32>
  %k = arith.constant 1.5 : f32
  %ks = "tile.splat"(%k) : (f32) -> tensor<256xf32>
  %r = arith.mulf %a, %ks : tensor<256xf32>
  "tile.store"(%r, %y, %offset) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}

func.func @other(%x: memref<?xf32>, %y: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %block = arith.constant 256 : index
  %offset = arith.muli %pid, %block : index
  %a = "tile.load"(%x, %offset) : (memref<?xf32>, index) -> tensor<256xf32>
  "tile.store"(%a, %y, %offset) : (tensor<256xf32>, memref<?xf32>, index) -> ()
  return
}
