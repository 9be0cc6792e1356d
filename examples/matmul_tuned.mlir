// C = A x B in f16 (f32 accumulation) with its block sizes as parameters
// and a tuning space over them and three compile options (docs/dialect.md,
// "Tuning spaces"). examples/matmul_tuned_kinds.mlir has the same in bf16,
// a linear layer's A x W^T and FP8. `tile-run --tune` compiles every
// candidate, checks and times each on the GPU and runs the fastest; later
// runs take it from the tuning cache. Without tuning, each name's first
// value is used. multicast=true (docs/gpu.md, "TMA multicast") pays where
// rows are not 128-byte aligned: at 3000^3 the tuner picks it (106.6 us
// against 122.5 at the defaults on an H200); elsewhere auto (off) wins.
// One-dimensional grid of cdiv(M, BM) * cdiv(N, BN) programs in grouped
// order (GROUP block-rows at a time, so the blocks of A and B that run
// together stay in L2): --grid 'cdiv(M,BM)*cdiv(N,BN)' -D M=... -D N=...
//
// tile.tune @matmul_tuned: BM=128,64 BN=256,128,64 BK=64,128 GROUP=8
// tile.tune @matmul_tuned: num-warps=8,4 num-stages=4,3,6 warp-specialize=auto,true multicast=auto,true
func.func @matmul_tuned(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %bk = arith.constant ${BK} : index
  %group = arith.constant ${GROUP} : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  %bm1 = arith.subi %bm, %c1 : index
  %bn1 = arith.subi %bn, %c1 : index
  %mp = arith.addi %m, %bm1 : index
  %pms = arith.divui %mp, %bm : index
  %np = arith.addi %n, %bn1 : index
  %pns = arith.divui %np, %bn : index
  %per = arith.muli %group, %pns : index
  %g = arith.divui %pid, %per : index
  %first = arith.muli %g, %group : index
  %left = arith.subi %pms, %first : index
  %gm = arith.minui %left, %group : index
  %r = arith.remui %pid, %per : index
  %rm = arith.remui %r, %gm : index
  %pm = arith.addi %first, %rm : index
  %pn = arith.divui %r, %gm : index
  %m0 = arith.muli %pm, %bm : index
  %n0 = arith.muli %pn, %bn : index
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
