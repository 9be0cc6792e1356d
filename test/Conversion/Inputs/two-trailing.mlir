// Two loads after a warp-specialized loop, each the same tile as one of
// its loads: one trailing copy a kernel (test/Conversion/gpu-producer-load.test).
func.func @two_after(%a: memref<?x128xf16>, %k: memref<?x128xf16>,
    %v: memref<?x128xf16>, %o: memref<?x128xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %n = memref.dim %k, %c0 : memref<?x128xf16>
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x128xf16>, index, index) -> tensor<128x128xf16>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %n step %c128 iter_args(%s = %z) -> (tensor<128x128xf32>) {
    %tk = "tile.load"(%k, %i, %c0) : (memref<?x128xf16>, index, index) -> tensor<128x128xf16>
    %tv = "tile.load"(%v, %i, %c0) : (memref<?x128xf16>, index, index) -> tensor<128x128xf16>
    %s1 = "tile.dot"(%ta, %tk, %s) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %s2 = "tile.dot"(%ta, %tv, %s1) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %s2 : tensor<128x128xf32>
  }
  %last = arith.subi %n, %c128 : index
  %lk = "tile.load"(%k, %last, %c0) : (memref<?x128xf16>, index, index) -> tensor<128x128xf16>
  %lv = "tile.load"(%v, %last, %c0) : (memref<?x128xf16>, index, index) -> tensor<128x128xf16>
  %r1 = "tile.dot"(%ta, %lk, %acc) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %r2 = "tile.dot"(%ta, %lv, %r1) : (tensor<128x128xf16>, tensor<128x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
  "tile.store"(%r2, %o, %c0, %c0) : (tensor<128x128xf32>, memref<?x128xf32>, index, index) -> ()
  return
}
