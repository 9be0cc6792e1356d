// The GPU's precision follows the fastmath flags (docs/dialect.md, "Numerics"):
// without afn, division and sqrt are correctly rounded and exp is
// libdevice's; with afn (or fast-math=true), the hardware's approximations
// (exp as ex2.approx.ftz: afn lets them flush denormals).
// f8 casts are cvt on sm_89+ and integer ops before.
// REQUIRES: ptxas
// RUN: tile-opt %s --tile-compile --kernel=precise --emit=ptx | FileCheck %s --check-prefix=PRECISE
// RUN: tile-opt %s --tile-compile --kernel=approx --emit=ptx | FileCheck %s --check-prefix=APPROX
// RUN: tile-opt %s --tile-compile=fast-math=true --kernel=precise --emit=ptx | FileCheck %s --check-prefix=APPROX
// RUN: tile-opt %s --tile-compile --kernel=fp8 --emit=ptx | FileCheck %s --check-prefix=CVT
// RUN: tile-opt %s --tile-compile=chip=sm_80 --kernel=fp8 --emit=ptx | FileCheck %s --check-prefix=INT
// RUN: not tile-opt %s --tile-compile=fast-math=yes --emit=ptx 2>&1 | FileCheck %s --check-prefix=BAD
// PRECISE: div.rn.f32
// PRECISE: sqrt.rn.f32
// PRECISE-NOT: sqrt.approx
// PRECISE-NOT: div.approx
// APPROX-NOT: div.rn.f32
// APPROX: div.approx.f32
// APPROX: sqrt.approx.f32
// APPROX: ex2.approx.ftz.f32
// APPROX-NOT: sqrt.rn.f32
// CVT: cvt.rn.f16x2.e4m3x2
// CVT: cvt.rn.satfinite.e5m2x2.f32
// INT-NOT: e4m3x2
// INT-NOT: e5m2x2
// INT: st.global.b8
// BAD: --tile-compile: fast-math wants true or false, got 'yes'
func.func @precise(%x: memref<?xf32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %d = arith.divf %a, %a : tensor<128xf32>
  %s = math.sqrt %d : tensor<128xf32>
  %e = math.exp %s : tensor<128xf32>
  "tile.store"(%e, %y, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

func.func @approx(%x: memref<?xf32>, %y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %d = arith.divf %a, %a fastmath<afn> : tensor<128xf32>
  %s = math.sqrt %d fastmath<afn> : tensor<128xf32>
  %e = math.exp %s fastmath<afn> : tensor<128xf32>
  "tile.store"(%e, %y, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

func.func @fp8(%x: memref<?xi8>, %y: memref<?xi8>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %b = "tile.load"(%x, %c0) : (memref<?xi8>, index) -> tensor<256xi8>
  %f = arith.bitcast %b : tensor<256xi8> to tensor<256xf8E4M3FN>
  %e = arith.extf %f : tensor<256xf8E4M3FN> to tensor<256xf32>
  %t = arith.truncf %e : tensor<256xf32> to tensor<256xf8E5M2>
  %o = arith.bitcast %t : tensor<256xf8E5M2> to tensor<256xi8>
  "tile.store"(%o, %y, %c0) : (tensor<256xi8>, memref<?xi8>, index) -> ()
  return
}
