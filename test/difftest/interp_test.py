#!/usr/bin/env python3
"""The reference interpreter (interp.py) against hand-computed cases, op by
op, as docs/dialect.md states them: loads past the edges give the padding
(and read nothing), stores past them write nothing, masked loads and
stores, tf32 drops 13 mantissa bits toward zero, f16 dots accumulate in
f32, reductions (NaN-propagating max, NaN-ignoring maxnum), trans,
reshape, broadcast, expand_dims, range, splat, scf.for with iter_args,
scf.if, signed and unsigned integer ops, cmpf's unordered predicates,
bf16 rounding; and what gen2 makes: integer division and shifts at
numerics.md's edges, saturating fptosi, f64 rounded once to f16 and bf16,
every atomic kind and compare-and-swap, scatters out of range, scans
along any axis of 2-D and 3-D tiles, 3-D trans, program ids and
num_programs on a 3-D grid; f8E4M3FN and f8E5M2 (every kind of code
extended, truncf's ties, saturation, subnormals, signed zeros and NaN as
exact codes, from f32, f16, bf16 and f64; constants, padding, select,
bitcast, scalar arguments; dots, mixed formats too); f16 and bf16 atomics
(each sum rounded, -0 < +0, NaN, compare-and-swap by bits); Philox-4x32-10
against Random123's known answers, and rand's map; tile.print's lines
and tile.assert's stop; math.round, the float predicates and the bit
counts; kernels whose answer depends on the order of programs or of a
scatter's elements refused; the terms' scale noted wherever an
inexact sum, or a product of one, is written (store, scatter,
memref.store, atomic_rmw). Prints one line per case and exits 1 if any
is wrong.

  interp_test.py [--mlir-opt PATH]
"""
import argparse
import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import interp  # noqa: E402

SRC = os.path.dirname(os.path.dirname(HERE))
FAILED = []


def run(body, sig, args, grid=(1, 1, 1), mlir_opt="mlir-opt"):
    text = ("func.func @k(%s) attributes {tile.kernel} {\n%s\n  return\n}\n"
            % (sig, body))
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    try:
        generic = interp.generic_text(f.name, SRC, mlir_opt)
    finally:
        os.remove(f.name)
    interp.run_kernel(generic, "k", list(grid), args)
    return args


