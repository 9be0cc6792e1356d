// i8/i16 values read as signed (sign extension, signed and equality
// compares, shrsi, divsi, remsi, maxsi) take their operands extended by
// bfe.s32, computed in 32 bits (GpuNarrowSigned.c): ptxas of CUDA 13.0
// extends a negated 16-bit value x as -(sext x), wrong at -32768, in every
// 16-bit signed form (cvt.s32.s16, setp.*.s16, shr.s16) and in the
// operands of a 32-bit max. Unsigned compares and zero extension are left
// alone (their SASS masks after the negation); constants are extended as
// constants.
// RUN: tile-opt %s --tile-compile=chip=sm_90a --emit=ptx -o - | FileCheck %s
// RUN: tile-opt %s --tile-compile=chip=sm_80 --emit=ptx -o - | FileCheck %s
// CHECK-LABEL: .entry narrow_signed(
// CHECK-DAG: bfe.s32 {{.*}}, 0, 16;
// CHECK-DAG: bfe.s32 {{.*}}, 0, 8;
// CHECK-DAG: div.s32
// CHECK-DAG: rem.s32
// CHECK-NOT: cvt.s32.s16
// CHECK-NOT: cvt.s64.s16
// CHECK-NOT: cvt.s32.s8
// CHECK-NOT: {{setp\.[a-z]+\.s(16|8)}}
// CHECK-NOT: {{shr\.s(16|8)}}
// CHECK-NOT: {{(div|rem)\.s(16|8)}}
// CHECK-NOT: bfe.s32 {{.*}}, 3, 0, 16
// CHECK: ret;
func.func @narrow_signed(%a: memref<?xi16>, %b: memref<?xi8>, %ext: memref<?xi64>, %lt: memref<?xi8>, %eq: memref<?xi8>, %ult: memref<?xi8>, %shr: memref<?xi16>, %div: memref<?xi16>, %rem: memref<?xi16>, %ext8: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%a, %c0) : (memref<?xi16>, index) -> tensor<128xi16>
  %zero = arith.constant dense<0> : tensor<128xi16>
  %n = arith.subi %zero, %x : tensor<128xi16>
  %e = arith.extsi %n : tensor<128xi16> to tensor<128xi64>
  "tile.store"(%e, %ext, %c0) : (tensor<128xi64>, memref<?xi64>, index) -> ()
  %l = arith.cmpi slt, %n, %x : tensor<128xi16>
  %l8 = arith.extui %l : tensor<128xi1> to tensor<128xi8>
  "tile.store"(%l8, %lt, %c0) : (tensor<128xi8>, memref<?xi8>, index) -> ()
  %q = arith.cmpi eq, %n, %x : tensor<128xi16>
  %q8 = arith.extui %q : tensor<128xi1> to tensor<128xi8>
  "tile.store"(%q8, %eq, %c0) : (tensor<128xi8>, memref<?xi8>, index) -> ()
  %u = arith.cmpi ult, %n, %x : tensor<128xi16>
  %u8 = arith.extui %u : tensor<128xi1> to tensor<128xi8>
  "tile.store"(%u8, %ult, %c0) : (tensor<128xi8>, memref<?xi8>, index) -> ()
  %three = arith.constant dense<3> : tensor<128xi16>
  %s = arith.shrsi %n, %three : tensor<128xi16>
  "tile.store"(%s, %shr, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %d = arith.divsi %n, %x : tensor<128xi16>
  "tile.store"(%d, %div, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %r = arith.remsi %n, %x : tensor<128xi16>
  "tile.store"(%r, %rem, %c0) : (tensor<128xi16>, memref<?xi16>, index) -> ()
  %y = "tile.load"(%b, %c0) : (memref<?xi8>, index) -> tensor<128xi8>
  %zero8 = arith.constant dense<0> : tensor<128xi8>
  %n8 = arith.subi %zero8, %y : tensor<128xi8>
  %e8 = arith.extsi %n8 : tensor<128xi8> to tensor<128xi32>
  "tile.store"(%e8, %ext8, %c0) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  return
}
