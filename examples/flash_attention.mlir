// Flash attention, forward: O = softmax(Q K^T / sqrt(d)) V for every
// (batch, head), over any number of keys, with the log-sum-exp of each row
// written out for a backward pass.
//   q, o: [B*H][Lq][d]    k, v: [B*H][Lk][d]    lse: [B*H][Lq] (f32)
// Each program takes BM queries of one (batch, head) and streams the keys
// in blocks of 128 with the online softmax: a running row maximum m and
// sum l, and the output accumulator rescaled when m grows. Keys past Lk
// score -inf. The causal kernels let query i see keys 0..i (queries and
// keys aligned at the start) and skip the key blocks wholly after the
// program's queries.
// Kernels, each full and causal:
//   d = 64, f16:  BM = 64, 4 warps, 2 stages; grid cdiv(Lq, 64) x (B*H)
//   d = 128, bf16: BM = 128, 8 warps, 3 stages; grid cdiv(Lq, 128) x (B*H)
// (bench/gpu-attention.sh measured these shapes best on an H100; for f16
// at d = 128 or bf16 at d = 64 change the types and the scale.)
//
// On an H100 (chip=sm_90a) the compiler keeps all of it on the chip: K and
// V arrive by TMA into an mbarrier pipeline (the [1][128][d] box of a
// rank-3 memref, reshaped in place), Q is staged in shared memory once
// before the loop, S = Q K^T and O += P V run on wgmma with P fed from
// registers, and m, l and O stay in the accumulator's layout across
// iterations (no layout conversion in the loop).

func.func @flash_attention_f16_d64(%q: memref<?x?x64xf16>, %k: memref<?x?x64xf16>, %v: memref<?x?x64xf16>,
    %o: memref<?x?x64xf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 128 : index
  %m0 = arith.muli %pm, %cBM : index
  %lk = memref.dim %k, %c1 : memref<?x?x64xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %nwhole = arith.divui %lk, %cBN : index
  %whole = arith.muli %nwhole, %cBN : index
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
  // Scores in base 2: S / sqrt(64) * log2(e), so that P is exp2.
  %qk_scale = arith.constant dense<0.18033688011112042> : tensor<64x128xf32>
  %row_scale = arith.constant dense<0.18033688011112042> : tensor<64xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32>
  %zs = arith.constant dense<0.0> : tensor<64x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l_init = arith.constant dense<0.0> : tensor<64xf32>
  %acc_init = arith.constant dense<0.0> : tensor<64x64xf32>
  // The whole key blocks need no mask; a last, partial one does.
  %m_b, %l_b, %acc_b = scf.for %n0 = %c0 to %whole step %cBN
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s0) {axis = 1 : i32, kind = "max"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<64xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<64xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<64x1xf32>) -> tensor<64x128xf32>
      %ss = arith.mulf %s0, %qk_scale fastmath<contract> : tensor<64x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<64x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<64x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<64xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<64xf32>
      %l_new = arith.addf %l_a, %ps : tensor<64xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<64x64xf32>
      %p16 = arith.truncf %p : tensor<64x128xf32> to tensor<64x128xf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x128xf16>, tensor<128x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  %m_f, %l_f, %acc_f = scf.for %n0 = %whole to %lk step %cBN
      iter_args(%m_i = %m_b, %l_i = %l_b, %acc = %acc_b) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
      // Keys past the end score -inf.
      %n032 = arith.index_cast %n0 : index to i32
      %left = arith.subi %lk32, %n032 : i32
      %leftv = "tile.splat"(%left) : (i32) -> tensor<128xi32>
      %valid = arith.cmpi slt, %cols, %leftv : tensor<128xi32>
      %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
      %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<64x128xi1>
      %s = arith.select %validb, %s0, %ninf : tensor<64x128xi1>, tensor<64x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<64xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<64xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<64x1xf32>) -> tensor<64x128xf32>
      %ss = arith.mulf %s, %qk_scale fastmath<contract> : tensor<64x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<64x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<64x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<64xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<64xf32>
      %l_new = arith.addf %l_a, %ps : tensor<64xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<64x64xf32>
      %p16 = arith.truncf %p : tensor<64x128xf32> to tensor<64x128xf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x128xf16>, tensor<128x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  // O = acc / l, and the log-sum-exp of each row's S / sqrt(64) (natural
  // log): m and log2(l) are in base 2.
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %inv = arith.divf %one, %l_f : tensor<64xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %out = arith.mulf %acc_f, %invb : tensor<64x64xf32>
  %o16 = arith.truncf %out : tensor<64x64xf32> to tensor<64x64xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<64x64xf16>) -> tensor<1x64x64xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x64x64xf16>, memref<?x?x64xf16>, index, index, index) -> ()
  %log2l = math.log2 %l_f : tensor<64xf32>
  %lse2 = arith.addf %m_f, %log2l : tensor<64xf32>
  %ln2 = arith.constant dense<0.6931471805599453> : tensor<64xf32>
  %lse_t = arith.mulf %lse2, %ln2 : tensor<64xf32>
  %lse1 = "tile.reshape"(%lse_t) : (tensor<64xf32>) -> tensor<1x64xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

