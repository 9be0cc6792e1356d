// RMS norm over rows of at most 1024 columns, 4 rows per program:
//   y = x / sqrt(mean(x^2) + eps) * w
// Columns past the end load as 0 and add nothing to the sum of squares.
// Grid: cdiv(rows, 4).
func.func @rmsnorm(%x: memref<?x?xf32>, %w: memref<?xf32>, %y: memref<?x?xf32>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %row = arith.muli %pid, %c4 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<4x1024xf32>
  %sq = arith.mulf %t, %t : tensor<4x1024xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %nfv = "tile.splat"(%nf) : (f32) -> tensor<4xf32>
  %ms = arith.divf %ss, %nfv : tensor<4xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<4xf32>
  %me = arith.addf %ms, %epsv : tensor<4xf32>
  %r = math.rsqrt %me : tensor<4xf32>
  %r1 = "tile.expand_dims"(%r) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %rb = "tile.broadcast"(%r1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %wt = "tile.load"(%w, %c0) : (memref<?xf32>, index) -> tensor<1024xf32>
  %w1 = "tile.expand_dims"(%wt) {axis = 0 : i32} : (tensor<1024xf32>) -> tensor<1x1024xf32>
  %wb = "tile.broadcast"(%w1) : (tensor<1x1024xf32>) -> tensor<4x1024xf32>
  %xn = arith.mulf %t, %rb : tensor<4x1024xf32>
  %out = arith.mulf %xn, %wb : tensor<4x1024xf32>
  "tile.store"(%out, %y, %row, %c0) : (tensor<4x1024xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
