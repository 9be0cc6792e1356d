// An f32 dot too small for the tensor cores at its warp count (16x16 over
// 8 warps: "its warps cannot each take 16x8 blocks"), which the GPU runs
// as an FMA loop (test/Run/dot-fma-tf32.test). At the default precision
// ("tf32") its inputs keep 10 mantissa bits, as on the tensor cores; with
// precision = "ieee" all 23.
func.func @dot_tf32(%a: memref<?x16xf32>, %b: memref<16x16xf32>, %c: memref<?x16xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %r = arith.muli %p, %c16 : index
  %x = "tile.load"(%a, %r, %c0) : (memref<?x16xf32>, index, index) -> tensor<16x16xf32>
  %y = "tile.load"(%b, %c0, %c0) : (memref<16x16xf32>, index, index) -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = "tile.dot"(%x, %y, %z) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %r, %c0) : (tensor<16x16xf32>, memref<?x16xf32>, index, index) -> ()
  return
}

func.func @dot_ieee(%a: memref<?x16xf32>, %b: memref<16x16xf32>, %c: memref<?x16xf32>) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %r = arith.muli %p, %c16 : index
  %x = "tile.load"(%a, %r, %c0) : (memref<?x16xf32>, index, index) -> tensor<16x16xf32>
  %y = "tile.load"(%b, %c0, %c0) : (memref<16x16xf32>, index, index) -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = "tile.dot"(%x, %y, %z) {precision = "ieee"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %r, %c0) : (tensor<16x16xf32>, memref<?x16xf32>, index, index) -> ()
  return
}
