// C = A x B in f16 (f32 accumulation) with its block sizes as parameters
// and a tuning space over them and two compile options (docs/dialect.md,
// "Tuning spaces"). `tile-run --tune` compiles every candidate, checks
// and times each on the GPU and runs the fastest; later runs take it from
// the tuning cache. Without tuning, each name's first value is used.
// Grid: cdiv(M, BM) x cdiv(N, BN), with -D BM=... -D BN=... in --grid.
//
// tile.tune @matmul_tuned: BM=128,64 BN=256,128 BK=64,32
// tile.tune @matmul_tuned: num-stages=auto,3,4,5 num-warps=8,4
func.func @matmul_tuned(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %bk = arith.constant ${BK} : index
  %m0 = arith.muli %pm, %bm : index
  %n0 = arith.muli %pn, %bn : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<${BM}x${BN}xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<${BM}x${BN}xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<${BM}x${BK}xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<${BK}x${BN}xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<${BM}x${BK}xf16>, tensor<${BK}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    scf.yield %next : tensor<${BM}x${BN}xf32>
  }
  %out = arith.truncf %sum : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<${BM}x${BN}xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
