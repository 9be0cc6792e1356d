// Benchmark kernels for bench/gpu-run.sh, rows of 4096 columns, written like
// the Triton kernels of bench/peers.py (weights are loaded after the
// reductions, where they are used). See docs/performance.md.

// z = x + y, 2048 elements per program.
func.func @vecadd_f32(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %b = arith.constant 2048 : index
  %o = arith.muli %pid, %b : index
  %a = "tile.load"(%x, %o) : (memref<?xf32>, index) -> tensor<2048xf32>
  %c = "tile.load"(%y, %o) : (memref<?xf32>, index) -> tensor<2048xf32>
  %s = arith.addf %a, %c : tensor<2048xf32>
  "tile.store"(%s, %z, %o) : (tensor<2048xf32>, memref<?xf32>, index) -> ()
  return
}

// Row softmax over rows of exactly (at most) 4096 columns, one row per program.
func.func @softmax_f32(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %row, %c0) {padding = 0xFF800000 : f32} : (memref<?x?xf32>, index, index) -> tensor<1x4096xf32>
  %max = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %max1 = "tile.expand_dims"(%max) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %maxb = "tile.broadcast"(%max1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %d = arith.subf %t, %maxb : tensor<1x4096xf32>
  %e = math.exp %d fastmath<afn> : tensor<1x4096xf32>
  %sum = "tile.reduce"(%e) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %sum1 = "tile.expand_dims"(%sum) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %sumb = "tile.broadcast"(%sum1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %p = arith.divf %e, %sumb : tensor<1x4096xf32>
  "tile.store"(%p, %y, %row, %c0) : (tensor<1x4096xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// layernorm over rows of 4096 columns, one row per program (b unused by rmsnorm).
func.func @layernorm_f32(%x: memref<?x?xf32>, %w: memref<?xf32>, %b: memref<?xf32>, %y: memref<?x?xf32>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x4096xf32>
  %n = arith.constant 4096.0 : f32
  %nv = "tile.splat"(%n) : (f32) -> tensor<1xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<1xf32>
  %sum = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %mean = arith.divf %sum, %nv : tensor<1xf32>
  %mean1 = "tile.expand_dims"(%mean) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %meanb = "tile.broadcast"(%mean1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %dm = arith.subf %t, %meanb : tensor<1x4096xf32>
  %sq = arith.mulf %dm, %dm : tensor<1x4096xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %var = arith.divf %ss, %nv : tensor<1xf32>
  %ve = arith.addf %var, %epsv : tensor<1xf32>
  %r = math.rsqrt %ve : tensor<1xf32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %xh = arith.mulf %dm, %rb : tensor<1x4096xf32>
  %bh = "tile.load"(%b, %c0) : (memref<?xf32>, index) -> tensor<4096xf32>
  %b1 = "tile.expand_dims"(%bh) {axis = 0 : i32} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %wh = "tile.load"(%w, %c0) : (memref<?xf32>, index) -> tensor<4096xf32>
  %w1 = "tile.expand_dims"(%wh) {axis = 0 : i32} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %sc = arith.mulf %xh, %w1 : tensor<1x4096xf32>
  %o = arith.addf %sc, %b1 : tensor<1x4096xf32>
  "tile.store"(%o, %y, %row, %c0) : (tensor<1x4096xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// rmsnorm over rows of 4096 columns, one row per program (b unused by rmsnorm).
func.func @rmsnorm_f32(%x: memref<?x?xf32>, %w: memref<?xf32>, %b: memref<?xf32>, %y: memref<?x?xf32>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x4096xf32>
  %n = arith.constant 4096.0 : f32
  %nv = "tile.splat"(%n) : (f32) -> tensor<1xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<1xf32>
  %sq = arith.mulf %t, %t : tensor<1x4096xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %ms = arith.divf %ss, %nv : tensor<1xf32>
  %me = arith.addf %ms, %epsv : tensor<1xf32>
  %r = math.rsqrt %me : tensor<1xf32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %xh = arith.mulf %t, %rb : tensor<1x4096xf32>
  %wh = "tile.load"(%w, %c0) : (memref<?xf32>, index) -> tensor<4096xf32>
  %w1 = "tile.expand_dims"(%wh) {axis = 0 : i32} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %o = arith.mulf %xh, %w1 : tensor<1x4096xf32>
  "tile.store"(%o, %y, %row, %c0) : (tensor<1x4096xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// out[r] = sum of row r (4096 columns), one row per program, f32 result.
func.func @rowsum_f32(%x: memref<?x?xf32>, %out: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<1x4096xf32>
  %s = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  "tile.store"(%s, %out, %row) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  return
}

// z = x + y, 2048 elements per program.
func.func @vecadd_f16(%x: memref<?xf16>, %y: memref<?xf16>, %z: memref<?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %b = arith.constant 2048 : index
  %o = arith.muli %pid, %b : index
  %a = "tile.load"(%x, %o) : (memref<?xf16>, index) -> tensor<2048xf16>
  %c = "tile.load"(%y, %o) : (memref<?xf16>, index) -> tensor<2048xf16>
  %s = arith.addf %a, %c : tensor<2048xf16>
  "tile.store"(%s, %z, %o) : (tensor<2048xf16>, memref<?xf16>, index) -> ()
  return
}

// Row softmax over rows of exactly (at most) 4096 columns, one row per program.
func.func @softmax_f16(%x: memref<?x?xf16>, %y: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %h = "tile.load"(%x, %row, %c0) {padding = 0xFC00 : f16} : (memref<?x?xf16>, index, index) -> tensor<1x4096xf16>
  %t = arith.extf %h : tensor<1x4096xf16> to tensor<1x4096xf32>
  %max = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %max1 = "tile.expand_dims"(%max) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %maxb = "tile.broadcast"(%max1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %d = arith.subf %t, %maxb : tensor<1x4096xf32>
  %e = math.exp %d fastmath<afn> : tensor<1x4096xf32>
  %sum = "tile.reduce"(%e) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %sum1 = "tile.expand_dims"(%sum) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %sumb = "tile.broadcast"(%sum1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %p = arith.divf %e, %sumb : tensor<1x4096xf32>
  %ph = arith.truncf %p : tensor<1x4096xf32> to tensor<1x4096xf16>
  "tile.store"(%ph, %y, %row, %c0) : (tensor<1x4096xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// layernorm over rows of 4096 columns, one row per program (b unused by rmsnorm).
func.func @layernorm_f16(%x: memref<?x?xf16>, %w: memref<?xf16>, %b: memref<?xf16>, %y: memref<?x?xf16>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %h = "tile.load"(%x, %row, %c0) : (memref<?x?xf16>, index, index) -> tensor<1x4096xf16>
  %t = arith.extf %h : tensor<1x4096xf16> to tensor<1x4096xf32>
  %n = arith.constant 4096.0 : f32
  %nv = "tile.splat"(%n) : (f32) -> tensor<1xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<1xf32>
  %sum = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %mean = arith.divf %sum, %nv : tensor<1xf32>
  %mean1 = "tile.expand_dims"(%mean) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %meanb = "tile.broadcast"(%mean1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %dm = arith.subf %t, %meanb : tensor<1x4096xf32>
  %sq = arith.mulf %dm, %dm : tensor<1x4096xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %var = arith.divf %ss, %nv : tensor<1xf32>
  %ve = arith.addf %var, %epsv : tensor<1xf32>
  %r = math.rsqrt %ve : tensor<1xf32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %xh = arith.mulf %dm, %rb : tensor<1x4096xf32>
  %bh = "tile.load"(%b, %c0) : (memref<?xf16>, index) -> tensor<4096xf16>
  %b1 = "tile.expand_dims"(%bh) {axis = 0 : i32} : (tensor<4096xf16>) -> tensor<1x4096xf16>
  %wh = "tile.load"(%w, %c0) : (memref<?xf16>, index) -> tensor<4096xf16>
  %w1 = "tile.expand_dims"(%wh) {axis = 0 : i32} : (tensor<4096xf16>) -> tensor<1x4096xf16>
  %wf = arith.extf %w1 : tensor<1x4096xf16> to tensor<1x4096xf32>
  %bf = arith.extf %b1 : tensor<1x4096xf16> to tensor<1x4096xf32>
  %sc = arith.mulf %xh, %wf : tensor<1x4096xf32>
  %o = arith.addf %sc, %bf : tensor<1x4096xf32>
  %oh = arith.truncf %o : tensor<1x4096xf32> to tensor<1x4096xf16>
  "tile.store"(%oh, %y, %row, %c0) : (tensor<1x4096xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// rmsnorm over rows of 4096 columns, one row per program (b unused by rmsnorm).
func.func @rmsnorm_f16(%x: memref<?x?xf16>, %w: memref<?xf16>, %b: memref<?xf16>, %y: memref<?x?xf16>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %h = "tile.load"(%x, %row, %c0) : (memref<?x?xf16>, index, index) -> tensor<1x4096xf16>
  %t = arith.extf %h : tensor<1x4096xf16> to tensor<1x4096xf32>
  %n = arith.constant 4096.0 : f32
  %nv = "tile.splat"(%n) : (f32) -> tensor<1xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<1xf32>
  %sq = arith.mulf %t, %t : tensor<1x4096xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  %ms = arith.divf %ss, %nv : tensor<1xf32>
  %me = arith.addf %ms, %epsv : tensor<1xf32>
  %r = math.rsqrt %me : tensor<1xf32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<1xf32>) -> tensor<1x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<1x1xf32>) -> tensor<1x4096xf32>
  %xh = arith.mulf %t, %rb : tensor<1x4096xf32>
  %wh = "tile.load"(%w, %c0) : (memref<?xf16>, index) -> tensor<4096xf16>
  %w1 = "tile.expand_dims"(%wh) {axis = 0 : i32} : (tensor<4096xf16>) -> tensor<1x4096xf16>
  %wf = arith.extf %w1 : tensor<1x4096xf16> to tensor<1x4096xf32>
  %o = arith.mulf %xh, %wf : tensor<1x4096xf32>
  %oh = arith.truncf %o : tensor<1x4096xf32> to tensor<1x4096xf16>
  "tile.store"(%oh, %y, %row, %c0) : (tensor<1x4096xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// out[r] = sum of row r (4096 columns), one row per program, f32 result.
func.func @rowsum_f16(%x: memref<?x?xf16>, %out: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %row = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %h = "tile.load"(%x, %row, %c0) : (memref<?x?xf16>, index, index) -> tensor<1x4096xf16>
  %t = arith.extf %h : tensor<1x4096xf16> to tensor<1x4096xf32>
  %s = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<1x4096xf32>) -> tensor<1xf32>
  "tile.store"(%s, %out, %row) : (tensor<1xf32>, memref<?xf32>, index) -> ()
  return
}

