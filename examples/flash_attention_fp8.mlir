// Flash attention in FP8 (e4m3), forward, written plainly: Q, K and V in
// f8E4M3FN with one scale each (a value is its code times the scale, as
// torch._scaled_mm takes them), S = Q K^T on FP8 tensor cores, the online
// softmax in f32, P rounded to e4m3 for O += P V, O in f16:
//   O = softmax(q_scale k_scale Q K^T / sqrt(d)) (v_scale V)
// FP8 wgmma reads both operands K-major, so V comes transposed, [D][Lk]
// for each (batch, head), as FlashAttention-3's FP8 kernel takes it.
//   q, k: [B*H][L][D] f8E4M3FN    vt: [B*H][D][Lk] f8E4M3FN    o: [B*H][Lq][D] f16
// Grid: cdiv(Lq, BM) x (B*H). Every key block masked, exp, block sizes as
// parameters; tile-split-loops and tile-fold-exp apply as they do to the
// f16 kernel (examples/flash_attention_plain.mlir).
// 256-key blocks are in the space for d = 64: on an H200 at 16 x 8192
// they ran 5% faster than 128 there (530 against 559 us, full), and 2%
// slower at d = 128, 17% causal (their loop is not rotated: the next
// scores, P and O would not fit a thread's registers; docs/performance.md,
// 2026-12-02).
// tile.tune: D=128 BM=128,64 BN=128,256,64 num-warps=8,4

func.func @attention_fp8(%q: memref<?x?x${D}xf8E4M3FN>, %k: memref<?x?x${D}xf8E4M3FN>,
    %vt: memref<?x${D}x?xf8E4M3FN>, %o: memref<?x?x${D}xf16>,
    %q_scale: f32, %k_scale: f32, %v_scale: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf8E4M3FN>
  %lk32 = arith.index_cast %lk : index to i32
  // S = Q K^T times 1 / sqrt(d) and the two operands' scales.
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf8E4M3FN>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %qk = arith.mulf %q_scale, %k_scale : f32
  %sc = arith.mulf %rs, %qk : f32
  %scale = "tile.splat"(%sc) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf8E4M3FN>, index, index, index) -> tensor<1x${BM}x${D}xf8E4M3FN>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf8E4M3FN>) -> tensor<${BM}x${D}xf8E4M3FN>
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
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf8E4M3FN>, index, index, index) -> tensor<1x${BN}x${D}xf8E4M3FN>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf8E4M3FN>) -> tensor<${BN}x${D}xf8E4M3FN>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf8E4M3FN>) -> tensor<${D}x${BN}xf8E4M3FN>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf8E4M3FN>, tensor<${D}x${BN}xf8E4M3FN>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
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
    // P in e4m3 for the second product (its values in [0, 1]; l sums
    // them before the rounding, as FlashAttention-3's FP8 kernel does).
    %p8 = arith.truncf %p : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf8E4M3FN>
    // V^T's [D][BN] box, transposed: B stored [N][K], as fp8 wgmma reads it.
    %vt3 = "tile.load"(%vt, %bh, %c0, %n0) : (memref<?x${D}x?xf8E4M3FN>, index, index, index) -> tensor<1x${D}x${BN}xf8E4M3FN>
    %tvt = "tile.reshape"(%vt3) : (tensor<1x${D}x${BN}xf8E4M3FN>) -> tensor<${D}x${BN}xf8E4M3FN>
    %tv = "tile.trans"(%tvt) {permutation = array<i32: 1, 0>} : (tensor<${D}x${BN}xf8E4M3FN>) -> tensor<${BN}x${D}xf8E4M3FN>
    // precision = "fast": the tensor cores add P V into the f32 output in
    // their own narrower sum (13 mantissa bits, truncated) rather than
    // through registers every iteration, as FlashAttention-3's FP8 kernel
    // does; P's own rounding to e4m3 is the larger error.
    %acc_new = "tile.dot"(%p8, %tv, %acc_a) {precision = "fast"} : (tensor<${BM}x${BN}xf8E4M3FN>, tensor<${BN}x${D}xf8E4M3FN>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>
  }
  // O = acc * v_scale / l.
  %vs = "tile.splat"(%v_scale) : (f32) -> tensor<${BM}x${D}xf32>
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
  %accv = arith.mulf %acc_f, %vs : tensor<${BM}x${D}xf32>
  %out = arith.divf %accv, %lb : tensor<${BM}x${D}xf32>
  %o16 = arith.truncf %out : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}

