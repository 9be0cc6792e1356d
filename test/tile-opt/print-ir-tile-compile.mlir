// With --tile-compile, --mlir-print-ir-after-all and -before-all print the
// IR (stderr) around each tile pass of the compile, TileToGPU and each
// upstream pass of the lowering to NVVM, headed as MLIR heads a pass's
// dump; each entry's lowering prints in turn. The output is unchanged.
// RUN: tile-opt %s --tile-compile=chip=sm_80 --mlir-print-ir-after-all -o %t.ptx 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tile-opt %s --tile-compile=chip=sm_80 --mlir-print-ir-before-all -o %t.ptx 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tile-opt %s --tile-compile=chip=sm_80 --emit=llvm --mlir-print-ir-after-all -o %t.ll 2>&1 | FileCheck %s --check-prefix=LLVM
// RUN: tile-opt %s --tile-compile=chip=sm_80 --emit=mlir --mlir-print-ir-after-all -o %t.gpu 2>&1 | FileCheck %s --check-prefix=MLIR
// RUN: tile-opt %s --tile-compile=chip=sm_80 -o %t.quiet 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tile-opt %s --tile-compile=chip=sm_80 --mlir-print-ir-after-all --mlir-print-ir-before-all -o %t.both 2>/dev/null
// RUN: cmp %t.quiet %t.ptx
// RUN: cmp %t.quiet %t.both

// AFTER:      // -----// IR Dump After tile-verify (tile-verify) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT:   func.func @scale(%arg0: memref<?xf32>) attributes {tile.kernel} {
// AFTER:      // -----// IR Dump After tile-widen-f8-dots (tile-widen-f8-dots) //----- //
// AFTER:      // -----// IR Dump After tile-numerics (tile-numerics) //----- //
// AFTER:      // -----// IR Dump After tile-canonicalize (tile-canonicalize) //----- //
// AFTER-NOT:    "tile.splat"
// AFTER:      // -----// IR Dump After tile-coalesce (tile-coalesce) //----- //
// AFTER:        "tile.load"{{.*}}tile.layout = "blocked"
// AFTER:      // -----// IR Dump After tile-assign-layouts (tile-assign-layouts) //----- //
// AFTER:      // -----// IR Dump After tile-canonicalize (tile-canonicalize) //----- //
// AFTER:      // -----// IR Dump After tile-promote-smem (tile-promote-smem) //----- //
// AFTER:      // -----// IR Dump After tile-pipeline (tile-pipeline) //----- //
// AFTER:      // -----// IR Dump After tile-to-gpu (tile-to-gpu) //----- //
// AFTER-NEXT: module attributes {gpu.container_module} {
// AFTER-NEXT:   gpu.module @tile_kernels
// AFTER:        llvm.func @scale(
// AFTER:        llvm.func @scale__aligned16(
// AFTER:      // -----// IR Dump After SCFToControlFlowPass (convert-scf-to-cf) //----- //
// AFTER:        llvm.func @scale(
// AFTER:      // -----// IR Dump After ReconcileUnrealizedCastsPass (reconcile-unrealized-casts) //----- //
// AFTER:      // -----// IR Dump After SCFToControlFlowPass (convert-scf-to-cf) //----- //
// AFTER:        llvm.func @scale__aligned16(
// AFTER:      // -----// IR Dump After ReconcileUnrealizedCastsPass (reconcile-unrealized-casts) //----- //
// AFTER-NOT:  IR Dump

// The first dump is the kernel as parsed.
// BEFORE:      // -----// IR Dump Before tile-verify (tile-verify) //----- //
// BEFORE-NEXT: module {
// BEFORE:        "tile.splat"
// BEFORE:      // -----// IR Dump Before tile-widen-f8-dots (tile-widen-f8-dots) //----- //
// BEFORE:      // -----// IR Dump Before tile-pipeline (tile-pipeline) //----- //
// BEFORE:      // -----// IR Dump Before tile-to-gpu (tile-to-gpu) //----- //
// BEFORE-NEXT: module {
// BEFORE-NEXT:   func.func @scale(
// BEFORE:      // -----// IR Dump Before SCFToControlFlowPass (convert-scf-to-cf) //----- //
// BEFORE:      // -----// IR Dump Before ReconcileUnrealizedCastsPass (reconcile-unrealized-casts) //----- //
// BEFORE-NOT:  IR Dump After

// --emit=llvm runs the lowering to NVVM through a pass manager of its own.
// LLVM:      // -----// IR Dump After tile-to-gpu (tile-to-gpu) //----- //
// LLVM:      // -----// IR Dump After SCFToControlFlowPass (convert-scf-to-cf) //----- //
// LLVM:      // -----// IR Dump After ReconcileUnrealizedCastsPass (reconcile-unrealized-casts) //----- //

// --emit=mlir stops after TileToGPU.
// MLIR:      // -----// IR Dump After tile-to-gpu (tile-to-gpu) //----- //
// MLIR-NOT:  IR Dump

// QUIET-NOT: IR Dump
func.func @scale(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %u = arith.mulf %t, %s : tensor<128xf32>
  "tile.store"(%u, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
