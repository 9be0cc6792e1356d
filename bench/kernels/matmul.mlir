// Matmul benchmark kernels: C = A x B, all row-major, f32 accumulation,
// the output in the input type (as torch.matmul gives it); the bt kernels
// take B stored [N][K], and the FP8 ones (at the end) give bf16. Names
// give the type and the block MxNxK. One-dimensional grid,
// cdiv(M, BM) * cdiv(N, BN) programs, in the grouped order of Triton's
// matmul tutorial (the peer in bench/peers_matmul.py does the same).
// bench/prepare.sh compiles them with chip=sm_80 (the mma.sync path) and
// with the default, sm_90a (wgmma).

// f16, 128x128x32 blocks, 4 warps.
func.func @matmul_f16_128x128x32(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %sum : tensor<128x128xf32> to tensor<128x128xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x128xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// f16, 128x128x64 blocks, 8 warps.
func.func @matmul_f16_128x128x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %sum : tensor<128x128xf32> to tensor<128x128xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x128xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// f16, 128x256x64 blocks, 8 warps.
func.func @matmul_f16_128x256x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x256xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// f16, 256x128x64 blocks, 8 warps.
func.func @matmul_f16_256x128x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 256 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 255 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<256x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<256x64xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<64x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<256x64xf16>, tensor<64x128xf16>, tensor<256x128xf32>) -> tensor<256x128xf32>
    scf.yield %next : tensor<256x128xf32>
  }
  %out = arith.truncf %sum : tensor<256x128xf32> to tensor<256x128xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<256x128xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// bf16, 128x128x32 blocks, 4 warps.
func.func @matmul_bf16_128x128x32(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c1 : memref<?x?xbf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x32xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<32x128xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xbf16>, tensor<32x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %sum : tensor<128x128xf32> to tensor<128x128xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x128xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// bf16, 128x128x64 blocks, 8 warps.
func.func @matmul_bf16_128x128x64(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c1 : memref<?x?xbf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<64x128xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xbf16>, tensor<64x128xbf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %sum : tensor<128x128xf32> to tensor<128x128xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x128xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// bf16, 128x256x64 blocks, 8 warps.
func.func @matmul_bf16_128x256x64(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c1 : memref<?x?xbf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<64x256xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xbf16>, tensor<64x256xbf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// bf16, 256x128x64 blocks, 8 warps.
func.func @matmul_bf16_256x128x64(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 256 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 255 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c1 : memref<?x?xbf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<256x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<256x64xbf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xbf16>, index, index) -> tensor<64x128xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<256x64xbf16>, tensor<64x128xbf16>, tensor<256x128xf32>) -> tensor<256x128xf32>
    scf.yield %next : tensor<256x128xf32>
  }
  %out = arith.truncf %sum : tensor<256x128xf32> to tensor<256x128xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<256x128xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// f16, C = A x B^T with B stored [N][K] (a linear layer's weight),
// 128x256x64 blocks, 8 warps: B's tiles are loaded [256][64] and read
// K-major.
func.func @matmul_bt_f16_128x256x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c0 : memref<?x?xf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x64xf16>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf16>, index, index) -> tensor<256x64xf16>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<256x64xf16>) -> tensor<64x256xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// bf16, C = A x B^T with B stored [N][K] (a linear layer's weight),
// 128x256x64 blocks, 8 warps: B's tiles are loaded [256][64] and read
// K-major.
func.func @matmul_bt_bf16_128x256x64(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xbf16>
  %k = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = memref.dim %b, %c0 : memref<?x?xbf16>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<128x64xbf16>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xbf16>, index, index) -> tensor<256x64xbf16>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<256x64xbf16>) -> tensor<64x256xbf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x64xbf16>, tensor<64x256xbf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// f32 on tf32 tensor cores (precision = "tf32", the default), C = A x B^T
// with B stored [N][K], 128x256x32 blocks, 8 warps: wgmma reads tf32
// operands only K-major, so this is the form sm_90a runs on wgmma.

