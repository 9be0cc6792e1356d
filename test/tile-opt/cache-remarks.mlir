// A compile's remarks are kept with its cache entry and given again on a
// hit, at the same op: in this file, or in a copy where the kernel sits
// elsewhere (the key holds no locations).
// DEFINE: %{tile-opt} = env TILE_NO_CACHE=0 TILE_CACHE_DIR=%t/cache TILE_CACHE_VERBOSE=1 tile-opt
// RUN: rm -rf %t && mkdir -p %t
// RUN: %{tile-opt} %s --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,MISS
// RUN: %{tile-opt} %s --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,HIT
// CHECK: cache-remarks.mlir:[[@LINE+8]]:8: remark: tile.dot runs as an FMA loop, not on tensor cores: precision = "ieee" has no tensor-core instruction
// CHECK-NEXT: %d = "tile.dot"
// MISS: tile-opt: cache: miss (no entry), stored
// HIT: tile-opt: cache: hit
func.func @ieee(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
  %d = "tile.dot"(%a, %a, %zero) {precision = "ieee"} : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  "tile.store"(%d, %y, %c0, %c0) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// Three lines added above the kernel, in another file: line 16 here is
// line 19 there.
// RUN: printf '// moved\n//\n//\n' > %t/moved.mlir
// RUN: cat %s >> %t/moved.mlir
// RUN: %{tile-opt} %t/moved.mlir --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOVED
// MOVED: moved.mlir:19:8: remark: tile.dot runs as an FMA loop
// MOVED: tile-opt: cache: hit
//
// A cached remark reaches the C API's callback too: test/CAPI/compile_kernel.c.