func.func @flash_attention_causal_f16_d64(%q: memref<?x?x64xf16>, %k: memref<?x?x64xf16>, %v: memref<?x?x64xf16>,
    %o: memref<?x?x64xf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 128 : index
  %m0 = arith.muli %pm, %cBM : index
  %lk = memref.dim %k, %c1 : memref<?x?x64xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %nwhole = arith.divui %lk, %cBN : index
  %whole = arith.muli %nwhole, %cBN : index
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x64x64xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x64x64xf16>) -> tensor<64x64xf16>
  // Scores in base 2: S / sqrt(64) * log2(e), so that P is exp2.
  %qk_scale = arith.constant dense<0.18033688011112042> : tensor<64x128xf32>
  %row_scale = arith.constant dense<0.18033688011112042> : tensor<64xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32>
  %zs = arith.constant dense<0.0> : tensor<64x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l_init = arith.constant dense<0.0> : tensor<64xf32>
  %acc_init = arith.constant dense<0.0> : tensor<64x64xf32>
  // Whole key blocks before this program's first query need no mask; the
  // blocks that reach its queries (the diagonal) or Lk do. Blocks wholly
  // after its last query are skipped.
  %nb = arith.divui %m0, %cBN : index
  %b0 = arith.muli %nb, %cBN : index
  %before = arith.minsi %b0, %whole : index
  %m_b, %l_b, %acc_b = scf.for %n0 = %c0 to %before step %cBN
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s0) {axis = 1 : i32, kind = "max"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<64xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<64xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<64x1xf32>) -> tensor<64x128xf32>
      %ss = arith.mulf %s0, %qk_scale fastmath<contract> : tensor<64x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<64x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<64x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<64xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<64xf32>
      %l_new = arith.addf %l_a, %ps : tensor<64xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<64x64xf32>
      %p16 = arith.truncf %p : tensor<64x128xf32> to tensor<64x128xf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x128xf16>, tensor<128x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  %end0 = arith.addi %m0, %cBM : index
  %end = arith.minsi %end0, %lk : index
  %m_f, %l_f, %acc_f = scf.for %n0 = %before to %end step %cBN
      iter_args(%m_i = %m_b, %l_i = %l_b, %acc = %acc_b) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32>) -> tensor<64x128xf32>
      // Keys past the end score -inf.
      %n032 = arith.index_cast %n0 : index to i32
      %left = arith.subi %lk32, %n032 : i32
      %leftv = "tile.splat"(%left) : (i32) -> tensor<128xi32>
      %valid = arith.cmpi slt, %cols, %leftv : tensor<128xi32>
      %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
      %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<64x128xi1>
      // The diagonal block: key n0 + j is visible to query m0 + i when
      // j - i <= m0 - n0.
      %rows = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
      %rows1 = "tile.expand_dims"(%rows) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
      %rowsb = "tile.broadcast"(%rows1) : (tensor<64x1xi32>) -> tensor<64x128xi32>
      %cols1c = "tile.expand_dims"(%cols) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
      %colsb = "tile.broadcast"(%cols1c) : (tensor<1x128xi32>) -> tensor<64x128xi32>
      %ahead = arith.subi %colsb, %rowsb : tensor<64x128xi32>
      %m032 = arith.index_cast %m0 : index to i32
      %lag = arith.subi %m032, %n032 : i32
      %lagv = "tile.splat"(%lag) : (i32) -> tensor<64x128xi32>
      %seen = arith.cmpi sle, %ahead, %lagv : tensor<64x128xi32>
      %keep = arith.andi %validb, %seen : tensor<64x128xi1>
      %s = arith.select %keep, %s0, %ninf : tensor<64x128xi1>, tensor<64x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<64xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<64xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<64x1xf32>) -> tensor<64x128xf32>
      %ss = arith.mulf %s, %qk_scale fastmath<contract> : tensor<64x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<64x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<64x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<64xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<64x128xf32>) -> tensor<64xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<64xf32>
      %l_new = arith.addf %l_a, %ps : tensor<64xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<64x64xf32>
      %p16 = arith.truncf %p : tensor<64x128xf32> to tensor<64x128xf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x64xf16>, index, index, index) -> tensor<1x128x64xf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x64xf16>) -> tensor<128x64xf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<64x128xf16>, tensor<128x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  // O = acc / l, and the log-sum-exp of each row's S / sqrt(64) (natural
  // log): m and log2(l) are in base 2.
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %inv = arith.divf %one, %l_f : tensor<64xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<64xf32>) -> tensor<64x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %out = arith.mulf %acc_f, %invb : tensor<64x64xf32>
  %o16 = arith.truncf %out : tensor<64x64xf32> to tensor<64x64xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<64x64xf16>) -> tensor<1x64x64xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x64x64xf16>, memref<?x?x64xf16>, index, index, index) -> ()
  %log2l = math.log2 %l_f : tensor<64xf32>
  %lse2 = arith.addf %m_f, %log2l : tensor<64xf32>
  %ln2 = arith.constant dense<0.6931471805599453> : tensor<64xf32>
  %lse_t = arith.mulf %lse2, %ln2 : tensor<64xf32>
  %lse1 = "tile.reshape"(%lse_t) : (tensor<64xf32>) -> tensor<1x64xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x64xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

