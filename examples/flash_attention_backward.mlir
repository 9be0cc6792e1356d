// Flash attention for training, written plainly: the forward pass that
// also writes each row's log-sum-exp, and the backward pass (dQ, dK, dV)
// from it, for every (batch, head), full and causal, as one would first
// write them from docs/dialect.md: every block masked, exp (not exp2),
// block sizes as parameters. The compiler's passes make them fast
// (tile-split-loops runs the blocks whose masks are all true without
// them; tile-fold-exp turns exp(S * scale - m) into one ex2).
//   q, o, do, dq: [B*H][Lq][D]   k, v, dk, dv: [B*H][Lk][D]   (f16)
//   lse, delta: [B*H][Lq] (f32)          scale = 1 / sqrt(D)
//
// With S = scale Q K^T, P = exp(S - lse) (the softmax, from the forward's
// log-sum-exp) and dO the gradient of O:
//   dV = P^T dO      dP = dO V^T      dS = P * (dP - delta)
//   dQ = scale dS K  dK = scale dS^T Q,   delta = rowsum(dO * O)
// Three launches after the forward, none with atomics (each gradient has
// one writer: deterministic sums):
//   attention_bwd_delta  delta        grid cdiv(Lq, BM) x (B*H)
//   attention_bwd_dkdv   dK and dV    grid cdiv(Lk, BN) x (B*H): a program
//                        holds BN keys and streams the queries, BM at a time
//   attention_bwd_dq     dQ           grid cdiv(Lq, BM) x (B*H): a program
//                        holds BM queries and streams the keys, BN at a time
// (each with a _causal twin where query i sees keys 0..i, queries and keys
// aligned at the start). Or two launches, FlashAttention-2's way, with
// atomics: attention_bwd_dkdvdq, grid cdiv(Lk, BN) x (B*H), adds dQ into
// an f32 buffer as it makes dK and dV (five products instead of seven),
// then attention_bwd_dq_cast, grid cdiv(Lq, BM) x (B*H), writes it in f16.
// The forward: attention_fwd(_causal), grid cdiv(Lq, BM) x (B*H). Rows
// and keys past the ends load as zeros and are masked; nothing past an
// end is written.
//
// D is the head size (128, or -D D=64), not a choice. The block sizes'
// first values are the defaults; the backward kernels hold two f32
// accumulators (dK and dV) or two score tiles besides one, hence 64-wide
// steps at d = 128.
// tile.tune: D=128
// tile.tune @attention_fwd: BM=128,64 BN=128,64 num-warps=8,4
// tile.tune @attention_fwd_causal: BM=128,64 BN=128,64 num-warps=8,4
// tile.tune @attention_bwd_delta: BM=128,64
// tile.tune @attention_bwd_dkdv: BN=128,64 BM=64,128 num-warps=8,4
// tile.tune @attention_bwd_dkdv_causal: BN=128,64 BM=64,128 num-warps=8,4
// tile.tune @attention_bwd_dkdvdq: BN=128,64 BM=64,128 num-warps=8,4
// tile.tune @attention_bwd_dkdvdq_causal: BN=128,64 BM=64,128 num-warps=8,4
// tile.tune @attention_bwd_dq_cast: BM=128,64
// tile.tune @attention_bwd_dq: BM=128,64 BN=64,128 num-warps=8,4
// tile.tune @attention_bwd_dq_causal: BM=128,64 BN=64,128 num-warps=8,4

// The forward: O = softmax(S) V with the online softmax (a running row
// maximum m and sum l; O and l rescaled by exp(m_old - m) when m grows),
// and lse = m + log(l) for the backward. Keys past Lk score -inf.
func.func @attention_fwd(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %o: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<${BN}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BM}x${BN}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<${BM}xf32>
  %l_init = arith.constant dense<0.0> : tensor<${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BM}x${D}xf32>
  %m_f, %l_f, %acc_f = scf.for %n0 = %c0 to %lk step %bn
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init)
      -> (tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
    %key = arith.addi %cols, %n0v : tensor<${BN}xi32>
    %inside = arith.cmpi slt, %key, %lkv : tensor<${BN}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BN}xi1>) -> tensor<1x${BN}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BN}xi1>) -> tensor<${BM}x${BN}xi1>
    %s = arith.select %insideb, %s1, %ninf : tensor<${BM}x${BN}xi1>, tensor<${BM}x${BN}xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<${BM}x${BN}xf32>) -> tensor<${BM}xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<${BM}xf32>
    %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
    %m_newb = "tile.broadcast"(%m_new1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
    %sm = arith.subf %s, %m_newb : tensor<${BM}x${BN}xf32>
    %p = math.exp %sm fastmath<afn> : tensor<${BM}x${BN}xf32>
    %dm = arith.subf %m_i, %m_new : tensor<${BM}xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<${BM}xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<${BM}x${BN}xf32>) -> tensor<${BM}xf32>
    %l_a = arith.mulf %l_i, %alpha : tensor<${BM}xf32>
    %l_new = arith.addf %l_a, %ps : tensor<${BM}xf32>
    %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
    %alphab = "tile.broadcast"(%alpha1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
    %acc_a = arith.mulf %acc, %alphab : tensor<${BM}x${D}xf32>
    %p16 = arith.truncf %p : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<${BM}x${BN}xf16>, tensor<${BN}x${D}xf16>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>
  }
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
  %out = arith.divf %acc_f, %lb : tensor<${BM}x${D}xf32>
  %o16 = arith.truncf %out : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  // lse = m + log(l): the natural log-sum-exp of the row's S.
  %logl = math.log %l_f : tensor<${BM}xf32>
  %lse_f = arith.addf %m_f, %logl : tensor<${BM}xf32>
  %lse1 = "tile.reshape"(%lse_f) : (tensor<${BM}xf32>) -> tensor<1x${BM}xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x${BM}xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// The forward, causal: query i sees keys 0..i, so the loop stops after the
