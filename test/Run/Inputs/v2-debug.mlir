// tile.print and tile.assert on the CPU (test/Run/v2-debug.test).

// Prints a 2x4 f32 tile, an f16 element, an i32 scalar, an i1 tile and
// the program id.
func.func @show(%x: memref<?x?xf32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<2x4xf32>
  "tile.print"(%t) {prefix = "x"} : (tensor<2x4xf32>) -> ()
  %h = arith.truncf %t : tensor<2x4xf32> to tensor<2x4xf16>
  %h1 = "tile.reshape"(%h) : (tensor<2x4xf16>) -> tensor<8xf16>
  %s = "tile.reduce"(%h1) {axis = 0 : i32, kind = "max"} : (tensor<8xf16>) -> f16
  "tile.print"(%s) {prefix = "max"} : (f16) -> ()
  "tile.print"(%n) {prefix = ""} : (i32) -> ()
  %z = "tile.splat"(%n) : (i32) -> tensor<2xi32>
  %r = "tile.range"() {start = 0 : i32, end = 2 : i32} : () -> tensor<2xi32>
  %lt = arith.cmpi slt, %r, %z : tensor<2xi32>
  "tile.print"(%lt) {prefix = "lt"} : (tensor<2xi1>) -> ()
  %pid = "tile.program_id"() {axis = 1 : i32} : () -> index
  "tile.print"(%pid) {prefix = "pid1"} : (index) -> ()
  return
}

// Each program checks its 4 token ids against the vocabulary size; a
// program prints its ids only after the check.
func.func @checked(%ids: memref<?xi32>, %vocab: i32) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c4 = arith.constant 4 : index
  %off = arith.muli %pid, %c4 : index
  %t = "tile.load"(%ids, %off) : (memref<?xi32>, index) -> tensor<4xi32>
  %v = "tile.splat"(%vocab) : (i32) -> tensor<4xi32>
  %ok = arith.cmpi ult, %t, %v : tensor<4xi32>
  "tile.assert"(%ok) {message = "token id in range"} : (tensor<4xi1>) -> ()
  "tile.print"(%t) {prefix = "ids"} : (tensor<4xi32>) -> ()
  return
}

// A scalar condition.
func.func @positive(%n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sgt, %n, %c0 : i32
  "tile.assert"(%ok) {message = "n > 0"} : (i1) -> ()
  return
}

// Each program doubles its 4 values after checking them against a limit;
// with asserts=off the check is gone and every program runs.
func.func @doubled(%x: memref<?xi32>, %y: memref<?xi32>, %limit: i32) attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c4 = arith.constant 4 : index
  %off = arith.muli %pid, %c4 : index
  %t = "tile.load"(%x, %off) : (memref<?xi32>, index) -> tensor<4xi32>
  %l = "tile.splat"(%limit) : (i32) -> tensor<4xi32>
  %ok = arith.cmpi slt, %t, %l : tensor<4xi32>
  "tile.assert"(%ok) {message = "x < limit"} : (tensor<4xi1>) -> ()
  %d = arith.addi %t, %t : tensor<4xi32>
  "tile.store"(%d, %y, %off) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  return
}