func.func @matmul_bt_tf32_128x256x32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %n = memref.dim %b, %c0 : memref<?x?xf32>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf32>, index, index) -> tensor<128x32xf32>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf32>, index, index) -> tensor<256x32xf32>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<256x32xf32>) -> tensor<32x256xf32>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf32>, tensor<32x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x256xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// f32 on tf32 tensor cores (precision = "tf32", the default), C = A x B^T
// with B stored [N][K], 128x128x32 blocks, 8 warps: wgmma reads tf32
// operands only K-major, so this is the form sm_90a runs on wgmma.

func.func @matmul_bt_tf32_128x128x32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %n = memref.dim %b, %c0 : memref<?x?xf32>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf32>, index, index) -> tensor<128x32xf32>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf32>, index, index) -> tensor<128x32xf32>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf32>, tensor<32x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// FP8, C = A x B^T as torch._scaled_mm computes it (unit scales): A [M][K]
// and B stored [N][K] in f8E4M3FN (wgmma reads fp8 only K-major), f32
// accumulation, bf16 out; blocks 128 deep in K (one 128-byte swizzled row).
func.func @matmul_bt_e4m3_128x256x128(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 128 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf8E4M3FN>
  %k = memref.dim %a, %c1 : memref<?x?xf8E4M3FN>
  %n = memref.dim %b, %c0 : memref<?x?xf8E4M3FN>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<256x128xf8E4M3FN>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<256x128xf8E4M3FN>) -> tensor<128x256xf8E4M3FN>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// FP8, the same with 256x128 blocks.
func.func @matmul_bt_e4m3_256x128x128(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 128 : index
  %bm = arith.constant 256 : index
  %bn = arith.constant 128 : index
  %bm1 = arith.constant 255 : index
  %bn1 = arith.constant 127 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf8E4M3FN>
  %k = memref.dim %a, %c1 : memref<?x?xf8E4M3FN>
  %n = memref.dim %b, %c0 : memref<?x?xf8E4M3FN>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<256x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<256x128xf8E4M3FN>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<128x128xf8E4M3FN>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<128x128xf8E4M3FN>) -> tensor<128x128xf8E4M3FN>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<256x128xf8E4M3FN>, tensor<128x128xf8E4M3FN>, tensor<256x128xf32>) -> tensor<256x128xf32>
    scf.yield %next : tensor<256x128xf32>
  }
  %out = arith.truncf %sum : tensor<256x128xf32> to tensor<256x128xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<256x128xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}

// FP8 with mixed formats: A in f8E5M2, B in f8E4M3FN (wgmma takes the pair).
func.func @matmul_bt_e5m2_e4m3_128x256x128(%a: memref<?x?xf8E5M2>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 128 : index
  %bm = arith.constant 128 : index
  %bn = arith.constant 256 : index
  %bm1 = arith.constant 127 : index
  %bn1 = arith.constant 255 : index
  %group = arith.constant 8 : index
  %m = memref.dim %a, %c0 : memref<?x?xf8E5M2>
  %k = memref.dim %a, %c1 : memref<?x?xf8E5M2>
  %n = memref.dim %b, %c0 : memref<?x?xf8E4M3FN>
  // Grouped order: programs walk GROUP block-rows at a time, so the blocks
  // of A and B that run together stay in L2.
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
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %sum = scf.for %k0 = %c0 to %k step %bk iter_args(%acc = %zero) -> (tensor<128x256xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf8E5M2>, index, index) -> tensor<128x128xf8E5M2>
    %tw = "tile.load"(%b, %n0, %k0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<256x128xf8E4M3FN>
    %tb = "tile.trans"(%tw) {permutation = array<i32: 1, 0>} : (tensor<256x128xf8E4M3FN>) -> tensor<128x256xf8E4M3FN>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x128xf8E5M2>, tensor<128x256xf8E4M3FN>, tensor<128x256xf32>) -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %sum : tensor<128x256xf32> to tensor<128x256xbf16>
  "tile.store"(%out, %c, %m0, %n0) : (tensor<128x256xbf16>, memref<?x?xbf16>, index, index) -> ()
  return
}
