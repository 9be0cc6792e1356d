// irdl-cross-check: skip (a template: tile-run -D BLOCK=... fills in its hole)
// vecadd with its block size left to -D BLOCK=...; a $ without a brace, as
// in $5, is not a substitution.
func.func @vecadd(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %block = arith.constant ${BLOCK} : index
  %offset = arith.muli %pid, %block : index
  %a = "tile.load"(%x, %offset) : (memref<?xf32>, index) -> tensor<${BLOCK}xf32>
  %b = "tile.load"(%y, %offset) : (memref<?xf32>, index) -> tensor<${BLOCK}xf32>
  %sum = arith.addf %a, %b : tensor<${BLOCK}xf32>
  "tile.store"(%sum, %z, %offset) : (tensor<${BLOCK}xf32>, memref<?xf32>, index) -> ()
  return
}
