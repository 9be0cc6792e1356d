// The v2 ops TileToCPU lowers to calls of tile's C runtime (the JIT resolves
// them: lib/Execution/CpuAtomics.c, CpuDebug.c): compare-and-swap, float
// atomic max/min, print and assert. Each call is declared once in the
// module; strings are constant globals.
// RUN: tile-opt %s --split-input-file -p 'builtin.module(func.func(tile-to-cpu))' | FileCheck %s

// A compare-and-swap per in-bounds element, on the element's address: the
// aligned pointer plus (offset + index * stride) * 4 bytes.
// CHECK-LABEL: module
// CHECK:         func.func private @tileCpuAtomicCas32(index, i32, i32) -> i32
// CHECK-LABEL:   func.func @cas
// CHECK:           %{{.*}}, %[[OFF:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %arg0 : memref<?xi32> -> memref<i32>, index, index, index
// CHECK:           %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<?xi32> -> index
// CHECK:           %[[BYTES:.*]] = arith.constant 4 : index
// CHECK:           scf.for
// CHECK:             scf.if %{{.*}} -> (i32) {
// CHECK:               %[[SCALED:.*]] = arith.muli %[[I:.*]], %[[STRIDE]] : index
// CHECK:               %[[LIN:.*]] = arith.addi %[[OFF]], %[[SCALED]] : index
// CHECK:               %[[BOFF:.*]] = arith.muli %[[LIN]], %[[BYTES]] : index
// CHECK:               %[[ADDR:.*]] = arith.addi %[[BASE]], %[[BOFF]] : index
// CHECK:               %[[OLD:.*]] = func.call @tileCpuAtomicCas32(%[[ADDR]], %{{.*}}, %{{.*}}) : (index, i32, i32) -> i32
// CHECK:               scf.yield %[[OLD]] : i32
// CHECK:             } else {
// CHECK:               scf.yield %c0_i32 : i32
func.func @cas(%m: memref<?xi32>) attributes {tile.kernel} {
  %z = arith.constant dense<0> : tensor<1xi32>
  %one = arith.constant dense<1> : tensor<1xi32>
  %o = "tile.atomic_cas"(%z, %one, %m, %z) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

// Float max/min travel as bits, 16-bit ones in an i32.
// CHECK-LABEL: module
// CHECK:         func.func private @tileCpuAtomicMaxF16(index, i32) -> i32
// CHECK-LABEL:   func.func @fmax
// CHECK:           %[[H:.*]] = arith.bitcast %{{.*}} : f16 to i16
// CHECK:           %[[W:.*]] = arith.extui %[[H]] : i16 to i32
// CHECK:           %[[OLD:.*]] = func.call @tileCpuAtomicMaxF16(%{{.*}}, %[[W]]) : (index, i32) -> i32
// CHECK:           %[[T:.*]] = arith.trunci %[[OLD]] : i32 to i16
// CHECK:           arith.bitcast %[[T]] : i16 to f16
func.func @fmax(%m: memref<?x?xf16>) attributes {tile.kernel} {
  %i = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %v = arith.constant dense<1.0> : tensor<128xf16>
  %o = "tile.atomic_rmw"(%v, %m, %i, %i) {kind = "max"} : (tensor<128xf16>, memref<?x?xf16>, tensor<128xi32>, tensor<128xi32>) -> tensor<128xf16>
  return
}

// -----

// A print: one call per element with the prefix, the program id, the rank
// and the indices, and the value (floats as f64, with their digits).
// CHECK-LABEL: module
// CHECK-DAG:     llvm.mlir.global internal constant @tile.str.0("x\00")
// CHECK-DAG:     func.func private @tileCpuPrintFloat(!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, f64, i32)
// CHECK-DAG:     func.func private @tileCpuPrintInt(!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL:   func.func @print
// CHECK:           %[[X:.*]] = llvm.mlir.addressof @tile.str.0 : !llvm.ptr
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:             %[[E:.*]] = tensor.extract %{{.*}}[%[[I]]] : tensor<16xbf16>
// CHECK:             %[[P0:.*]] = arith.index_cast %arg1 : index to i64
// CHECK:             %[[RANK:.*]] = arith.constant 1 : i64
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:             %[[F:.*]] = arith.extf %[[E]] : bf16 to f32
// CHECK:             %[[D:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK:             %[[DIGITS:.*]] = arith.constant 4 : i32
// CHECK:             func.call @tileCpuPrintFloat(%[[X]], %[[P0]], %{{.*}}, %{{.*}}, %[[RANK]], %[[IDX]], %{{.*}}, %{{.*}}, %[[D]], %[[DIGITS]])
// CHECK:           %[[N:.*]] = arith.extsi %arg0 : i32 to i64
// CHECK:           call @tileCpuPrintInt({{.*}}, %[[N]])
func.func @print(%n: i32) attributes {tile.kernel} {
  %x = arith.constant dense<1.5> : tensor<16xbf16>
  "tile.print"(%x) {prefix = "x"} : (tensor<16xbf16>) -> ()
  "tile.print"(%n) {prefix = "n"} : (i32) -> ()
  return
}

// -----

// An assert folds its condition with `and`; where that is false it calls
// tileCpuAssertFail with the message, "file:line:col" and the program id.
// CHECK-LABEL: module
// CHECK-DAG:     llvm.mlir.global internal constant @[[MSG:.*]]("token id in range\00")
// CHECK-DAG:     llvm.mlir.global internal constant @[[LOC:.*]]("{{.*}}tile-to-cpu-v2-runtime.mlir:[[# @LINE + 16]]:3\00")
// CHECK-LABEL:   func.func @assert
// CHECK:           %[[ALL:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %true) -> (i1) {
// CHECK:             %[[E:.*]] = tensor.extract
// CHECK:             %[[AND:.*]] = arith.andi %[[ACC]], %[[E]] : i1
// CHECK:             scf.yield %[[AND]] : i1
// CHECK:           %[[FAILED:.*]] = arith.cmpi eq, %[[ALL]], %false : i1
// CHECK:           scf.if %[[FAILED]] {
// CHECK:             %[[M:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK:             %[[L:.*]] = llvm.mlir.addressof @[[LOC]] : !llvm.ptr
// CHECK:             func.call @tileCpuAssertFail(%[[M]], %[[L]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
func.func @assert(%x: memref<?xi32>, %vocab: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xi32>, index) -> tensor<128xi32>
  %v = "tile.splat"(%vocab) : (i32) -> tensor<128xi32>
  %ok = arith.cmpi ult, %t, %v : tensor<128xi32>
  "tile.assert"(%ok) {message = "token id in range"} : (tensor<128xi1>) -> ()
  return
}
