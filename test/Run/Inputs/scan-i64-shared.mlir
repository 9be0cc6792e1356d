// Two i64 scans down the columns of a 64x64 tile: each crosses the warps
// through 32 KiB of shared memory of its own, 64 KiB in all, past the 48
// KiB of static shared memory PTX allows before sm_90. The sm_80 compile
// failed in ptxas ("uses too much shared data"; random kernel 110299 of
// gen2 on an H200); the regions now go into dynamic shared memory when
// they pass 48 KiB (TileToGPU.c, gpuSharedMoveBuffer).
func.func @two_scans_i64(%x: memref<?x?xi64>, %out: memref<?x?xi64>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %v = "tile.load"(%x, %c0, %c0) : (memref<?x?xi64>, index, index) -> tensor<64x64xi64>
  %s = "tile.scan"(%v) {axis = 0 : i32, kind = "add", reverse} : (tensor<64x64xi64>) -> tensor<64x64xi64>
  %t = "tile.scan"(%s) {axis = 0 : i32, kind = "xor"} : (tensor<64x64xi64>) -> tensor<64x64xi64>
  "tile.store"(%t, %out, %c0, %c0) : (tensor<64x64xi64>, memref<?x?xi64>, index, index) -> ()
  return
}
