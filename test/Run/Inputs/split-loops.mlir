// Kernels whose loops tile-split-loops splits (test/Run/split-loops.test):
// the masks hold on a prefix of the iterations that depends on the sizes
// at run time, so the split point is checked at the edges (no iteration
// unmasked, some, all) against NumPy.

// Row maxima of x[16][n] over 64-column blocks, columns past n masked to
// -inf (a select) before the reduction.
func.func @row_max(%x: memref<16x?xf32>, %out: memref<16xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c1 : memref<16x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %cols = "tile.range"() {start = 0 : i32, end = 64 : i32} : () -> tensor<64xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<64xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x64xf32>
  %init = arith.constant dense<0xFF800000> : tensor<16xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%m = %init) -> (tensor<16xf32>) {
    %t = "tile.load"(%x, %c0, %j) {padding = 1.0e+30 : f32} : (memref<16x?xf32>, index, index) -> tensor<16x64xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<64xi32>
    %key = arith.addi %cols, %jv : tensor<64xi32>
    %ok = arith.cmpi slt, %key, %nv : tensor<64xi32>
    %ok1 = "tile.expand_dims"(%ok) {axis = 0 : i32} : (tensor<64xi1>) -> tensor<1x64xi1>
    %okb = "tile.broadcast"(%ok1) : (tensor<1x64xi1>) -> tensor<16x64xi1>
    %s = arith.select %okb, %t, %ninf : tensor<16x64xi1>, tensor<16x64xf32>
    %mx = "tile.reduce"(%s) {axis = 1 : i32, kind = "max"} : (tensor<16x64xf32>) -> tensor<16xf32>
    %m2 = arith.maximumf %m, %mx : tensor<16xf32>
    scf.yield %m2 : tensor<16xf32>
  }
  "tile.store"(%r, %out, %c0) : (tensor<16xf32>, memref<16xf32>, index) -> ()
  return
}

// out[i] = sum of x[i][j] over j <= i + shift, j < n, in 32-column blocks
// from `start` (programs of 32 rows; a causal mask with an offset, joined
// with the bound by andi). The loop starts at a run-time column, so the
// prefix is computed from both bounds.
func.func @tri_sum(%x: memref<?x?xf32>, %out: memref<?xf32>, %start: index, %shift: i32) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m0 = arith.muli %pid, %c32 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %rows = "tile.range"() {start = 0 : i32, end = 32 : i32} : () -> tensor<32xi32>
  %cols = "tile.range"() {start = 0 : i32, end = 32 : i32} : () -> tensor<32xi32>
  %m032 = arith.index_cast %m0 : index to i32
  %lim32 = arith.addi %m032, %shift : i32
  %limv = "tile.splat"(%lim32) : (i32) -> tensor<32xi32>
  %q = arith.addi %rows, %limv : tensor<32xi32>
  %q1 = "tile.expand_dims"(%q) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %qb = "tile.broadcast"(%q1) : (tensor<32x1xi32>) -> tensor<32x32xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<32x32xi32>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = scf.for %j = %start to %n step %c32 iter_args(%a = %zero) -> (tensor<32x32xf32>) {
    %t = "tile.load"(%x, %m0, %j) {padding = 1.0e+30 : f32} : (memref<?x?xf32>, index, index) -> tensor<32x32xf32>
    %j32 = arith.index_cast %j : index to i32
    %jv = "tile.splat"(%j32) : (i32) -> tensor<32xi32>
    %k = arith.addi %cols, %jv : tensor<32xi32>
    %k1 = "tile.expand_dims"(%k) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
    %kb = "tile.broadcast"(%k1) : (tensor<1x32xi32>) -> tensor<32x32xi32>
    %in = arith.cmpi slt, %kb, %nv : tensor<32x32xi32>
    %below = arith.cmpi sle, %kb, %qb : tensor<32x32xi32>
    %seen = arith.andi %in, %below : tensor<32x32xi1>
    %s = arith.select %seen, %t, %zero : tensor<32x32xi1>, tensor<32x32xf32>
    %a2 = arith.addf %a, %s : tensor<32x32xf32>
    scf.yield %a2 : tensor<32x32xf32>
  }
  %sum = "tile.reduce"(%acc) {axis = 1 : i32, kind = "add"} : (tensor<32x32xf32>) -> tensor<32xf32>
  "tile.store"(%sum, %out, %m0) : (tensor<32xf32>, memref<?xf32>, index) -> ()
  return
}
