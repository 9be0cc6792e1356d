// Attention without a running maximum: O = sum_j exp(S_j) V_j / sum_j
// exp(S_j), S = Q K^T / sqrt(d), keys past Lk masked to -inf. Equal to
// softmax attention where the scores are small (no exp overflows), and
// its product accumulates onto the carried value with no rescale
// between (acc' = dot(P, V_j, acc)): the loop form tile-overlap-softmax
// once rotated into a loop that kept only the last product
// (test/Run/overlap-softmax.test).
//   q, o: [B*H][Lq][64]    k, v: [B*H][Lk][64]  (f16)
// Grid: cdiv(Lq, 64) x (B*H).
func.func @attention_no_max(%q: memref<?x?x64xf16>, %k: memref<?x?x64xf16>,
    %v: memref<?x?x64xf16>, %o: memref<?x?x64xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %m0 = arith.muli %pm, %c64 : index
  %lk = memref.dim %k, %c1 : memref<?x?x64xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %scale = arith.constant dense<0.125> : tensor<64x64xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<64xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %zs = arith.constant dense<0.0> : tensor<64x64xf32>
  %l_init = arith.constant dense<0.0> : tensor<64xf32>
  %l_f, %acc_f = scf.for %n0 = %c0 to %lk step %c64
      iter_args(%l_i = %l_init, %acc = %zs) -> (tensor<64xf32>, tensor<64x64xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<64x64xf16>) -> tensor<64x64xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %s1 = arith.mulf %s0, %scale : tensor<64x64xf32>
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<64xi32>
    %key = arith.addi %cols, %n0v : tensor<64xi32>
    %valid = arith.cmpi slt, %key, %lkv : tensor<64xi32>
    %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
    %validb = "tile.broadcast"(%valid1) : (tensor<1x64xi1>) -> tensor<64x64xi1>
    %s = arith.select %validb, %s1, %ninf : tensor<64x64xi1>, tensor<64x64xf32>
    %p = math.exp %s : tensor<64x64xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<64x64xf32>) -> tensor<64xf32>
    %l_new = arith.addf %l_i, %ps : tensor<64xf32>
    %p16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc) : (tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %l_new, %acc_new : tensor<64xf32>, tensor<64x64xf32>
  }
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %out = arith.divf %acc_f, %lb : tensor<64x64xf32>
  %o16 = arith.truncf %out : tensor<64x64xf32> to tensor<64x64xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<64x64xf16>) -> tensor<1x64x64xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x64x64xf16>, memref<?x?x64xf16>, index, index, index) -> ()
  return
}
