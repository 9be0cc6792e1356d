// tile-numerics gives arith ops docs/dialect.md's meaning at their edges.
// RUN: tile-opt %s -p 'builtin.module(tile-numerics)' | FileCheck %s
// RUN: tile-opt %s -p 'builtin.module(tile-numerics{chip=sm_90a})' | FileCheck %s --check-prefix=GPU
// RUN: tile-opt %s -p 'builtin.module(tile-numerics{chip=sm_80})' | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -p 'builtin.module(tile-numerics{chip=sm_90a fast-math=true})' | FileCheck %s --check-prefix=FAST

// Division sees a safe divisor; y = 0 gives -1 and y = -1 gives -x.
// CHECK-LABEL: func.func @division
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0> : tensor<64xi32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1> : tensor<64xi32>
// CHECK-DAG:     %[[M1:.*]] = arith.constant dense<-1> : tensor<64xi32>
// CHECK:         %[[BY0:.*]] = arith.cmpi eq, %arg1, %[[ZERO]]
// CHECK:         %[[BYM1:.*]] = arith.cmpi eq, %arg1, %[[M1]]
// CHECK:         %[[BAD:.*]] = arith.ori %[[BY0]], %[[BYM1]]
// CHECK:         %[[Y:.*]] = arith.select %[[BAD]], %[[ONE]], %arg1
// CHECK:         %[[Q:.*]] = arith.divsi %arg0, %[[Y]]
// CHECK:         %[[NEG:.*]] = arith.subi %[[ZERO]], %arg0
// CHECK:         %[[Q1:.*]] = arith.select %[[BYM1]], %[[NEG]], %[[Q]]
// CHECK:         arith.select %[[BY0]], %[[M1]], %[[Q1]]
// A constant divisor other than 0 and -1 is left alone.
// CHECK:         arith.divui %arg2, %c8 : index
// CHECK-NOT:     arith.select
// CHECK:         return
func.func @division(%a: tensor<64xi32>, %b: tensor<64xi32>, %s: index) -> (tensor<64xi32>, index) {
  %c8 = arith.constant 8 : index
  %q = arith.divsi %a, %b : tensor<64xi32>
  %d = arith.divui %s, %c8 : index
  return %q, %d : tensor<64xi32>, index
}

// Shifts by the width or more give 0.
// CHECK-LABEL: func.func @shift
// CHECK:         %[[FAR:.*]] = arith.cmpi uge, %arg1, %{{.*}} : tensor<64xi32>
// CHECK:         %[[S:.*]] = arith.shli %arg0, %arg1
// CHECK:         arith.select %[[FAR]], %{{.*}}, %[[S]]
func.func @shift(%a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64xi32> {
  %l = arith.shli %a, %b : tensor<64xi32>
  return %l : tensor<64xi32>
}

// Float to integer saturates; NaN gives 0.
// CHECK-LABEL: func.func @to_int
// CHECK:         %[[I:.*]] = arith.fptosi %arg0 : tensor<64xf32> to tensor<64xi8>
// CHECK:         arith.cmpf oge, %arg0, %{{.*}}
// CHECK:         arith.cmpf olt, %arg0, %{{.*}}
// CHECK:         arith.cmpf uno, %arg0, %arg0
func.func @to_int(%f: tensor<64xf32>) -> tensor<64xi8> {
  %i = arith.fptosi %f : tensor<64xf32> to tensor<64xi8>
  return %i : tensor<64xi8>
}

// The CPU's max of floats orders -0 < +0 through the bits; the GPU's max
// instruction already does.
// CHECK-LABEL: func.func @max
// CHECK-NOT:     arith.maximumf
// CHECK:         arith.andi
// GPU-LABEL:   func.func @max
// GPU:           arith.maximumf
func.func @max(%f: tensor<64xf32>, %g: tensor<64xf32>) -> tensor<64xf32> {
  %m = arith.maximumf %f, %g : tensor<64xf32>
  return %m : tensor<64xf32>
}

// f8 casts: integer ops, but on chips with f8 cvt.
// CHECK-LABEL: func.func @fp8
// CHECK-NOT:     arith.truncf
// CHECK:         arith.bitcast %{{.*}} : tensor<64xi8> to tensor<64xf8E4M3FN>
// SM80-LABEL:  func.func @fp8
// SM80-NOT:      arith.truncf
// GPU-LABEL:   func.func @fp8
// GPU:           arith.truncf %arg0 : tensor<64xf32> to tensor<64xf8E4M3FN>
func.func @fp8(%f: tensor<64xf32>) -> tensor<64xf8E4M3FN> {
  %t = arith.truncf %f : tensor<64xf32> to tensor<64xf8E4M3FN>
  return %t : tensor<64xf8E4M3FN>
}

// fast-math=true adds afn to every float op's flags.
// FAST-LABEL:  func.func @fast
// FAST:          math.exp %arg0 fastmath<afn>
// FAST:          arith.mulf %{{.*}}, %arg0 fastmath<contract,afn>
func.func @fast(%f: tensor<64xf32>) -> tensor<64xf32> {
  %e = math.exp %f : tensor<64xf32>
  %m = arith.mulf %e, %f fastmath<contract> : tensor<64xf32>
  return %m : tensor<64xf32>
}
