// An embedding lookup: row ids[e] of the table for each e (tile.gather).
func.func @gather(%table: memref<?xf32>, %ids: memref<?xi32>, %out: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = "tile.load"(%ids, %c0) : (memref<?xi32>, index) -> tensor<128xi32>
  %t = "tile.gather"(%table, %i) : (memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  "tile.store"(%t, %out, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
