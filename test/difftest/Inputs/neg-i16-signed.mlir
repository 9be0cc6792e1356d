// 16- and 8-bit values read as signed after a negation (0 - x), at the
// value whose negation is itself (-32768, -128): ptxas of CUDA 13.0
// sign-extends such a value as -(sext x), +32768, in cvt.s32.s16,
// setp.*.s16, shr.s16 and a max's operands (random kernel 202030 of
// gen2; lib/Conversion/TileToGPU/GpuNarrowSigned.c). x is 512 times the
// lane's index, so element 64 is -32768 (and 2 times it in i8: element
// 64 is -128).
func.func @neg_i16_signed(%x: memref<?xi16>, %ext: memref<?xi32>, %less: memref<?xi32>, %shr: memref<?xi16>, %div: memref<?xi16>, %max: memref<?xi16>, %ext8: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %r16 = arith.trunci %r : tensor<128xi32> to tensor<128xi16>
  %k512 = arith.constant dense<512> : tensor<128xi16>
  %v = arith.muli %r16, %k512 : tensor<128xi16>
  %zero = arith.constant dense<0> : tensor<128xi16>
  %n = arith.subi %zero, %v : tensor<128xi16>
  %e = arith.extsi %n : tensor<128xi16> to tensor<128xi32>
  "tile.store"(%e, %ext, %c0) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  %lt = arith.cmpi slt, %n, %zero : tensor<128xi16>
  %lt32 = arith.extui %lt : tensor<128xi1> to tensor<128xi32>
  "tile.store"(%lt32, %less, %c0) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  %k3 = arith.constant dense<3> : tensor<128xi16>
  %s = arith.shrsi %n, %k3 : tensor<128xi16>
  "tile.store"(%s, %shr, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %k7 = arith.constant dense<7> : tensor<128xi16>
  %d = arith.divsi %n, %k7 : tensor<128xi16>
  "tile.store"(%d, %div, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %t = "tile.load"(%x, %c0) : (memref<?xi16>, index) -> tensor<128xi16>
  %m = arith.maxsi %n, %t : tensor<128xi16>
  "tile.store"(%m, %max, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %r8 = arith.trunci %r : tensor<128xi32> to tensor<128xi8>
  %k2 = arith.constant dense<2> : tensor<128xi8>
  %v8 = arith.muli %r8, %k2 : tensor<128xi8>
  %zero8 = arith.constant dense<0> : tensor<128xi8>
  %n8 = arith.subi %zero8, %v8 : tensor<128xi8>
  %e8 = arith.extsi %n8 : tensor<128xi8> to tensor<128xi32>
  "tile.store"(%e8, %ext8, %c0) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  return
}
