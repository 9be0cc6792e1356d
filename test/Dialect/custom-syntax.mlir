// Tile ops have no custom syntax (IRDL defines them; docs/dialect.md shows
// the generic form). Written in a custom form, MLIR's parser fails without
// a word; tile says so at the op, for tile-opt, tile-run and the C API
// (tileParseModule) alike, with exit status 1.
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-run %s --kernel k --grid 1 --arg zeros:16xf32 --target cpu 2>&1 | FileCheck %s --check-prefix=EXEC

// CHECK: custom-syntax.mlir:[[@LINE+4]]:8: error: tile ops take MLIR's generic form: "tile.load"(%x, %c0)
// EXEC: custom-syntax.mlir:[[@LINE+3]]:8: error: tile ops take MLIR's generic form
func.func @k(%x: memref<?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0] : memref<?xf32> -> tensor<16xf32>
  return
}

// -----

// An op without results, first on its line.
// CHECK: custom-syntax.mlir:[[@LINE+5]]:3: error: tile ops take MLIR's generic form
func.func @s(%x: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = "tile.splat"(%one) : (f32) -> tensor<16xf32>
  tile.store %t, %x[%c0] : tensor<16xf32>, memref<?xf32>
  return
}
