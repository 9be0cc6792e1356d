// TileToGPU turns math ops into the libdevice calls convert-gpu-to-nvvm
// would make (f32 functions; an f16 operand is widened, the result
// narrowed), declaring each function once in the gpu.module, so the
// kernel needs no GPU-dialect conversion. afn picks the __nv_fast_*
// function where libdevice has one (sin), and the precise one where it has
// none (tanh).
// REQUIRES: ptxas
// RUN: tile-opt %s --tile-compile --emit=mlir | FileCheck %s
// RUN: tile-opt %s --tile-compile --emit=llvm | FileCheck %s --check-prefix=LLVM
// RUN: tile-opt %s --tile-compile --emit=ptx | FileCheck %s --check-prefix=PTX
// CHECK-DAG:   llvm.func @__nv_tanhf(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_erff(f32) -> f32
// CHECK-DAG:   llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-DAG:   llvm.func @__nv_fmaf(f32, f32, f32) -> f32
// CHECK-DAG:   llvm.func @__nv_fmaxf(f32, f32) -> f32
// CHECK-NOT:   llvm.func @__nv_tanhf
// CHECK-LABEL: llvm.func @mathk(
// CHECK:         llvm.call @__nv_tanhf(%{{.*}}) : (f32) -> f32
// CHECK:         llvm.call @__nv_erff(%{{.*}}) : (f32) -> f32
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT:    %[[R:.*]] = llvm.call @__nv_rsqrtf(%[[W]]) : (f32) -> f32
// CHECK-NEXT:    arith.truncf %[[R]] : f32 to f16
// CHECK:         llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK:         llvm.call @__nv_fmaxf(
// CHECK:         llvm.call @__nv_fmaf(
// CHECK:         llvm.call @__nv_tanhf(
// CHECK:         llvm.call @__nv_fast_sinf(
// LLVM:          llvm.call @__nv_tanhf
// LLVM-NOT:      math.
// PTX:           .visible .entry mathk(
// PTX-NOT:       .func
// PTX-NOT:       __nv_
func.func @mathk(%x: memref<?xf32>, %h: memref<?xf16>, %y: memref<?xf32>,
                 %yh: memref<?xf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %ah = "tile.load"(%h, %c0) : (memref<?xf16>, index) -> tensor<128xf16>
  %t = math.tanh %a : tensor<128xf32>
  %e = math.erf %t : tensor<128xf32>
  %r = math.rsqrt %ah : tensor<128xf16>
  %p = math.powf %e, %a : tensor<128xf32>
  %m = arith.maxnumf %p, %a : tensor<128xf32>
  %f = math.fma %m, %a, %a : tensor<128xf32>
  %g = math.tanh %f fastmath<afn> : tensor<128xf32>
  %s = math.sin %g fastmath<afn> : tensor<128xf32>
  "tile.store"(%s, %y, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%r, %yh, %c0) : (tensor<128xf16>, memref<?xf16>, index) -> ()
  return
}
