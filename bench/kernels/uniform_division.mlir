// Integer division by a run-time divisor, the index math of gathers
// (position % length, block / page size): y = x / d + x % d, signed and
// unsigned, 2048 elements a program (16 a thread). On a GPU tile-numerics
// divides by multiplication here (lib/Transforms/UniformDivision.c); a
// build from before it runs rem.s32 and div.s32, software divisions. For
// bench/gpu-ab.sh: grid cdiv(N, 2048) with N a multiple of 2048, e.g.
//   div|bench/kernels/uniform_division.mlir|div_by_scalar|-|32768|--arg iota:67108864xi32 --arg zeros:67108864xi32 --arg 1000003
func.func @div_by_scalar(%x: memref<?xi32>, %y: memref<?xi32>, %d: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c2048 = arith.constant 2048 : index
  %off = arith.muli %pid, %c2048 : index
  %t = "tile.load"(%x, %off) : (memref<?xi32>, index) -> tensor<2048xi32>
  %ds = "tile.splat"(%d) : (i32) -> tensor<2048xi32>
  %q = arith.divsi %t, %ds : tensor<2048xi32>
  %r = arith.remsi %t, %ds : tensor<2048xi32>
  %qu = arith.divui %t, %ds : tensor<2048xi32>
  %ru = arith.remui %t, %ds : tensor<2048xi32>
  %s0 = arith.addi %q, %r : tensor<2048xi32>
  %s1 = arith.addi %qu, %ru : tensor<2048xi32>
  %s = arith.xori %s0, %s1 : tensor<2048xi32>
  "tile.store"(%s, %y, %off) : (tensor<2048xi32>, memref<?xi32>, index) -> ()
  return
}
