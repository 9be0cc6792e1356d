// i16 maxima of negated tiles over 2 warps, each thread holding 16
// elements (reduced from random kernel 110145 of gen2, seeds from 100000):
// ptxas (CUDA 13.0) fuses the per-thread `max.s16` chain as it does for
// i32 (reduce-max-negated.mlir) and the GPU's maximum came out wrong, on
// sm_90a and sm_80 code alike, until tile lowered i16 and i8 min/max as
// i32 vmin/vmax too (GpuIntMinMax.c).
func.func @max_of_negated_i16(%x: memref<?xi16>, %y: memref<?xi16>, %out: memref<?xi16>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c1024 = arith.constant 1024 : index
  %off = arith.muli %p, %c1024 : index
  %a = "tile.load"(%x, %off) : (memref<?xi16>, index) -> tensor<1024xi16>
  %b = "tile.load"(%y, %off) : (memref<?xi16>, index) -> tensor<1024xi16>
  %s = "tile.scan"(%a) {axis = 0 : i32, kind = "and", reverse} : (tensor<1024xi16>) -> tensor<1024xi16>
  %t = arith.addi %s, %b : tensor<1024xi16>
  %zero = arith.constant dense<0> : tensor<1024xi16>
  %neg = arith.subi %zero, %t : tensor<1024xi16>
  %m = "tile.reduce"(%neg) {axis = 0 : i32, kind = "max"} : (tensor<1024xi16>) -> i16
  %mb = "tile.splat"(%m) : (i16) -> tensor<1024xi16>
  %r = arith.xori %mb, %a : tensor<1024xi16>
  "tile.store"(%r, %out, %off) : (tensor<1024xi16>, memref<?xi16>, index) -> ()
  return
}

func.func @min_of_negated_i8(%x: memref<?xi8>, %out: memref<?xi8>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c1024 = arith.constant 1024 : index
  %off = arith.muli %p, %c1024 : index
  %a = "tile.load"(%x, %off) : (memref<?xi8>, index) -> tensor<1024xi8>
  %zero = arith.constant dense<0> : tensor<1024xi8>
  %neg = arith.subi %zero, %a : tensor<1024xi8>
  %m = "tile.reduce"(%neg) {axis = 0 : i32, kind = "min"} : (tensor<1024xi8>) -> i8
  %mb = "tile.splat"(%m) : (i8) -> tensor<1024xi8>
  %r = arith.addi %mb, %a : tensor<1024xi8>
  "tile.store"(%r, %out, %off) : (tensor<1024xi8>, memref<?xi8>, index) -> ()
  return
}
