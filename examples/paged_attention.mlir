// Paged-attention decode: one new query per sequence attends to its keys and values, stored in fixed-size blocks that a block table maps (memref.load).
//
// The KV cache is a pool of blocks of 16 token slots: k_cache and v_cache
// are (blocks * 16) x (H * 64) f16, row 16 * b + i holding slot i of block
// b for every head. Sequence s has seq_lens[s] tokens; its token t lives in
// block block_table[s, t / 16], slot t % 16 (the table is S x max_blocks;
// entries past the sequence's blocks are never read). q and out are
// S x (H * 64): one query per sequence and head. Program (s, h) reads the
// table one entry at a time, as a scalar, walks the sequence's blocks with
// an online softmax in f32 (scores of slots past the sequence's end are
// -inf), and writes softmax(q K^T * scale) V in f16.
// Grid: S x H.
func.func @paged_decode(%q: memref<?x?xf16>, %k_cache: memref<?x?xf16>, %v_cache: memref<?x?xf16>,
                        %block_table: memref<?x?xi32>, %seq_lens: memref<?xi32>,
                        %out: memref<?x?xf16>, %scale: f32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %s = "tile.program_id"() {axis = 0 : i32} : () -> index
  %h = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %col = arith.muli %h, %c64 : index
  %len32 = memref.load %seq_lens[%s] : memref<?xi32>
  %len = arith.index_cast %len32 : i32 to index
  %len15 = arith.addi %len, %c15 : index
  %nblocks = arith.divui %len15, %c16 : index
  %qh = "tile.load"(%q, %s, %col) : (memref<?x?xf16>, index, index) -> tensor<1x64xf16>
  %qf = arith.extf %qh : tensor<1x64xf16> to tensor<1x64xf32>
  %qb = "tile.broadcast"(%qf) : (tensor<1x64xf32>) -> tensor<16x64xf32>
  %scales = "tile.splat"(%scale) : (f32) -> tensor<16xf32>
  %lens = "tile.splat"(%len32) : (i32) -> tensor<16xi32>
  %slots = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %m0 = arith.constant 0xFF800000 : f32
  %l0 = arith.constant 0.0 : f32
  %acc0 = arith.constant dense<0.0> : tensor<64xf32>
  %m, %l, %acc = scf.for %j = %c0 to %nblocks step %c1
      iter_args(%mi = %m0, %li = %l0, %acci = %acc0) -> (f32, f32, tensor<64xf32>) {
    // The block holding tokens 16 j .. 16 j + 15 of this sequence.
    %b32 = memref.load %block_table[%s, %j] : memref<?x?xi32>
    %b = arith.index_cast %b32 : i32 to index
    %row = arith.muli %b, %c16 : index
    %kh = "tile.load"(%k_cache, %row, %col) : (memref<?x?xf16>, index, index) -> tensor<16x64xf16>
    %kf = arith.extf %kh : tensor<16x64xf16> to tensor<16x64xf32>
    %qk = arith.mulf %kf, %qb : tensor<16x64xf32>
    %dots = "tile.reduce"(%qk) {axis = 1 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %raw = arith.mulf %dots, %scales : tensor<16xf32>
    // Slots past the end of the sequence take no weight.
    %j32 = arith.index_cast %j : index to i32
    %c16i = arith.constant 16 : i32
    %first = arith.muli %j32, %c16i : i32
    %firsts = "tile.splat"(%first) : (i32) -> tensor<16xi32>
    %pos = arith.addi %slots, %firsts : tensor<16xi32>
    %valid = arith.cmpi slt, %pos, %lens : tensor<16xi32>
    %scores = arith.select %valid, %raw, %ninf : tensor<16xi1>, tensor<16xf32>
    // Online softmax: rescale what came before to the new running max.
    %bmax = "tile.reduce"(%scores) {axis = 0 : i32, kind = "max"} : (tensor<16xf32>) -> f32
    %mnew = arith.maximumf %mi, %bmax : f32
    %dm = arith.subf %mi, %mnew : f32
    %alpha = math.exp %dm : f32
    %mnews = "tile.splat"(%mnew) : (f32) -> tensor<16xf32>
    %centered = arith.subf %scores, %mnews : tensor<16xf32>
    %p = math.exp %centered : tensor<16xf32>
    %psum = "tile.reduce"(%p) {axis = 0 : i32, kind = "add"} : (tensor<16xf32>) -> f32
    %lscaled = arith.mulf %li, %alpha : f32
    %lnext = arith.addf %lscaled, %psum : f32
    %vh = "tile.load"(%v_cache, %row, %col) : (memref<?x?xf16>, index, index) -> tensor<16x64xf16>
    %vf = arith.extf %vh : tensor<16x64xf16> to tensor<16x64xf32>
    %p1 = "tile.expand_dims"(%p) {axis = 1 : i32} : (tensor<16xf32>) -> tensor<16x1xf32>
    %pb = "tile.broadcast"(%p1) : (tensor<16x1xf32>) -> tensor<16x64xf32>
    %pv = arith.mulf %pb, %vf : tensor<16x64xf32>
    %pvsum = "tile.reduce"(%pv) {axis = 0 : i32, kind = "add"} : (tensor<16x64xf32>) -> tensor<64xf32>
    %alphas = "tile.splat"(%alpha) : (f32) -> tensor<64xf32>
    %accscaled = arith.mulf %acci, %alphas : tensor<64xf32>
    %accnext = arith.addf %accscaled, %pvsum : tensor<64xf32>
    scf.yield %mnew, %lnext, %accnext : f32, f32, tensor<64xf32>
  }
  %ls = "tile.splat"(%l) : (f32) -> tensor<64xf32>
  %o = arith.divf %acc, %ls : tensor<64xf32>
  %oh = arith.truncf %o : tensor<64xf32> to tensor<64xf16>
  %o2 = "tile.reshape"(%oh) : (tensor<64xf16>) -> tensor<1x64xf16>
  "tile.store"(%o2, %out, %s, %col) : (tensor<1x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
