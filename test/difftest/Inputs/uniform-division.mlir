// Integer division and remainder of a tile by a uniform divisor (a splat
// of the scalar argument %d), which tile-numerics on a GPU computes by
// multiplication (lib/Transforms/UniformDivision.h): every division op on
// 1024 i32 dividends (MIN, MAX, MIN + 1, -1, 0, 1, then hashed bit
// patterns), and divsi, remsi, divui, remui on their i8 and i16
// truncations (by %d truncated); ceildiv and floordiv by %e (a second
// divisor, from when the spec left them open at 0). difftest.test runs the IR after
// tile-numerics{chip=sm_90a} on the CPU against the interpreter's run of
// this file, for divisors at every edge.
func.func @uniform_division(%d: i32, %e: i32, %out: memref<?x?xi32>, %out8: memref<?x?xi8>, %out16: memref<?x?xi16>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %i = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  %golden = arith.constant dense<-1640531535> : tensor<1024xi32>
  %hashed = arith.muli %i, %golden : tensor<1024xi32>
  %min = arith.constant dense<-2147483648> : tensor<1024xi32>
  %max = arith.constant dense<2147483647> : tensor<1024xi32>
  %minp1 = arith.constant dense<-2147483647> : tensor<1024xi32>
  %m1 = arith.constant dense<-1> : tensor<1024xi32>
  %zero = arith.constant dense<0> : tensor<1024xi32>
  %one = arith.constant dense<1> : tensor<1024xi32>
  %two = arith.constant dense<2> : tensor<1024xi32>
  %three = arith.constant dense<3> : tensor<1024xi32>
  %four = arith.constant dense<4> : tensor<1024xi32>
  %five = arith.constant dense<5> : tensor<1024xi32>
  %is0 = arith.cmpi eq, %i, %zero : tensor<1024xi32>
  %is1 = arith.cmpi eq, %i, %one : tensor<1024xi32>
  %is2 = arith.cmpi eq, %i, %two : tensor<1024xi32>
  %is3 = arith.cmpi eq, %i, %three : tensor<1024xi32>
  %is4 = arith.cmpi eq, %i, %four : tensor<1024xi32>
  %is5 = arith.cmpi eq, %i, %five : tensor<1024xi32>
  %x5 = arith.select %is5, %one, %hashed : tensor<1024xi1>, tensor<1024xi32>
  %x4 = arith.select %is4, %zero, %x5 : tensor<1024xi1>, tensor<1024xi32>
  %x3 = arith.select %is3, %m1, %x4 : tensor<1024xi1>, tensor<1024xi32>
  %x2 = arith.select %is2, %minp1, %x3 : tensor<1024xi1>, tensor<1024xi32>
  %x1 = arith.select %is1, %max, %x2 : tensor<1024xi1>, tensor<1024xi32>
  %x = arith.select %is0, %min, %x1 : tensor<1024xi1>, tensor<1024xi32>
  %ds = "tile.splat"(%d) : (i32) -> tensor<1024xi32>
  %q = arith.divsi %x, %ds : tensor<1024xi32>
  %r = arith.remsi %x, %ds : tensor<1024xi32>
  %qu = arith.divui %x, %ds : tensor<1024xi32>
  %ru = arith.remui %x, %ds : tensor<1024xi32>
  %es = "tile.splat"(%e) : (i32) -> tensor<1024xi32>
  %cs = arith.ceildivsi %x, %es : tensor<1024xi32>
  %fs = arith.floordivsi %x, %es : tensor<1024xi32>
  %cu = arith.ceildivui %x, %es : tensor<1024xi32>
  %q2 = "tile.reshape"(%q) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %r2 = "tile.reshape"(%r) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %qu2 = "tile.reshape"(%qu) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %ru2 = "tile.reshape"(%ru) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %cs2 = "tile.reshape"(%cs) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %fs2 = "tile.reshape"(%fs) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  %cu2 = "tile.reshape"(%cu) : (tensor<1024xi32>) -> tensor<1x1024xi32>
  "tile.store"(%q2, %out, %c0, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%r2, %out, %c1, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%qu2, %out, %c2, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%ru2, %out, %c3, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%cs2, %out, %c4, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%fs2, %out, %c5, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%cu2, %out, %c6, %c0) : (tensor<1x1024xi32>, memref<?x?xi32>, index, index) -> ()
  %x8 = arith.trunci %x : tensor<1024xi32> to tensor<1024xi8>
  %d8 = arith.trunci %ds : tensor<1024xi32> to tensor<1024xi8>
  %q8 = arith.divsi %x8, %d8 : tensor<1024xi8>
  %r8 = arith.remsi %x8, %d8 : tensor<1024xi8>
  %qu8 = arith.divui %x8, %d8 : tensor<1024xi8>
  %ru8 = arith.remui %x8, %d8 : tensor<1024xi8>
  %q82 = "tile.reshape"(%q8) : (tensor<1024xi8>) -> tensor<1x1024xi8>
  %r82 = "tile.reshape"(%r8) : (tensor<1024xi8>) -> tensor<1x1024xi8>
  %qu82 = "tile.reshape"(%qu8) : (tensor<1024xi8>) -> tensor<1x1024xi8>
  %ru82 = "tile.reshape"(%ru8) : (tensor<1024xi8>) -> tensor<1x1024xi8>
  "tile.store"(%q82, %out8, %c0, %c0) : (tensor<1x1024xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%r82, %out8, %c1, %c0) : (tensor<1x1024xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%qu82, %out8, %c2, %c0) : (tensor<1x1024xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%ru82, %out8, %c3, %c0) : (tensor<1x1024xi8>, memref<?x?xi8>, index, index) -> ()
  %x16 = arith.trunci %x : tensor<1024xi32> to tensor<1024xi16>
  %d16 = arith.trunci %ds : tensor<1024xi32> to tensor<1024xi16>
  %q16 = arith.divsi %x16, %d16 : tensor<1024xi16>
  %r16 = arith.remsi %x16, %d16 : tensor<1024xi16>
  %qu16 = arith.divui %x16, %d16 : tensor<1024xi16>
  %ru16 = arith.remui %x16, %d16 : tensor<1024xi16>
  %q162 = "tile.reshape"(%q16) : (tensor<1024xi16>) -> tensor<1x1024xi16>
  %r162 = "tile.reshape"(%r16) : (tensor<1024xi16>) -> tensor<1x1024xi16>
  %qu162 = "tile.reshape"(%qu16) : (tensor<1024xi16>) -> tensor<1x1024xi16>
  %ru162 = "tile.reshape"(%ru16) : (tensor<1024xi16>) -> tensor<1x1024xi16>
  "tile.store"(%q162, %out16, %c0, %c0) : (tensor<1x1024xi16>, memref<?x?xi16>, index, index) -> ()
  "tile.store"(%r162, %out16, %c1, %c0) : (tensor<1x1024xi16>, memref<?x?xi16>, index, index) -> ()
  "tile.store"(%qu162, %out16, %c2, %c0) : (tensor<1x1024xi16>, memref<?x?xi16>, index, index) -> ()
  "tile.store"(%ru162, %out16, %c3, %c0) : (tensor<1x1024xi16>, memref<?x?xi16>, index, index) -> ()
  return
}