func.func @flash_attention_bf16_d128(%q: memref<?x?x128xbf16>, %k: memref<?x?x128xbf16>, %v: memref<?x?x128xbf16>,
    %o: memref<?x?x128xbf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 3 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 128 : index
  %cBN = arith.constant 128 : index
  %m0 = arith.muli %pm, %cBM : index
  %lk = memref.dim %k, %c1 : memref<?x?x128xbf16>
  %lk32 = arith.index_cast %lk : index to i32
  %nwhole = arith.divui %lk, %cBN : index
  %whole = arith.muli %nwhole, %cBN : index
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
  // Scores in base 2: S / sqrt(128) * log2(e), so that P is exp2.
  %qk_scale = arith.constant dense<0.12751743082459868> : tensor<128x128xf32>
  %row_scale = arith.constant dense<0.12751743082459868> : tensor<128xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l_init = arith.constant dense<0.0> : tensor<128xf32>
  %acc_init = arith.constant dense<0.0> : tensor<128x128xf32>
  // The whole key blocks need no mask; a last, partial one does.
  %m_b, %l_b, %acc_b = scf.for %n0 = %c0 to %whole step %cBN
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xbf16>) -> tensor<128x128xbf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s0) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<128xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %ss = arith.mulf %s0, %qk_scale fastmath<contract> : tensor<128x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<128x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<128x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<128xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<128xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_a, %ps : tensor<128xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
      %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  %m_f, %l_f, %acc_f = scf.for %n0 = %whole to %lk step %cBN
      iter_args(%m_i = %m_b, %l_i = %l_b, %acc = %acc_b) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xbf16>) -> tensor<128x128xbf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      // Keys past the end score -inf.
      %n032 = arith.index_cast %n0 : index to i32
      %left = arith.subi %lk32, %n032 : i32
      %leftv = "tile.splat"(%left) : (i32) -> tensor<128xi32>
      %valid = arith.cmpi slt, %cols, %leftv : tensor<128xi32>
      %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
      %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
      %s = arith.select %validb, %s0, %ninf : tensor<128x128xi1>, tensor<128x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<128xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %ss = arith.mulf %s, %qk_scale fastmath<contract> : tensor<128x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<128x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<128x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<128xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<128xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_a, %ps : tensor<128xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
      %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  // O = acc / l, and the log-sum-exp of each row's S / sqrt(128) (natural
  // log): m and log2(l) are in base 2.
  %one = arith.constant dense<1.0> : tensor<128xf32>
  %inv = arith.divf %one, %l_f : tensor<128xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
  %out = arith.mulf %acc_f, %invb : tensor<128x128xf32>
  %o16 = arith.truncf %out : tensor<128x128xf32> to tensor<128x128xbf16>
  %o3 = "tile.reshape"(%o16) : (tensor<128x128xbf16>) -> tensor<1x128x128xbf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x128x128xbf16>, memref<?x?x128xbf16>, index, index, index) -> ()
  %log2l = math.log2 %l_f : tensor<128xf32>
  %lse2 = arith.addf %m_f, %log2l : tensor<128xf32>
  %ln2 = arith.constant dense<0.6931471805599453> : tensor<128xf32>
  %lse_t = arith.mulf %lse2, %ln2 : tensor<128xf32>
  %lse1 = "tile.reshape"(%lse_t) : (tensor<128xf32>) -> tensor<1x128xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

