// A max over the rows of a negated i32 tile, broadcast back and added
// (reduced from random kernel 11498 of the 2026-11-28 GPU campaign).
// Each thread holds four rows of each column; ptxas (CUDA 13.0, sm_90,
// -O1 to -O3) fuses the per-thread max into three-input VIMNMX3 and drops
// the negation of one row group's operands, so the GPU's column maxima
// were those of x, not of -x, over those rows (docs/difftest.md), until
// tile lowered i32 min/max to PTX vmin/vmax (GpuIntMinMax.c).
func.func @max_of_negated(%x: memref<?x?xi32>, %out: memref<?x?xi32>) attributes {tile.kernel} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r0 = arith.muli %p, %c64 : index
  %r = arith.addi %r0, %c1 : index
  %v = "tile.load"(%x, %r, %c16) : (memref<?x?xi32>, index, index) -> tensor<64x32xi32>
  %zero = arith.constant dense<0> : tensor<64x32xi32>
  %neg = arith.subi %zero, %v : tensor<64x32xi32>
  %m = "tile.reduce"(%neg) {axis = 0 : i32, kind = "max"} : (tensor<64x32xi32>) -> tensor<32xi32>
  %m1 = "tile.expand_dims"(%m) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
  %mb = "tile.broadcast"(%m1) : (tensor<1x32xi32>) -> tensor<64x32xi32>
  %s = arith.addi %neg, %mb : tensor<64x32xi32>
  "tile.store"(%s, %out, %r, %c16) : (tensor<64x32xi32>, memref<?x?xi32>, index, index) -> ()
  return
}
