// The compile cache: the second compile of a kernel reads the first one's
// output back, byte for byte, for PTX, cubin and package outputs. The
// suite runs with TILE_NO_CACHE=1 (test/lit.cfg.py); these tests turn the
// cache on in a directory of their own. TILE_CACHE_VERBOSE=1 has tile-opt
// say what the cache did.
// DEFINE: %{tile-opt} = env TILE_NO_CACHE=0 TILE_CACHE_DIR=%t/cache TILE_CACHE_VERBOSE=1 tile-opt
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %{tile-opt} %s --tile-compile --emit=ptx -o %t/first.ptx 2>&1 | FileCheck %s --check-prefix=MISS
// MISS: tile-opt: cache: miss (no entry), stored {{.*}}/cache/{{[0-9a-f]+}}.tce
// RUN: %{tile-opt} %s --tile-compile --emit=ptx -o %t/second.ptx 2>&1 | FileCheck %s --check-prefix=HIT
// HIT: tile-opt: cache: hit {{.*}}/cache/{{[0-9a-f]+}}.tce
// RUN: cmp %t/first.ptx %t/second.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/second.ptx
// PTX: .visible .entry vecadd(
//
// The same kernel written differently (comments, blank lines, SSA names,
// where it sits in its file, the file's name) is the same key.
// RUN: sed -e 's/%%sum/%%total/g' -e 's/^  %%a = /\n  \/\/ a comment\n  %%a = /' %s > %t/other-name.mlir
// RUN: %{tile-opt} %t/other-name.mlir --tile-compile --emit=ptx -o %t/third.ptx 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: cmp %t/first.ptx %t/third.ptx
//
// Packages and cubins too (each output kind is an entry of its own).
// RUN: %{tile-opt} %s --tile-compile --emit=package -o %t/first.tpkg 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --tile-compile --emit=package -o %t/second.tpkg 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: cmp %t/first.tpkg %t/second.tpkg
// RUN: tile-package --dump %t/second.tpkg | FileCheck %s --check-prefix=PKG
// PKG: kernel: vecadd
// RUN: %{tile-opt} %s --tile-compile --emit=cubin -o %t/first.cubin 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %{tile-opt} %s --tile-compile --emit=cubin -o %t/second.cubin 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: cmp %t/first.cubin %t/second.cubin
// RUN: python3 %tile_src/test/Inputs/cache-entry.py %t/cache --count | FileCheck %s --check-prefix=THREE
// THREE: 3
//
// --mlir-timing on a hit: no stages ran.
// RUN: env TILE_NO_CACHE=0 TILE_CACHE_DIR=%t/cache tile-opt %s --tile-compile --emit=ptx -o /dev/null --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: ===-- tile-opt --tile-compile timing --===
// TIMING-NEXT: ms  total (in process, from the compile cache)

func.func @vecadd(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %block = arith.constant 1024 : index
  %offset = arith.muli %pid, %block : index
  %a = "tile.load"(%x, %offset) : (memref<?xf32>, index) -> tensor<1024xf32>
  %b = "tile.load"(%y, %offset) : (memref<?xf32>, index) -> tensor<1024xf32>
  %sum = arith.addf %a, %b : tensor<1024xf32>
  "tile.store"(%sum, %z, %offset) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  return
}
