// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.program_id and tile.num_programs take an i32 grid axis 0 to 2;
// tile.range takes i32 `start` < `end` with `end - start` a power of two and
// gives tensor<(end - start)xi32>.

func.func @program_id_axis(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.program_id: axis 3 is out of range (expected 0 to 2)}}
  %p = "tile.program_id"() {axis = 3 : i32} : () -> index
  return
}

// -----

func.func @program_id_negative(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.program_id: axis -1 is out of range (expected 0 to 2)}}
  %p = "tile.program_id"() {axis = -1 : i32} : () -> index
  return
}

// -----

func.func @program_id_i64(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.program_id: attribute 'axis' must be an i32 integer, got 0 : i64}}
  %p = "tile.program_id"() {axis = 0 : i64} : () -> index
  return
}

// -----

func.func @num_programs_axis(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.num_programs: axis 5 is out of range (expected 0 to 2)}}
  %n = "tile.num_programs"() {axis = 5 : i32} : () -> index
  return
}

// -----

func.func @num_programs_index(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.num_programs: attribute 'axis' must be an i32 integer, got 1 : index}}
  %n = "tile.num_programs"() {axis = 1 : index} : () -> index
  return
}

// -----

func.func @range_empty(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.range: end (64) must be greater than start (64)}}
  %r = "tile.range"() {start = 64 : i32, end = 64 : i32} : () -> tensor<1xi32>
  return
}

// -----

func.func @range_not_pow2(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.range: end - start (100) must be a power of two}}
  %r = "tile.range"() {start = 0 : i32, end = 100 : i32} : () -> tensor<128xi32>
  return
}

// -----

func.func @range_result_size(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.range: result type tensor<64xi32> does not match tensor<128xi32> (end - start elements of i32)}}
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<64xi32>
  return
}

// -----

func.func @range_result_element(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.range: result type tensor<128xi64> does not match tensor<128xi32> (end - start elements of i32)}}
  %r = "tile.range"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi64>
  return
}

// -----

func.func @range_start_i64(%m: memref<?xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile.range: attribute 'start' must be an i32 integer, got 0 : i64}}
  %r = "tile.range"() {start = 0 : i64, end = 128 : i32} : () -> tensor<128xi32>
  return
}
