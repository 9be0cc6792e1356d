// tile-pipeline{chip=sm_100a cta-pairs=...}: tile.cta_pairs = true on a
// kernel whose programs 2i and 2i + 1 along axis 0 can share one tcgen05
// MMA (tileTcgen05CtaPairsFor, lib/Analysis/Tcgen05.h). auto leaves it
// off; the kernel's own tile.cta_pairs overrides the option; an asked
// kernel's attribute is the answer (false where it cannot pair).
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_100a},tile-promote-smem,tile-pipeline{chip=sm_100a cta-pairs=true})' | FileCheck %s --check-prefix=ON
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_100a},tile-promote-smem,tile-pipeline{chip=sm_100a})' | FileCheck %s --check-prefix=AUTO
// RUN: tile-opt %s --split-input-file -p 'builtin.module(tile-coalesce,tile-assign-layouts{chip=sm_90a},tile-promote-smem,tile-pipeline{chip=sm_90a cta-pairs=true})' | FileCheck %s --check-prefix=HOPPER
// RUN: not tile-opt %s -p 'builtin.module(tile-pipeline{cta-pairs=2})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pass 'tile-pipeline': cta-pairs wants auto, true or false, got '2'

// B from axis 1, A from axis 0: pairs.
// ON-LABEL: func.func @pairs
// ON-SAME: tile.cta_pairs = true
// AUTO-LABEL: func.func @pairs
// AUTO-NOT: tile.cta_pairs
// AUTO: return
// HOPPER-LABEL: func.func @pairs
// HOPPER-NOT: tile.cta_pairs
// HOPPER: return
func.func @pairs(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// The kernel asks, but its K loop's bound depends on program_id along
// axis 0 (a causal-like triangle): the two programs of a pair would run
// different loops.
// ON-LABEL: func.func @bound_from_axis0
// ON-SAME: tile.cta_pairs = false
// AUTO-LABEL: func.func @bound_from_axis0
// AUTO-SAME: tile.cta_pairs = false
func.func @bound_from_axis0(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.cta_pairs = true} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %m0 = arith.muli %pm, %c128 : index
  %n0 = arith.muli %pn, %c128 : index
  %kend = arith.addi %m0, %c128 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %sum = scf.for %k0 = %c0 to %kend step %c32 iter_args(%acc = %zero) -> (tensor<128x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<128x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>) -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<128x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// M = 256 per program: a pair's MMA takes 128 rows from each CTA, so a
// 256-row program has no pair form (it stays cta_group::1); asked by the
// option, it is told false.
// ON-LABEL: func.func @tall
// ON-SAME: tile.cta_pairs = false
func.func @tall(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  %pm = "tile.program_id"() {axis = 0 : i32} : () -> index
  %pn = "tile.program_id"() {axis = 1 : i32} : () -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %m0 = arith.muli %pm, %c256 : index
  %n0 = arith.muli %pn, %c128 : index
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %sum = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<256x128xf32>) {
    %ta = "tile.load"(%a, %m0, %k0) : (memref<?x?xf16>, index, index) -> tensor<256x32xf16>
    %tb = "tile.load"(%b, %k0, %n0) : (memref<?x?xf16>, index, index) -> tensor<32x128xf16>
    %next = "tile.dot"(%ta, %tb, %acc) : (tensor<256x32xf16>, tensor<32x128xf16>, tensor<256x128xf32>) -> tensor<256x128xf32>
    scf.yield %next : tensor<256x128xf32>
  }
  "tile.store"(%sum, %c, %m0, %n0) : (tensor<256x128xf32>, memref<?x?xf32>, index, index) -> ()
  return
}
