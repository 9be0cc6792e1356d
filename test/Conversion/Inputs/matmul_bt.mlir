// C = A x B^T with B stored [N][K] (a linear layer's weight): the dot's B
// is a tile.trans of the loaded [N][K] tile, used only there, so the dot
// stores the tile as it is and reads it K-major (mma.sync: ldmatrix
// without .trans; wgmma: imm-trans-b 0). 128x128 blocks, K in steps of
// 64, bf16 with an f32 result. Checked on the GPU by scripts/gpu-packages.sh.
func.func @matmul_bt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x64xbf16>) -> tensor<64x128xbf16>
    %d = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xbf16>, tensor<64x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
