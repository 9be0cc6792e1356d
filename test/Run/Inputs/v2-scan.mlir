// tile.scan on the CPU (test/Run/v2-scan.test), checked against v2_ref.py.
// KIND, T, AXIS, PAD and REV are tile-run -D substitutions.
// irdl-cross-check: skip (a template: tile-run -D fills in those names)

// The scan of each 16x32 block of x (padded past its end), stored to y.
func.func @scan(%x: memref<?x?x${T}>, %y: memref<?x?x${T}>) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %row = arith.muli %pid, %c16 : index
  %t = "tile.load"(%x, %row, %c0) {padding = ${PAD} : ${T}} : (memref<?x?x${T}>, index, index) -> tensor<16x32x${T}>
  %s = "tile.scan"(%t) {axis = ${AXIS} : i32, kind = "${KIND}"${REV}} : (tensor<16x32x${T}>) -> tensor<16x32x${T}>
  "tile.store"(%s, %y, %row, %c0) : (tensor<16x32x${T}>, memref<?x?x${T}>, index, index) -> ()
  return
}
