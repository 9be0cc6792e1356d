// Each entry is translated to PTX on its own and the two are merged into
// one module: a libdevice table both entries use (sin's range reduction)
// appears once, both entries are there, and ptxas takes the result.
// REQUIRES: ptxas
// RUN: tile-opt %s --tile-compile --emit=ptx | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=cubin -o %t.cubin
// CHECK: .version
// CHECK-NOT: .version
// CHECK: .global .align 4 .b8 __cudart_i2opi_f[24]
// CHECK: .visible .entry waves(
// CHECK-NOT: .b8 __cudart_i2opi_f[24]
// CHECK: .visible .entry waves__aligned16(
// CHECK-NOT: .b8 __cudart_i2opi_f[24]
func.func @waves(%x: memref<?xf32>, %y: memref<?xf32>)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c512 = arith.constant 512 : index
  %off = arith.muli %pid, %c512 : index
  %t = "tile.load"(%x, %off) : (memref<?xf32>, index) -> tensor<512xf32>
  %s = math.sin %t : tensor<512xf32>
  "tile.store"(%s, %y, %off) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  return
}
