// The v2 kernels timed by bench/gpu-v2-speed.sh (issue 19, "Speed"),
// written as a user tuning them for an H100 would: 16-byte accesses along
// contiguous rows, enough programs to fill 132 SMs, loads issued before
// the math that waits for them. ${NAME} placeholders are each variant's
// block sizes and warps, filled in by bench/gpu_v2_speed.py (which lists
// the variants); the algorithms are those of examples/.
// irdl-cross-check: skip (a template; test/Run/bench-v2-speed.test compiles
// every variant)

// Embedding lookup: out[t, :] = table[ids[t], :] (examples/embedding.mlir)
// with ${TOK} tokens x ${COLS} columns per program. Grid: cdiv(T, TOK) x
// cdiv(D, COLS).
func.func @embedding(%table: memref<?x?xf16>, %ids: memref<?xi32>, %out: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pt = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pc = "tile.program_id"() {axis = 1 : i32} : () -> index
  %ctok = arith.constant ${TOK} : index
  %ccol = arith.constant ${COLS} : index
  %tok0 = arith.muli %pt, %ctok : index
  %col0 = arith.muli %pc, %ccol : index
  %tok = "tile.load"(%ids, %tok0) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<${TOK}xi32>
  %tok1 = "tile.expand_dims"(%tok) {axis = 1 : i32} : (tensor<${TOK}xi32>) -> tensor<${TOK}x1xi32>
  %rows = "tile.broadcast"(%tok1) : (tensor<${TOK}x1xi32>) -> tensor<${TOK}x${COLS}xi32>
  %r = "tile.range"() {start = 0 : i32, end = ${COLS} : i32} : () -> tensor<${COLS}xi32>
  %c = arith.index_cast %col0 : index to i32
  %cs = "tile.splat"(%c) : (i32) -> tensor<${COLS}xi32>
  %col = arith.addi %r, %cs : tensor<${COLS}xi32>
  %col1 = "tile.expand_dims"(%col) {axis = 0 : i32} : (tensor<${COLS}xi32>) -> tensor<1x${COLS}xi32>
  %cols = "tile.broadcast"(%col1) : (tensor<1x${COLS}xi32>) -> tensor<${TOK}x${COLS}xi32>
  %e = "tile.gather"(%table, %rows, %cols) : (memref<?x?xf16>, tensor<${TOK}x${COLS}xi32>, tensor<${TOK}x${COLS}xi32>) -> tensor<${TOK}x${COLS}xf16>
  "tile.store"(%e, %out, %tok0, %col0) : (tensor<${TOK}x${COLS}xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// Row-wise cumsum (examples/cumsum.mlir): ${ROWS} rows per program, walked
// ${BLK} columns at a time (one step when BLK is the whole row). Grid:
// cdiv(R, ROWS).
func.func @cumsum(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %crows = arith.constant ${ROWS} : index
  %cblk = arith.constant ${BLK} : index
  %row = arith.muli %pid, %crows : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<${ROWS}xf32>
  %total = scf.for %col = %c0 to %n step %cblk iter_args(%carry = %zero) -> (tensor<${ROWS}xf32>) {
    %t = "tile.load"(%x, %row, %col) : (memref<?x?xf32>, index, index) -> tensor<${ROWS}x${BLK}xf32>
    %s = "tile.scan"(%t) {axis = 1 : i32, kind = "add"} : (tensor<${ROWS}x${BLK}xf32>) -> tensor<${ROWS}x${BLK}xf32>
    %carry1 = "tile.expand_dims"(%carry) {axis = 1 : i32} : (tensor<${ROWS}xf32>) -> tensor<${ROWS}x1xf32>
    %carryb = "tile.broadcast"(%carry1) : (tensor<${ROWS}x1xf32>) -> tensor<${ROWS}x${BLK}xf32>
    %out = arith.addf %s, %carryb : tensor<${ROWS}x${BLK}xf32>
    "tile.store"(%out, %y, %row, %col) : (tensor<${ROWS}x${BLK}xf32>, memref<?x?xf32>, index, index) -> ()
    %sum = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<${ROWS}x${BLK}xf32>) -> tensor<${ROWS}xf32>
    %next = arith.addf %carry, %sum : tensor<${ROWS}xf32>
    scf.yield %next : tensor<${ROWS}xf32>
  }
  return
}

// Histogram (examples/histogram.mlir's histogram256): one relaxed atomic
// add per value into 256 static bins, ${STEPS} steps of ${CHUNK} values per
// program; values outside [0, 256) touch nothing. The bins being a static
// 256, tile counts each program's values in shared memory and adds its
// bins once at the end (docs/gpu.md, "Atomics counted in shared memory").
// Grid: cdiv(N, CHUNK * STEPS).
func.func @histogram(%x: memref<?xi32>, %bins: memref<256xi32>)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %cchunk = arith.constant ${CHUNK} : index
  %cper = arith.constant ${PER} : index
  %first = arith.muli %pid, %cper : index
  %one = arith.constant dense<1> : tensor<${CHUNK}xi32>
  scf.for %s = %c0 to %cper step %cchunk {
    %off = arith.addi %first, %s : index
    %v = "tile.load"(%x, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<${CHUNK}xi32>
    %old = "tile.atomic_rmw"(%one, %bins, %v) {kind = "add", sem = "relaxed"} : (tensor<${CHUNK}xi32>, memref<256xi32>, tensor<${CHUNK}xi32>) -> tensor<${CHUNK}xi32>
  }
  return
}

// Histogram into exactly 256 bins without an atomic per value: value
// v = 16 hi + lo is a one in row hi of a 16 x STEP one-hot tile H and in
// column lo of a STEP x 16 one-hot tile L, so H x L (a tensor-core dot)
// counts the values of each (hi, lo), bin 16 hi + lo, exactly (f32 holds
// every count up to 2^24). Each program counts ${CHUNK} values, ${STEP} at
// a time, then adds its 256 counts with 256 atomics (instead of CHUNK).
// Values outside [0, 256) match no row and count nowhere. Grid:
// cdiv(N, CHUNK).
func.func @histogram_dot(%x: memref<?xi32>, %bins: memref<?xi32>)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %cchunk = arith.constant ${CHUNK} : index
  %cstep = arith.constant ${STEP} : index
  %off = arith.muli %pid, %cchunk : index
  %end = arith.addi %off, %cchunk : index
  %r16 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %r16c = "tile.expand_dims"(%r16) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
  %rowsh = "tile.broadcast"(%r16c) : (tensor<16x1xi32>) -> tensor<16x${STEP}xi32>
  %r16r = "tile.expand_dims"(%r16) {axis = 0 : i32} : (tensor<16xi32>) -> tensor<1x16xi32>
  %colsl = "tile.broadcast"(%r16r) : (tensor<1x16xi32>) -> tensor<${STEP}x16xi32>
  %c4 = arith.constant dense<4> : tensor<${STEP}xi32>
  %c15 = arith.constant dense<15> : tensor<${STEP}xi32>
  %c256 = arith.constant dense<256> : tensor<${STEP}xi32>
  %czero = arith.constant dense<0> : tensor<${STEP}xi32>
  %none = arith.constant dense<-1> : tensor<${STEP}xi32>
  %one16a = arith.constant dense<1.0> : tensor<16x${STEP}xf16>
  %zero16a = arith.constant dense<0.0> : tensor<16x${STEP}xf16>
  %one16b = arith.constant dense<1.0> : tensor<${STEP}x16xf16>
  %zero16b = arith.constant dense<0.0> : tensor<${STEP}x16xf16>
  %acc0 = arith.constant dense<0.0> : tensor<16x16xf32>
  // Values are loaded a step ahead, so the loads are in flight while the
  // step before is counted (the last step's extra load is not counted).
  %vfirst = "tile.load"(%x, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<${STEP}xi32>
  %acc, %vlast = scf.for %o = %off to %end step %cstep iter_args(%a = %acc0, %v = %vfirst) -> (tensor<16x16xf32>, tensor<${STEP}xi32>) {
    %onext = arith.addi %o, %cstep : index
    %vnext = "tile.load"(%x, %onext) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<${STEP}xi32>
    %ge = arith.cmpi sge, %v, %czero : tensor<${STEP}xi32>
    %lt = arith.cmpi slt, %v, %c256 : tensor<${STEP}xi32>
    %in = arith.andi %ge, %lt : tensor<${STEP}xi1>
    %hi0 = arith.shrsi %v, %c4 : tensor<${STEP}xi32>
    %hi = arith.select %in, %hi0, %none : tensor<${STEP}xi1>, tensor<${STEP}xi32>
    %lo = arith.andi %v, %c15 : tensor<${STEP}xi32>
    %hi1 = "tile.expand_dims"(%hi) {axis = 0 : i32} : (tensor<${STEP}xi32>) -> tensor<1x${STEP}xi32>
    %hib = "tile.broadcast"(%hi1) : (tensor<1x${STEP}xi32>) -> tensor<16x${STEP}xi32>
    %eqh = arith.cmpi eq, %hib, %rowsh : tensor<16x${STEP}xi32>
    %h = arith.select %eqh, %one16a, %zero16a : tensor<16x${STEP}xi1>, tensor<16x${STEP}xf16>
    %lo1 = "tile.expand_dims"(%lo) {axis = 1 : i32} : (tensor<${STEP}xi32>) -> tensor<${STEP}x1xi32>
    %lob = "tile.broadcast"(%lo1) : (tensor<${STEP}x1xi32>) -> tensor<${STEP}x16xi32>
    %eql = arith.cmpi eq, %lob, %colsl : tensor<${STEP}x16xi32>
    %l = arith.select %eql, %one16b, %zero16b : tensor<${STEP}x16xi1>, tensor<${STEP}x16xf16>
    %d = "tile.dot"(%h, %l, %a) : (tensor<16x${STEP}xf16>, tensor<${STEP}x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %d, %vnext : tensor<16x16xf32>, tensor<${STEP}xi32>
  }
  %counts = arith.fptosi %acc : tensor<16x16xf32> to tensor<16x16xi32>
  %r16cb = "tile.broadcast"(%r16c) : (tensor<16x1xi32>) -> tensor<16x16xi32>
  %r16rb = "tile.broadcast"(%r16r) : (tensor<1x16xi32>) -> tensor<16x16xi32>
  %sixteen = arith.constant dense<16> : tensor<16x16xi32>
  %binhi = arith.muli %r16cb, %sixteen : tensor<16x16xi32>
  %bin = arith.addi %binhi, %r16rb : tensor<16x16xi32>
  %old = "tile.atomic_rmw"(%counts, %bins, %bin) {kind = "add", sem = "relaxed"} : (tensor<16x16xi32>, memref<?xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
  return
}

// Dropout (examples/dropout.mlir): element i kept where tile.rand(seed, i)
// > p (Triton's tl.rand stream) and scaled by 1 / (1 - p) (one division per
// program, a multiply per element, as F.dropout scales), ${CHUNK} elements
// per program. The load comes first so that its latency hides behind the
// Philox rounds. Grid: cdiv(N, CHUNK).
func.func @dropout(%x: memref<?xf32>, %y: memref<?xf32>, %p: f32, %seed: i64)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %cchunk = arith.constant ${CHUNK} : index
  %off = arith.muli %pid, %cchunk : index
  %t = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<${CHUNK}xf32>
  %r = "tile.range"() {start = 0 : i32, end = ${CHUNK} : i32} : () -> tensor<${CHUNK}xi32>
  %o = arith.index_cast %off : index to i32
  %os = "tile.splat"(%o) : (i32) -> tensor<${CHUNK}xi32>
  %offs = arith.addi %r, %os : tensor<${CHUNK}xi32>
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<${CHUNK}xi32>) -> tensor<${CHUNK}xf32>
  %ps = "tile.splat"(%p) : (f32) -> tensor<${CHUNK}xf32>
  %keep = arith.cmpf ogt, %u, %ps : tensor<${CHUNK}xf32>
  %one = arith.constant 1.0 : f32
  %q = arith.subf %one, %p : f32
  %scale = arith.divf %one, %q : f32
  %ss = "tile.splat"(%scale) : (f32) -> tensor<${CHUNK}xf32>
  %scaled = arith.mulf %t, %ss : tensor<${CHUNK}xf32>
  %zero = arith.constant dense<0.0> : tensor<${CHUNK}xf32>
  %d = arith.select %keep, %scaled, %zero : tensor<${CHUNK}xi1>, tensor<${CHUNK}xf32>
  "tile.store"(%d, %y, %off) : (tensor<${CHUNK}xf32>, memref<?xf32>, index) -> ()
  return
}

// Split-K matmul (examples/splitk_matmul.mlir) for a short M: blocks of
// 16 x ${BN} of C, K stepped ${BK} at a time; program (i, j, z) sums its
// K range, chunk = cdiv(cdiv(K, S), BK) * BK, and adds the partial block
// into C (f32, zeroed by the caller) with relaxed atomic adds. Grid:
// cdiv(M, 16) x cdiv(N, BN) x S.
func.func @splitk(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %z = "tile.program_id"() {axis = 2 : i32} : () -> index
  %s = "tile.num_programs"() {axis = 2 : i32} : () -> index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cbn = arith.constant ${BN} : index
  %cbk = arith.constant ${BK} : index
  %cbk1 = arith.constant ${BK1} : index
  %row0 = arith.muli %pm, %c16 : index
  %col0 = arith.muli %pn, %cbn : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %sm1 = arith.subi %s, %c1 : index
  %ks = arith.addi %k, %sm1 : index
  %per = arith.divui %ks, %s : index
  %perr = arith.addi %per, %cbk1 : index
  %steps = arith.divui %perr, %cbk : index
  %chunk = arith.muli %steps, %cbk : index
  %k0 = arith.muli %z, %chunk : index
  %kend = arith.addi %k0, %chunk : index
  %k1 = arith.minui %kend, %k : index
  %zero = arith.constant dense<0.0> : tensor<16x${BN}xf32>
  %acc = scf.for %kk = %k0 to %k1 step %cbk iter_args(%sum = %zero) -> (tensor<16x${BN}xf32>) {
    %ta = "tile.load"(%a, %row0, %kk) : (memref<?x?xf16>, index, index) -> tensor<16x${BK}xf16>
    %tb = "tile.load"(%b, %kk, %col0) : (memref<?x?xf16>, index, index) -> tensor<${BK}x${BN}xf16>
    %d = "tile.dot"(%ta, %tb, %sum) : (tensor<16x${BK}xf16>, tensor<${BK}x${BN}xf16>, tensor<16x${BN}xf32>) -> tensor<16x${BN}xf32>
    scf.yield %d : tensor<16x${BN}xf32>
  }
  %r16 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %r0 = arith.index_cast %row0 : index to i32
  %r0s = "tile.splat"(%r0) : (i32) -> tensor<16xi32>
  %ri = arith.addi %r16, %r0s : tensor<16xi32>
  %ri1 = "tile.expand_dims"(%ri) {axis = 1 : i32} : (tensor<16xi32>) -> tensor<16x1xi32>
  %rows = "tile.broadcast"(%ri1) : (tensor<16x1xi32>) -> tensor<16x${BN}xi32>
  %rn = "tile.range"() {start = 0 : i32, end = ${BN} : i32} : () -> tensor<${BN}xi32>
  %c0i = arith.index_cast %col0 : index to i32
  %c0s = "tile.splat"(%c0i) : (i32) -> tensor<${BN}xi32>
  %ci = arith.addi %rn, %c0s : tensor<${BN}xi32>
  %ci1 = "tile.expand_dims"(%ci) {axis = 0 : i32} : (tensor<${BN}xi32>) -> tensor<1x${BN}xi32>
  %cols = "tile.broadcast"(%ci1) : (tensor<1x${BN}xi32>) -> tensor<16x${BN}xi32>
  %old = "tile.atomic_rmw"(%acc, %c, %rows, %cols) {kind = "add", sem = "relaxed"} : (tensor<16x${BN}xf32>, memref<?x?xf32>, tensor<16x${BN}xi32>, tensor<16x${BN}xi32>) -> tensor<16x${BN}xf32>
  return
}

// Paged-attention decode (examples/paged_attention.mlir) at head size
// ${HD}, pages of 16 token slots, ${P} pages (${PT} tokens) per step,
// written as Triton's kernel of the same algorithm is (bench/peers_v2.py):
// each token's page id is gathered from the block table, its K and V rows
// are gathered (16-byte accesses along each row), then an online softmax
// in f32. k_cache and v_cache are (pages * 16) x (H * HD) f16, row
// 16 * b + i holding slot i of page b for every head; block_table is
// S x max_pages (entries past a sequence's pages are not followed: their
// rows are -1 and the gathers touch nothing); q and out are S x (H * HD).
// Grid: S x H.
func.func @paged_decode(%q: memref<?x?xf16>, %k_cache: memref<?x?xf16>, %v_cache: memref<?x?xf16>,
                        %block_table: memref<?x?xi32>, %seq_lens: memref<?xi32>,
                        %out: memref<?x?xf16>, %scale: f32)
    attributes {tile.kernel, tile.num_warps = ${WARPS} : i32} {
  %s = "tile.program_id"() {axis = 0 : i32} : () -> index
  %h = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %chd = arith.constant ${HD} : index
  %cp = arith.constant ${P} : index
  %col = arith.muli %h, %chd : index
  %len32 = memref.load %seq_lens[%s] : memref<?xi32>
  %len = arith.index_cast %len32 : i32 to index
  %len15 = arith.addi %len, %c15 : index
  %npages = arith.divui %len15, %c16 : index
  %qh = "tile.load"(%q, %s, %col) : (memref<?x?xf16>, index, index) -> tensor<1x${HD}xf16>
  %qf = arith.extf %qh : tensor<1x${HD}xf16> to tensor<1x${HD}xf32>
  %qb = "tile.broadcast"(%qf) : (tensor<1x${HD}xf32>) -> tensor<${PT}x${HD}xf32>
  %scales = "tile.splat"(%scale) : (f32) -> tensor<${PT}xf32>
  %lens = "tile.splat"(%len32) : (i32) -> tensor<${PT}xi32>
  %np32 = arith.index_cast %npages : index to i32
  %nps = "tile.splat"(%np32) : (i32) -> tensor<${PT}xi32>
  %s32 = arith.index_cast %s : index to i32
  %srow = "tile.splat"(%s32) : (i32) -> tensor<${PT}xi32>
  %tokr = "tile.range"() {start = 0 : i32, end = ${PT} : i32} : () -> tensor<${PT}xi32>
  %t16 = arith.constant dense<16> : tensor<${PT}xi32>
  %pgt = arith.divui %tokr, %t16 : tensor<${PT}xi32>
  %slott = arith.remui %tokr, %t16 : tensor<${PT}xi32>
  %none = arith.constant dense<-1> : tensor<${PT}xi32>
  %hr = "tile.range"() {start = 0 : i32, end = ${HD} : i32} : () -> tensor<${HD}xi32>
  %col32 = arith.index_cast %col : index to i32
  %cols0 = "tile.splat"(%col32) : (i32) -> tensor<${HD}xi32>
  %colv = arith.addi %hr, %cols0 : tensor<${HD}xi32>
  %colv1 = "tile.expand_dims"(%colv) {axis = 0 : i32} : (tensor<${HD}xi32>) -> tensor<1x${HD}xi32>
  %cols = "tile.broadcast"(%colv1) : (tensor<1x${HD}xi32>) -> tensor<${PT}x${HD}xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<${PT}xf32>
  %m0 = arith.constant 0xFF800000 : f32
  %l0 = arith.constant 0.0 : f32
  %acc0 = arith.constant dense<0.0> : tensor<${HD}xf32>
  %m, %l, %acc = scf.for %j = %c0 to %npages step %cp
      iter_args(%mi = %m0, %li = %l0, %acci = %acc0)
      -> (f32, f32, tensor<${HD}xf32>) {
    // Token t of the step lies in page j + t / 16 of the sequence, slot
    // t % 16; pages past the sequence's end gather nothing.
    %j32 = arith.index_cast %j : index to i32
    %js = "tile.splat"(%j32) : (i32) -> tensor<${PT}xi32>
    %pidx = arith.addi %pgt, %js : tensor<${PT}xi32>
    %live = arith.cmpi slt, %pidx, %nps : tensor<${PT}xi32>
    %pidxm = arith.select %live, %pidx, %none : tensor<${PT}xi1>, tensor<${PT}xi32>
    %page = "tile.gather"(%block_table, %srow, %pidxm) : (memref<?x?xi32>, tensor<${PT}xi32>, tensor<${PT}xi32>) -> tensor<${PT}xi32>
    %base = arith.muli %page, %t16 : tensor<${PT}xi32>
    %rowp = arith.addi %base, %slott : tensor<${PT}xi32>
    %rowv = arith.select %live, %rowp, %none : tensor<${PT}xi1>, tensor<${PT}xi32>
    %rowv1 = "tile.expand_dims"(%rowv) {axis = 1 : i32} : (tensor<${PT}xi32>) -> tensor<${PT}x1xi32>
    %rows = "tile.broadcast"(%rowv1) : (tensor<${PT}x1xi32>) -> tensor<${PT}x${HD}xi32>
    %kh = "tile.gather"(%k_cache, %rows, %cols) : (memref<?x?xf16>, tensor<${PT}x${HD}xi32>, tensor<${PT}x${HD}xi32>) -> tensor<${PT}x${HD}xf16>
    %vh = "tile.gather"(%v_cache, %rows, %cols) : (memref<?x?xf16>, tensor<${PT}x${HD}xi32>, tensor<${PT}x${HD}xi32>) -> tensor<${PT}x${HD}xf16>
    %kf = arith.extf %kh : tensor<${PT}x${HD}xf16> to tensor<${PT}x${HD}xf32>
    %qk = arith.mulf %kf, %qb : tensor<${PT}x${HD}xf32>
    %dots = "tile.reduce"(%qk) {axis = 1 : i32, kind = "add"} : (tensor<${PT}x${HD}xf32>) -> tensor<${PT}xf32>
    %raw = arith.mulf %dots, %scales : tensor<${PT}xf32>
    // Tokens past the end of the sequence take no weight.
    %cpt = arith.constant 16 : i32
    %first = arith.muli %j32, %cpt : i32
    %firsts = "tile.splat"(%first) : (i32) -> tensor<${PT}xi32>
    %pos = arith.addi %tokr, %firsts : tensor<${PT}xi32>
    %valid = arith.cmpi slt, %pos, %lens : tensor<${PT}xi32>
    %scores = arith.select %valid, %raw, %ninf : tensor<${PT}xi1>, tensor<${PT}xf32>
    %bmax = "tile.reduce"(%scores) {axis = 0 : i32, kind = "max"} : (tensor<${PT}xf32>) -> f32
    %mnew = arith.maximumf %mi, %bmax : f32
    %dm = arith.subf %mi, %mnew : f32
    %alpha = math.exp %dm : f32
    %mnews = "tile.splat"(%mnew) : (f32) -> tensor<${PT}xf32>
    %centered = arith.subf %scores, %mnews : tensor<${PT}xf32>
    %p = math.exp %centered : tensor<${PT}xf32>
    %psum = "tile.reduce"(%p) {axis = 0 : i32, kind = "add"} : (tensor<${PT}xf32>) -> f32
    %lscaled = arith.mulf %li, %alpha : f32
    %lnext = arith.addf %lscaled, %psum : f32
    %vf = arith.extf %vh : tensor<${PT}x${HD}xf16> to tensor<${PT}x${HD}xf32>
    %p1 = "tile.expand_dims"(%p) {axis = 1 : i32} : (tensor<${PT}xf32>) -> tensor<${PT}x1xf32>
    %pb = "tile.broadcast"(%p1) : (tensor<${PT}x1xf32>) -> tensor<${PT}x${HD}xf32>
    %pvv = arith.mulf %pb, %vf : tensor<${PT}x${HD}xf32>
    %pvsum = "tile.reduce"(%pvv) {axis = 0 : i32, kind = "add"} : (tensor<${PT}x${HD}xf32>) -> tensor<${HD}xf32>
    %alphas = "tile.splat"(%alpha) : (f32) -> tensor<${HD}xf32>
    %accscaled = arith.mulf %acci, %alphas : tensor<${HD}xf32>
    %accnext = arith.addf %accscaled, %pvsum : tensor<${HD}xf32>
    scf.yield %mnew, %lnext, %accnext : f32, f32, tensor<${HD}xf32>
  }
  %ls = "tile.splat"(%l) : (f32) -> tensor<${HD}xf32>
  %o = arith.divf %acc, %ls : tensor<${HD}xf32>
  %oh = arith.truncf %o : tensor<${HD}xf32> to tensor<${HD}xf16>
  %o2 = "tile.reshape"(%oh) : (tensor<${HD}xf16>) -> tensor<1x${HD}xf16>
  "tile.store"(%o2, %out, %s, %col) : (tensor<1x${HD}xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
