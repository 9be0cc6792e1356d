// An exact f32 divf beside an op that only libdevice implements (a minnum
// reduce: __nv_fminf), which sends the kernel through convert-gpu-to-nvvm.
// That pass refuses LLVM's fabs intrinsic, which the divf's range test
// used to take |x| with: the kernel failed to compile (difftest seed
// 4300043, 2026-12-02). test/Conversion/gpu-divf.test.
func.func @divide_minnum(%x: memref<?x64xf32>, %o: memref<?x64xf32>, %m: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %m0 = arith.muli %pid, %c64 : index
  %tx = "tile.load"(%x, %m0, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
  %least = "tile.reduce"(%tx) {axis = 1 : i32, kind = "minnum"} : (tensor<64x64xf32>) -> tensor<64xf32>
  %three = arith.constant dense<0.75> : tensor<64x64xf32>
  %q = arith.divf %tx, %three : tensor<64x64xf32>
  "tile.store"(%q, %o, %m0, %c0) : (tensor<64x64xf32>, memref<?x64xf32>, index, index) -> ()
  "tile.store"(%least, %m, %m0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  return
}
