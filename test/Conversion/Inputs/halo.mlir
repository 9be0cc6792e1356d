// Each program copies the 32x64 block of x that starts 3 rows up and 5
// columns left of its own block: the first programs read from negative
// coordinates and the last ones past the end, where the padding (1.0)
// comes in; y is written at the program's own block, clipped to y. The GPU
// check of bounds tests at negative coordinates (scripts/gpu-packages.sh).
func.func @halo(%x: memref<?x?xf16>, %y: memref<?x?xf16>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pi = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pj = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %r = arith.muli %pi, %c32 : index
  %c = arith.muli %pj, %c64 : index
  %r0 = arith.subi %r, %c3 : index
  %c0 = arith.subi %c, %c5 : index
  %t = "tile.load"(%x, %r0, %c0) {padding = 1.0 : f16} : (memref<?x?xf16>, index, index) -> tensor<32x64xf16>
  "tile.store"(%t, %y, %r, %c) : (tensor<32x64xf16>, memref<?x?xf16>, index, index) -> ()
  return
}
