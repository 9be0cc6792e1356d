// tile-numerics on a GPU divides a tile by a uniform divisor by
// multiplication (lib/Transforms/UniformDivision.h): the reciprocal
// ceil(2^64 / d) from the uniform tile, then two wide multiplies an
// element. On the CPU, with too few elements a thread, or a divisor that
// varies, the division stays a division.
// RUN: tile-opt %s -p 'builtin.module(tile-numerics{chip=sm_90a})' | FileCheck %s --check-prefix=GPU
// RUN: tile-opt %s -p 'builtin.module(tile-numerics)' | FileCheck %s --check-prefix=CPU

// GPU-LABEL: func.func @by_splat
// GPU:         %[[ONE64:.*]] = arith.constant dense<1> : tensor<1024xi64>
// GPU:         %[[D:.*]] = arith.extui %{{.*}} : tensor<1024xi32> to tensor<1024xi64>
// GPU:         %[[ALL:.*]] = arith.constant dense<-1> : tensor<1024xi64>
// GPU:         %[[R:.*]] = arith.divui %[[ALL]], %[[D]] : tensor<1024xi64>
// GPU:         arith.addi %[[R]], %[[ONE64]] : tensor<1024xi64>
// GPU:         arith.muli %{{.*}}, %{{.*}} : tensor<1024xi64>
// GPU-NOT:     arith.remsi
// GPU:         return
// CPU-LABEL: func.func @by_splat
// CPU:         arith.remsi %{{.*}}, %{{.*}} : tensor<1024xi32>
func.func @by_splat(%x: tensor<1024xi32>, %n: i32) -> tensor<1024xi32> attributes {tile.num_warps = 4 : i32} {
  %s = "tile.splat"(%n) : (i32) -> tensor<1024xi32>
  %two = arith.constant dense<2> : tensor<1024xi32>
  %d = arith.addi %s, %two : tensor<1024xi32>
  %r = arith.remsi %x, %d : tensor<1024xi32>
  return %r : tensor<1024xi32>
}

// 512 elements over 128 threads: four a thread do not pay for the
// reciprocal's 64-bit division.
// GPU-LABEL: func.func @few_elements
// GPU:         arith.divui %{{.*}}, %{{.*}} : tensor<512xi32>
// GPU-NOT:     i64
// GPU:         return
func.func @few_elements(%x: tensor<512xi32>, %n: i32) -> tensor<512xi32> attributes {tile.num_warps = 4 : i32} {
  %s = "tile.splat"(%n) : (i32) -> tensor<512xi32>
  %q = arith.divui %x, %s : tensor<512xi32>
  return %q : tensor<512xi32>
}

// A divisor that varies by element, and an i64 dividend, stay divisions.
// GPU-LABEL: func.func @not_uniform
// GPU:         arith.divsi %{{.*}}, %{{.*}} : tensor<1024xi32>
// GPU:         arith.divsi %{{.*}}, %{{.*}} : tensor<1024xi64>
// GPU:         return
func.func @not_uniform(%x: tensor<1024xi32>, %y: tensor<1024xi32>, %w: tensor<1024xi64>, %n: i64) -> (tensor<1024xi32>, tensor<1024xi64>) attributes {tile.num_warps = 4 : i32} {
  %q = arith.divsi %x, %y : tensor<1024xi32>
  %s = "tile.splat"(%n) : (i64) -> tensor<1024xi64>
  %q64 = arith.divsi %w, %s : tensor<1024xi64>
  return %q, %q64 : tensor<1024xi32>, tensor<1024xi64>
}
