// tile.atomic_rmw on the CPU (test/Run/v2-atomics.test), checked against
// v2_ref.py. KIND, T and SEM are tile-run -D substitutions.
// irdl-cross-check: skip (a template: tile-run -D fills in those names)

// One atomic per element of an 8x16 tile at mem[idx[e]]; what each found
// goes to old. Elements past the end of idx load index -1: they touch
// nothing and find 0.
func.func @rmw(%vals: memref<?x${T}>, %idx: memref<?xi32>, %mem: memref<?x${T}>, %old: memref<?x${T}>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %v1 = "tile.load"(%vals, %off) : (memref<?x${T}>, index) -> tensor<128x${T}>
  %i1 = "tile.load"(%idx, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %v = "tile.reshape"(%v1) : (tensor<128x${T}>) -> tensor<8x16x${T}>
  %i = "tile.reshape"(%i1) : (tensor<128xi32>) -> tensor<8x16xi32>
  %o = "tile.atomic_rmw"(%v, %mem, %i) {kind = "${KIND}", sem = "${SEM}"} : (tensor<8x16x${T}>, memref<?x${T}>, tensor<8x16xi32>) -> tensor<8x16x${T}>
  %o1 = "tile.reshape"(%o) : (tensor<8x16x${T}>) -> tensor<128x${T}>
  "tile.store"(%o1, %old, %off) : (tensor<128x${T}>, memref<?x${T}>, index) -> ()
  return
}

// Relaxed atomics with unused results into a static memref of 20 slots:
// on the GPU each block counts in shared memory and adds its slots at the
// end (docs/gpu.md, "atomics counted in shared memory"); memory ends the
// same. Elements past the end of idx load index -1 and touch nothing.
func.func @rmw_static(%vals: memref<?xi32>, %idx: memref<?xi32>, %mem: memref<20xi32>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c128 = arith.constant 128 : index
  %off = arith.muli %pid, %c128 : index
  %v = "tile.load"(%vals, %off) : (memref<?xi32>, index) -> tensor<128xi32>
  %i = "tile.load"(%idx, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<128xi32>
  %o = "tile.atomic_rmw"(%v, %mem, %i) {kind = "${KIND}", sem = "relaxed"} : (tensor<128xi32>, memref<20xi32>, tensor<128xi32>) -> tensor<128xi32>
  return
}
