// Layer norm forward over rows of at most 1024 columns, 4 rows per program:
//   y = (x - mean) / sqrt(var + eps) * w + b,  var = mean((x - mean)^2)
// Columns past the end are masked out of the variance (they load as 0, but
// 0 - mean is not 0). Grid: cdiv(rows, 4).
func.func @layernorm(%x: memref<?x?xf32>, %w: memref<?xf32>, %b: memref<?xf32>,
                     %y: memref<?x?xf32>, %eps: f32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %row = arith.muli %pid, %c4 : index
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %cols = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  %nv = "tile.splat"(%n32) : (i32) -> tensor<1024xi32>
  %inrow = arith.cmpi slt, %cols, %nv : tensor<1024xi32>
  %in1 = "tile.expand_dims"(%inrow) {axis = 0 : i32} : (tensor<1024xi1>) -> tensor<1x1024xi1>
  %in = "tile.broadcast"(%in1) : (tensor<1x1024xi1>) -> tensor<4x1024xi1>

  %t = "tile.load"(%x, %row, %c0) : (memref<?x?xf32>, index, index) -> tensor<4x1024xf32>
  %sum = "tile.reduce"(%t) {axis = 1 : i32, kind = "add"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %nfv = "tile.splat"(%nf) : (f32) -> tensor<4xf32>
  %mean = arith.divf %sum, %nfv : tensor<4xf32>
  %mean1 = "tile.expand_dims"(%mean) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %meanb = "tile.broadcast"(%mean1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %diff = arith.subf %t, %meanb : tensor<4x1024xf32>
  %zero = arith.constant dense<0.0> : tensor<4x1024xf32>
  %dm = arith.select %in, %diff, %zero : tensor<4x1024xi1>, tensor<4x1024xf32>
  %sq = arith.mulf %dm, %dm : tensor<4x1024xf32>
  %ss = "tile.reduce"(%sq) {axis = 1 : i32, kind = "add"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %var = arith.divf %ss, %nfv : tensor<4xf32>
  %epsv = "tile.splat"(%eps) : (f32) -> tensor<4xf32>
  %ve = arith.addf %var, %epsv : tensor<4xf32>
  %rstd = math.rsqrt %ve : tensor<4xf32>
  %rstd1 = "tile.expand_dims"(%rstd) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %rstdb = "tile.broadcast"(%rstd1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %xhat = arith.mulf %dm, %rstdb : tensor<4x1024xf32>

  %wt = "tile.load"(%w, %c0) : (memref<?xf32>, index) -> tensor<1024xf32>
  %bt = "tile.load"(%b, %c0) : (memref<?xf32>, index) -> tensor<1024xf32>
  %w1 = "tile.expand_dims"(%wt) {axis = 0 : i32} : (tensor<1024xf32>) -> tensor<1x1024xf32>
  %b1 = "tile.expand_dims"(%bt) {axis = 0 : i32} : (tensor<1024xf32>) -> tensor<1x1024xf32>
  %wb = "tile.broadcast"(%w1) : (tensor<1x1024xf32>) -> tensor<4x1024xf32>
  %bb = "tile.broadcast"(%b1) : (tensor<1x1024xf32>) -> tensor<4x1024xf32>
  %scaled = arith.mulf %xhat, %wb : tensor<4x1024xf32>
  %out = arith.addf %scaled, %bb : tensor<4x1024xf32>
  "tile.store"(%out, %y, %row, %c0) : (tensor<4x1024xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
