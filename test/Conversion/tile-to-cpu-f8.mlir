// f8 has no CPU reference.
// RUN: not tile-opt %s -p 'builtin.module(func.func(tile-to-cpu))' 2>&1 | FileCheck %s --check-prefix=F8
// F8: error: tile.load: f8 types are not supported by the CPU reference
func.func @f8(%x: memref<?xf8E4M3FN>, %o: index) attributes {tile.kernel} {
  %t = "tile.load"(%x, %o) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  "tile.store"(%t, %x, %o) : (tensor<16xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  return
}
