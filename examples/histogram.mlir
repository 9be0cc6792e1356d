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
