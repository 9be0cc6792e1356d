// Dropout: y = x * (1 / (1 - p)) where a uniform random number u > p, else 0, with Philox random numbers (tile.rand).
//
// x and y have N f32 elements. Element i draws u = rand(seed, i): the same
// seed gives the same mask on every target and for every block size, as
// Triton's tl.rand(seed, offsets) does (the backward pass regenerates it
// from the seed). The scale 1 / (1 - p) is one division per program, a
// multiply per element (as torch's F.dropout scales). Each program takes
// 1024 elements. Grid: cdiv(N, 1024).
func.func @dropout(%x: memref<?xf32>, %y: memref<?xf32>, %p: f32, %seed: i64)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c1024 = arith.constant 1024 : index
  %off = arith.muli %pid, %c1024 : index
  %r = "tile.range"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  %o = arith.index_cast %off : index to i32
  %os = "tile.splat"(%o) : (i32) -> tensor<1024xi32>
  %offs = arith.addi %r, %os : tensor<1024xi32>
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<1024xi32>) -> tensor<1024xf32>
  %ps = "tile.splat"(%p) : (f32) -> tensor<1024xf32>
  %keep = arith.cmpf ogt, %u, %ps : tensor<1024xf32>
  %t = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<1024xf32>
  %one = arith.constant 1.0 : f32
  %q = arith.subf %one, %p : f32
  %scale = arith.divf %one, %q : f32
  %ss = "tile.splat"(%scale) : (f32) -> tensor<1024xf32>
  %scaled = arith.mulf %t, %ss : tensor<1024xf32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %d = arith.select %keep, %scaled, %zero : tensor<1024xi1>, tensor<1024xf32>
  "tile.store"(%d, %y, %off) : (tensor<1024xf32>, memref<?xf32>, index) -> ()
  return
}
