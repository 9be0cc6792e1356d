// Split-K matmul: C += A x B with K split across programs that add their partial products into C with float atomics (tile.atomic_rmw).
//
// A is M x K, B is K x N (f16), C is M x N (f32, zeroed by the caller).
// For small M and N and a long K, one program per 64x64 block of C leaves
// most of the machine idle; splitting K over S programs per block gives
// S times the programs. Program (i, j, z) sums the K range
// [z * chunk, (z + 1) * chunk), chunk = cdiv(K, S) rounded up to the
// 32-wide step, and adds its 64x64 partial sum into C atomically, so the
// order of the S additions (and the rounding) varies from run to run.
// Elements past M or N name no address and touch nothing.
// Grid: cdiv(M, 64) x cdiv(N, 64) x S.
func.func @splitk_matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %z = "tile.program_id"() {axis = 2 : i32} : () -> index
  %s = "tile.num_programs"() {axis = 2 : i32} : () -> index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %row0 = arith.muli %pm, %c64 : index
  %col0 = arith.muli %pn, %c64 : index
  // chunk = cdiv(cdiv(K, S), 32) * 32; this program's range [k0, k1).
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %sm1 = arith.subi %s, %c1 : index
  %ks = arith.addi %k, %sm1 : index
  %per = arith.divui %ks, %s : index
  %per31 = arith.addi %per, %c31 : index
  %steps = arith.divui %per31, %c32 : index
  %chunk = arith.muli %steps, %c32 : index
  %k0 = arith.muli %z, %chunk : index
  %kend = arith.addi %k0, %chunk : index
  %k1 = arith.minui %kend, %k : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %kk = %k0 to %k1 step %c32 iter_args(%sum = %zero) -> (tensor<64x64xf32>) {
    %ta = "tile.load"(%a, %row0, %kk) : (memref<?x?xf16>, index, index) -> tensor<64x32xf16>
    %tb = "tile.load"(%b, %kk, %col0) : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
    %d = "tile.dot"(%ta, %tb, %sum) : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  // The addresses of the block's elements: row and column index tiles.
  %r = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %r0 = arith.index_cast %row0 : index to i32
  %r0s = "tile.splat"(%r0) : (i32) -> tensor<64xi32>
  %ri = arith.addi %r, %r0s : tensor<64xi32>
  %ri1 = "tile.expand_dims"(%ri) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  %rows = "tile.broadcast"(%ri1) : (tensor<64x1xi32>) -> tensor<64x64xi32>
  %c0i = arith.index_cast %col0 : index to i32
  %c0s = "tile.splat"(%c0i) : (i32) -> tensor<64xi32>
  %ci = arith.addi %r, %c0s : tensor<64xi32>
  %ci1 = "tile.expand_dims"(%ci) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
  %cols = "tile.broadcast"(%ci1) : (tensor<1x64xi32>) -> tensor<64x64xi32>
  %old = "tile.atomic_rmw"(%acc, %c, %rows, %cols) {kind = "add", sem = "relaxed"} : (tensor<64x64xf32>, memref<?x?xf32>, tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xf32>
  return
}
