// Every v2 op (docs/dialect.md section "v2") lowers on both targets: the GPU
// pipeline compiles each kernel below to PTX (test/Conversion/gpu-v2.test
// checks the instructions), and the CPU lowering leaves no tile op behind.
// RUN: tile-opt %s --split-input-file --tile-compile --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU --allow-empty
// GPU-NOT: error
// RUN: tile-opt %s --split-input-file -p 'builtin.module(func.func(tile-to-cpu))' 2>&1 | FileCheck %s --check-prefix=CPU
// CPU-NOT: error
// CPU-NOT: "tile.

func.func @gather(%m: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %t = "tile.gather"(%m, %i) : (memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  "tile.store"(%t, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @scatter(%m: memref<?xf32>) attributes {tile.kernel} {
  %i = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %v = arith.constant dense<1.0> : tensor<128xf32>
  "tile.scatter"(%v, %m, %i) : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> ()
  return
}

// -----

// The old values are unused: the op still stays (it writes memory).
func.func @atomic_rmw(%m: memref<?xf32>) attributes {tile.kernel} {
  %i = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %v = arith.constant dense<1.0> : tensor<128xf32>
  %o = "tile.atomic_rmw"(%v, %m, %i) {kind = "max"} : (tensor<128xf32>, memref<?xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @atomic_cas(%m: memref<?xi32>) attributes {tile.kernel} {
  %z = arith.constant dense<0> : tensor<1xi32>
  %one = arith.constant dense<1> : tensor<1xi32>
  %o = "tile.atomic_cas"(%z, %one, %m, %z) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----

func.func @scan(%m: memref<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<64x128xf32>
  %c = "tile.scan"(%t) {axis = 1 : i32, kind = "add", reverse} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  "tile.store"(%c, %m, %c0, %c0) : (tensor<64x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

func.func @rand(%m: memref<?xf32>, %seed: i64) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %offs = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %u = "tile.rand"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xf32>
  "tile.store"(%u, %m, %c0) : (tensor<128xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

func.func @randint(%m: memref<?xi32>, %seed: i64) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %offs = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
  %u = "tile.randint"(%seed, %offs) : (i64, tensor<128xi32>) -> tensor<128xi32>
  "tile.store"(%u, %m, %c0) : (tensor<128xi32>, memref<?xi32>, index) -> ()
  return
}

// -----

func.func @print(%m: memref<?xf32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%m, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  "tile.print"(%t) {prefix = "t"} : (tensor<16xf32>) -> ()
  return
}

// -----

func.func @assert(%n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sgt, %n, %c0 : i32
  "tile.assert"(%ok) {message = "n > 0"} : (i1) -> ()
  return
}

// -----

// memref.load and memref.store lower on the CPU (upstream does it).
func.func @scalar_memory(%table: memref<?xi32>, %x: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %b = memref.load %table[%c0] : memref<?xi32>
  memref.store %b, %x[%c0] : memref<?xi32>
  return
}
