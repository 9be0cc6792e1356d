// Histogram: bins[v] += 1 for every value v of x, with integer atomic adds (tile.atomic_rmw).
//
// x has N i32 values, bins has B i32 counters (zeroed by the caller).
// Values outside [0, B) are not counted: their atomics name no bin and
// touch nothing. Each program counts 1024 values; those past N load as -1.
// Programs add into the same bins concurrently. Grid: cdiv(N, 1024).
func.func @histogram(%x: memref<?xi32>, %bins: memref<?xi32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c1024 = arith.constant 1024 : index
  %off = arith.muli %pid, %c1024 : index
  %v = "tile.load"(%x, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<1024xi32>
  %one = arith.constant dense<1> : tensor<1024xi32>
  %old = "tile.atomic_rmw"(%one, %bins, %v) {kind = "add", sem = "relaxed"} : (tensor<1024xi32>, memref<?xi32>, tensor<1024xi32>) -> tensor<1024xi32>
  return
}

// The same into exactly 256 bins (memref<256xi32>), 4096 values per
// program in 4 steps of 1024. A static bin count this small lets tile
// count in shared memory on the GPU (docs/gpu.md, "Atomics counted in
// shared memory"): each program's atomics go to its own copy of the bins,
// which it adds to `bins` when it ends. Grid: cdiv(N, 4096).
func.func @histogram256(%x: memref<?xi32>, %bins: memref<256xi32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %first = arith.muli %pid, %c4096 : index
  %one = arith.constant dense<1> : tensor<1024xi32>
  scf.for %s = %c0 to %c4096 step %c1024 {
    %off = arith.addi %first, %s : index
    %v = "tile.load"(%x, %off) {padding = -1 : i32} : (memref<?xi32>, index) -> tensor<1024xi32>
    %old = "tile.atomic_rmw"(%one, %bins, %v) {kind = "add", sem = "relaxed"} : (tensor<1024xi32>, memref<256xi32>, tensor<1024xi32>) -> tensor<1024xi32>
  }
  return
}