def check(name, got, want):
    got, want = np.asarray(got), np.asarray(want)
    same = got.shape == want.shape and (
        np.array_equal(got, want, equal_nan=True) if got.dtype.kind == "f"
        else np.array_equal(got, want))
    print("%s: %s" % ("ok" if same else "WRONG", name))
    if not same:
        print("  got  %r\n  want %r" % (got, want))
        FAILED.append(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mlir-opt", default="mlir-opt")
    mo = ap.parse_args().mlir_opt

    # tile.load past the end: padding (default zero, or given); negative
    # offsets too.
    x = np.arange(1, 6, dtype=np.float32)
    y = np.zeros(8, np.float32)
    run("""  %c3 = arith.constant 3 : index
  %t = "tile.load"(%x, %c3) : (memref<?xf32>, index) -> tensor<8xf32>
  %c0 = arith.constant 0 : index
  "tile.store"(%t, %y, %c0) : (tensor<8xf32>, memref<?xf32>, index) -> ()""",
        "%x: memref<?xf32>, %y: memref<?xf32>", [x, y], mlir_opt=mo)
    check("load past the end pads with zeros", y, [4, 5, 0, 0, 0, 0, 0, 0])
    y = np.zeros(4, np.float32)
    run("""  %m2 = arith.constant -2 : index
  %t = "tile.load"(%x, %m2) {padding = 0xFF800000 : f32} : (memref<?xf32>, index) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  "tile.store"(%t, %y, %c0) : (tensor<4xf32>, memref<?xf32>, index) -> ()""",
        "%x: memref<?xf32>, %y: memref<?xf32>", [x, y], mlir_opt=mo)
    check("negative offset with -inf padding", y, [-np.inf, -np.inf, 1, 2])

    # tile.store past the end writes nothing outside.
    y = np.full(6, 7, np.float32)
    run("""  %c4 = arith.constant 4 : index
  %t = "tile.splat"(%v) : (f32) -> tensor<4xf32>
  "tile.store"(%t, %y, %c4) : (tensor<4xf32>, memref<?xf32>, index) -> ()""",
        "%y: memref<?xf32>, %v: f32", [y, np.float64(2.5)], mlir_opt=mo)
    check("store past the end writes only inside", y, [7, 7, 7, 7, 2.5, 2.5])

    # Masked load (padding where the mask is false) and masked store.
    x = np.array([10, 20, 30, 40], np.int32)
    y = np.full(4, -1, np.int32)
    run("""  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 4 : i32} : () -> tensor<4xi32>
  %two = "tile.splat"(%n) : (i32) -> tensor<4xi32>
  %m = arith.cmpi slt, %r, %two : tensor<4xi32>
  %t = "tile.load_masked"(%x, %m, %c0) {padding = 5 : i32} : (memref<?xi32>, tensor<4xi1>, index) -> tensor<4xi32>
  %odd = arith.cmpi sge, %r, %two : tensor<4xi32>
  "tile.store"(%t, %y, %c0) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  "tile.store_masked"(%r, %y, %odd, %c0) : (tensor<4xi32>, memref<?xi32>, tensor<4xi1>, index) -> ()""",
        "%x: memref<?xi32>, %y: memref<?xi32>, %n: i32",
        [x, y, np.int64(2)], mlir_opt=mo)
    check("load_masked pads, store_masked writes where true", y, [10, 20, 2, 3])

    # tf32: a = 1 + 2^-12 is read as 1; 16-deep dot of ones gives 16.
    a = np.full((16, 16), 1 + 2.0 ** -12, np.float32)
    b = np.ones((16, 16), np.float32)
    c = np.zeros((16, 16), np.float32)
    dot = """  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<16x16xf32>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = "tile.dot"(%ta, %tb, %z) PREC : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()"""
    sig = "%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>"
    run(dot.replace("PREC", ""), sig, [a, b, c], mlir_opt=mo)
    check("tf32 dot truncates (16.0)", c[0, 0], np.float32(16.0))
    run(dot.replace("PREC", '{precision = "ieee"}'), sig, [a, b, c],
        mlir_opt=mo)
    check("ieee dot keeps every bit (16.00390625)", c[0, 0],
          np.float32(16.00390625))

    # f16 dot accumulating in f32: 2049 + 1 is not representable in f16.
    a = np.zeros((16, 16), np.float16)
    a[0, 0], a[0, 1] = 2048, 1
    b = np.zeros((16, 16), np.float16)
    b[0, 0], b[1, 0] = 1, 1
    c = np.zeros((16, 16), np.float32)
    run("""  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<16x16xf16>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf16>, index, index) -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()""",
        "%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>",
        [a, b, c], mlir_opt=mo)
    check("f16 dot accumulates in f32 (2049)", c[0, 0], np.float32(2049))

    # Reductions: max propagates NaN, maxnum ignores it; add over an axis.
    x = np.array([[1, np.nan, 3, 2], [4, 5, 6, 7]], np.float32)
    y = np.zeros(6, np.float32)
    run("""  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<2x4xf32>
  %mx = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<2x4xf32>) -> tensor<2xf32>
  %mn = "tile.reduce"(%t) {axis = 1 : i32, kind = "maxnum"} : (tensor<2x4xf32>) -> tensor<2xf32>
  %s = "tile.reduce"(%t) {axis = 0 : i32, kind = "add"} : (tensor<2x4xf32>) -> tensor<4xf32>
  %s2 = "tile.reduce"(%s) {axis = 0 : i32, kind = "min"} : (tensor<4xf32>) -> f32
  %s2t = "tile.splat"(%s2) : (f32) -> tensor<2xf32>
  "tile.store"(%mx, %y, %c0) : (tensor<2xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%mn, %y, %c2) : (tensor<2xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%s2t, %y, %c4) : (tensor<2xf32>, memref<?xf32>, index) -> ()""",
        "%x: memref<?x?xf32>, %y: memref<?xf32>", [x, y], mlir_opt=mo)
    check("reduce max/maxnum/add/min", y, [np.nan, 7, 3, 7, np.nan, np.nan])

    # -0 < +0 (numerics.md) in float max/min of every kind: reductions,
    # scans and the elementwise ops; NumPy's maximum returns either zero.
    x = np.array([[-0.0, 0.0], [0.0, -0.0]], np.float32)
    y = np.full(16, 7, np.float32)
    run("""  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<2x2xf32>
  %mx = "tile.reduce"(%t) {axis = 1 : i32, kind = "max"} : (tensor<2x2xf32>) -> tensor<2xf32>
  %mn = "tile.reduce"(%t) {axis = 1 : i32, kind = "minnum"} : (tensor<2x2xf32>) -> tensor<2xf32>
  %sm = "tile.scan"(%t) {axis = 1 : i32, kind = "min", reverse} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %sx = "tile.scan"(%t) {axis = 0 : i32, kind = "maxnum"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %ex = arith.maximumf %t, %tt : tensor<2x2xf32>
  %a = "tile.reshape"(%sm) : (tensor<2x2xf32>) -> tensor<4xf32>
  %b = "tile.reshape"(%sx) : (tensor<2x2xf32>) -> tensor<4xf32>
  %c = "tile.reshape"(%ex) : (tensor<2x2xf32>) -> tensor<4xf32>
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  "tile.store"(%mx, %y, %c0) : (tensor<2xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%mn, %y, %c2) : (tensor<2xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%a, %y, %c4) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%b, %y, %c8) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%c, %y, %c12) : (tensor<4xf32>, memref<?xf32>, index) -> ()""",
        "%x: memref<?x?xf32>, %y: memref<?xf32>", [x, y], mlir_opt=mo)
    # max +0 +0 | minnum -0 -0 | reverse min scans: row 0 [-0, +0],
    # row 1 [-0, -0] | maxnum scans down the columns: [-0, +0], [+0, +0] |
    # maximumf of x and its transpose: [-0, +0], [+0, -0] (the diagonal
    # is x's own).
    check("-0 < +0 in max, minnum, scans, maximumf (signs)",
          np.signbit(y), [0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1])

    # trans, reshape (row-major), expand_dims + broadcast.
    x = np.arange(8, dtype=np.int32).reshape(2, 4)
    y = np.zeros((4, 2), np.int32)
    z = np.zeros(8, np.int32)
    w = np.zeros((2, 4), np.int32)
    run("""  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xi32>, index, index) -> tensor<2x4xi32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<2x4xi32>) -> tensor<4x2xi32>
  "tile.store"(%tt, %y, %c0, %c0) : (tensor<4x2xi32>, memref<?x?xi32>, index, index) -> ()
  %r = "tile.reshape"(%tt) : (tensor<4x2xi32>) -> tensor<8xi32>
  "tile.store"(%r, %z, %c0) : (tensor<8xi32>, memref<?xi32>, index) -> ()
  %row = "tile.range"() {start = 0 : i32, end = 4 : i32} : () -> tensor<4xi32>
  %e = "tile.expand_dims"(%row) {axis = 0 : i32} : (tensor<4xi32>) -> tensor<1x4xi32>
  %bc = "tile.broadcast"(%e) : (tensor<1x4xi32>) -> tensor<2x4xi32>
  "tile.store"(%bc, %w, %c0, %c0) : (tensor<2x4xi32>, memref<?x?xi32>, index, index) -> ()""",
        "%x: memref<?x?xi32>, %y: memref<?x?xi32>, %z: memref<?xi32>, "
        "%w: memref<?x?xi32>", [x, y, z, w], mlir_opt=mo)
    check("trans", y, x.T)
    check("reshape is row-major", z, x.T.reshape(8))
    check("expand_dims + broadcast", w, [[0, 1, 2, 3], [0, 1, 2, 3]])

    # scf.for with an iter_arg, scf.if, program ids over a 2-D grid.
    y = np.zeros((2, 3), np.int32)
    run("""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %px = "tile.program_id"() {axis = 0 : i32} : () -> index
  %py = "tile.program_id"() {axis = 1 : i32} : () -> index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %z) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %n = arith.addi %a, %ii : i32
    scf.yield %n : i32
  }
  %big = arith.cmpi eq, %px, %c1 : index
  %v = scf.if %big -> (i32) {
    %m = arith.constant 100 : i32
    %w = arith.addi %s, %m : i32
    scf.yield %w : i32
  } else {
    scf.yield %s : i32
  }
  %pyi = arith.index_cast %py : index to i32
  %out = arith.addi %v, %pyi : i32
  %t = "tile.splat"(%out) : (i32) -> tensor<1x1xi32>
  "tile.store"(%t, %y, %py, %px) : (tensor<1x1xi32>, memref<?x?xi32>, index, index) -> ()""",
        "%y: memref<?x?xi32>", [y], grid=(3, 2, 1), mlir_opt=mo)
    check("scf.for, scf.if, program_id", y, [[10, 110, 10], [11, 111, 11]])

    # Integers: signed division truncates, remsi takes the dividend's sign,
    # unsigned compares, shifts; cmpf une is true for NaN.
    y = np.zeros(6, np.int32)
    run("""  %c0 = arith.constant 0 : index
  %a = arith.constant dense<-7> : tensor<1xi32>
  %b = arith.constant dense<2> : tensor<1xi32>
  %q = arith.divsi %a, %b : tensor<1xi32>
  %r = arith.remsi %a, %b : tensor<1xi32>
  %f = arith.floordivsi %a, %b : tensor<1xi32>
  %u = arith.cmpi ult, %a, %b : tensor<1xi32>
  %ue = arith.extui %u : tensor<1xi1> to tensor<1xi32>
  %s = arith.shrui %a, %b : tensor<1xi32>
  %nan = arith.constant dense<0x7FC00000> : tensor<1xf32>
  %ne = arith.cmpf une, %nan, %nan : tensor<1xf32>
  %nee = arith.extui %ne : tensor<1xi1> to tensor<1xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  "tile.store"(%q, %y, %c0) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%r, %y, %c1) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%f, %y, %c2) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%ue, %y, %c3) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%s, %y, %c4) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%nee, %y, %c5) : (tensor<1xi32>, memref<?xi32>, index) -> ()""",
        "%y: memref<?xi32>", [y], mlir_opt=mo)
    check("divsi, remsi, floordivsi, cmpi ult, shrui, cmpf une", y,
          [-3, -1, -4, 0, (2 ** 32 - 7) >> 2, 1])

    # bf16 arithmetic rounds each result to bf16 (nearest, ties to even):
    # 1 + 2^-8 is halfway between 1 and 1 + 2^-7 and goes to 1.
    y = np.zeros(1, np.uint16)
    run("""  %c0 = arith.constant 0 : index
  %one = arith.constant dense<1.0> : tensor<1xbf16>
  %e = arith.constant dense<0.00390625> : tensor<1xbf16>
  %s = arith.addf %one, %e : tensor<1xbf16>
  "tile.store"(%s, %y, %c0) : (tensor<1xbf16>, memref<?xbf16>, index) -> ()""",
        "%y: memref<?xbf16>", [y], mlir_opt=mo)
    check("bf16 add rounds to even (bits 0x3F80)", y, [0x3F80])

    # v2: gather past the end pads; atomic adds with duplicate addresses
    # all land, each returning what it found; scans forward and reverse.
    x = np.array([10, 20, 30], np.int32)
    bins = np.zeros(3, np.int32)
    y = np.zeros(12, np.int32)
    run("""  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = arith.constant dense<[2, 5, 0, -1]> : tensor<4xi32>
  %g = "tile.gather"(%x, %i) {padding = 7 : i32} : (memref<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  "tile.store"(%g, %y, %c0) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  %d = arith.constant dense<[1, 1, 1, 2]> : tensor<4xi32>
  %one = arith.constant dense<5> : tensor<4xi32>
  %old = "tile.atomic_rmw"(%one, %bins, %d) {kind = "add"} : (tensor<4xi32>, memref<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  "tile.store"(%old, %y, %c4) : (tensor<4xi32>, memref<?xi32>, index) -> ()
  %r = "tile.range"() {start = 1 : i32, end = 3 : i32} : () -> tensor<2xi32>
  %fw = "tile.scan"(%r) {axis = 0 : i32, kind = "add"} : (tensor<2xi32>) -> tensor<2xi32>
  %bw = "tile.scan"(%r) {axis = 0 : i32, kind = "mul", reverse} : (tensor<2xi32>) -> tensor<2xi32>
  %c10 = arith.constant 10 : index
  "tile.store"(%fw, %y, %c8) : (tensor<2xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%bw, %y, %c10) : (tensor<2xi32>, memref<?xi32>, index) -> ()""",
        "%x: memref<?xi32>, %bins: memref<?xi32>, %y: memref<?xi32>",
        [x, bins, y], mlir_opt=mo)
    check("gather pads out-of-range indices", y[:4], [30, 7, 10, 7])
    check("atomic adds to one address all land", bins, [0, 15, 5])
    check("atomic_rmw returns what each found (in an order)", y[4:8],
          [0, 5, 10, 0])
    check("scan add, and mul in reverse", y[8:12], [1, 3, 2, 2])

    # numerics.md's integer edges: x / 0 = -1 (all ones unsigned), x % 0
    # = x, MIN / -1 = MIN and MIN % -1 = 0 (wrapping); i64 division exact
    # past 2^53; shifts by the width or more (negative amounts read as
    # unsigned) give 0, and the sign for shrsi; i8 sums wrap.
    y = np.zeros(8, np.int32)
    y64 = np.zeros(2, np.int64)
    y8 = np.zeros(2, np.int8)
    run("""  %c0 = arith.constant 0 : index
  %a = arith.constant dense<[7, -7, -2147483648, -2147483648, 5, 5, -8, -8]> : tensor<8xi32>
  %b = arith.constant dense<[0, 0, -1, -1, 0, 0, 32, -1]> : tensor<8xi32>
  %q = arith.divsi %a, %b : tensor<8xi32>
  %r = arith.remsi %a, %b : tensor<8xi32>
  %qu = arith.divui %a, %b : tensor<8xi32>
  %ru = arith.remui %a, %b : tensor<8xi32>
  %sr = arith.shrsi %a, %b : tensor<8xi32>
  %sl = arith.shli %a, %b : tensor<8xi32>
  %sel = "tile.range"() {start = 0 : i32, end = 8 : i32} : () -> tensor<8xi32>
  %four = arith.constant dense<4> : tensor<8xi32>
  %m1 = arith.cmpi slt, %sel, %four : tensor<8xi32>
  %six = arith.constant dense<6> : tensor<8xi32>
  %m2 = arith.cmpi slt, %sel, %six : tensor<8xi32>
  %odd1 = arith.constant dense<[0, 1, 0, 1, 0, 1, 0, 1]> : tensor<8xi32>
  %z = arith.constant dense<0> : tensor<8xi32>
  %isodd = arith.cmpi ne, %odd1, %z : tensor<8xi32>
  %d = arith.select %isodd, %r, %q : tensor<8xi1>, tensor<8xi32>
  %du = arith.select %isodd, %ru, %qu : tensor<8xi1>, tensor<8xi32>
  %sh = arith.select %isodd, %sl, %sr : tensor<8xi1>, tensor<8xi32>
  %lo = arith.select %m1, %d, %du : tensor<8xi1>, tensor<8xi32>
  %all = arith.select %m2, %lo, %sh : tensor<8xi1>, tensor<8xi32>
  "tile.store"(%all, %y, %c0) : (tensor<8xi32>, memref<?xi32>, index) -> ()
  %big = arith.constant dense<[4611686018427387905, -9223372036854775807]> : tensor<2xi64>
  %three = arith.constant dense<[3, -3]> : tensor<2xi64>
  %q64 = arith.divsi %big, %three : tensor<2xi64>
  "tile.store"(%q64, %y64, %c0) : (tensor<2xi64>, memref<?xi64>, index) -> ()
  %h = arith.constant dense<[100, -100]> : tensor<2xi8>
  %s8 = arith.addi %h, %h : tensor<2xi8>
  "tile.store"(%s8, %y8, %c0) : (tensor<2xi8>, memref<?xi8>, index) -> ()""",
        "%y: memref<?xi32>, %y64: memref<?xi64>, %y8: memref<?xi8>",
        [y, y64, y8], mlir_opt=mo)
    # Lanes: 0 divsi 7/0, 1 remsi -7%0, 2 divsi MIN/-1, 3 remsi MIN%-1,
    # 4 divui 5/0, 5 remui 5%0, 6 shrsi -8>>32, 7 shli -8<<-1.
    check("division and shifts at numerics.md's edges", y,
          [-1, -7, -2 ** 31, 0, -1, 5, -1, 0])
    check("i64 division is exact past 2^53", y64,
          [1537228672809129301, 3074457345618258602])
    check("i8 sums wrap", y8, [-56, 56])

    # Float to integer saturates and takes NaN to 0; f64 scalars round
    # once to f16 and bf16, not through f32.
    y = np.zeros(4, np.int8)
    h = np.zeros(1, np.float16)
    bf = np.zeros(1, np.uint16)
    run("""  %c0 = arith.constant 0 : index
  %f = arith.constant dense<[300.0, -300.0, 0x7FC00000, -2.75]> : tensor<4xf32>
  %i = arith.fptosi %f : tensor<4xf32> to tensor<4xi8>
  "tile.store"(%i, %y, %c0) : (tensor<4xi8>, memref<?xi8>, index) -> ()
  %x = arith.addf %a, %e : f64
  %xh = arith.truncf %x : f64 to f16
  %th = "tile.splat"(%xh) : (f16) -> tensor<1xf16>
  "tile.store"(%th, %h, %c0) : (tensor<1xf16>, memref<?xf16>, index) -> ()
  %x2 = arith.addf %a, %e2 : f64
  %xb = arith.truncf %x2 : f64 to bf16
  %tb = "tile.splat"(%xb) : (bf16) -> tensor<1xbf16>
  "tile.store"(%tb, %bf, %c0) : (tensor<1xbf16>, memref<?xbf16>, index) -> ()""",
        "%y: memref<?xi8>, %h: memref<?xf16>, %bf: memref<?xbf16>, %a: f64, "
        "%e: f64, %e2: f64",
        [y, h, bf, np.float64(1.0), np.float64(2.0 ** -11 + 2.0 ** -30),
         np.float64(2.0 ** -8 + 2.0 ** -30)], mlir_opt=mo)
    check("fptosi saturates, NaN gives 0", y, [127, -128, 0, -2])
    check("f64 to f16 rounds once (1 + 2^-10)", h, [1 + 2.0 ** -10])
    check("f64 to bf16 rounds once (0x3F81)", bf, [0x3F81])

    # Atomics of every kind at one address each (initial 6 or -0.0), and
    # what each found; float max/min treat -0 < +0 and skip a NaN value;
    # compare-and-swap compares bits (-0 is not +0); scatter writes only
    # in-range indices (-1 and 5 name nothing).
    mem = np.array([6, 6, 6, 6, 6, 6, 6, 6, 6], np.int32)
    found = np.zeros(9, np.int32)
    run("""  %c0 = arith.constant 0 : index
  %v = arith.constant dense<[-3]> : tensor<1xi32>
  %i0 = arith.constant dense<[0]> : tensor<1xi32>
  %i1 = arith.constant dense<[1]> : tensor<1xi32>
  %i2 = arith.constant dense<[2]> : tensor<1xi32>
  %i3 = arith.constant dense<[3]> : tensor<1xi32>
  %i4 = arith.constant dense<[4]> : tensor<1xi32>
  %i5 = arith.constant dense<[5]> : tensor<1xi32>
  %i6 = arith.constant dense<[6]> : tensor<1xi32>
  %i7 = arith.constant dense<[7]> : tensor<1xi32>
  %i8 = arith.constant dense<[8]> : tensor<1xi32>
  %f0 = "tile.atomic_rmw"(%v, %m, %i0) {kind = "max"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f1 = "tile.atomic_rmw"(%v, %m, %i1) {kind = "min"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f2 = "tile.atomic_rmw"(%v, %m, %i2) {kind = "umax"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f3 = "tile.atomic_rmw"(%v, %m, %i3) {kind = "umin"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f4 = "tile.atomic_rmw"(%v, %m, %i4) {kind = "and"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f5 = "tile.atomic_rmw"(%v, %m, %i5) {kind = "or"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f6 = "tile.atomic_rmw"(%v, %m, %i6) {kind = "xor"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %f7 = "tile.atomic_rmw"(%v, %m, %i7) {kind = "xchg"} : (tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %c6 = arith.constant dense<[6]> : tensor<1xi32>
  %f8 = "tile.atomic_cas"(%c6, %v, %m, %i8) : (tensor<1xi32>, tensor<1xi32>, memref<?xi32>, tensor<1xi32>) -> tensor<1xi32>
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  "tile.store"(%f0, %found, %c0) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%f7, %found, %c1) : (tensor<1xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%f8, %found, %c8) : (tensor<1xi32>, memref<?xi32>, index) -> ()""",
        "%m: memref<?xi32>, %found: memref<?xi32>", [mem, found], mlir_opt=mo)
    check("atomic max/min/umax/umin/and/or/xor/xchg/cas of -3 into 6", mem,
          [6, -3, -3, 6, 6 & -3, 6 | -3, 6 ^ -3, -3, -3])
    check("atomics return what they found", found[[0, 1, 8]], [6, 6, 6])
    fm = np.array([0.0, -0.0, 1.0, -0.0, -0.0], np.float32)
    got = np.zeros(5, np.float32)
    out = np.zeros(4, np.float32)
    run("""  %c0 = arith.constant 0 : index
  %v = arith.constant dense<[-0.0, 0.0, 0x7FC00000, 0.0, 0.0]> : tensor<5xf32>
  %i = arith.constant dense<[0, 1, 2, 3, -1]> : tensor<5xi32>
  %mx = "tile.atomic_rmw"(%v, %m, %i) {kind = "max"} : (tensor<5xf32>, memref<?xf32>, tensor<5xi32>) -> tensor<5xf32>
  %cmp = arith.constant dense<0.0> : tensor<5xf32>
  %new = arith.constant dense<5.0> : tensor<5xf32>
  %j = "tile.range"() {start = 0 : i32, end = 5 : i32} : () -> tensor<5xi32>
  %w = "tile.atomic_cas"(%cmp, %new, %m, %j) : (tensor<5xf32>, tensor<5xf32>, memref<?xf32>, tensor<5xi32>) -> tensor<5xf32>
  "tile.store"(%w, %got, %c0) : (tensor<5xf32>, memref<?xf32>, index) -> ()
  %s = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k = arith.constant dense<[3, -1, 5, 0]> : tensor<4xi32>
  "tile.scatter"(%s, %out, %k) : (tensor<4xf32>, memref<?xf32>, tensor<4xi32>) -> ()""",
        "%m: memref<?xf32>, %got: memref<?xf32>, %out: memref<?xf32>",
        [fm, got, out], mlir_opt=mo)
    # max(+0, -0) and max(-0, +0) are +0, a NaN value leaves 1.0, and
    # index -1 touches nothing (-0 stays); then a CAS expecting +0.0
    # swaps in 5 where memory holds +0, not where it holds -0.
    check("float atomic max: -0 < +0, NaN skipped; CAS compares bits", fm,
          [5, 5, 1, 5, -0.0])
    check("CAS returns what it found (-0 kept its sign)",
          np.signbit(got), [False, False, False, False, True])
    check("scatter writes in-range indices only", out, [4, 0, 0, 1])

    # Scans along axis 0 of a 2-D tile and axis 2 of a 3-D one, reverse;
    # a 3-D trans and reshape; program ids and num_programs on axes 1 and
    # 2 of a 3-D grid.
    y = np.zeros((2, 4), np.int32)
    z = np.zeros((12, 2, 2), np.int32)
    run("""  %c0 = arith.constant 0 : index
  %r = "tile.range"() {start = 0 : i32, end = 8 : i32} : () -> tensor<8xi32>
  %t2 = "tile.reshape"(%r) : (tensor<8xi32>) -> tensor<2x4xi32>
  %s = "tile.scan"(%t2) {axis = 0 : i32, kind = "add", reverse} : (tensor<2x4xi32>) -> tensor<2x4xi32>
  "tile.store"(%s, %y, %c0, %c0) : (tensor<2x4xi32>, memref<?x?xi32>, index, index) -> ()
  %t3 = "tile.reshape"(%r) : (tensor<8xi32>) -> tensor<2x2x2xi32>
  %x3 = "tile.scan"(%t3) {axis = 2 : i32, kind = "xor"} : (tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %p = "tile.trans"(%x3) {permutation = array<i32: 2, 0, 1>} : (tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %py = "tile.program_id"() {axis = 1 : i32} : () -> index
  %pz = "tile.program_id"() {axis = 2 : i32} : () -> index
  %ny = "tile.num_programs"() {axis = 1 : i32} : () -> index
  %row = arith.muli %pz, %ny : index
  %b = arith.addi %row, %py : index
  %c2 = arith.constant 2 : index
  %ofs = arith.muli %b, %c2 : index
  %bi = arith.index_cast %b : index to i32
  %bt = "tile.splat"(%bi) : (i32) -> tensor<2x2x2xi32>
  %pb = arith.addi %p, %bt : tensor<2x2x2xi32>
  "tile.store"(%pb, %z, %ofs, %c0, %c0) : (tensor<2x2x2xi32>, memref<?x?x?xi32>, index, index, index) -> ()""",
        "%y: memref<?x?xi32>, %z: memref<?x?x?xi32>", [y, z],
        grid=(1, 2, 3), mlir_opt=mo)
    check("scan add along axis 0, reverse", y, [[4, 6, 8, 10], [4, 5, 6, 7]])
    # xor scan of [[0,1],[2,3]],[[4,5],[6,7]] along axis 2: [0,1],[2,1],
    # [4,1],[6,1]; trans (2, 0, 1): out[i,j,k] = x3[j,k,i].
    # Program (0, y, z) stores at rows 2 (2z + y) its tile plus 2z + y.
    p = np.array([[[0, 2], [4, 6]], [[1, 1], [1, 1]]])
    check("3-D xor scan along axis 2, trans (2, 0, 1), program ids and "
          "num_programs on axes 1 and 2", z,
          np.concatenate([p + b for b in range(6)]))

    f8_cases(mo)
    atomic16_cases(mo)
    philox_cases(mo)
    debug_cases(mo)
    math_cases(mo)
    ordering_cases(mo)
    store_scale_cases(mo)
    overflow_cases(mo)

    print("interp_test: %d wrong" % len(FAILED))
    return 1 if FAILED else 0


def codes(xs):
    return np.array(xs, np.uint8)


def f8_cases(mo):
    """f8E4M3FN and f8E5M2 as docs/numerics.md ("Casts") and docs/tile-run.md
    ("bf16 and f8") define them; memory holds codes (uint8), as tile-run's
    .npy files do."""
    # extf: every kind of code, exactly. e4m3: bias 7, max 0x7E = 448,
    # NaN 0x7F/0xFF, subnormals m 2^-9; e5m2: bias 15, max 0x7B = 57344,
    # inf 0x7C, NaN 0x7D-0x7F, subnormals m 2^-16.
    e4 = codes([0x00, 0x80, 0x01, 0x07, 0x08, 0x38, 0x39, 0x7E, 0xFE, 0x7F,
                0xFF, 0x3F, 0x40, 0xB8, 0x06, 0x77])
    e5 = codes([0x00, 0x80, 0x01, 0x03, 0x04, 0x3C, 0x3D, 0x7B, 0xFB, 0x7C,
                0xFC, 0x7D, 0x7F, 0xFE, 0x3F, 0x40])
    y4 = np.zeros(16, np.float32)
    y5 = np.zeros(16, np.float32)
    run("""  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x4, %c0) : (memref<?xf8E4M3FN>, index) -> tensor<16xf8E4M3FN>
  %b = "tile.load"(%x5, %c0) : (memref<?xf8E5M2>, index) -> tensor<16xf8E5M2>
  %fa = arith.extf %a : tensor<16xf8E4M3FN> to tensor<16xf32>
  %fb = arith.extf %b : tensor<16xf8E5M2> to tensor<16xf32>
  "tile.store"(%fa, %y4, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()
  "tile.store"(%fb, %y5, %c0) : (tensor<16xf32>, memref<?xf32>, index) -> ()""",
        "%x4: memref<?xf8E4M3FN>, %x5: memref<?xf8E5M2>, %y4: memref<?xf32>, "
        "%y5: memref<?xf32>", [e4, e5, y4, y5], mlir_opt=mo)
    check("e4m3 extf: zeros, subnormals 2^-9 and 7 2^-9, 2^-6, 1, 1.125, "
          "+-448, NaN, 1.875, 2, -1, 6 2^-9, 240", y4,
          [0, -0.0, 2.0 ** -9, 7 * 2.0 ** -9, 2.0 ** -6, 1, 1.125, 448, -448,
           np.nan, np.nan, 1.875, 2, -1, 6 * 2.0 ** -9, 240])
    check("e4m3 extf keeps -0's sign", np.signbit(y4[:2]), [False, True])
    check("e5m2 extf: zeros, subnormals 2^-16 and 3 2^-16, 2^-14, 1, 1.25, "
          "+-57344, +-inf, NaN, 1.75, 2", y5,
          [0, -0.0, 2.0 ** -16, 3 * 2.0 ** -16, 2.0 ** -14, 1, 1.25, 57344,
           -57344, np.inf, -np.inf, np.nan, np.nan, np.nan, 1.75, 2])

    # truncf from f32: nearest, ties to the even code; beyond the largest
    # (464, the midpoint to where 480 would be, included) and infinities
    # saturate; NaN stays NaN; values that round to zero keep their sign.
    xs = np.array([
        448, 464, 1e9, np.inf, -np.inf, -500, np.nan, -0.0,
        2.0 ** -10,            # tie of 0 and 2^-9: 0
        3 * 2.0 ** -10,        # tie of 2^-9 (0x01) and 2^-8 (0x02): 0x02
        15 * 2.0 ** -10,       # tie of 7 2^-9 (0x07) and 2^-6 (0x08): 0x08
        1.0625,                # tie of 1 (0x38) and 1.125 (0x39): 0x38
        1.1875,                # tie of 1.125 and 1.25 (0x3A): 0x3A
        1.0625 + 2.0 ** -20,   # just above a tie: 0x39
        -(2.0 ** -11),         # rounds to -0: 0x80
        2.0 ** -9 * 1.49,      # below the tie: 0x01
    ], np.float32)
    want4 = [0x7E, 0x7E, 0x7E, 0x7E, 0xFE, 0xFE, None, 0x80, 0x00, 0x02,
             0x08, 0x38, 0x3A, 0x39, 0x80, 0x01]
    xs5 = np.array([
        57344, 61440, 1e9, np.inf, -np.inf, -70000, np.nan, -0.0,
        2.0 ** -17,            # tie of 0 and 2^-16: 0
        3 * 2.0 ** -17,        # tie of 2^-16 (0x01) and 2 2^-16 (0x02): 0x02
        7 * 2.0 ** -17,        # tie of 3 2^-16 (0x03) and 2^-14 (0x04): 0x04
        1.125,                 # tie of 1 (0x3C) and 1.25 (0x3D): 0x3C
        1.375,                 # tie of 1.25 and 1.5 (0x3E): 0x3E
        1.125 + 2.0 ** -20,    # just above a tie: 0x3D
        -(2.0 ** -18),         # rounds to -0: 0x80
        448,                   # 1.75 2^8: exact, 0x5F
    ], np.float32)
    want5 = [0x7B, 0x7B, 0x7B, 0x7B, 0xFB, 0xFB, None, 0x80, 0x00, 0x02,
             0x04, 0x3C, 0x3E, 0x3D, 0x80, 0x5F]
    y4 = np.zeros(16, np.uint8)
    y5 = np.zeros(16, np.uint8)
    run("""  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  %b = "tile.load"(%z, %c0) : (memref<?xf32>, index) -> tensor<16xf32>
  %ta = arith.truncf %a : tensor<16xf32> to tensor<16xf8E4M3FN>
  %tb = arith.truncf %b : tensor<16xf32> to tensor<16xf8E5M2>
  "tile.store"(%ta, %y4, %c0) : (tensor<16xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  "tile.store"(%tb, %y5, %c0) : (tensor<16xf8E5M2>, memref<?xf8E5M2>, index) -> ()""",
        "%x: memref<?xf32>, %z: memref<?xf32>, %y4: memref<?xf8E4M3FN>, "
        "%y5: memref<?xf8E5M2>", [xs, xs5, y4, y5], mlir_opt=mo)
    nan4 = y4[6] & 0x7F == 0x7F
    y4[6] = 0
    check("e4m3 truncf: saturation, ties to even, subnormals, -0 (codes)",
          y4, [w or 0 for w in want4])
    check("e4m3 truncf: NaN gives NaN (0x7F or 0xFF)", nan4, True)
    nan5 = (y5[6] & 0x7F) > 0x7C
    y5[6] = 0
    check("e5m2 truncf: saturation, ties to even, subnormals, -0 (codes)",
          y5, [w or 0 for w in want5])
    check("e5m2 truncf: NaN gives NaN (0x7D-0x7F with a sign)", nan5, True)

    # From f16 and bf16 (their infinities saturate too), and from an f64
    # scalar rounded once: 1.0625 + 2^-40 is above e4m3's tie of 1 and
    # 1.125, though its nearest f32 is the tie.
    h = np.array([1.0625, np.inf, -65504, 2.0 ** -24], np.float16)
    y = np.zeros(12, np.uint8)
    run("""  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = "tile.load"(%h, %c0) : (memref<?xf16>, index) -> tensor<4xf16>
  %ta = arith.truncf %a : tensor<4xf16> to tensor<4xf8E4M3FN>
  "tile.store"(%ta, %y, %c0) : (tensor<4xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  %b = arith.constant dense<[1.0e30, -1.0e-30, 1.1875, 0xFF80]> : tensor<4xbf16>
  %tb = arith.truncf %b : tensor<4xbf16> to tensor<4xf8E4M3FN>
  "tile.store"(%tb, %y, %c4) : (tensor<4xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()
  %s = arith.truncf %d : f64 to f8E4M3FN
  %st = "tile.splat"(%s) : (f8E4M3FN) -> tensor<4xf8E4M3FN>
  "tile.store"(%st, %y, %c8) : (tensor<4xf8E4M3FN>, memref<?xf8E4M3FN>, index) -> ()""",
        "%h: memref<?xf16>, %y: memref<?xf8E4M3FN>, %d: f64",
        [h, y, np.float64(1.0625 + 2.0 ** -40)], mlir_opt=mo)
    check("f16 and bf16 to e4m3 (1.0625 ties down, inf and 1e30 saturate, "
          "tiny ones round to signed zeros)", y[:8],
          [0x38, 0x7E, 0xFE, 0x00, 0x7E, 0x80, 0x3A, 0xFE])
    check("f64 to e4m3 rounds once (0x39)", y[8:], [0x39] * 4)

    # Constants, padding, select, bitcast, a scalar argument: codes move
    # as they are (NaN payloads too); literals round to the nearest code.
    x = codes([0x7D, 0x01, 0xFD, 0x42])
    y = np.zeros(8, np.uint8)
    bits = np.zeros(4, np.int8)
    run("""  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %t = "tile.load"(%x, %c2) {padding = 0xFC : f8E5M2} : (memref<?xf8E5M2>, index) -> tensor<4xf8E5M2>
  %k = arith.constant dense<[0x7E, -0.0, 0.3, 3.0]> : tensor<4xf8E5M2>
  %m = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
  %sel = arith.select %m, %t, %k : tensor<4xi1>, tensor<4xf8E5M2>
  "tile.store"(%sel, %y, %c0) : (tensor<4xf8E5M2>, memref<?xf8E5M2>, index) -> ()
  %sp = "tile.splat"(%s) : (f8E5M2) -> tensor<4xf8E5M2>
  "tile.store"(%sp, %y, %c4) : (tensor<4xf8E5M2>, memref<?xf8E5M2>, index) -> ()
  %bc = arith.bitcast %t : tensor<4xf8E5M2> to tensor<4xi8>
  "tile.store"(%bc, %bits, %c0) : (tensor<4xi8>, memref<?xi8>, index) -> ()""",
        "%x: memref<?xf8E5M2>, %y: memref<?xf8E5M2>, %bits: memref<?xi8>, "
        "%s: f8E5M2", [x, y, bits, np.float64(1.125)], mlir_opt=mo)
    # 0.3 is written 0.3125 (0x35) by MLIR; 1.125 ties to 1 (0x3C).
    check("f8 padding, select, constants (-0, 0.3 as 0.3125, 3.0), NaN "
          "payload kept", y[:4], [0xFD, 0x80, 0xFC, 0x42])
    check("f8 scalar argument rounds as truncf (1.125 to 0x3C)", y[4:],
          [0x3C] * 4)
    check("bitcast e5m2 to i8: the codes", bits,
          np.array([0xFD, 0x42, 0xFC, 0xFC], np.uint8).view(np.int8))

    # f8 dots into f32: products and sums exact past f8's range (448 x 448
    # x 16); e5m2 x e4m3 mixed; subnormal products (2^-9 2^-9 = 2^-18).
    a = np.zeros((16, 16), np.uint8)
    b = np.zeros((16, 16), np.uint8)
    a[0, :] = 0x7E                      # 448 (e4m3)
    b[:, 0] = 0x7E
    a[1, 0], b[0, 1] = 0x01, 0x01       # 2^-9 x 2^-9
    a5 = np.zeros((16, 16), np.uint8)
    a5[0, 0], a5[0, 1] = 0x7B, 0x01     # 57344, 2^-16 (e5m2)
    c = np.zeros((16, 16), np.float32)
    c2 = np.zeros((16, 16), np.float32)
    run("""  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x16xf8E4M3FN>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf8E4M3FN>, index, index) -> tensor<16x16xf8E4M3FN>
  %t5 = "tile.load"(%a5, %c0, %c0) : (memref<?x?xf8E5M2>, index, index) -> tensor<16x16xf8E5M2>
  %z = arith.constant dense<0.5> : tensor<16x16xf32>
  %d = "tile.dot"(%ta, %tb, %z) : (tensor<16x16xf8E4M3FN>, tensor<16x16xf8E4M3FN>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%d, %c, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()
  %e = "tile.dot"(%t5, %tb, %z) : (tensor<16x16xf8E5M2>, tensor<16x16xf8E4M3FN>, tensor<16x16xf32>) -> tensor<16x16xf32>
  "tile.store"(%e, %c2, %c0, %c0) : (tensor<16x16xf32>, memref<?x?xf32>, index, index) -> ()""",
        "%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, "
        "%a5: memref<?x?xf8E5M2>, %c: memref<?x?xf32>, %c2: memref<?x?xf32>",
        [a, b, a5, c, c2], mlir_opt=mo)
    check("e4m3 dot: 0.5 + 16 x 448 x 448, 0.5 + 2^-18", [c[0, 0], c[1, 1]],
          np.array([0.5 + 16 * 448.0 * 448, 0.5 + 2.0 ** -18], np.float32))
    check("e5m2 x e4m3 dot: 0.5 + 57344 x 448 + 2^-16 x 448",
          c2[0, 0], np.float32(0.5 + 57344.0 * 448 + 2.0 ** -16 * 448))


def atomic16_cases(mo):
    """f16 and bf16 atomics (docs/dialect.md, tile.atomic_rmw and
    tile.atomic_cas): each update rounds its result to the type (to
    nearest, ties to even), one after another."""
    # f16: 2048 + 1 is a tie (2048), 2048 + 3 = 2051 a tie (2052); four
    # adds of 1 to one address each round back to 2048; max/min order
    # -0 < +0 and skip a NaN value; xchg; what each found.
    m = np.array([2048, 2048, 2048, 0.0, -0.0, 1.0, 5.0, 7.0], np.float16)
    found = np.zeros(8, np.float16)
    run("""  %c0 = arith.constant 0 : index
  %v = arith.constant dense<[1.0, 3.0, 1.0, -0.0, 0.0, 0x7E00, 2.0, 0.5]> : tensor<8xf16>
  %i = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
  %ones = arith.constant dense<1.0> : tensor<4xf16>
  %two = arith.constant dense<2> : tensor<4xi32>
  %a = "tile.atomic_rmw"(%ones, %m, %two) {kind = "add"} : (tensor<4xf16>, memref<?xf16>, tensor<4xi32>) -> tensor<4xf16>
  %s = "tile.atomic_rmw"(%v, %m, %i) {kind = "add"} : (tensor<8xf16>, memref<?xf16>, tensor<8xi32>) -> tensor<8xf16>
  "tile.store"(%s, %found, %c0) : (tensor<8xf16>, memref<?xf16>, index) -> ()""",
        "%m: memref<?xf16>, %found: memref<?xf16>", [m, found], mlir_opt=mo)
    check("f16 atomic add rounds each sum (2048 + 1, + 3, 4 x + 1 then + 1)",
          m[:3], [2048, 2052, 2048])
    check("f16 atomic add returns what it found", found[:3], [2048, 2048, 2048])
    m = np.array([0.0, -0.0, 1.0, 5.0, 7.0, 0.0], np.float16)
    found = np.zeros(6, np.float16)
    run("""  %c0 = arith.constant 0 : index
  %v = arith.constant dense<[-0.0, 0.0, 0x7E00, 2.0, 0.5, 3.0]> : tensor<6xf16>
  %i = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %j = arith.constant dense<[0, 1, 2, -1, -1, -1]> : tensor<6xi32>
  %k = arith.constant dense<[-1, -1, -1, 3, 4, -1]> : tensor<6xi32>
  %l = arith.constant dense<[-1, -1, -1, -1, -1, 5]> : tensor<6xi32>
  %x = "tile.atomic_rmw"(%v, %m, %j) {kind = "max"} : (tensor<6xf16>, memref<?xf16>, tensor<6xi32>) -> tensor<6xf16>
  %n = "tile.atomic_rmw"(%v, %m, %k) {kind = "min"} : (tensor<6xf16>, memref<?xf16>, tensor<6xi32>) -> tensor<6xf16>
  %e = "tile.atomic_rmw"(%v, %m, %l) {kind = "xchg"} : (tensor<6xf16>, memref<?xf16>, tensor<6xi32>) -> tensor<6xf16>
  %s = arith.addf %x, %n : tensor<6xf16>
  %t = arith.addf %s, %e : tensor<6xf16>
  "tile.store"(%t, %found, %c0) : (tensor<6xf16>, memref<?xf16>, index) -> ()""",
        "%m: memref<?xf16>, %found: memref<?xf16>", [m, found], mlir_opt=mo)
    check("f16 atomic max/min/xchg: max(+0, -0) = +0, max(-0, +0) = +0, a "
          "NaN value leaves 1, min(5, 2) = 2, min(7, 0.5), xchg 3",
          m, [0.0, 0.0, 1.0, 2.0, 0.5, 3.0])
    check("f16 max keeps +0's sign, takes +0 over -0", np.signbit(m[:2]),
          [False, False])
    check("f16 atomics return what they found (out of range: 0)", found,
          [0.0, -0.0, 1.0, 5.0, 7.0, 0.0])

    # bf16 (memory as bits): 256 + 1 ties to 256, 256 + 3 = 259 ties to
    # 260 (step 2); max with -0; xchg; compare-and-swap by bits.
    def bf(xs):
        return interp.bf16_bits(np.array(xs, np.float32))
    m = bf([256, 256, -0.0, 1.5, 0.0, -0.0])
    found = np.zeros((3, 6), np.uint16)
    run("""  %c0 = arith.constant 0 : index
  %v = arith.constant dense<[1.0, 3.0, 0.0, 0.0, 4.0, 4.0]> : tensor<6xbf16>
  %ia = arith.constant dense<[0, 1, -1, -1, -1, -1]> : tensor<6xi32>
  %ib = arith.constant dense<[-1, -1, 2, 3, -1, -1]> : tensor<6xi32>
  %ic = arith.constant dense<[-1, -1, -1, -1, 4, 5]> : tensor<6xi32>
  %a = "tile.atomic_rmw"(%v, %m, %ia) {kind = "add"} : (tensor<6xbf16>, memref<?xbf16>, tensor<6xi32>) -> tensor<6xbf16>
  %x = "tile.atomic_rmw"(%v, %m, %ib) {kind = "max", sem = "relaxed"} : (tensor<6xbf16>, memref<?xbf16>, tensor<6xi32>) -> tensor<6xbf16>
  %cmp = arith.constant dense<0.0> : tensor<6xbf16>
  %w = "tile.atomic_cas"(%cmp, %v, %m, %ic) : (tensor<6xbf16>, tensor<6xbf16>, memref<?xbf16>, tensor<6xi32>) -> tensor<6xbf16>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a2 = "tile.reshape"(%a) : (tensor<6xbf16>) -> tensor<1x6xbf16>
  %x2 = "tile.reshape"(%x) : (tensor<6xbf16>) -> tensor<1x6xbf16>
  %w2 = "tile.reshape"(%w) : (tensor<6xbf16>) -> tensor<1x6xbf16>
  "tile.store"(%a2, %found, %c0, %c0) : (tensor<1x6xbf16>, memref<?x?xbf16>, index, index) -> ()
  "tile.store"(%x2, %found, %c1, %c0) : (tensor<1x6xbf16>, memref<?x?xbf16>, index, index) -> ()
  "tile.store"(%w2, %found, %c2, %c0) : (tensor<1x6xbf16>, memref<?x?xbf16>, index, index) -> ()""",
        "%m: memref<?xbf16>, %found: memref<?x?xbf16>", [m, found],
        mlir_opt=mo)
    # max(-0, +0) = +0, max(1.5, 0) = 1.5; the CAS expecting +0 swaps 4
    # in where memory holds +0, not where it holds -0.
    check("bf16 atomic add rounds (256 + 1, 256 + 3), max, CAS by bits",
          m, bf([256, 260, 0.0, 1.5, 4.0, -0.0]))
    check("bf16 CAS leaves -0 (bits 0x8000)", m[5], 0x8000)
    check("bf16 atomics return what they found (bits; 0 out of range)",
          found, bf([[256, 256, 0, 0, 0, 0], [0, 0, -0.0, 1.5, 0, 0],
                     [0, 0, 0, 0, 0.0, -0.0]]))
    # f16 CAS: compares bits, so a NaN matches the same NaN.
    m = np.array([np.nan, 1.0], np.float16)
    found = np.zeros(2, np.float16)
    run("""  %c0 = arith.constant 0 : index
  %cmp = arith.constant dense<[0x7E00, 2.0]> : tensor<2xf16>
  %v = arith.constant dense<9.0> : tensor<2xf16>
  %i = "tile.range"() {start = 0 : i32, end = 2 : i32} : () -> tensor<2xi32>
  %w = "tile.atomic_cas"(%cmp, %v, %m, %i) : (tensor<2xf16>, tensor<2xf16>, memref<?xf16>, tensor<2xi32>) -> tensor<2xf16>
  "tile.store"(%w, %found, %c0) : (tensor<2xf16>, memref<?xf16>, index) -> ()""",
        "%m: memref<?xf16>, %found: memref<?xf16>", [m, found], mlir_opt=mo)
    check("f16 CAS: the same NaN matches, 2 does not match 1", m, [9.0, 1.0])
    check("f16 CAS returns what it found", found, [np.nan, 1.0])


def philox_cases(mo):
    """tile.randint and tile.rand (docs/dialect.md): Philox-4x32-10 against
    Random123's published known answers, and the ops, whose counter is
    (offs, 0, 0, 0) and key (seed's low word, high word)."""
    kat = [((0, 0, 0, 0), (0, 0),
            (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
           ((0xFFFFFFFF,) * 4, (0xFFFFFFFF,) * 2,
            (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
           ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344),
            (0xA4093822, 0x299F31D0),
            (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1))]
    for ctr, key, want in kat:
        got = [int(w) for w in interp.philox4x32_10(ctr, key)]
        check("Philox-4x32-10 known answer for key %08x %08x"
              % key, got, list(want))
    # rand's map: x, or -x - 1 below 0, times 4.6566127342e-10 (in f32:
    # (2^24 - 1) 2^-55); 2^31 - 1 and -2^31 round to 2^31 in f32 and give
    # 1 - 2^-24, below 1.
    got = interp.uniform(np.array([-2 ** 31, 2 ** 31 - 1, -1, 0, 1]))
    check("rand's map of i32 words (-2^31, 2^31 - 1, -1, 0, 1)", got,
          np.array([1 - 2.0 ** -24, 1 - 2.0 ** -24, 0, 0,
                    (2 ** 24 - 1) * 2.0 ** -55], np.float32))
    w = np.zeros(2, np.int32)
    u = np.zeros(2, np.float32)
    run("""  %c0 = arith.constant 0 : index
  %offs = arith.constant dense<[0, 0]> : tensor<2xi32>
  %r = "tile.randint"(%seed, %offs) : (i64, tensor<2xi32>) -> tensor<2xi32>
  %f = "tile.rand"(%seed, %offs) : (i64, tensor<2xi32>) -> tensor<2xf32>
  "tile.store"(%r, %w, %c0) : (tensor<2xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%f, %u, %c0) : (tensor<2xf32>, memref<?xf32>, index) -> ()""",
        "%w: memref<?xi32>, %u: memref<?xf32>, %seed: i64",
        [w, u, np.int64(0)], mlir_opt=mo)
    check("randint(seed 0, offset 0): Random123's first word 0x6627e8d5",
          w.view(np.uint32), [0x6627E8D5] * 2)
    # 0x6627e8d5 = 1713891541 is 1713891584 in f32; times (2^24 - 1)
    # 2^-55, rounded: 0x3F4C4FD1.
    check("rand(seed 0, offset 0) (bits 0x3F4C4FD1)", u.view(np.uint32),
          [0x3F4C4FD1] * 2)


def debug_cases(mo):
    """tile.print's lines (docs/dialect.md: program id, indices in
    row-major order, prefix, value; floats with f32 9, f16 5, bf16 4, f8 3
    significant digits) and tile.assert (the first failing program in
    grid order stops the run)."""
    x = np.array([1, 2.5, -0.0, 1e-8, np.nan, -np.inf], np.float32)
    run("""  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<2xf32>
  %c2 = arith.constant 2 : index
  %u = "tile.load"(%x, %c2) : (memref<?xf32>, index) -> tensor<4xf32>
  %u2 = "tile.reshape"(%u) : (tensor<4xf32>) -> tensor<2x2xf32>
  "tile.print"(%u2) {prefix = "u"} : (tensor<2x2xf32>) -> ()
  %h = arith.truncf %t : tensor<2xf32> to tensor<2xf16>
  "tile.print"(%h) {prefix = "h"} : (tensor<2xf16>) -> ()
  %third = arith.constant dense<0.333333343> : tensor<1xf32>
  %b = arith.truncf %third : tensor<1xf32> to tensor<1xbf16>
  %h3 = arith.truncf %third : tensor<1xf32> to tensor<1xf16>
  %e = arith.truncf %third : tensor<1xf32> to tensor<1xf8E4M3FN>
  "tile.print"(%third) {prefix = "third f32"} : (tensor<1xf32>) -> ()
  "tile.print"(%h3) {prefix = "f16"} : (tensor<1xf16>) -> ()
  "tile.print"(%b) {prefix = "bf16"} : (tensor<1xbf16>) -> ()
  "tile.print"(%e) {prefix = "e4m3"} : (tensor<1xf8E4M3FN>) -> ()
  %z = arith.constant dense<0.0> : tensor<2xf32>
  %lt = arith.cmpf olt, %t, %z : tensor<2xf32>
  "tile.print"(%lt) {prefix = "lt"} : (tensor<2xi1>) -> ()
  %m = arith.constant -7 : i8
  "tile.print"(%m) {prefix = ""} : (i8) -> ()
  %p = "tile.program_id"() {axis = 1 : i32} : () -> index
  "tile.print"(%p) {prefix = "p"} : (index) -> ()""",
        "%x: memref<?xf32>", [x], grid=(1, 2, 1), mlir_opt=mo)
    lines = [t for t, _, _ in interp.PRINTED]
    check("tile.print's lines, row-major, program (0, 0, 0) first", lines[:14],
          ["pid (0, 0, 0) idx (0, 0) u: -0",
           "pid (0, 0, 0) idx (0, 1) u: 9.99999994e-09",
           "pid (0, 0, 0) idx (1, 0) u: nan",
           "pid (0, 0, 0) idx (1, 1) u: -inf",
           "pid (0, 0, 0) idx (0) h: 1",
           "pid (0, 0, 0) idx (1) h: 2.5",
           "pid (0, 0, 0) idx (0) third f32: 0.333333343",
           "pid (0, 0, 0) idx (0) f16: 0.33325",
           "pid (0, 0, 0) idx (0) bf16: 0.334",
           "pid (0, 0, 0) idx (0) e4m3: 0.344",
           "pid (0, 0, 0) idx (0) lt: 0",
           "pid (0, 0, 0) idx (1) lt: 0",
           "pid (0, 0, 0): -7",
           "pid (0, 0, 0) p: 0"])
    check("then program (0, 1, 0)", [lines[14], lines[-1], len(lines)],
          ["pid (0, 1, 0) idx (0, 0) u: -0", "pid (0, 1, 0) p: 1", 28])
    # Programs 0, 1, 2 store, then assert their values < 2: program 1's
    # element 1 (2) fails, so program 1 stops before its store and
    # program 2 never runs.
    y = np.zeros(6, np.int32)
    try:
        run("""  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %c2 = arith.constant 2 : index
  %off = arith.muli %pid, %c2 : index
  %i = arith.index_cast %off : index to i32
  %r = "tile.range"() {start = 0 : i32, end = 2 : i32} : () -> tensor<2xi32>
  %s = "tile.splat"(%i) : (i32) -> tensor<2xi32>
  %v = arith.addi %r, %s : tensor<2xi32>
  %two = arith.constant dense<3> : tensor<2xi32>
  %ok = arith.cmpi slt, %v, %two : tensor<2xi32>
  "tile.assert"(%ok) {message = "v < 3 (\\"three\\")"} : (tensor<2xi1>) -> ()
  "tile.store"(%v, %y, %off) : (tensor<2xi32>, memref<?xi32>, index) -> ()""",
            "%y: memref<?xi32>", [y], grid=(3, 1, 1), mlir_opt=mo)
        failed = None
    except interp.AssertFailed as e:
        failed = str(e)
    check("tile.assert stops program 1 with its message",
          failed, 'tile.assert failed in program (1, 0, 0): v < 3 ("three")')
    check("programs before it stored, it and later ones did not", y,
          [0, 1, 0, 0, 0, 0])


def refused(body, sig, args, grid, mo):
    """The Unsupported message run() raises, or None."""
    try:
        run(body, sig, args, grid=grid, mlir_opt=mo)
    except interp.Unsupported as e:
        return str(e)
    return None


def ordering_cases(mo):
    """What depends on the order of programs or of a scatter's elements
    is refused, not answered one way (interp.Accesses): two programs
    storing different values to one element, one program loading what
    another stores, a scatter of different values to one address; the
    same value stored twice, and each program's own elements, are not."""
    body = """  %c0 = arith.constant 0 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %i = arith.index_cast %p : index to i32
  %t = "tile.splat"(%i) : (i32) -> tensor<2xi32>
  "tile.store"(%t, %y, %c0) : (tensor<2xi32>, memref<?xi32>, index) -> ()"""
    sig = "%y: memref<?xi32>"
    check("two programs storing different values to one element: refused",
          refused(body, sig, [np.zeros(2, np.int32)], (2, 1, 1), mo),
          "programs store to an element another program stores or loads "
          "(unordered)")
    same = body.replace('%t = "tile.splat"(%i)', '%t = "tile.splat"(%k)') \
        .replace("  %c0 =", "  %k = arith.constant 7 : i32\n  %c0 =")
    check("two programs storing the same value: answered",
          refused(same, sig, [np.zeros(2, np.int32)], (2, 1, 1), mo), None)
    loads = """  %c0 = arith.constant 0 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %t = "tile.load"(%y, %c0) : (memref<?xi32>, index) -> tensor<2xi32>
  %one = arith.constant dense<1> : tensor<2xi32>
  %u = arith.addi %t, %one : tensor<2xi32>
  "tile.store"(%u, %y, %p) : (tensor<2xi32>, memref<?xi32>, index) -> ()"""
    check("a program loading what another stores: refused",
          refused(loads, sig, [np.zeros(4, np.int32)], (2, 1, 1), mo)
          is not None, True)
    scatter = """  %r = "tile.range"() {start = 0 : i32, end = 4 : i32} : () -> tensor<4xi32>
  %z = arith.constant dense<0> : tensor<4xi32>
  "tile.scatter"(%r, %y, %z) : (tensor<4xi32>, memref<?xi32>, tensor<4xi32>) -> ()"""
    check("a scatter of different values to one address: refused",
          refused(scatter, sig, [np.zeros(4, np.int32)], (1, 1, 1), mo),
          "a scatter stores different values at one address (which lands "
          "is unspecified)")


def math_cases(mo):
    """math ops numerics.md lists with exact results: round (halves away
    from zero), isnan/isinf/isfinite/isnormal (f32 and f16 normals),
    absi (|MIN| = MIN), ctlz, cttz (the width for 0) and ctpop."""
    f = np.array([2.5, -2.5, 0.49999997, -0.0, 2.0 ** -126, 2.0 ** -127,
                  np.inf, np.nan], np.float32)
    r = np.zeros(8, np.float32)
    c = np.zeros(32, np.int8)
    hc = np.zeros(8, np.int8)
    ints = np.array([0, -2 ** 31, 1, -1, 96, 2 ** 30, 7, -8], np.int32)
    o = np.zeros(32, np.int32)
    run("""  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %t = "tile.load"(%f, %c0) : (memref<?xf32>, index) -> tensor<8xf32>
  %rd = math.round %t : tensor<8xf32>
  "tile.store"(%rd, %r, %c0) : (tensor<8xf32>, memref<?xf32>, index) -> ()
  %p0 = math.isnan %t : tensor<8xf32>
  %p1 = math.isinf %t : tensor<8xf32>
  %p2 = math.isfinite %t : tensor<8xf32>
  %p3 = math.isnormal %t : tensor<8xf32>
  %e0 = arith.extui %p0 : tensor<8xi1> to tensor<8xi8>
  %e1 = arith.extui %p1 : tensor<8xi1> to tensor<8xi8>
  %e2 = arith.extui %p2 : tensor<8xi1> to tensor<8xi8>
  %e3 = arith.extui %p3 : tensor<8xi1> to tensor<8xi8>
  "tile.store"(%e0, %c, %c0) : (tensor<8xi8>, memref<?xi8>, index) -> ()
  "tile.store"(%e1, %c, %c8) : (tensor<8xi8>, memref<?xi8>, index) -> ()
  "tile.store"(%e2, %c, %c16) : (tensor<8xi8>, memref<?xi8>, index) -> ()
  "tile.store"(%e3, %c, %c24) : (tensor<8xi8>, memref<?xi8>, index) -> ()
  %h = arith.constant dense<[6.103515625e-05, 3.0517578125e-05, 65504.0, 0.0, 1.0, -6.103515625e-05, 0x7C00, 0x7E00]> : tensor<8xf16>
  %hn = math.isnormal %h : tensor<8xf16>
  %he = arith.extui %hn : tensor<8xi1> to tensor<8xi8>
  "tile.store"(%he, %hc, %c0) : (tensor<8xi8>, memref<?xi8>, index) -> ()
  %i = "tile.load"(%ints, %c0) : (memref<?xi32>, index) -> tensor<8xi32>
  %a = math.absi %i : tensor<8xi32>
  %l = math.ctlz %i : tensor<8xi32>
  %z = math.cttz %i : tensor<8xi32>
  %n = math.ctpop %i : tensor<8xi32>
  "tile.store"(%a, %o, %c0) : (tensor<8xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%l, %o, %c8) : (tensor<8xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%z, %o, %c16) : (tensor<8xi32>, memref<?xi32>, index) -> ()
  "tile.store"(%n, %o, %c24) : (tensor<8xi32>, memref<?xi32>, index) -> ()""",
        "%f: memref<?xf32>, %r: memref<?xf32>, %c: memref<?xi8>, "
        "%hc: memref<?xi8>, %ints: memref<?xi32>, %o: memref<?xi32>",
        [f, r, c, hc, ints, o], mlir_opt=mo)
    check("math.round: halves away from zero, 0.49999997 to 0", r,
          [3, -3, 0, -0.0, 0, 0, np.inf, np.nan])
    check("math.round keeps -0's sign", np.signbit(r[3]), True)
    check("isnan, isinf, isfinite, isnormal of f32 (2^-126 normal, 2^-127 "
          "not)", c.reshape(4, 8),
          [[0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1, 0],
           [1, 1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 0, 1, 0, 0, 0]])
    check("isnormal of f16 (2^-14 normal, 2^-15 not)", hc,
          [1, 0, 1, 0, 1, 1, 0, 0])
    check("absi, ctlz, cttz, ctpop of i32 (0, MIN, 1, -1, 96, 2^30, 7, -8)",
          o.reshape(4, 8),
          [[0, -2 ** 31, 1, 1, 96, 2 ** 30, 7, 8],
           [32, 0, 31, 0, 25, 1, 29, 0],
           [32, 31, 0, 0, 5, 30, 0, 3],
           [0, 1, 1, 32, 2, 1, 3, 29]])


def store_scale_cases(mo):
    """Under ROUNDING, every way a kernel writes an inexact sum notes the
    magnitude of its terms where it lands (interp.STORE_SCALES), which
    compare.differ lets the value round by; an exact value notes none."""
    x = np.array([1000.0, -999.5, 3.0, -1.0], np.float32)
    st, sc, ms, at, ex, pr = (np.zeros(4, np.float32) for _ in range(6))
    interp.STORE_SCALES, interp.ROUNDING = {}, 1
    try:
        run("""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = "tile.load"(%x, %c0) : (memref<?xf32>, index) -> tensor<4xf32>
  %s = arith.addf %t, %t : tensor<4xf32>
  %n = arith.negf %t : tensor<4xf32>
  %d = arith.addf %s, %n : tensor<4xf32>
  "tile.store"(%d, %st, %c0) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  %k = arith.constant dense<[3, 3, -1, 0]> : tensor<4xi32>
  %sm = arith.constant dense<1.0> : tensor<4xf32>
  %one = arith.addf %sm, %sm : tensor<4xf32>
  "tile.scatter"(%one, %sc, %k) : (tensor<4xf32>, memref<?xf32>, tensor<4xi32>) -> ()
  %a = memref.load %x[%c0] : memref<?xf32>
  %b = memref.load %x[%c1] : memref<?xf32>
  %f = arith.addf %a, %b : f32
  memref.store %f, %ms[%c1] : memref<?xf32>
  %old = "tile.atomic_rmw"(%d, %at, %k) {kind = "add"} : (tensor<4xf32>, memref<?xf32>, tensor<4xi32>) -> tensor<4xf32>
  "tile.store"(%t, %ex, %c0) : (tensor<4xf32>, memref<?xf32>, index) -> ()
  %m3 = arith.constant dense<-3.0> : tensor<4xf32>
  %p = arith.mulf %d, %m3 : tensor<4xf32>
  %q = arith.negf %p : tensor<4xf32>
  "tile.store"(%q, %pr, %c0) : (tensor<4xf32>, memref<?xf32>, index) -> ()""",
            "%x: memref<?xf32>, %st: memref<?xf32>, %sc: memref<?xf32>, "
            "%ms: memref<?xf32>, %at: memref<?xf32>, %ex: memref<?xf32>, "
            "%pr: memref<?xf32>",
            [x, st, sc, ms, at, ex, pr], mlir_opt=mo)
        scales = {id(a): s for a, s in interp.STORE_SCALES.values()}
    finally:
        interp.STORE_SCALES, interp.ROUNDING = None, 0
    terms = 3 * np.abs(x.astype(np.float64))  # |2x| + |-x|
    check("a store notes its sum's terms (|2x| + |-x|)", scales.get(id(st)),
          terms)
    check("a scatter notes the largest of a repeated address's terms",
          scales.get(id(sc)), [2, 0, 0, 2])
    check("memref.store notes its sum's terms", scales.get(id(ms)),
          [0, 1999.5, 0, 0])
    check("atomic_rmw notes the largest of a repeated address's terms",
          scales.get(id(at)), [terms[3], 0, 0, max(terms[0], terms[1])])
    check("an exact value notes none", id(ex) in scales, False)
    # -(d * -3): the sum's terms times 3, plus |d| times 3's own magnitude.
    d = np.abs(x.astype(np.float64))
    check("a product carries its factor's scale (terms x 3 + |d| x 3)",
          scales.get(id(pr)), terms * 3 + d * 3)


def overflow_cases(mo):
    """Under ROUNDING, an f32 dot or sum whose positive terms alone pass
    f32's largest value may reach +inf in some order of summation, and
    whose negative terms alone -inf (seed 1647933): rounded up, the
    first; down, the second; the exact sums otherwise, and always where
    neither side can overflow."""
    big = 3.0e38
    # Row 0: terms +big, +big, -big, -big (sum 0): either way in some
    # order. Row 1: +big, -big, 0, 0 for the dot and +big, -big, 1, 1 for
    # the sum (sums 0 and 2): neither side passes.
    a = np.array([[1, 1, -1, -1], [1, -1, 0, 0]], np.float32)
    b = np.full((4, 1), big, np.float32)
    x = np.array([[big, big, -big, -big], [big, -big, 1, 1]], np.float32)
    got = {}
    for sign in (1, -1, 0):
        d, r = np.zeros((2, 1), np.float32), np.zeros(2, np.float32)
        interp.ROUNDING = sign
        try:
            run("""  %c0 = arith.constant 0 : index
  %ta = "tile.load"(%a, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<2x4xf32>
  %tb = "tile.load"(%b, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<4x1xf32>
  %z = arith.constant dense<0.0> : tensor<2x1xf32>
  %p = "tile.dot"(%ta, %tb, %z) {precision = "ieee"} : (tensor<2x4xf32>, tensor<4x1xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  "tile.store"(%p, %d, %c0, %c0) : (tensor<2x1xf32>, memref<?x?xf32>, index, index) -> ()
  %tx = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> tensor<2x4xf32>
  %s = "tile.reduce"(%tx) {axis = 1 : i32, kind = "add"} : (tensor<2x4xf32>) -> tensor<2xf32>
  "tile.store"(%s, %r, %c0) : (tensor<2xf32>, memref<?xf32>, index) -> ()""",
                "%a: memref<?x?xf32>, %b: memref<?x?xf32>, "
                "%x: memref<?x?xf32>, %d: memref<?x?xf32>, %r: memref<?xf32>",
                [a, b, x, d, r], mlir_opt=mo)
        finally:
            interp.ROUNDING = 0
        got[sign] = (d[:, 0], r)
    for what, k, exact in (("dot", 0, [0, 0]), ("reduce add", 1, [0, 2])):
        check(what + " rounded up: +inf where the positive terms overflow",
              np.isposinf(got[1][k]), [True, False])
        check(what + " rounded down: -inf where the negative terms do",
              np.isneginf(got[-1][k]), [True, False])
        check(what + " unrounded: the exact sums", got[0][k], exact)


if __name__ == "__main__":
    sys.exit(main())
