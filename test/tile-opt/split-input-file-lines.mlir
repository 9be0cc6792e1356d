// Errors in a --split-input-file chunk carry the line of the whole file,
// not of the chunk, and the chunks around it are still processed and printed.
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT
// RUN: python3 %tile_src/test/Inputs/exit-code.py tile-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT

// OUT:      func.func @one(
// OUT:      // -----
// OUT:      func.func @two(
// OUT:      // -----
// OUT-NEXT: // -----
// OUT-NEXT: module {
// OUT-NEXT:   func.func @four(
// EXIT: exit code: 1

func.func @one(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

func.func @two(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

func.func @three(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // CHECK: split-input-file-lines.mlir:[[@LINE+2]]:8: error: tile.load: result #0 type tensor<100xf32> is not a tile: dimension 0 (100) is not a power of two
  // CHECK-NEXT: {{^}}  %t = "tile.load"(%m, %c0)
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<100xf32>
  return
}

// -----

// A parse error in a later chunk is reported at its real line too.
func.func @four(%m: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

func.func @five(%m: memref<?xf32>) attributes {tile.kernel} {
  // CHECK: split-input-file-lines.mlir:[[@LINE+1]]:3: error: custom op 'tile_no_such_op' is unknown
  tile_no_such_op
  return
}
