// Float sums and products of signed zeros (docs/numerics.md: a sum is -0
// only where every term is -0, a product's sign is its terms'), in
// reductions and scans, f32 and f16 (which sums in f32), with the results'
// bits stored, so a zero of the wrong sign is a mismatch. Row 0 is all
// -0, row 1 one -0 among +0, row 2 all +0, row 3 -0 but its last. Random
// kernel 996535 of gen2 told a row of -0 summed apart through an f8
// bitcast: tile folds without an identity (-0 on both targets), the
// interpreter's NumPy sum along an axis starts from +0.
func.func @signed_zero_sum(%red: memref<?x?xi32>, %scans: memref<?x?xi32>, %half: memref<?xi16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %v = "tile.reshape"(%r) : (tensor<16xi32>) -> tensor<4x4xi32>
  %four = arith.constant dense<4> : tensor<4x4xi32>
  %five = arith.constant dense<5> : tensor<4x4xi32>
  %twelve = arith.constant dense<12> : tensor<4x4xi32>
  %fifteen = arith.constant dense<15> : tensor<4x4xi32>
  %row0 = arith.cmpi slt, %v, %four : tensor<4x4xi32>
  %is5 = arith.cmpi eq, %v, %five : tensor<4x4xi32>
  %ge12 = arith.cmpi sge, %v, %twelve : tensor<4x4xi32>
  %ne15 = arith.cmpi ne, %v, %fifteen : tensor<4x4xi32>
  %row3 = arith.andi %ge12, %ne15 : tensor<4x4xi1>
  %n01 = arith.ori %row0, %is5 : tensor<4x4xi1>
  %neg = arith.ori %n01, %row3 : tensor<4x4xi1>
  %mz = arith.constant dense<-0.0> : tensor<4x4xf32>
  %pz = arith.constant dense<0.0> : tensor<4x4xf32>
  %z = arith.select %neg, %mz, %pz : tensor<4x4xi1>, tensor<4x4xf32>
  %sum1 = "tile.reduce"(%z) {axis = 1 : i32, kind = "add"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %sum0 = "tile.reduce"(%z) {axis = 0 : i32, kind = "add"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %prod1 = "tile.reduce"(%z) {axis = 1 : i32, kind = "mul"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %a = "tile.reshape"(%sum1) : (tensor<4xf32>) -> tensor<1x4xf32>
  %ab = arith.bitcast %a : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%ab, %red, %c0, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %b = "tile.reshape"(%sum0) : (tensor<4xf32>) -> tensor<1x4xf32>
  %bb = arith.bitcast %b : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%bb, %red, %c1, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %p = "tile.reshape"(%prod1) : (tensor<4xf32>) -> tensor<1x4xf32>
  %pb = arith.bitcast %p : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%pb, %red, %c2, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %s0 = "tile.scan"(%z) {axis = 1 : i32, kind = "add"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s1 = "tile.scan"(%z) {axis = 1 : i32, kind = "add", reverse} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s0b = arith.bitcast %s0 : tensor<4x4xf32> to tensor<4x4xi32>
  %s1b = arith.bitcast %s1 : tensor<4x4xf32> to tensor<4x4xi32>
  "tile.store"(%s0b, %scans, %c0, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%s1b, %scans, %c4, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  %s2 = "tile.scan"(%z) {axis = 1 : i32, kind = "mul"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s2b = arith.bitcast %s2 : tensor<4x4xf32> to tensor<4x4xi32>
  "tile.store"(%s2b, %scans, %c8, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  %h = arith.truncf %z : tensor<4x4xf32> to tensor<4x4xf16>
  %hs = "tile.reduce"(%h) {axis = 1 : i32, kind = "add"} : (tensor<4x4xf16>) -> tensor<4xf16>
  %hb = arith.bitcast %hs : tensor<4xf16> to tensor<4xi16>
  "tile.store"(%hb, %half, %c0) : (tensor<4xi16>, memref<?xi16>, index) -> ()
  return
}
