// A kernel with one argument of each scalar kind: fills 16 elements of
// %out at %off with %v. The other scalars are there for their types.
func.func @fill(%out: memref<?xf32>, %v: f32, %n: i32, %off: index, %flag: i1,
                %small: i8, %h: bf16)
    attributes {tile.kernel} {
  %t = "tile.splat"(%v) : (f32) -> tensor<16xf32>
  "tile.store"(%t, %out, %off) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  return
}

// Not a kernel: no tile.kernel attribute.
func.func @helper(%x: memref<?xf32>) {
  return
}
