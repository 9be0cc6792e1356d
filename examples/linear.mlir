// A linear layer with its epilogue fused into the matmul:
//   Y = gelu(X W + bias)
// X is MxK, W is KxN, bias has N elements, Y is MxN; all f16, accumulated
// in f32. GELU in its tanh form:
//   gelu(z) = 0.5 z (1 + tanh(sqrt(2/pi) (z + 0.044715 z^3)))
// On the GPU the bias is loaded straight into the accumulator's layout and
// the epilogue runs on the accumulator registers: no shared-memory round
// trip between the dot and the store.
// Grid: cdiv(M, 128) x cdiv(N, 128).
func.func @linear_gelu(%x: memref<?x?xf16>, %w: memref<?x?xf16>, %bias: memref<?xf16>,
                       %y: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %x, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %tx = "tile.load"(%x, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tw = "tile.load"(%w, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%tx, %tw, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %bt = "tile.load"(%bias, %n0) : (memref<?xf16>, index) -> tensor<128xf16>
  %b1 = "tile.expand_dims"(%bt) {axis = 0 : i32} : (tensor<128xf16>) -> tensor<1x128xf16>
  %b1f = arith.extf %b1 : tensor<1x128xf16> to tensor<1x128xf32>
  %bb = "tile.broadcast"(%b1f) : (tensor<1x128xf32>) -> tensor<128x128xf32>
  %z = arith.addf %sum, %bb : tensor<128x128xf32>
  %half = arith.constant dense<0.5> : tensor<128x128xf32>
  %one = arith.constant dense<1.0> : tensor<128x128xf32>
  %s2pi = arith.constant dense<0.7978845608> : tensor<128x128xf32>
  %cub = arith.constant dense<0.044715> : tensor<128x128xf32>
  %z2 = arith.mulf %z, %z : tensor<128x128xf32>
  %z3 = arith.mulf %z2, %z : tensor<128x128xf32>
  %t0 = arith.mulf %z3, %cub : tensor<128x128xf32>
  %t1 = arith.addf %z, %t0 : tensor<128x128xf32>
  %t2 = arith.mulf %t1, %s2pi : tensor<128x128xf32>
  %th = math.tanh %t2 : tensor<128x128xf32>
  %t3 = arith.addf %th, %one : tensor<128x128xf32>
  %hz = arith.mulf %z, %half : tensor<128x128xf32>
  %g = arith.mulf %hz, %t3 : tensor<128x128xf32>
  %o = arith.truncf %g : tensor<128x128xf32> to tensor<128x128xf16>
  "tile.store"(%o, %y, %m0, %n0) : (tensor<128x128xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
