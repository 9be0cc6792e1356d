// Float max and min over signed zeros (docs/numerics.md: -0 < +0), in
// reductions, scans and the elementwise ops, with the results' bits
// stored, so a zero of the wrong sign is a mismatch: x times 0 is -0
// where x is negative (random kernel 202196 of gen2 told a reverse min
// scan's zeros apart through an f8 bitcast; the interpreter's NumPy
// minimum had returned either zero).
func.func @signed_zero_minmax(%x: memref<?x?xf32>, %red: memref<?x?xi32>, %scans: memref<?x?xi32>, %elem: memref<?x?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<4x4xf32>
  %zero = arith.constant dense<0.0> : tensor<4x4xf32>
  %z = arith.mulf %t, %zero : tensor<4x4xf32>
  %mx = "tile.reduce"(%z) {axis = 1 : i32, kind = "max"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %mn = "tile.reduce"(%z) {axis = 1 : i32, kind = "min"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %nx = "tile.reduce"(%z) {axis = 0 : i32, kind = "maxnum"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %nn = "tile.reduce"(%z) {axis = 0 : i32, kind = "minnum"} : (tensor<4x4xf32>) -> tensor<4xf32>
  %r = "tile.reshape"(%mx) : (tensor<4xf32>) -> tensor<1x4xf32>
  %rb = arith.bitcast %r : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%rb, %red, %c0, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %r1 = "tile.reshape"(%mn) : (tensor<4xf32>) -> tensor<1x4xf32>
  %r1b = arith.bitcast %r1 : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%r1b, %red, %c1, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r2 = "tile.reshape"(%nx) : (tensor<4xf32>) -> tensor<1x4xf32>
  %r2b = arith.bitcast %r2 : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%r2b, %red, %c2, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %r3 = "tile.reshape"(%nn) : (tensor<4xf32>) -> tensor<1x4xf32>
  %r3b = arith.bitcast %r3 : tensor<1x4xf32> to tensor<1x4xi32>
  "tile.store"(%r3b, %red, %c3, %c0) : (tensor<1x4xi32>, memref<?x?xi32>, index, index) -> ()
  %s0 = "tile.scan"(%z) {axis = 1 : i32, kind = "min", reverse} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s1 = "tile.scan"(%z) {axis = 0 : i32, kind = "max"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s2 = "tile.scan"(%z) {axis = 1 : i32, kind = "maxnum"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s3 = "tile.scan"(%z) {axis = 0 : i32, kind = "minnum", reverse} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s0b = arith.bitcast %s0 : tensor<4x4xf32> to tensor<4x4xi32>
  %s1b = arith.bitcast %s1 : tensor<4x4xf32> to tensor<4x4xi32>
  %s2b = arith.bitcast %s2 : tensor<4x4xf32> to tensor<4x4xi32>
  %s3b = arith.bitcast %s3 : tensor<4x4xf32> to tensor<4x4xi32>
  "tile.store"(%s0b, %scans, %c0, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%s1b, %scans, %c4, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%s2b, %scans, %c8, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%s3b, %scans, %c12, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  %tt = "tile.trans"(%z) {permutation = array<i32: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %e0 = arith.maximumf %z, %tt : tensor<4x4xf32>
  %e1 = arith.minimumf %z, %tt : tensor<4x4xf32>
  %e2 = arith.maxnumf %z, %tt : tensor<4x4xf32>
  %e3 = arith.minnumf %z, %tt : tensor<4x4xf32>
  %e0b = arith.bitcast %e0 : tensor<4x4xf32> to tensor<4x4xi32>
  %e1b = arith.bitcast %e1 : tensor<4x4xf32> to tensor<4x4xi32>
  %e2b = arith.bitcast %e2 : tensor<4x4xf32> to tensor<4x4xi32>
  %e3b = arith.bitcast %e3 : tensor<4x4xf32> to tensor<4x4xi32>
  "tile.store"(%e0b, %elem, %c0, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e1b, %elem, %c4, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e2b, %elem, %c8, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%e3b, %elem, %c12, %c0) : (tensor<4x4xi32>, memref<?x?xi32>, index, index) -> ()
  return
}
