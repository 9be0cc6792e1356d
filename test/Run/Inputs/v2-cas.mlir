// tile.atomic_cas on the CPU (test/Run/v2-atomics.test), checked against
// v2_ref.py. T is a tile-run -D substitution.
// irdl-cross-check: skip (a template: tile-run -D fills in those names)

// mem[idx[e]] = v[e] where it holds cmp[e]; old gets what each found.
func.func @cas(%cmp: memref<?x${T}>, %vals: memref<?x${T}>, %idx: memref<?xi32>, %mem: memref<?x${T}>, %old: memref<?x${T}>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %c = "tile.load"(%cmp, %off) : (memref<?x${T}>, index) -> tensor<128x${T}>
  %v = "tile.load"(%vals, %off) : (memref<?x${T}>, index) -> tensor<128x${T}>
  %i = "tile.load"(%idx, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %o = "tile.atomic_cas"(%c, %v, %mem, %i) : (tensor<128x${T}>, tensor<128x${T}>, memref<?x${T}>, tensor<128xi32>) -> tensor<128x${T}>
  "tile.store"(%o, %old, %off) : (tensor<128x${T}>, memref<?x${T}>, index) -> ()
  return
}
