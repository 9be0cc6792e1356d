// ceildivsi, floordivsi and ceildivui at every edge divisor, settled in
// docs/numerics.md (2026-11-30): they follow divsi and divui, so x / 0 =
// -1 (all ones) and x / -1 = -x, wrapping (MIN / -1 = MIN). Each divisor
// is a tile here, not a splat (Inputs/uniform-division.mlir has the
// splats): a 32x32 grid of every dividend in row i by every divisor in
// column j, both the same 32 values (0, +-1, +-2, +-3, 7, MIN, MAX,
// MIN + 1, MAX - 1, the i8 edges, and larger ones); i32, and i8 through
// the same values truncated (so 256 and -256 are i8 zeros).
func.func @ceildiv_by_zero(%out: memref<?x?xi32>, %out8: memref<?x?xi8>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = arith.constant dense<[0, 1, -1, 2, -2, 3, -3, 7, -2147483648, 2147483647, -2147483647, 2147483646, -128, 127, -127, 126, -7, 5, -5, 255, 256, -256, 65535, -65536, 1000003, -1000003, 1640531535, -1640531535, 1073741824, -1073741824, 12345678, -87654321]> : tensor<32xi32>
  %row = "tile.expand_dims"(%v) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %col = "tile.expand_dims"(%v) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
  %x = "tile.broadcast"(%row) : (tensor<32x1xi32>) -> tensor<32x32xi32>
  %d = "tile.broadcast"(%col) : (tensor<1x32xi32>) -> tensor<32x32xi32>
  %cs = arith.ceildivsi %x, %d : tensor<32x32xi32>
  %fs = arith.floordivsi %x, %d : tensor<32x32xi32>
  %cu = arith.ceildivui %x, %d : tensor<32x32xi32>
  "tile.store"(%cs, %out, %c0, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%fs, %out, %c32, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%cu, %out, %c64, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  %x8 = arith.trunci %x : tensor<32x32xi32> to tensor<32x32xi8>
  %d8 = arith.trunci %d : tensor<32x32xi32> to tensor<32x32xi8>
  %cs8 = arith.ceildivsi %x8, %d8 : tensor<32x32xi8>
  %fs8 = arith.floordivsi %x8, %d8 : tensor<32x32xi8>
  %cu8 = arith.ceildivui %x8, %d8 : tensor<32x32xi8>
  "tile.store"(%cs8, %out8, %c0, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%fs8, %out8, %c32, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%cu8, %out8, %c64, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  return
}
