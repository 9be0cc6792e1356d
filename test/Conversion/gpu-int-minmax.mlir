// RUN: tile-opt %s --kernel=minmax --tile-compile=chip=sm_90a --emit=ptx -o - | FileCheck %s
// RUN: tile-opt %s --kernel=reduce --tile-compile=chip=sm_80 --emit=ptx -o - | FileCheck %s --check-prefix=REDUCE
// RUN: tile-opt %s --kernel=narrow --tile-compile=chip=sm_90a --emit=ptx -o - | FileCheck %s --check-prefix=NARROW
//
// Every scalar i32 min/max of a lowered kernel is PTX's vmin/vmax
// (lib/Conversion/TileToGPU/GpuIntMinMax.c): ptxas of CUDA 13.0 fuses
// max.s32/min.s32 chains into VIMNMX3 and can drop an operand's negation
// there (test/Run/reduce-max-negated.test). Signed and unsigned,
// elementwise and in a reduction's combines (registers, shuffles, shared
// memory); i64 keeps max.s64, which ptxas does not fuse so. i16 and i8
// are extended to i32 for it (test/Run/reduce-max-negated-i16.test).

// CHECK-LABEL: .entry minmax(
// CHECK-DAG: vmax.s32.s32.s32
// CHECK-DAG: vmin.s32.s32.s32
// CHECK-DAG: vmax.u32.u32.u32
// CHECK-DAG: vmin.u32.u32.u32
// CHECK-DAG: max.s64
// CHECK-NOT: {{^[[:space:]]+(max|min)\.[su]32}}
// CHECK: ret;
func.func @minmax(%a: memref<?xi32>, %b: memref<?xi32>, %w: memref<?xi64>, %out: memref<?xi32>, %wout: memref<?xi64>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%a, %c0) : (memref<?xi32>, index) -> tensor<256xi32>
  %y = "tile.load"(%b, %c0) : (memref<?xi32>, index) -> tensor<256xi32>
  %1 = arith.maxsi %x, %y : tensor<256xi32>
  %2 = arith.minsi %1, %y : tensor<256xi32>
  %3 = arith.maxui %2, %x : tensor<256xi32>
  %4 = arith.minui %3, %y : tensor<256xi32>
  "tile.store"(%4, %out, %c0) : (tensor<256xi32>, memref<?xi32>, index) -> ()
  %u = "tile.load"(%w, %c0) : (memref<?xi64>, index) -> tensor<256xi64>
  %five = arith.constant dense<5> : tensor<256xi64>
  %v = arith.maxsi %u, %five : tensor<256xi64>
  "tile.store"(%v, %wout, %c0) : (tensor<256xi64>, memref<?xi64>, index) -> ()
  return
}

// REDUCE-LABEL: .entry reduce(
// REDUCE: vmax.s32.s32.s32
// REDUCE: shfl.sync.bfly
// REDUCE: vmax.s32.s32.s32
// REDUCE-NOT: {{^[[:space:]]+max\.s32}}
// REDUCE: ret;
func.func @reduce(%a: memref<?x?xi32>, %out: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%a, %c0, %c0) : (memref<?x?xi32>, index, index) -> tensor<64x32xi32>
  %zero = arith.constant dense<0> : tensor<64x32xi32>
  %n = arith.subi %zero, %x : tensor<64x32xi32>
  %m = "tile.reduce"(%n) {axis = 0 : i32, kind = "max"} : (tensor<64x32xi32>) -> tensor<32xi32>
  "tile.store"(%m, %out, %c0) : (tensor<32xi32>, memref<?xi32>, index) -> ()
  return
}

// The signed narrow ones are extended by bfe.s32 (GpuNarrowSigned.c), the
// unsigned by zero extension.
// NARROW-LABEL: .entry narrow(
// NARROW-DAG: bfe.s32 {{.*}}, 0, 16;
// NARROW-DAG: vmax.s32.s32.s32
// NARROW-DAG: vmin.u32.u32.u32
// NARROW-NOT: {{^[[:space:]]+(max|min)\.[su](16|8|32)}}
// NARROW: ret;
func.func @narrow(%a: memref<?xi16>, %b: memref<?xi8>, %out: memref<?xi16>, %bout: memref<?xi8>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = "tile.load"(%a, %c0) : (memref<?xi16>, index) -> tensor<256xi16>
  %zero = arith.constant dense<0> : tensor<256xi16>
  %n = arith.subi %zero, %x : tensor<256xi16>
  %m = "tile.reduce"(%n) {axis = 0 : i32, kind = "max"} : (tensor<256xi16>) -> i16
  %ms = "tile.splat"(%m) : (i16) -> tensor<256xi16>
  %r = arith.maxsi %ms, %x : tensor<256xi16>
  "tile.store"(%r, %out, %c0) : (tensor<256xi16>, memref<?xi16>, index) -> ()
  %y = "tile.load"(%b, %c0) : (memref<?xi8>, index) -> tensor<256xi8>
  %seven = arith.constant dense<7> : tensor<256xi8>
  %u = arith.minui %y, %seven : tensor<256xi8>
  "tile.store"(%u, %bout, %c0) : (tensor<256xi8>, memref<?xi8>, index) -> ()
  return
}
