// irdl-cross-check: skip (invalid on purpose)
// "return %y" lacks its type (and %y does not exist): a parse error on line 3.
func.func @k(%x: memref<?xf32>) attributes {tile.kernel} {
  return %y
}
