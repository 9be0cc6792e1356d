// examples/matmul_tuned.mlir's kernel in the other kinds GEMM users run:
// bf16, a linear layer's A x W^T, and FP8 (e4m3 A x B^T, bf16 out), each
// with its block sizes as parameters and a tuning space of its own
// (docs/dialect.md, "Tuning spaces"); one kernel per --kernel. Grouped
// 1-D grid as there: --grid 'cdiv(M,BM)*cdiv(N,BN)' -D M=... -D N=...
// (N is W's and B's first dimension in the last two).
//
// bf16 in and out, f32 accumulation.
// tile.tune @matmul_tuned_bf16: BM=128,64 BN=256,128,64 BK=64,128 GROUP=8
// tile.tune @matmul_tuned_bf16: num-warps=8,4 num-stages=4,3,6 warp-specialize=auto,true
func.func @matmul_tuned_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %bk = arith.constant ${BK} : index
  %group = arith.constant ${GROUP} : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c1 : memref<?x?xbf16>
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
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<${BM}x${BK}xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<${BK}x${BN}xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<${BM}x${BK}xbf16>, tensor<${BK}x${BN}xbf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    scf.yield %next : tensor<${BM}x${BN}xf32>
  }
  %out = arith.truncf %sum : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<${BM}x${BN}xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// A linear layer's product, C = A x W^T with W stored [N][K] (as
// torch.nn.functional.linear takes it), f16 in and out.
// tile.tune @linear_tuned: BM=128,64 BN=256,128,64 BK=64,128 GROUP=8
// tile.tune @linear_tuned: num-warps=8,4 num-stages=4,3,6 warp-specialize=auto,true
func.func @linear_tuned(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
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
  %n = memref.dim %b, %c0 : memref<?x?xf16>
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
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf16>, index, index) -> tensor<${BN}x${BK}xf16>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${BK}xf16>) -> tensor<${BK}x${BN}xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<${BM}x${BK}xf16>, tensor<${BK}x${BN}xf16>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    scf.yield %next : tensor<${BM}x${BN}xf32>
  }
  %out = arith.truncf %sum : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<${BM}x${BN}xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// FP8: C = A x B^T with A [M][K] and B [N][K] in f8E4M3FN (wgmma reads fp8
// only K-major), f32 accumulation, bf16 out (torch._scaled_mm's layout).
// tile.tune @matmul_bt_tuned_e4m3: BM=128,64 BN=256,128 BK=128,64 GROUP=8
// tile.tune @matmul_bt_tuned_e4m3: num-warps=8,4 num-stages=4,3,6 warp-specialize=auto,true
func.func @matmul_bt_tuned_e4m3(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = arith.constant ${BM} : index
  %bn = arith.constant ${BN} : index
  %bk = arith.constant ${BK} : index
  %group = arith.constant ${GROUP} : index
  %m = memref.dim %a, %c0 : memref<?x?xf8E4M3FN>
  %k = memref.dim %a, %c1 : memref<?x?xf8E4M3FN>
  %n = memref.dim %b, %c0 : memref<?x?xf8E4M3FN>
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
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<${BM}x${BK}xf8E4M3FN>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<${BN}x${BK}xf8E4M3FN>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<${BN}x${BK}xf8E4M3FN>) -> tensor<${BK}x${BN}xf8E4M3FN>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<${BM}x${BK}xf8E4M3FN>, tensor<${BK}x${BN}xf8E4M3FN>, tensor<${BM}x${BN}xf32>) -> tensor<${BM}x${BN}xf32>
    scf.yield %next : tensor<${BM}x${BN}xf32>
  }
  %out = arith.truncf %sum : tensor<${BM}x${BN}xf32> to tensor<${BM}x${BN}xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<${BM}x${BN}xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}
