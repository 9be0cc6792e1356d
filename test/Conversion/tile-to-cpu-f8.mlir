// f8 tiles on the CPU: loads and stores move bytes, and tile-numerics turns
// the casts into integer ops (no arith.extf or arith.truncf on f8 is left
// for the upstream lowering, which has none).
// RUN: tile-opt %s -p 'builtin.module(func.func(tile-to-cpu,tile-numerics))' | FileCheck %s
// CHECK-LABEL: func.func @f8
// CHECK:         memref.load {{.*}} : memref<?xf8E4M3FN>
// CHECK-NOT:     arith.extf {{.*}}f8E4M3FN
// CHECK-NOT:     arith.truncf {{.*}}to tensor<16xf8E5M2>
// CHECK:         memref.store {{.*}} : memref<?xf8E5M2>
func.func @f8(%x: memref<?xf8E4M3FN>, %y: memref<?xf8E5M2>, %o: index) attributes {tile.kernel} {
  %t = "tile.load"(%x, %o) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  %e = arith.extf %t : tensor<16xf8E4M3FN> to tensor<16xf32>
  %u = arith.truncf %e : tensor<16xf32> to tensor<16xf8E5M2>
  "tile.store"(%u, %y, %o) : (tensor<16xf8E5M2>, memref<?xf8E5M2>, index) -> ()
  return
}
