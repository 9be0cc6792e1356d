// Attention over the keys in two loops written one after the other (the
// first half of the keys, then the rest), each reading Q: the producer
// copies Q once, for both, where nothing between the loops can write the
// scratch buffer Q lies in. Between them the row maximum is multiplied
// by one and the row sum added to zeros (element-wise ops in registers),
// and the second loop's start is computed (a scalar op);
// the test swaps in a reduction that goes through scratch. Compiled with
// overlap-softmax=false: the rotated loop leaves a load and a product
// after each loop. test/Conversion/gpu-producer-load.test.
func.func @attention_halves(%q: memref<?x?x128xf16>, %k: memref<?x?x128xf16>,
    %v: memref<?x?x128xf16>, %o: memref<?x?x128xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %bm = arith.constant 128 : index
  %bmq = arith.constant 128 : index
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lq = memref.dim %q, %c1 : memref<?x?x128xf16>
  %nqb = arith.divui %lq, %bmq : index
  %pm = arith.remui %pid, %nqb : index
  %bh = arith.divui %pid, %nqb : index
  %c2 = arith.constant 2 : index
  %bn = arith.constant 128 : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x128xf16>
  %lk32 = arith.index_cast %lk : index to i32
  // 1 / sqrt(d), from the memref's head size.
  %d = memref.dim %q, %c2 : memref<?x?x128xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<128x128xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x128xf16>, index, index, index) -> tensor<1x128x128xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x128x128xf16>) -> tensor<128x128xf16>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l_init = arith.constant dense<0.0> : tensor<128xf32>
  %acc_init = arith.constant dense<0.0> : tensor<128x128xf32>
  %lk2 = arith.divui %lk, %c2 : index
  %half = arith.muli %lk2, %c1 : index
  %m_h, %l_h, %acc_h = scf.for %n0 = %c0 to %half step %bn
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xf16>, index, index, index) -> tensor<1x128x128xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x128x128xf16>) -> tensor<128x128xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xf16>) -> tensor<128x128xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %s1 = arith.mulf %s0, %scale : tensor<128x128xf32>
    // Keys past Lk score -inf.
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<128xi32>
    %key = arith.addi %cols, %n0v : tensor<128xi32>
    %valid = arith.cmpi slt, %key, %lkv : tensor<128xi32>
    %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
    %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
    %s = arith.addf %s1, %zs : tensor<128x128xf32>
    // Online softmax: the running row maximum m and sum l; O and l are
    // rescaled by exp(m_old - m) when m grows.
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<128xf32>
    %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
    %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
    %sm = arith.subf %s, %m_newb : tensor<128x128xf32>
    %p = math.exp %sm fastmath<afn> : tensor<128x128xf32>
    %dm = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<128xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
    %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %l_a, %ps : tensor<128xf32>
    %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
    %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
    %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
    %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xf16>, index, index, index) -> tensor<1x128x128xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x128x128xf16>) -> tensor<128x128xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  %ones = arith.constant dense<1.0> : tensor<128xf32>
  %m_mid = arith.mulf %m_h, %ones : tensor<128xf32>
  %l_mid = arith.addf %l_h, %l_init : tensor<128xf32> // BETWEEN
  %start = arith.maxsi %half, %c0 : index
  %m_f, %l_f, %acc_f = scf.for %n0 = %start to %lk step %bn
      iter_args(%m_i = %m_mid, %l_i = %l_mid, %acc = %acc_h)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xf16>, index, index, index) -> tensor<1x128x128xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x128x128xf16>) -> tensor<128x128xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xf16>) -> tensor<128x128xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %s1 = arith.mulf %s0, %scale : tensor<128x128xf32>
    // Keys past Lk score -inf.
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<128xi32>
    %key = arith.addi %cols, %n0v : tensor<128xi32>
    %valid = arith.cmpi slt, %key, %lkv : tensor<128xi32>
    %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
    %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
    %s = arith.addf %s1, %zs : tensor<128x128xf32>
    // Online softmax: the running row maximum m and sum l; O and l are
    // rescaled by exp(m_old - m) when m grows.
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<128xf32>
    %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
    %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
    %sm = arith.subf %s, %m_newb : tensor<128x128xf32>
    %p = math.exp %sm fastmath<afn> : tensor<128x128xf32>
    %dm = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<128xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
    %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %l_a, %ps : tensor<128xf32>
    %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
    %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
    %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
    %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xf16>, index, index, index) -> tensor<1x128x128xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x128x128xf16>) -> tensor<128x128xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
  %out = arith.divf %acc_f, %lb : tensor<128x128xf32>
  %o16 = arith.truncf %out : tensor<128x128xf32> to tensor<128x128xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<128x128xf16>) -> tensor<1x128x128xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x128x128xf16>, memref<?x?x128xf16>, index, index, index) -> ()
  return
}
