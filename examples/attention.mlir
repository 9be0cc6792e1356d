// Attention for one block of up to 128 keys, fused into one kernel:
//   O = softmax(Q K^T / sqrt(d)) V
// Q is Lq x 64, K and V are Lk x 64 (Lk <= 128), O is Lq x 64; f16 in and
// out, f32 inside. Each program takes 128 queries. Keys past Lk are masked
// to -inf before the softmax.
// On the GPU: S = Q K^T runs on tensor cores; the row max and row sum
// reduce S in its accumulator registers; P (S's registers, normalised and
// rounded to f16) is the A operand of P V straight from those registers:
// S and P never touch shared memory.
// Grid: cdiv(Lq, 128).
func.func @attention(%q: memref<?x64xf16>, %k: memref<?x64xf16>, %v: memref<?x64xf16>,
                     %o: memref<?x64xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pid, %c128 : index
  %lk = memref.dim %k, %c0 : memref<?x64xf16>
  %lk32 = arith.index_cast %lk : index to i32
  %tq = "tile.load"(%q, %m0, %c0) : (memref<?x64xf16>, index, index) -> tensor<128x64xf16>
  %tk = "tile.load"(%k, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<128x64xf16>
  %tkt = "tile.trans"(%tk) {permutation = array<i32: 1, 0>} : (tensor<128x64xf16>) -> tensor<64x128xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %s0 = "tile.dot"(%tq, %tkt, %zero) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  // Scale by 1/sqrt(64), mask the keys past Lk.
  %scale = arith.constant dense<0.125> : tensor<128x128xf32>
  %s1 = arith.mulf %s0, %scale : tensor<128x128xf32>
  %cols = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %lkv = "tile.splat"(%lk32) : (i32) -> tensor<128xi32>
  %valid = arith.cmpi slt, %cols, %lkv : tensor<128xi32>
  %valid1 = "tile.expand_dims"(%valid) {axis = 0 : i32} : (tensor<128xi1>) -> tensor<1x128xi1>
  %validb = "tile.broadcast"(%valid1) : (tensor<1x128xi1>) -> tensor<128x128xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %s = arith.select %validb, %s1, %ninf : tensor<128x128xi1>, tensor<128x128xf32>
  // Row softmax.
  %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<128x128xf32>) -> tensor<128xf32>
  %mx1 = "tile.expand_dims"(%mx) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %mxb = "tile.broadcast"(%mx1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
  %d = arith.subf %s, %mxb : tensor<128x128xf32>
  %e = math.exp %d fastmath<afn> : tensor<128x128xf32>
  %l = "tile.reduce"(%e) {axis = 1 : i32, kind = "add"} : (tensor<128x128xf32>) -> tensor<128xf32>
  // One division per row, then a multiply per element.
  %one = arith.constant dense<1.0> : tensor<128xf32>
  %inv = arith.divf %one, %l : tensor<128xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<128xf32>) -> tensor<128x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<128x1xf32>) -> tensor<128x128xf32>
  %p = arith.mulf %e, %invb : tensor<128x128xf32>
  %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xf16>
  // O = P V.
  %tv = "tile.load"(%v, %c0, %c0) : (memref<?x64xf16>, index, index) -> tensor<128x64xf16>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32>
  %out = "tile.dot"(%p16, %tv, %zo) : (tensor<128x128xf16>, tensor<128x64xf16>, tensor<128x64xf32>) -> tensor<128x64xf32>
  %o16 = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xf16>
  "tile.store"(%o16, %o, %m0, %c0) : (tensor<128x64xf16>, memref<?x64xf16>, index, index) -> ()
  return
}
