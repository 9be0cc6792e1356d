// --allow-unregistered-dialect, as in mlir-opt: ops of a dialect nobody
// registered parse (in the generic form) and are kept as they are; passes
// treat them as ops they know nothing of. Without the flag they are parse
// errors (unknown-dialect.mlir).
// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %s -allow-unregistered-dialect -p 'canonicalize,cse,func.func(tile-canonicalize)' | FileCheck %s --check-prefix=PIPE
// Upstream passes leave the same IR as mlir-opt's.
// RUN: tile-opt %s --allow-unregistered-dialect -p 'canonicalize,cse' -o %t.tile
// RUN: mlir-opt %s --irdl-file=%irdl --allow-unregistered-dialect -p 'builtin.module(canonicalize,cse)' -o %t.upstream
// RUN: diff %t.tile %t.upstream
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=NOFLAG

// NOFLAG: allow-unregistered-dialect.mlir:[[@LINE+4]]:{{[0-9]+}}: error: operation being parsed with an unregistered dialect

// PARSE:      "other.global"() {sym_name = "table"} : () -> ()
// PIPE:       "other.global"() {sym_name = "table"} : () -> ()
"other.global"() {sym_name = "table"} : () -> ()

// PARSE-LABEL: func.func @host
// PARSE:         %[[ONE:.*]] = arith.constant 1 : i32
// PARSE:         "other.call"(%arg0, %{{.*}}) ({
// PARSE-NEXT:      "other.yield"() : () -> ()
// PARSE-NEXT:    }) {callee = @table} : (i32, i32) -> i32
// PARSE:         "other.unused"(%arg0) : (i32) -> i32
// The constants fold around the unknown op; with unknown effects it is
// neither removed unused nor merged with its twin.
// PIPE-LABEL: func.func @host
// PIPE-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// PIPE-NEXT:    %[[R:.*]] = "other.call"(%arg0, %[[C3]]) ({
// PIPE:         "other.unused"(%arg0) : (i32) -> i32
// PIPE-NEXT:    "other.unused"(%arg0) : (i32) -> i32
// PIPE-NEXT:    return %[[R]] : i32
func.func @host(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %c1, %c2 : i32
  %y = "other.call"(%x, %a) ({
    "other.yield"() : () -> ()
  }) {callee = @table} : (i32, i32) -> i32
  %u0 = "other.unused"(%x) : (i32) -> i32
  %u1 = "other.unused"(%x) : (i32) -> i32
  return %y : i32
}

// A kernel beside them is verified and transformed as usual.
// PARSE-LABEL: func.func @scale
// PARSE:         "tile.splat"
// PIPE-LABEL: func.func @scale
// PIPE-NOT:     "tile.splat"
// PIPE:         arith.constant dense<2.000000e+00> : tensor<128xf32>
func.func @scale(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = "tile.splat"(%two) : (f32) -> tensor<128xf32>
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<128xf32>
  %u = arith.mulf %t, %s : tensor<128xf32>
  "tile.store"(%u, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}