func.func @flash_attention_causal_bf16_d128(%q: memref<?x?x128xbf16>, %k: memref<?x?x128xbf16>, %v: memref<?x?x128xbf16>,
    %o: memref<?x?x128xbf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 3 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBM = arith.constant 128 : index
  %cBN = arith.constant 128 : index
  %m0 = arith.muli %pm, %cBM : index
  %lk = memref.dim %k, %c1 : memref<?x?x128xbf16>
  %lk32 = arith.index_cast %lk : index to i32
  %nwhole = arith.divui %lk, %cBN : index
  %whole = arith.muli %nwhole, %cBN : index
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
  // Scores in base 2: S / sqrt(128) * log2(e), so that P is exp2.
  %qk_scale = arith.constant dense<0.12751743082459868> : tensor<128x128xf32>
  %row_scale = arith.constant dense<0.12751743082459868> : tensor<128xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l_init = arith.constant dense<0.0> : tensor<128xf32>
  %acc_init = arith.constant dense<0.0> : tensor<128x128xf32>
  // Whole key blocks before this program's first query need no mask; the
  // blocks that reach its queries (the diagonal) or Lk do. Blocks wholly
  // after its last query are skipped.
  %nb = arith.divui %m0, %cBN : index
  %b0 = arith.muli %nb, %cBN : index
  %before = arith.minsi %b0, %whole : index
  %m_b, %l_b, %acc_b = scf.for %n0 = %c0 to %before step %cBN
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xbf16>) -> tensor<128x128xbf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s0) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<128xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %ss = arith.mulf %s0, %qk_scale fastmath<contract> : tensor<128x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<128x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<128x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<128xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<128xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_a, %ps : tensor<128xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
      %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  %end0 = arith.addi %m0, %cBM : index
  %end = arith.minsi %end0, %lk : index
  %m_f, %l_f, %acc_f = scf.for %n0 = %before to %end step %cBN
      iter_args(%m_i = %m_b, %l_i = %l_b, %acc = %acc_b) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
      %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tk = "tile.reshape"(%k3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x128xbf16>) -> tensor<128x128xbf16>
      %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      // Keys past the end score -inf.
      %n032 = arith.index_cast %n0 : index to i32
      %left = arith.subi %lk32, %n032 : i32
      %leftv = "tile.splat"(%left) : (i32) -> tensor<128xi32>
      %valid = arith.cmpi slt, %cols, %leftv : tensor<128xi32>
      %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
      %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
      // The diagonal block: key n0 + j is visible to query m0 + i when
      // j - i <= m0 - n0.
      %rows = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
      %rows1 = "tile.expand_dims"(%rows) {axis = 1 : i32} : (tensor<128xi32>) -> tensor<128x1xi32>
      %rowsb = "tile.broadcast"(%rows1) : (tensor<128x1xi32>) -> tensor<128x128xi32>
      %cols1c = "tile.expand_dims"(%cols) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>
      %colsb = "tile.broadcast"(%cols1c) : (tensor<1x128xi32>) -> tensor<128x128xi32>
      %ahead = arith.subi %colsb, %rowsb : tensor<128x128xi32>
      %m032 = arith.index_cast %m0 : index to i32
      %lag = arith.subi %m032, %n032 : i32
      %lagv = "tile.splat"(%lag) : (i32) -> tensor<128x128xi32>
      %seen = arith.cmpi sle, %ahead, %lagv : tensor<128x128xi32>
      %keep = arith.andi %validb, %seen : tensor<128x128xi1>
      %s = arith.select %keep, %s0, %ninf : tensor<128x128xi1>, tensor<128x128xf32>
      // Online softmax in base 2: m is the running maximum of S * scale,
      // P = 2^(S * scale - m) (one fused multiply-add per score: the
      // contract flag allows it), and O and l are rescaled by
      // 2^(m_old - m) when m grows.
      %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %mxs = arith.mulf %mx, %row_scale : tensor<128xf32>
      %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
      %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %m_newb = "tile.broadcast"(%m_new1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %ss = arith.mulf %s, %qk_scale fastmath<contract> : tensor<128x128xf32>
      %d = arith.subf %ss, %m_newb fastmath<contract> : tensor<128x128xf32>
      %p = math.exp2 %d fastmath<afn> : tensor<128x128xf32>
      %dm = arith.subf %m_i, %m_new : tensor<128xf32>
      %alpha = math.exp2 %dm fastmath<afn> : tensor<128xf32>
      %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
      %l_a = arith.mulf %l_i, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_a, %ps : tensor<128xf32>
      %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
      %alphab = "tile.broadcast"(%alpha1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
      %acc_a = arith.mulf %acc, %alphab : tensor<128x128xf32>
      %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
      %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x128xbf16>, index, index, index) -> tensor<1x128x128xbf16>
      %tv = "tile.reshape"(%v3) : (tensor<1x128x128xbf16>) -> tensor<128x128xbf16>
      %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<128x128xbf16>, tensor<128x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
      scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
  // O = acc / l, and the log-sum-exp of each row's S / sqrt(128) (natural
  // log): m and log2(l) are in base 2.
  %one = arith.constant dense<1.0> : tensor<128xf32>
  %inv = arith.divf %one, %l_f : tensor<128xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
  %out = arith.mulf %acc_f, %invb : tensor<128x128xf32>
  %o16 = arith.truncf %out : tensor<128x128xf32> to tensor<128x128xbf16>
  %o3 = "tile.reshape"(%o16) : (tensor<128x128xbf16>) -> tensor<1x128x128xbf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x128x128xbf16>, memref<?x?x128xbf16>, index, index, index) -> ()
  %log2l = math.log2 %l_f : tensor<128xf32>
  %lse2 = arith.addf %m_f, %log2l : tensor<128xf32>
  %ln2 = arith.constant dense<0.6931471805599453> : tensor<128xf32>
  %lse_t = arith.mulf %lse2, %ln2 : tensor<128xf32>
  %lse1 = "tile.reshape"(%lse_t) : (tensor<128xf32>) -> tensor<1x128xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
