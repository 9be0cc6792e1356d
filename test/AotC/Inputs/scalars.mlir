// A kernel that takes a scalar of each kind the launch functions pass by
// value: i1, i8, i16, i32, i64, index, f32, f64 (it stores the f32).
func.func @scalars(%out: memref<?xf32>, %b: i1, %i8: i8, %i16: i16,
                   %i32: i32, %i64: i64, %n: index, %f: f32, %d: f64)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %t = "tile.splat"(%f) : (f32) -> tensor<128xf32>
  "tile.store"(%t, %out, %pid) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