// program's last query, and a key after its query scores -inf.
func.func @attention_fwd_causal(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %o: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %m_end = arith.addi %m0, %bm : index
  %n_end = arith.minui %lk, %m_end : index
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<${BN}xi32>
  %rows = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %m032 = arith.index_cast %m0 : index to i32
  %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
  %query = arith.addi %rows, %m0v : tensor<${BM}xi32>
  %query1 = "tile.expand_dims"(%query) {axis = 1 : i32} : (tensor<${BM}xi32>) -> tensor<${BM}x1xi32>
  %queryb = "tile.broadcast"(%query1) : (tensor<${BM}x1xi32>) -> tensor<${BM}x${BN}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BM}x${BN}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<${BM}xf32>
  %l_init = arith.constant dense<0.0> : tensor<${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BM}x${D}xf32>
  %m_f, %l_f, %acc_f = scf.for %n0 = %c0 to %n_end step %bn
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init)
      -> (tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
    %key = arith.addi %cols, %n0v : tensor<${BN}xi32>
    %inside = arith.cmpi slt, %key, %lkv : tensor<${BN}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BN}xi1>) -> tensor<1x${BN}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BN}xi1>) -> tensor<${BM}x${BN}xi1>
    %key1 = "tile.expand_dims"(%key) {axis = 0 : i32} : (tensor<${BN}xi32>) -> tensor<1x${BN}xi32>
    %keyb = "tile.broadcast"(%key1) : (tensor<1x${BN}xi32>) -> tensor<${BM}x${BN}xi32>
    %before = arith.cmpi sle, %keyb, %queryb : tensor<${BM}x${BN}xi32>
    %seen = arith.andi %insideb, %before : tensor<${BM}x${BN}xi1>
    %s = arith.select %seen, %s1, %ninf : tensor<${BM}x${BN}xi1>, tensor<${BM}x${BN}xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<${BM}x${BN}xf32>) -> tensor<${BM}xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<${BM}xf32>
    %m_new1 = "tile.expand_dims"(%m_new) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
    %m_newb = "tile.broadcast"(%m_new1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
    %sm = arith.subf %s, %m_newb : tensor<${BM}x${BN}xf32>
    %p = math.exp %sm fastmath<afn> : tensor<${BM}x${BN}xf32>
    %dm = arith.subf %m_i, %m_new : tensor<${BM}xf32>
    %alpha = math.exp %dm fastmath<afn> : tensor<${BM}xf32>
    %ps = "tile.reduce"(%p) {axis = 1 : i32, kind = "add"} : (tensor<${BM}x${BN}xf32>) -> tensor<${BM}xf32>
    %l_a = arith.mulf %l_i, %alpha : tensor<${BM}xf32>
    %l_new = arith.addf %l_a, %ps : tensor<${BM}xf32>
    %alpha1 = "tile.expand_dims"(%alpha) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
    %alphab = "tile.broadcast"(%alpha1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
    %acc_a = arith.mulf %acc, %alphab : tensor<${BM}x${D}xf32>
    %p16 = arith.truncf %p : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %acc_new = "tile.dot"(%p16, %tv, %acc_a) : (tensor<${BM}x${BN}xf16>, tensor<${BN}x${D}xf16>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>
  }
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
  %out = arith.divf %acc_f, %lb : tensor<${BM}x${D}xf32>
  %o16 = arith.truncf %out : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  // lse = m + log(l): the natural log-sum-exp of the row's S.
  %logl = math.log %l_f : tensor<${BM}xf32>
  %lse_f = arith.addf %m_f, %logl : tensor<${BM}xf32>
  %lse1 = "tile.reshape"(%lse_f) : (tensor<${BM}xf32>) -> tensor<1x${BM}xf32>
  "tile.store"(%lse1, %lse, %bh, %m0) : (tensor<1x${BM}xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// delta = rowsum(dO * O) in f32, one row per query: the softmax's
// Jacobian needs it in both gradient kernels.
func.func @attention_bwd_delta(%o: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %delta: memref<?x?xf32>)
    attributes {tile.kernel} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %bm = arith.constant ${BM} : index
  %m0 = arith.muli %pm, %bm : index
  %o3 = "tile.load"(%o, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %to = "tile.reshape"(%o3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %of = arith.extf %to : tensor<${BM}x${D}xf16> to tensor<${BM}x${D}xf32>
  %dof = arith.extf %tdo : tensor<${BM}x${D}xf16> to tensor<${BM}x${D}xf32>
  %prod = arith.mulf %of, %dof : tensor<${BM}x${D}xf32>
  %r = "tile.reduce"(%prod) {axis = 1 : i32, kind = "add"} : (tensor<${BM}x${D}xf32>) -> tensor<${BM}xf32>
  %r1 = "tile.reshape"(%r) : (tensor<${BM}xf32>) -> tensor<1x${BM}xf32>
  "tile.store"(%r1, %delta, %bh, %m0) : (tensor<1x${BM}xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// dK and dV for BN keys, over every query block. The scores are
// computed transposed (S^T = K Q^T, keys by queries), so P^T and dS^T,
// the left operands of dV += P^T dO and dK += dS^T Q, need no transpose.
// Queries past Lq score -inf (P = 0).
func.func @attention_bwd_dkdv(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dk: memref<?x?x${D}xf16>, %dv: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %n0 = arith.muli %pn, %bn : index
  %lq = memref.dim %q, %c1 : memref<?x?x${D}xf16>
  %lq32 = arith.index_cast %lq : index to i32
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${BM}xf32>
  %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %lqv = "tile.splat"(%lq32) : (i32) -> tensor<${BM}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BN}x${BM}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BN}x${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BN}x${D}xf32>
  %dk_f, %dv_f = scf.for %m0 = %c0 to %lq step %bm
      iter_args(%dk_i = %acc_init, %dv_i = %acc_init)
      -> (tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>) {
    %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %tqt = "tile.trans"(%tq) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %st0 = "tile.dot"(%tk, %tqt, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %st1 = arith.mulf %st0, %scale : tensor<${BN}x${BM}xf32>
    %m032 = arith.index_cast %m0 : index to i32
    %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
    %query = arith.addi %cols, %m0v : tensor<${BM}xi32>
    %inside = arith.cmpi slt, %query, %lqv : tensor<${BM}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BM}xi1>) -> tensor<1x${BM}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BM}xi1>) -> tensor<${BN}x${BM}xi1>
    %st = arith.select %insideb, %st1, %ninf : tensor<${BN}x${BM}xi1>, tensor<${BN}x${BM}xf32>
    // P^T = exp(S^T - lse), lse along the columns (one per query).
    %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %lseb = "tile.broadcast"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %sm = arith.subf %st, %lseb : tensor<${BN}x${BM}xf32>
    %pt = math.exp %sm fastmath<afn> : tensor<${BN}x${BM}xf32>
    %pt16 = arith.truncf %pt : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %dv_new = "tile.dot"(%pt16, %tdo, %dv_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dP^T = V dO^T; dS^T = P^T * (dP^T - delta).
    %tdot = "tile.trans"(%tdo) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %dpt = "tile.dot"(%tv, %tdot, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %dlb = "tile.broadcast"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dd = arith.subf %dpt, %dlb : tensor<${BN}x${BM}xf32>
    %dst = arith.mulf %pt, %dd : tensor<${BN}x${BM}xf32>
    %dst16 = arith.truncf %dst : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %dk_new = "tile.dot"(%dst16, %tq, %dk_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    scf.yield %dk_new, %dv_new : tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>
  }
  %scale_k = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${D}xf32>
  %dk_s = arith.mulf %dk_f, %scale_k : tensor<${BN}x${D}xf32>
  %dk16 = arith.truncf %dk_s : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dv16 = arith.truncf %dv_f : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dk3 = "tile.reshape"(%dk16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  %dv3 = "tile.reshape"(%dv16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  "tile.store"(%dk3, %dk, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  "tile.store"(%dv3, %dv, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// dK and dV, causal: a key block is seen only by the queries at or after
// its first key, so the loop starts at the query block holding it, and
// a query before its key contributes nothing.
func.func @attention_bwd_dkdv_causal(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dk: memref<?x?x${D}xf16>, %dv: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %n0 = arith.muli %pn, %bn : index
  %lq = memref.dim %q, %c1 : memref<?x?x${D}xf16>
  %lq32 = arith.index_cast %lq : index to i32
  %first = arith.divui %n0, %bm : index
  %m_start = arith.muli %first, %bm : index
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${BM}xf32>
  %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %lqv = "tile.splat"(%lq32) : (i32) -> tensor<${BM}xi32>
  %rows = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %n032 = arith.index_cast %n0 : index to i32
  %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
  %key = arith.addi %rows, %n0v : tensor<${BN}xi32>
  %key1 = "tile.expand_dims"(%key) {axis = 1 : i32} : (tensor<${BN}xi32>) -> tensor<${BN}x1xi32>
  %keyb = "tile.broadcast"(%key1) : (tensor<${BN}x1xi32>) -> tensor<${BN}x${BM}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BN}x${BM}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BN}x${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BN}x${D}xf32>
  %dk_f, %dv_f = scf.for %m0 = %m_start to %lq step %bm
      iter_args(%dk_i = %acc_init, %dv_i = %acc_init)
      -> (tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>) {
    %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %tqt = "tile.trans"(%tq) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %st0 = "tile.dot"(%tk, %tqt, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %st1 = arith.mulf %st0, %scale : tensor<${BN}x${BM}xf32>
    %m032 = arith.index_cast %m0 : index to i32
    %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
    %query = arith.addi %cols, %m0v : tensor<${BM}xi32>
    %inside = arith.cmpi slt, %query, %lqv : tensor<${BM}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BM}xi1>) -> tensor<1x${BM}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BM}xi1>) -> tensor<${BN}x${BM}xi1>
    %query1 = "tile.expand_dims"(%query) {axis = 0 : i32} : (tensor<${BM}xi32>) -> tensor<1x${BM}xi32>
    %queryb = "tile.broadcast"(%query1) : (tensor<1x${BM}xi32>) -> tensor<${BN}x${BM}xi32>
    %before = arith.cmpi sle, %keyb, %queryb : tensor<${BN}x${BM}xi32>
    %seen = arith.andi %insideb, %before : tensor<${BN}x${BM}xi1>
    %st = arith.select %seen, %st1, %ninf : tensor<${BN}x${BM}xi1>, tensor<${BN}x${BM}xf32>
    // P^T = exp(S^T - lse), lse along the columns (one per query).
    %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %lseb = "tile.broadcast"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %sm = arith.subf %st, %lseb : tensor<${BN}x${BM}xf32>
    %pt = math.exp %sm fastmath<afn> : tensor<${BN}x${BM}xf32>
    %pt16 = arith.truncf %pt : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %dv_new = "tile.dot"(%pt16, %tdo, %dv_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dP^T = V dO^T; dS^T = P^T * (dP^T - delta).
    %tdot = "tile.trans"(%tdo) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %dpt = "tile.dot"(%tv, %tdot, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %dlb = "tile.broadcast"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dd = arith.subf %dpt, %dlb : tensor<${BN}x${BM}xf32>
    %dst = arith.mulf %pt, %dd : tensor<${BN}x${BM}xf32>
    %dst16 = arith.truncf %dst : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %dk_new = "tile.dot"(%dst16, %tq, %dk_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    scf.yield %dk_new, %dv_new : tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>
  }
  %scale_k = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${D}xf32>
  %dk_s = arith.mulf %dk_f, %scale_k : tensor<${BN}x${D}xf32>
  %dk16 = arith.truncf %dk_s : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dv16 = arith.truncf %dv_f : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dk3 = "tile.reshape"(%dk16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  %dv3 = "tile.reshape"(%dv16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  "tile.store"(%dk3, %dk, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  "tile.store"(%dv3, %dv, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// dQ for BM queries, over every key block: S and P again as in the
// forward (P from the saved lse), dP = dO V^T, dS = P * (dP - delta),
// dQ += dS K. Keys past Lk score -inf (P = 0).
func.func @attention_bwd_dq(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dq: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  // lse and delta along the rows (one per query).
  %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
  %lsec = "tile.reshape"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BM}x1xf32>
  %lseb = "tile.broadcast"(%lsec) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
  %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
  %dlc = "tile.reshape"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BM}x1xf32>
  %dlb = "tile.broadcast"(%dlc) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
  %cols = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<${BN}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BM}x${BN}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BM}x${D}xf32>
  %dq_f = scf.for %n0 = %c0 to %lk step %bn
      iter_args(%dq_i = %acc_init) -> (tensor<${BM}x${D}xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
    %key = arith.addi %cols, %n0v : tensor<${BN}xi32>
    %inside = arith.cmpi slt, %key, %lkv : tensor<${BN}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BN}xi1>) -> tensor<1x${BN}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BN}xi1>) -> tensor<${BM}x${BN}xi1>
    %s = arith.select %insideb, %s1, %ninf : tensor<${BM}x${BN}xi1>, tensor<${BM}x${BN}xf32>
    %sm = arith.subf %s, %lseb : tensor<${BM}x${BN}xf32>
    %p = math.exp %sm fastmath<afn> : tensor<${BM}x${BN}xf32>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tvt = "tile.trans"(%tv) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %dp = "tile.dot"(%tdo, %tvt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %dd = arith.subf %dp, %dlb : tensor<${BM}x${BN}xf32>
    %ds = arith.mulf %p, %dd : tensor<${BM}x${BN}xf32>
    %ds16 = arith.truncf %ds : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
    %dq_new = "tile.dot"(%ds16, %tk, %dq_i) : (tensor<${BM}x${BN}xf16>, tensor<${BN}x${D}xf16>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %dq_new : tensor<${BM}x${D}xf32>
  }
  %scale_q = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${D}xf32>
  %dq_s = arith.mulf %dq_f, %scale_q : tensor<${BM}x${D}xf32>
  %dq16 = arith.truncf %dq_s : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %dq3 = "tile.reshape"(%dq16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%dq3, %dq, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// dQ, causal: the loop stops after the program's last query, and a key
// after its query contributes nothing.
func.func @attention_bwd_dq_causal(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dq: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %m_end = arith.addi %m0, %bm : index
  %n_end = arith.minui %lk, %m_end : index
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
  %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
  // lse and delta along the rows (one per query).
  %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
  %lsec = "tile.reshape"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BM}x1xf32>
  %lseb = "tile.broadcast"(%lsec) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
  %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
  %dlc = "tile.reshape"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BM}x1xf32>
  %dlb = "tile.broadcast"(%dlc) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${BN}xf32>
  %cols = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<${BN}xi32>
  %rows = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %m032 = arith.index_cast %m0 : index to i32
  %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
  %query = arith.addi %rows, %m0v : tensor<${BM}xi32>
  %query1 = "tile.expand_dims"(%query) {axis = 1 : i32} : (tensor<${BM}xi32>) -> tensor<${BM}x1xi32>
  %queryb = "tile.broadcast"(%query1) : (tensor<${BM}x1xi32>) -> tensor<${BM}x${BN}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BM}x${BN}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BM}x${D}xf32>
  %dq_f = scf.for %n0 = %c0 to %n_end step %bn
      iter_args(%dq_i = %acc_init) -> (tensor<${BM}x${D}xf32>) {
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
    %key = arith.addi %cols, %n0v : tensor<${BN}xi32>
    %inside = arith.cmpi slt, %key, %lkv : tensor<${BN}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BN}xi1>) -> tensor<1x${BN}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BN}xi1>) -> tensor<${BM}x${BN}xi1>
    %key1 = "tile.expand_dims"(%key) {axis = 0 : i32} : (tensor<${BN}xi32>) -> tensor<1x${BN}xi32>
    %keyb = "tile.broadcast"(%key1) : (tensor<1x${BN}xi32>) -> tensor<${BM}x${BN}xi32>
    %before = arith.cmpi sle, %keyb, %queryb : tensor<${BM}x${BN}xi32>
    %seen = arith.andi %insideb, %before : tensor<${BM}x${BN}xi1>
    %s = arith.select %seen, %s1, %ninf : tensor<${BM}x${BN}xi1>, tensor<${BM}x${BN}xf32>
    %sm = arith.subf %s, %lseb : tensor<${BM}x${BN}xf32>
    %p = math.exp %sm fastmath<afn> : tensor<${BM}x${BN}xf32>
    %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tvt = "tile.trans"(%tv) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %dp = "tile.dot"(%tdo, %tvt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %dd = arith.subf %dp, %dlb : tensor<${BM}x${BN}xf32>
    %ds = arith.mulf %p, %dd : tensor<${BM}x${BN}xf32>
    %ds16 = arith.truncf %ds : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
    %dq_new = "tile.dot"(%ds16, %tk, %dq_i) : (tensor<${BM}x${BN}xf16>, tensor<${BN}x${D}xf16>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %dq_new : tensor<${BM}x${D}xf32>
  }
  %scale_q = "tile.splat"(%rs) : (f32) -> tensor<${BM}x${D}xf32>
  %dq_s = arith.mulf %dq_f, %scale_q : tensor<${BM}x${D}xf32>
  %dq16 = arith.truncf %dq_s : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %dq3 = "tile.reshape"(%dq16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%dq3, %dq, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// dK, dV and dQ in one pass (FlashAttention-2's): as attention_bwd_dkdv,
// and each step's dQ_i += scale dS_i K, computed as its transpose
// K^T dS_i^T (whose D rows suit wgmma's 64-row blocks) and added into
// dq_acc (f32, zeroed by the caller) with float atomics, since every key
// block's program adds to every query's row. Five products instead of
// the two kernels' seven, for atomics and a nondeterministic order of
// the f32 sums; attention_bwd_dq_cast then writes dQ in f16.
func.func @attention_bwd_dkdvdq(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dk: memref<?x?x${D}xf16>, %dv: memref<?x?x${D}xf16>, %dq_acc: memref<?x?x${D}xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %n0 = arith.muli %pn, %bn : index
  %lq = memref.dim %q, %c1 : memref<?x?x${D}xf16>
  %lq32 = arith.index_cast %lq : index to i32
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${BM}xf32>
  %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %lqv = "tile.splat"(%lq32) : (i32) -> tensor<${BM}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BN}x${BM}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BN}x${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BN}x${D}xf32>
  %zq = arith.constant dense<0.0> : tensor<${D}x${BM}xf32>
  %scale_q = "tile.splat"(%rs) : (f32) -> tensor<${D}x${BM}xf32>
  %bh32 = arith.index_cast %bh : index to i32
  %bhs = "tile.splat"(%bh32) : (i32) -> tensor<${D}x${BM}xi32>
  %dr = "tile.range"() {start = 0 : i32, end = ${D} : i32} : () -> tensor<${D}xi32>
  %dr1 = "tile.expand_dims"(%dr) {axis = 1 : i32} : (tensor<${D}xi32>) -> tensor<${D}x1xi32>
  %drows = "tile.broadcast"(%dr1) : (tensor<${D}x1xi32>) -> tensor<${D}x${BM}xi32>
  %dk_f, %dv_f = scf.for %m0 = %c0 to %lq step %bm
      iter_args(%dk_i = %acc_init, %dv_i = %acc_init)
      -> (tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>) {
    %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %tqt = "tile.trans"(%tq) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %st0 = "tile.dot"(%tk, %tqt, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %st1 = arith.mulf %st0, %scale : tensor<${BN}x${BM}xf32>
    %m032 = arith.index_cast %m0 : index to i32
    %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
    %query = arith.addi %cols, %m0v : tensor<${BM}xi32>
    %inside = arith.cmpi slt, %query, %lqv : tensor<${BM}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BM}xi1>) -> tensor<1x${BM}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BM}xi1>) -> tensor<${BN}x${BM}xi1>
    %st = arith.select %insideb, %st1, %ninf : tensor<${BN}x${BM}xi1>, tensor<${BN}x${BM}xf32>
    // P^T = exp(S^T - lse), lse along the columns (one per query).
    %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %lseb = "tile.broadcast"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %sm = arith.subf %st, %lseb : tensor<${BN}x${BM}xf32>
    %pt = math.exp %sm fastmath<afn> : tensor<${BN}x${BM}xf32>
    %pt16 = arith.truncf %pt : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %dv_new = "tile.dot"(%pt16, %tdo, %dv_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dP^T = V dO^T; dS^T = P^T * (dP^T - delta).
    %tdot = "tile.trans"(%tdo) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %dpt = "tile.dot"(%tv, %tdot, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %dlb = "tile.broadcast"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dd = arith.subf %dpt, %dlb : tensor<${BN}x${BM}xf32>
    %dst = arith.mulf %pt, %dd : tensor<${BN}x${BM}xf32>
    %dst16 = arith.truncf %dst : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %dk_new = "tile.dot"(%dst16, %tq, %dk_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dQ_i^T += scale K^T dS_i^T ([D][BM]: the keys' D rows by the
    // queries), added into dq_acc at [bh][query][d].
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %dqt = "tile.dot"(%tkt, %dst16, %zq) : (tensor<${D}x${BN}xf16>, tensor<${BN}x${BM}xf16>, tensor<${D}x${BM}xf32>) -> tensor<${D}x${BM}xf32>
    %dqs = arith.mulf %dqt, %scale_q : tensor<${D}x${BM}xf32>
    %qcol = "tile.expand_dims"(%query) {axis = 0 : i32} : (tensor<${BM}xi32>) -> tensor<1x${BM}xi32>
    %qcols = "tile.broadcast"(%qcol) : (tensor<1x${BM}xi32>) -> tensor<${D}x${BM}xi32>
    %old = "tile.atomic_rmw"(%dqs, %dq_acc, %bhs, %qcols, %drows) {kind = "add", sem = "relaxed"} : (tensor<${D}x${BM}xf32>, memref<?x?x${D}xf32>, tensor<${D}x${BM}xi32>, tensor<${D}x${BM}xi32>, tensor<${D}x${BM}xi32>) -> tensor<${D}x${BM}xf32>
    scf.yield %dk_new, %dv_new : tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>
  }
  %scale_k = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${D}xf32>
  %dk_s = arith.mulf %dk_f, %scale_k : tensor<${BN}x${D}xf32>
  %dk16 = arith.truncf %dk_s : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dv16 = arith.truncf %dv_f : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dk3 = "tile.reshape"(%dk16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  %dv3 = "tile.reshape"(%dv16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  "tile.store"(%dk3, %dk, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  "tile.store"(%dv3, %dv, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// The one-pass kernel above, causal as attention_bwd_dkdv_causal.
func.func @attention_bwd_dkdvdq_causal(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %do: memref<?x?x${D}xf16>, %lse: memref<?x?xf32>, %delta: memref<?x?xf32>,
    %dk: memref<?x?x${D}xf16>, %dv: memref<?x?x${D}xf16>, %dq_acc: memref<?x?x${D}xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pn = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %n0 = arith.muli %pn, %bn : index
  %lq = memref.dim %q, %c1 : memref<?x?x${D}xf16>
  %lq32 = arith.index_cast %lq : index to i32
  %first = arith.divui %n0, %bm : index
  %m_start = arith.muli %first, %bm : index
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf16>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %scale = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${BM}xf32>
  %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %v3 = "tile.load"(%v, %bh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
  %tv = "tile.reshape"(%v3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
  %cols = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %lqv = "tile.splat"(%lq32) : (i32) -> tensor<${BM}xi32>
  %rows = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %n032 = arith.index_cast %n0 : index to i32
  %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
  %key = arith.addi %rows, %n0v : tensor<${BN}xi32>
  %key1 = "tile.expand_dims"(%key) {axis = 1 : i32} : (tensor<${BN}xi32>) -> tensor<${BN}x1xi32>
  %keyb = "tile.broadcast"(%key1) : (tensor<${BN}x1xi32>) -> tensor<${BN}x${BM}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BN}x${BM}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BN}x${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BN}x${D}xf32>
  %zq = arith.constant dense<0.0> : tensor<${D}x${BM}xf32>
  %scale_q = "tile.splat"(%rs) : (f32) -> tensor<${D}x${BM}xf32>
  %bh32 = arith.index_cast %bh : index to i32
  %bhs = "tile.splat"(%bh32) : (i32) -> tensor<${D}x${BM}xi32>
  %dr = "tile.range"() {start = 0 : i32, end = ${D} : i32} : () -> tensor<${D}xi32>
  %dr1 = "tile.expand_dims"(%dr) {axis = 1 : i32} : (tensor<${D}xi32>) -> tensor<${D}x1xi32>
  %drows = "tile.broadcast"(%dr1) : (tensor<${D}x1xi32>) -> tensor<${D}x${BM}xi32>
  %dk_f, %dv_f = scf.for %m0 = %m_start to %lq step %bm
      iter_args(%dk_i = %acc_init, %dv_i = %acc_init)
      -> (tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>) {
    %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %tqt = "tile.trans"(%tq) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %st0 = "tile.dot"(%tk, %tqt, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %st1 = arith.mulf %st0, %scale : tensor<${BN}x${BM}xf32>
    %m032 = arith.index_cast %m0 : index to i32
    %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
    %query = arith.addi %cols, %m0v : tensor<${BM}xi32>
    %inside = arith.cmpi slt, %query, %lqv : tensor<${BM}xi32>
    %inside1 = "tile.expand_dims"(%inside) {axis = 0 : i32} : (tensor<${BM}xi1>) -> tensor<1x${BM}xi1>
    %insideb = "tile.broadcast"(%inside1) : (tensor<1x${BM}xi1>) -> tensor<${BN}x${BM}xi1>
    %query1 = "tile.expand_dims"(%query) {axis = 0 : i32} : (tensor<${BM}xi32>) -> tensor<1x${BM}xi32>
    %queryb = "tile.broadcast"(%query1) : (tensor<1x${BM}xi32>) -> tensor<${BN}x${BM}xi32>
    %before = arith.cmpi sle, %keyb, %queryb : tensor<${BN}x${BM}xi32>
    %seen = arith.andi %insideb, %before : tensor<${BN}x${BM}xi1>
    %st = arith.select %seen, %st1, %ninf : tensor<${BN}x${BM}xi1>, tensor<${BN}x${BM}xf32>
    // P^T = exp(S^T - lse), lse along the columns (one per query).
    %lse1 = "tile.load"(%lse, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %lseb = "tile.broadcast"(%lse1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %sm = arith.subf %st, %lseb : tensor<${BN}x${BM}xf32>
    %pt = math.exp %sm fastmath<afn> : tensor<${BN}x${BM}xf32>
    %pt16 = arith.truncf %pt : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %do3 = "tile.load"(%do, %bh, %m0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BM}x${D}xf16>
    %tdo = "tile.reshape"(%do3) : (tensor<1x${BM}x${D}xf16>) -> tensor<${BM}x${D}xf16>
    %dv_new = "tile.dot"(%pt16, %tdo, %dv_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dP^T = V dO^T; dS^T = P^T * (dP^T - delta).
    %tdot = "tile.trans"(%tdo) {permutation = array<i32: 1, 0>} : (tensor<${BM}x${D}xf16>) -> tensor<${D}x${BM}xf16>
    %dpt = "tile.dot"(%tv, %tdot, %zs) : (tensor<${BN}x${D}xf16>, tensor<${D}x${BM}xf16>, tensor<${BN}x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dl1 = "tile.load"(%delta, %bh, %m0) : (memref<?x?xf32>, index, index) -> tensor<1x${BM}xf32>
    %dlb = "tile.broadcast"(%dl1) : (tensor<1x${BM}xf32>) -> tensor<${BN}x${BM}xf32>
    %dd = arith.subf %dpt, %dlb : tensor<${BN}x${BM}xf32>
    %dst = arith.mulf %pt, %dd : tensor<${BN}x${BM}xf32>
    %dst16 = arith.truncf %dst : tensor<${BN}x${BM}xf32> to tensor<${BN}x${BM}xf16>
    %dk_new = "tile.dot"(%dst16, %tq, %dk_i) : (tensor<${BN}x${BM}xf16>, tensor<${BM}x${D}xf16>, tensor<${BN}x${D}xf32>) -> tensor<${BN}x${D}xf32>
    // dQ_i^T += scale K^T dS_i^T ([D][BM]: the keys' D rows by the
    // queries), added into dq_acc at [bh][query][d].
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %dqt = "tile.dot"(%tkt, %dst16, %zq) : (tensor<${D}x${BN}xf16>, tensor<${BN}x${BM}xf16>, tensor<${D}x${BM}xf32>) -> tensor<${D}x${BM}xf32>
    %dqs = arith.mulf %dqt, %scale_q : tensor<${D}x${BM}xf32>
    %qcol = "tile.expand_dims"(%query) {axis = 0 : i32} : (tensor<${BM}xi32>) -> tensor<1x${BM}xi32>
    %qcols = "tile.broadcast"(%qcol) : (tensor<1x${BM}xi32>) -> tensor<${D}x${BM}xi32>
    %old = "tile.atomic_rmw"(%dqs, %dq_acc, %bhs, %qcols, %drows) {kind = "add", sem = "relaxed"} : (tensor<${D}x${BM}xf32>, memref<?x?x${D}xf32>, tensor<${D}x${BM}xi32>, tensor<${D}x${BM}xi32>, tensor<${D}x${BM}xi32>) -> tensor<${D}x${BM}xf32>
    scf.yield %dk_new, %dv_new : tensor<${BN}x${D}xf32>, tensor<${BN}x${D}xf32>
  }
  %scale_k = "tile.splat"(%rs) : (f32) -> tensor<${BN}x${D}xf32>
  %dk_s = arith.mulf %dk_f, %scale_k : tensor<${BN}x${D}xf32>
  %dk16 = arith.truncf %dk_s : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dv16 = arith.truncf %dv_f : tensor<${BN}x${D}xf32> to tensor<${BN}x${D}xf16>
  %dk3 = "tile.reshape"(%dk16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  %dv3 = "tile.reshape"(%dv16) : (tensor<${BN}x${D}xf16>) -> tensor<1x${BN}x${D}xf16>
  "tile.store"(%dk3, %dk, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  "tile.store"(%dv3, %dv, %bh, %n0, %c0) : (tensor<1x${BN}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// dQ in f16 from attention_bwd_dkdvdq's f32 sums.
func.func @attention_bwd_dq_cast(%dq_acc: memref<?x?x${D}xf32>, %dq: memref<?x?x${D}xf16>)
    attributes {tile.kernel} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %bm = arith.constant ${BM} : index
  %m0 = arith.muli %pm, %bm : index
  %a = "tile.load"(%dq_acc, %bh, %m0, %c0) : (memref<?x?x${D}xf32>, index, index, index) -> tensor<1x${BM}x${D}xf32>
  %h = arith.truncf %a : tensor<1x${BM}x${D}xf32> to tensor<1x${BM}x${D}xf16>
  "tile.store"(%h, %dq, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}
