// A tile at the element limit (2^20) compiles when the warps share it out
// to at most 1024 elements per thread (32 warps), and is refused at its
// line when it would put more on a thread (4 warps: 8192, which took
// ptxas six minutes).
// RUN: tile-opt %s --tile-compile --emit=ptx -o /dev/null
// RUN: not tile-opt %s --tile-compile=num-warps=4 --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// CHECK: gpu-tile-limits.mlir:[[@LINE+8]]:8: error: tile.load: a tile of 1048576 elements puts 8192 on each thread; at most 1024 compile in reasonable time (use more warps, tile.num_warps, or a smaller tile)
// CHECK-NOT: error
// num-warps= overrides tile.num_warps in the layouts too (it once changed
// only the block size, leaving layouts made for the attribute's warps).
// RUN: not tile-opt %s --tile-compile=num-warps=16 --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=W16
// W16: error: tile.load: a tile of 1048576 elements puts 2048 on each thread
func.func @big(%x: memref<?xf32>, %y: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 32 : i32} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<1048576xf32>
  %u = arith.addf %t, %t : tensor<1048576xf32>
  "tile.store"(%u, %y, %c0) : (tensor<1048576xf32>, memref<?xf32>, index) -> ()
  return
}