// Causal: query i sees keys 0..i; the loop stops after the program's
// last query and a key after its query scores -inf.
func.func @attention_fp8_causal(%q: memref<?x?x${D}xf8E4M3FN>, %k: memref<?x?x${D}xf8E4M3FN>,
    %vt: memref<?x${D}x?xf8E4M3FN>, %o: memref<?x?x${D}xf16>,
    %q_scale: f32, %k_scale: f32, %v_scale: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf8E4M3FN>
  %lk32 = arith.index_cast %lk : index to i32
  %m_end = arith.addi %m0, %bm : index
  %n_end = arith.minui %lk, %m_end : index
  // S = Q K^T times 1 / sqrt(d) and the two operands' scales.
  %d = memref.dim %q, %c2 : memref<?x?x${D}xf8E4M3FN>
  %d32 = arith.index_cast %d : index to i32
  %df = arith.sitofp %d32 : i32 to f32
  %rs = math.rsqrt %df : f32
  %qk = arith.mulf %q_scale, %k_scale : f32
  %sc = arith.mulf %rs, %qk : f32
  %scale = "tile.splat"(%sc) : (f32) -> tensor<${BM}x${BN}xf32>
  %q3 = "tile.load"(%q, %bh, %m0, %c0) : (memref<?x?x${D}xf8E4M3FN>, index, index, index) -> tensor<1x${BM}x${D}xf8E4M3FN>
  %tq = "tile.reshape"(%q3) : (tensor<1x${BM}x${D}xf8E4M3FN>) -> tensor<${BM}x${D}xf8E4M3FN>
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
    %k3 = "tile.load"(%k, %bh, %n0, %c0) : (memref<?x?x${D}xf8E4M3FN>, index, index, index) -> tensor<1x${BN}x${D}xf8E4M3FN>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf8E4M3FN>) -> tensor<${BN}x${D}xf8E4M3FN>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf8E4M3FN>) -> tensor<${D}x${BN}xf8E4M3FN>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf8E4M3FN>, tensor<${D}x${BN}xf8E4M3FN>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
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
    // P in e4m3 for the second product (its values in [0, 1]; l sums
    // them before the rounding, as FlashAttention-3's FP8 kernel does).
    %p8 = arith.truncf %p : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf8E4M3FN>
    // V^T's [D][BN] box, transposed: B stored [N][K], as fp8 wgmma reads it.
    %vt3 = "tile.load"(%vt, %bh, %c0, %n0) : (memref<?x${D}x?xf8E4M3FN>, index, index, index) -> tensor<1x${D}x${BN}xf8E4M3FN>
    %tvt = "tile.reshape"(%vt3) : (tensor<1x${D}x${BN}xf8E4M3FN>) -> tensor<${D}x${BN}xf8E4M3FN>
    %tv = "tile.trans"(%tvt) {permutation = array<i32: 1, 0>} : (tensor<${D}x${BN}xf8E4M3FN>) -> tensor<${BN}x${D}xf8E4M3FN>
    // precision = "fast": the tensor cores add P V into the f32 output in
    // their own narrower sum (13 mantissa bits, truncated) rather than
    // through registers every iteration, as FlashAttention-3's FP8 kernel
    // does; P's own rounding to e4m3 is the larger error.
    %acc_new = "tile.dot"(%p8, %tv, %acc_a) {precision = "fast"} : (tensor<${BM}x${BN}xf8E4M3FN>, tensor<${BN}x${D}xf8E4M3FN>, tensor<${BM}x${D}xf32>) -> tensor<${BM}x${D}xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>
  }
  // O = acc * v_scale / l.
  %vs = "tile.splat"(%v_scale) : (f32) -> tensor<${BM}x${D}xf32>
  %l1 = "tile.expand_dims"(%l_f) {axis = 1 : i32} : (tensor<${BM}xf32>) -> tensor<${BM}x1xf32>
  %lb = "tile.broadcast"(%l1) : (tensor<${BM}x1xf32>) -> tensor<${BM}x${D}xf32>
  %accv = arith.mulf %acc_f, %vs : tensor<${BM}x${D}xf32>
  %out = arith.divf %accv, %lb : tensor<${BM}x${D}xf32>
  %o16 = arith.truncf %out : tensor<${BM}x${D}xf32> to tensor<${BM}x${D}xf16>
  %o3 = "tile.reshape"(%o16) : (tensor<${BM}x${D}xf16>) -> tensor<1x${BM}x${D}xf16>
  "tile.store"(%o3, %o, %bh, %m0, %c0) : (tensor<1x${BM}x${D}xf16>, memref<?x?x${D}xf16>, index, index, index) -> ()
  return
}
