// A loop whose end grows with program_id(0), as causal attention's does,
// over a 2-D grid: tile-order-programs has the GPU's blocks run their
// programs heaviest first, so block (x, y) runs another program than
// (x, y). Each program's row sums of its first (pm + 1) * 32 columns
// must still land where its own program ids say.
func.func @causal_sums(%x: memref<?x?xf32>, %out: memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %ph = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %row = arith.muli %ph, %c32 : index
  %col = arith.muli %pm, %c32 : index
  %reach = arith.addi %col, %c32 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %end = arith.minui %n, %reach : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = scf.for %k = %c0 to %end step %c32 iter_args(%a = %zero) -> (tensor<32x32xf32>) {
    %t = "tile.load"(%x, %row, %k) : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
    %s = arith.addf %a, %t : tensor<32x32xf32>
    scf.yield %s : tensor<32x32xf32>
  }
  "tile.store"(%acc, %out, %row, %col) : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
