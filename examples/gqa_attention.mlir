// Grouped-query attention (GQA), forward, written plainly as
// examples/flash_attention_plain.mlir is: O = softmax(Q K^T / sqrt(d)) V
// where several query heads share one K/V head (Llama-style models: 32
// query heads over 8 K/V heads). The only change from the plain kernel is
// which K/V head a program reads: head bh / (Hq / Hkv), with Hq and Hkv
// taken from the memrefs, so one compiled kernel serves every grouping
// (multi-head attention is group 1, multi-query attention Hkv = 1).
// The compiler splits the masked loop and folds the exp as for the plain
// kernel (docs/tile-opt.md).
//   q, o: [B*Hq][Lq][D]    k, v: [B*Hkv][Lk][D]    (f16; Hq a multiple of Hkv)
// Grid: cdiv(Lq, BM) x (B*Hq). Parameters: D (128, or -D D=64), BM, BN.
//
// The space below is both kernels'. D is the head size, not a choice.
// tile.tune: D=128 BM=128,64 BN=128,64 num-warps=8,4
// tile.tune: warp-specialize=auto,true blocks-per-sm=1,2,3
func.func @gqa_attention(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %o: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0_h = arith.constant 0 : index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  // Query head bh reads K/V head bh / group, group = Hq / Hkv.
  %hq = memref.dim %q, %c0_h : memref<?x?x${D}xf16>
  %hkv = memref.dim %k, %c0_h : memref<?x?x${D}xf16>
  %group = arith.divui %hq, %hkv : index
  %kvh = arith.divui %bh, %group : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %m0 = arith.muli %pm, %bm : index
  %lk = memref.dim %k, %c1 : memref<?x?x${D}xf16>
  %lk32 = arith.index_cast %lk : index to i32
  // 1 / sqrt(d), from the memref's head size.
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
    %k3 = "tile.load"(%k, %kvh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    // Keys past Lk score -inf.
    %n032 = arith.index_cast %n0 : index to i32
    %n0v = "tile.splat"(%n032) : (i32) -> tensor<${BN}xi32>
    %key = arith.addi %cols, %n0v : tensor<${BN}xi32>
    %valid = arith.cmpi slt, %key, %lkv : tensor<${BN}xi32>
    %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<${BN}xi1>) -> tensor<1x${BN}xi1>
    %validb = "tile.broadcast"(%valid1) : (tensor<1x${BN}xi1>) -> tensor<${BM}x${BN}xi1>
    %s = arith.select %validb, %s1, %ninf : tensor<${BM}x${BN}xi1>, tensor<${BM}x${BN}xf32>
    // Online softmax: the running row maximum m and sum l; O and l are
    // rescaled by exp(m_old - m) when m grows.
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
    %v3 = "tile.load"(%v, %kvh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
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
  return
}

// Causal: query i sees keys 0..i (queries and keys aligned at the start),
// so the loop stops after the program's last query, and a key after its
// query scores -inf as one past Lk does.
func.func @gqa_attention_causal(%q: memref<?x?x${D}xf16>, %k: memref<?x?x${D}xf16>,
    %v: memref<?x?x${D}xf16>, %o: memref<?x?x${D}xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0_h = arith.constant 0 : index
  %bh = "tile.program_id"() {axis = 1 : i32} : () -> index
  // Query head bh reads K/V head bh / group, group = Hq / Hkv.
  %hq = memref.dim %q, %c0_h : memref<?x?x${D}xf16>
  %hkv = memref.dim %k, %c0_h : memref<?x?x${D}xf16>
  %group = arith.divui %hq, %hkv : index
  %kvh = arith.divui %bh, %group : index
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
  %rows = "tile.range"() {start = 0 : i32, end = ${BM} : i32} : () -> tensor<${BM}xi32>
  %m032 = arith.index_cast %m0 : index to i32
  %m0v = "tile.splat"(%m032) : (i32) -> tensor<${BM}xi32>
  %query = arith.addi %rows, %m0v : tensor<${BM}xi32>
  %query1 = "tile.expand_dims"(%query) {axis = 1 : i32} : (tensor<${BM}xi32>) -> tensor<${BM}x1xi32>
  %queryb = "tile.broadcast"(%query1) : (tensor<${BM}x1xi32>) -> tensor<${BM}x${BN}xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<${BN}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${BM}x${BN}xf32>
  %zs = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<${BM}xf32>
  %l_init = arith.constant dense<0.0> : tensor<${BM}xf32>
  %acc_init = arith.constant dense<0.0> : tensor<${BM}x${D}xf32>
  %m_f, %l_f, %acc_f = scf.for %n0 = %c0 to %n_end step %bn
      iter_args(%m_i = %m_init, %l_i = %l_init, %acc = %acc_init)
      -> (tensor<${BM}xf32>, tensor<${BM}xf32>, tensor<${BM}x${D}xf32>) {
    %k3 = "tile.load"(%k, %kvh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
    %tk = "tile.reshape"(%k3) : (tensor<1x${BN}x${D}xf16>) -> tensor<${BN}x${D}xf16>
    %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${D}xf16>) -> tensor<${D}x${BN}xf16>
    %s0 = "tile.dot"(%tq, %tkt, %zs) : (tensor<${BM}x${D}xf16>, tensor<${D}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    %s1 = arith.mulf %s0, %scale : tensor<${BM}x${BN}xf32>
    // A key is seen if it is before Lk and not after the query.
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
    %v3 = "tile.load"(%v, %kvh, %n0, %c0) : (memref<?x?x${D}xf16>, index, index, index) -> tensor<1x${BN}x${D}xf16>
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
  return
}
