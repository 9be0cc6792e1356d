// Row softmax: each program normalises 4 rows of at most 1024 columns.
// Columns past the end load as -inf, so they change neither the row max nor,
// after exp(-inf) = 0, the row sum. Grid: cdiv(rows, 4).
func.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %row = arith.muli %pid, %c4 : index
  %t = "tile.load"(%x, %row, %c0) {padding = 0xFF800000 : f32} : (memref<?x?xf32>, index, index) -> tensor<4x1024xf32>
  %max = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %max1 = "tile.expand_dims"(%max) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %maxb = "tile.broadcast"(%max1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %d = arith.subf %t, %maxb : tensor<4x1024xf32>
  %e = math.exp %d fastmath<afn> : tensor<4x1024xf32>
  %sum = "tile.reduce"(%e) {axis = 1 : i32, kind = "add"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  // One division per row, then a multiply per element.
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %inv = arith.divf %one, %sum : tensor<4xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %p = arith.mulf %e, %invb : tensor<4x1024xf32>
  "tile.store"(%p, %y, %row, %c0) : (tensor<4x1024xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// The same in f16: loads and stores f16, computes in f32 (as torch does),
// rounds once at the end.
func.func @softmax_f16(%x: memref<?x?xf16>, %y: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %row = arith.muli %pid, %c4 : index
  %h = "tile.load"(%x, %row, %c0) {padding = 0xFC00 : f16} : (memref<?x?xf16>, index, index) -> tensor<4x1024xf16>
  %t = arith.extf %h : tensor<4x1024xf16> to tensor<4x1024xf32>
  %max = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  %max1 = "tile.expand_dims"(%max) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %maxb = "tile.broadcast"(%max1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %d = arith.subf %t, %maxb : tensor<4x1024xf32>
  %e = math.exp %d fastmath<afn> : tensor<4x1024xf32>
  %sum = "tile.reduce"(%e) {axis = 1 : i32, kind = "add"} : (tensor<4x1024xf32>) -> tensor<4xf32>
  // One division per row, then a multiply per element.
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %inv = arith.divf %one, %sum : tensor<4xf32>
  %inv1 = "tile.expand_dims"(%inv) {axis = 1 : i32} : (tensor<4xf32>) -> tensor<4x1xf32>
  %invb = "tile.broadcast"(%inv1) : (tensor<4x1xf32>) -> tensor<4x1024xf32>
  %p = arith.mulf %e, %invb : tensor<4x1024xf32>
  %ph = arith.truncf %p : tensor<4x1024xf32> to tensor<4x1024xf16>
  "tile.store"(%ph, %y, %row, %c0) : (tensor<4x1024xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
