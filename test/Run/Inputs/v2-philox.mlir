// tile.randint and tile.rand on the CPU (test/Run/v2-philox.test), checked
// bit for bit against v2_ref.py's Philox-4x32-10.

// Words and uniforms at offsets base + i (i32, wrapping) for i < n.
func.func @philox(%w: memref<?xi32>, %u: memref<?xf32>, %seed: i64, %base: i32) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %o = arith.index_cast %off : index to i32
  %ob = arith.addi %o, %base : i32
  %os = "tile.splat"(%ob) : (i32) -> tensor<128xi32>
  %offs = arith.addi %r, %os : tensor<128xi32>
  %wi = "tile.randint"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xi32>
  %uf = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf32>
  "tile.store"(%wi, %w, %off) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%uf, %u, %off) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
