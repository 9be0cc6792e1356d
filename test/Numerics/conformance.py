#!/usr/bin/env python3
"""tile's numerics conformance suite: docs/dialect.md's section "Numerics", rule by
rule, at its edges, on the CPU or on a GPU.

  conformance.py DIR [--tile-run PATH] [--target cpu|cuda] [--only REGEX]
                     [--packages PKGDIR]
  conformance.py DIR --packages PKGDIR --compile-packages TILE_OPT

Writes the kernels (DIR/numerics.mlir) and each case's inputs, runs every
kernel with tile-run, and checks what it wrote against values computed here
from the rules (Python integers, float64 NumPy, and an f8 table built by
enumeration), never from tile's own output: bit for bit where the section is
exact, within the stated ulp bound elsewhere (libdevice's bounds without
afn; with afn the bounds docs/numerics.md gives). Prints one line per case
and exits non-zero if any case fails. Results are stored as integer bits,
so signed zeros and NaNs are compared exactly (any NaN payload is a NaN).
"""
import argparse
import math
import os
import re
import subprocess
import sys

import numpy as np

rng = np.random.default_rng(2026)
N = 256  # elements per case (every tile below is N or M long)
M = 1024

FLOAT = {"f32": (np.float32, "i32", np.int32), "f16": (np.float16, "i16", np.int16),
         "bf16": (None, "i16", np.int16)}
# Each float type's largest finite value, smallest denormal and smallest
# normal magnitude.
LIMITS = {"f32": (3.4028234663852886e38, 2.0 ** -149, 2.0 ** -126),
          "f16": (65504.0, 2.0 ** -24, 2.0 ** -14),
          "bf16": (3.3895313892515355e38, 2.0 ** -133, 2.0 ** -126)}


# --- bf16 and value helpers --------------------------------------------------

def bf16_bits(x):
    """float -> bf16 bits, nearest even (NaN quiet)."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(x, np.float32))
    r[nan] = 0x7FC0
    return r


def bf16_value(bits):
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def typed(values, t):
    """values (float64) rounded to float type t: (array to save, float64 of it)."""
    v = np.asarray(values, np.float64)
    if t == "bf16":
        with np.errstate(over="ignore"):
            bits = bf16_bits(v.astype(np.float32))
        return bits, bf16_value(bits).astype(np.float64)
    with np.errstate(over="ignore"):
        a = v.astype(FLOAT[t][0])
    return a, a.astype(np.float64)


def bits_of(v64, t):
    """The bits of float64 values rounded to type t, as the signed int type."""
    if t == "bf16":
        return bf16_bits(v64.astype(np.float32)).view(np.int16)
    return v64.astype(FLOAT[t][0]).view(FLOAT[t][2])


def is_nan_bits(bits, t):
    b = np.asarray(bits).astype(np.int64)
    if t == "f32":
        return (b & 0x7FFFFFFF) > 0x7F800000
    if t == "f16":
        return (b & 0x7FFF) > 0x7C00
    return (b & 0x7FFF) > 0x7F80


def value_of_bits(bits, t):
    if t == "f32":
        return np.asarray(bits, np.int32).view(np.float32).astype(np.float64)
    if t == "f16":
        return np.asarray(bits, np.int16).view(np.float16).astype(np.float64)
    return bf16_value(np.asarray(bits, np.int16).view(np.uint16)).astype(np.float64)


def float_specials(t):
    big, tiny, normal = LIMITS[t]
    return [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 2.5, -2.5,
            tiny, -tiny, big, -big, normal, 3.0, -0.75]


# --- Kernels -----------------------------------------------------------------

def kernel(name, args, body):
    sig = ", ".join(f"%{n}: {t}" for n, t in args)
    return (f"func.func @{name}({sig}) attributes {{tile.kernel}} {{\n"
            f"  %c0 = arith.constant 0 : index\n{body}  return\n}}\n\n")


def load(var, mem, elem, n):
    return (f'  %{var} = "tile.load"(%{mem}, %c0) : (memref<?x{elem}>, index) '
            f"-> tensor<{n}x{elem}>\n")


def store(var, mem, elem, n):
    return (f'  "tile.store"(%{var}, %{mem}, %c0) : (tensor<{n}x{elem}>, '
            f"memref<?x{elem}>, index) -> ()\n")


def bitcast(dst, src, a, b, n):
    return f"  %{dst} = arith.bitcast %{src} : tensor<{n}x{a}> to tensor<{n}x{b}>\n"


class Case:
    """A kernel, its inputs and outputs (memrefs in order), and a checker."""

    def __init__(self, name, mlir, inputs, outputs, check):
        self.name, self.mlir = name, mlir
        self.inputs = inputs        # [(file, array)]
        self.outputs = outputs      # [(file, zeros spec)]
        self.check = check          # {file: fn(actual) -> list of problems}


def exact(expected, t=None):
    """Bit-exact, except that any NaN matches a NaN when t is a float type."""
    def check(actual):
        e = np.asarray(expected).astype(np.int64)
        a = np.asarray(actual).astype(np.int64)
        ok = a == e
        if t is not None:
            ok |= is_nan_bits(a, t) & is_nan_bits(e, t)
        return [f"[{i}] got {a[i]:#x} want {e[i]:#x}" for i in np.nonzero(~ok)[0]]
    return check


def within_ulp(x, ref64, t, bound, exact_specials=True, flush=False):
    """|actual - ref| <= bound ulps of the result type (at the reference's
    magnitude); NaN, infinities and zeros (with their sign) exact. With
    flush, a result whose reference is denormal may also be a zero of its
    sign (ex2.approx.ftz under afn, docs/numerics.md)."""
    ref64 = np.asarray(ref64, np.float64)
    tiny = LIMITS[t][2]

    def check(actual):
        a = value_of_bits(actual, t)
        a_nan = is_nan_bits(actual, t)
        problems = []
        with np.errstate(all="ignore"):
            rt = typed(ref64, t)[1]
            for i in range(len(ref64)):
                r, got = ref64[i], a[i]
                if math.isnan(r):
                    ok = a_nan[i]
                elif math.isinf(rt[i]) or r == 0.0:
                    ok = (not a_nan[i]) and got == rt[i] and \
                        math.copysign(1, got) == math.copysign(1, rt[i])
                else:
                    ulp = float(np.spacing(abs(typed([rt[i]], t)[1][0]).astype(
                        FLOAT[t][0] if t != "bf16" else np.float32)))
                    if t == "bf16":
                        ulp = ulp * 65536.0
                    b = bound(x[i]) if callable(bound) else bound
                    ok = (not a_nan[i]) and abs(got - r) <= b * ulp
                    if flush and abs(r) < tiny and got == 0.0:
                        ok = math.copysign(1, got) == math.copysign(1, r)
                if not ok:
                    problems.append(f"x={x[i]!r}: got {got!r} want {r!r}")
        return problems
    return check


def case_minmax(t):
    vals = float_specials(t)
    a64 = np.array([x for x in vals for _ in vals])
    b64 = np.array([y for _ in vals for y in vals])
    a_saved, a = typed(a64, t)
    b_saved, b = typed(b64, t)
    bt = FLOAT[t][1]

    def maximum(x, y, is_max, num):
        if num:
            if math.isnan(x) and math.isnan(y):
                return math.nan
            if math.isnan(x):
                return y
            if math.isnan(y):
                return x
        if math.isnan(x) or math.isnan(y):
            return math.nan
        if x == y:
            if x == 0.0:  # -0 < +0
                neg = (math.copysign(1, x) < 0, math.copysign(1, y) < 0)
                pick_neg = all(neg) if is_max else any(neg)
                return -0.0 if pick_neg else 0.0
            return x
        return max(x, y) if is_max else min(x, y)

    body = load("a", "x", t, N) + load("b", "y", t, N)
    outs, checks = [], {}
    for k, (op, is_max, num) in enumerate([("maximumf", 1, 0), ("minimumf", 0, 0),
                                           ("maxnumf", 1, 1), ("minnumf", 0, 1)]):
        body += f"  %r{k} = arith.{op} %a, %b : tensor<{N}x{t}>\n"
        body += bitcast(f"s{k}", f"r{k}", t, bt, N) + store(f"s{k}", f"o{k}", bt, N)
        want = np.array([maximum(x, y, is_max, num) for x, y in zip(a, b)])
        outs.append((f"{op}.npy", f"zeros:{N}x{bt}"))
        checks[f"{op}.npy"] = exact(bits_of(want, t), t)
    args = [("x", f"memref<?x{t}>"), ("y", f"memref<?x{t}>")] + \
        [(f"o{k}", f"memref<?x{bt}>") for k in range(4)]
    return Case(f"minmax_{t}", kernel(f"minmax_{t}", args, body),
                [("a.npy", a_saved), ("b.npy", b_saved)], outs, checks)


def case_reduce():
    """The four float reduce kinds over rows holding signed zeros and NaN."""
    pool = [0.0, -0.0, math.nan, 1.0, -1.0, math.inf, -math.inf, -0.0, 0.0]
    rows = 64
    x = np.array([[pool[rng.integers(len(pool))] for _ in range(4)]
                  for _ in range(rows)], np.float32)
    x[0] = [0.0, -0.0, -0.0, -0.0]
    x[1] = [-0.0, -0.0, -0.0, -0.0]
    x[2] = [-0.0, 0.0, -0.0, -0.0]
    x[3] = [math.nan] * 4
    body = (f'  %t = "tile.load"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) '
            f"-> tensor<{rows}x4xf32>\n")
    outs, checks = [], {}
    for k, kind in enumerate(["max", "min", "maxnum", "minnum"]):
        body += (f'  %r{k} = "tile.reduce"(%t) {{axis = 1 : i32, kind = "{kind}"}} '
                 f": (tensor<{rows}x4xf32>) -> tensor<{rows}xf32>\n")
        body += bitcast(f"s{k}", f"r{k}", "f32", "i32", rows) + \
            store(f"s{k}", f"o{k}", "i32", rows)
        want = []
        for row in x.astype(np.float64):
            vals = [v for v in row if not math.isnan(v)] if "num" in kind else list(row)
            if not vals or any(math.isnan(v) for v in vals):
                want.append(math.nan)
                continue
            key = (lambda v: (v, math.copysign(1, v)))
            want.append(max(vals, key=key) if kind.startswith("max") else
                        min(vals, key=key))
        outs.append((f"{kind}.npy", f"zeros:{rows}xi32"))
        checks[f"{kind}.npy"] = exact(bits_of(np.array(want), "f32"), "f32")
    args = [("x", "memref<?x?xf32>")] + [(f"o{k}", "memref<?xi32>") for k in range(4)]
    return Case("reduce_signed_zeros", kernel("reduce_signed_zeros", args, body),
                [("x.npy", x)], outs, checks)


def case_reduce_narrow(t):
    """f16/bf16 sums accumulate in f32 and round once: 2048 plus 63 ones is
    2111, which rounds (to even) to 2112; summed in the narrow type it
    would stay at 2048. Other rows: random values, summed in float64 and
    rounded once (the order of f32 additions may differ by rounding)."""
    rows, cols = 16, 64
    x64 = rng.standard_normal((rows, cols))
    x64[0] = 1.0
    x64[0, 0] = 2048.0
    saved, x = typed(x64.reshape(-1), t)
    saved = saved.reshape(rows, cols)
    x = x.reshape(rows, cols)
    bt = FLOAT[t][1]
    body = (f'  %a = "tile.load"(%x, %c0, %c0) : (memref<?x?x{t}>, index, index) '
            f"-> tensor<{rows}x{cols}x{t}>\n"
            f'  %r = "tile.reduce"(%a) {{axis = 1 : i32, kind = "add"}} : '
            f"(tensor<{rows}x{cols}x{t}>) -> tensor<{rows}x{t}>\n" +
            bitcast("s", "r", t, bt, rows) + store("s", "o", bt, rows))
    sums = x.sum(axis=1)
    want = bits_of(sums, t)

    def check(actual):
        a = value_of_bits(actual, t)
        problems = []
        if a[0] != 2112.0:
            problems.append(f"row 0: got {a[0]} want 2112 (2048 + 63 ones)")
        for i in range(1, rows):  # a few f32 roundings, then one narrow one
            ulp = abs(value_of_bits(np.array([want[i]]), t)[0]) * (2.0 ** -7 if t == "bf16" else 2.0 ** -10)
            if abs(a[i] - sums[i]) > ulp + 1e-3:
                problems.append(f"row {i}: got {a[i]} want {sums[i]}")
        return problems
    args = [("x", f"memref<?x?x{t}>"), ("o", f"memref<?x{bt}>")]
    return Case(f"reduce_add_{t}", kernel(f"reduce_add_{t}", args, body),
                [("x.npy", saved)], [("o.npy", f"zeros:{rows}x{bt}")],
                {"o.npy": check})


def case_fptoint(t):
    edges = [0, -0.0, 0.5, -0.5, 0.99, -0.99, 1, -1, 127, 127.5, 128, -128, -128.5,
             -129, 255, 255.5, 256, -255, 32767, 32768, -32768, -32769, 65535,
             65536, 2147483520, 2 ** 31, -2 ** 31, -2147483904, 2 ** 32,
             4294967040, 2 ** 63, -2 ** 63, 2 ** 64, 1e10, -1e10, 1e30, -1e30,
             math.inf, -math.inf, math.nan]
    rnd = rng.standard_normal(N - len(edges)) * np.exp2(rng.integers(0, 70, N - len(edges)))
    saved, x = typed(np.concatenate([edges, rnd]), t)
    body = load("a", "x", t, N)
    outs, checks, args = [], {}, [("x", f"memref<?x{t}>")]
    k = 0
    for signed in (True, False):
        for w in (8, 16, 32, 64):
            op = "fptosi" if signed else "fptoui"
            it = f"i{w}"
            body += f"  %r{k} = arith.{op} %a : tensor<{N}x{t}> to tensor<{N}x{it}>\n"
            body += store(f"r{k}", f"o{k}", it, N)
            lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, (1 << w) - 1)
            want = []
            for v in x:
                if math.isnan(v):
                    want.append(0)
                elif math.isinf(v):
                    want.append(hi if v > 0 else lo)
                else:
                    want.append(min(max(int(v), lo), hi))  # int() truncates
            want = np.array([(u + (1 << 64)) % (1 << 64) for u in want], np.uint64) \
                .astype(np.uint64).view(np.int64)
            mask = (1 << w) - 1 if w < 64 else None
            name = f"{op}_{it}.npy"
            outs.append((name, f"zeros:{N}x{it}"))
            args.append((f"o{k}", f"memref<?x{it}>"))
            checks[name] = exact(want.astype(getattr(np, f"int{w}")) if w < 64 else want)
            k += 1
    return Case(f"fptoint_{t}", kernel(f"fptoint_{t}", args, body),
                [("x.npy", saved)], outs, checks)


def wrap(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def case_intdiv(w):
    it, npt = f"i{w}", getattr(np, f"int{w}")
    lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    special = [0, 1, -1, 2, -2, lo, hi, lo + 1, 7, -7, 3, -3, hi - 1, 5, -100 % hi, 13]
    xs = [a for a in special for _ in special]
    ys = [b for _ in special for b in special]
    x = np.array(xs, npt)
    y = np.array(ys, npt)
    ops = ["divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi", "ceildivui"]
    body = load("a", "x", it, N) + load("b", "y", it, N)
    outs, checks, args = [], {}, [("x", f"memref<?x{it}>"), ("y", f"memref<?x{it}>")]
    mask = (1 << w) - 1
    for k, op in enumerate(ops):
        body += f"  %r{k} = arith.{op} %a, %b : tensor<{N}x{it}>\n" + \
            store(f"r{k}", f"o{k}", it, N)
        want = []
        for a, b in zip(xs, ys):
            if op.endswith("ui"):
                ua, ub = a & mask, b & mask
                if ub == 0:
                    r = -1 if "div" in op else ua
                elif op == "divui":
                    r = ua // ub
                elif op == "remui":
                    r = ua % ub
                else:
                    r = -(-ua // ub)
            else:
                if b == 0:
                    r = -1 if "div" in op else a
                elif b == -1:
                    r = 0 if op == "remsi" else -a  # wraps: MIN / -1 = MIN
                else:
                    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
                    if op == "divsi":
                        r = q
                    elif op == "remsi":
                        r = a - q * b
                    elif op == "ceildivsi":
                        r = -((-a) // b)
                    else:
                        r = a // b
            want.append(wrap(r, w))
        outs.append((f"{op}.npy", f"zeros:{N}x{it}"))
        args.append((f"o{k}", f"memref<?x{it}>"))
        checks[f"{op}.npy"] = exact(np.array(want, npt))
    return Case(f"intdiv_{it}", kernel(f"intdiv_{it}", args, body),
                [("x.npy", x), ("y.npy", y)], outs, checks)


def case_ragged_div():
    """A ragged last tile: lanes past the end read the padding 0 and divide
    by it; they are never stored, and nothing traps."""
    n = 37
    x = rng.integers(-1000, 1000, n).astype(np.int32)
    y = rng.integers(1, 50, n).astype(np.int32) * rng.choice([-1, 1], n).astype(np.int32)
    body = (load("a", "x", "i32", 64) + load("b", "y", "i32", 64) +
            "  %q = arith.divsi %a, %b : tensor<64xi32>\n"
            "  %r = arith.remui %a, %b : tensor<64xi32>\n" +
            store("q", "o0", "i32", 64) + store("r", "o1", "i32", 64))
    want_q = [wrap(abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1), 32)
              for a, b in zip(x.tolist(), y.tolist())]
    want_r = [wrap((a & 0xFFFFFFFF) % (b & 0xFFFFFFFF), 32)
              for a, b in zip(x.tolist(), y.tolist())]
    args = [("x", "memref<?xi32>"), ("y", "memref<?xi32>"),
            ("o0", "memref<?xi32>"), ("o1", "memref<?xi32>")]
    return Case("ragged_division", kernel("ragged_division", args, body),
                [("x.npy", x), ("y.npy", y)],
                [("q.npy", f"zeros:{n}xi32"), ("r.npy", f"zeros:{n}xi32")],
                {"q.npy": exact(np.array(want_q, np.int32)),
                 "r.npy": exact(np.array(want_r, np.int32))})


def case_shifts(w):
    it, npt = f"i{w}", getattr(np, f"int{w}")
    amounts = list(range(-3, 2 * w + 4))
    xs = [wrap(int(v), w) for v in rng.integers(-(1 << 62), 1 << 62, N)]
    xs[:4] = [-1, 1, -(1 << (w - 1)), (1 << (w - 1)) - 1]
    ys = [amounts[i % len(amounts)] for i in range(N)]
    body = load("a", "x", it, N) + load("b", "y", it, N)
    outs, checks, args = [], {}, [("x", f"memref<?x{it}>"), ("y", f"memref<?x{it}>")]
    mask = (1 << w) - 1
    for k, op in enumerate(["shli", "shrui", "shrsi"]):
        body += f"  %r{k} = arith.{op} %a, %b : tensor<{N}x{it}>\n" + \
            store(f"r{k}", f"o{k}", it, N)
        want = []
        for a, s in zip(xs, ys):
            us = s & mask  # the amount is unsigned
            if op == "shli":
                r = 0 if us >= w else (a << us)
            elif op == "shrui":
                r = 0 if us >= w else ((a & mask) >> us)
            else:
                r = a >> min(us, w - 1)
            want.append(wrap(r, w))
        outs.append((f"{op}.npy", f"zeros:{N}x{it}"))
        args.append((f"o{k}", f"memref<?x{it}>"))
        checks[f"{op}.npy"] = exact(np.array(want, npt))
    return Case(f"shifts_{it}", kernel(f"shifts_{it}", args, body),
                [("x.npy", np.array(xs, npt)), ("y.npy", np.array(ys, npt))],
                outs, checks)


# --- fp8 ---------------------------------------------------------------------

F8 = {"f8E4M3FN": dict(m=3, bias=7, max_code=0x7E),
      "f8E5M2": dict(m=2, bias=15, max_code=0x7B)}


def f8_value(code, f):
    """The value of an f8 code by the format's definition."""
    fmt = F8[f]
    m, e_bits = fmt["m"], 7 - fmt["m"]
    s = -1.0 if code & 0x80 else 1.0
    e = (code >> m) & ((1 << e_bits) - 1)
    man = code & ((1 << m) - 1)
    if f == "f8E4M3FN" and (code & 0x7F) == 0x7F:
        return math.nan
    if f == "f8E5M2" and e == 31:
        return s * math.inf if man == 0 else math.nan
    if e == 0:
        return s * man * 2.0 ** (1 - fmt["bias"] - m)
    return s * (1 + man / (1 << m)) * 2.0 ** (e - fmt["bias"])


def f8_round(v, f):
    """Nearest even f8 code of v; beyond the largest finite (and inf)
    saturate; NaN gives a NaN code (0x7F, with the sign)."""
    fmt = F8[f]
    sign = 0x80 if math.copysign(1, v) < 0 else 0
    if math.isnan(v):
        return 0x7F | sign
    a = abs(v)
    best = None
    for code in range(fmt["max_code"] + 1):
        d = abs(f8_value(code, f) - a)
        if best is None or d < best[0] or (d == best[0] and code % 2 == 0):
            best = (d, code)
    if a >= f8_value(fmt["max_code"], f):
        best = (0, fmt["max_code"])
    return best[1] | sign


def case_fp8_ext():
    """Every f8 code of both formats, extended to f32 and to f16."""
    codes = np.arange(256).astype(np.uint8).view(np.int8)
    body = load("b", "x", "i8", N)
    outs, checks, args = [], {}, [("x", "memref<?xi8>")]
    k = 0
    for j, f in enumerate(F8):
        body += bitcast(f"v{j}", "b", "i8", f, N)
        want = np.array([f8_value(c, f) for c in range(256)])
        for t, bt in (("f32", "i32"), ("f16", "i16")):
            body += f"  %e{k} = arith.extf %v{j} : tensor<{N}x{f}> to tensor<{N}x{t}>\n"
            body += bitcast(f"s{k}", f"e{k}", t, bt, N) + store(f"s{k}", f"o{k}", bt, N)
            name = f"{f}_to_{t}.npy"
            outs.append((name, f"zeros:{N}x{bt}"))
            args.append((f"o{k}", f"memref<?x{bt}>"))
            checks[name] = exact(bits_of(want, t), t)
            k += 1
    return Case("fp8_extf", kernel("fp8_extf", args, body), [("x.npy", codes)],
                outs, checks)


def case_fp8_trunc(t):
    vals = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e30, -1e30, 448, 449, 464,
            465, 480, 500, -464, 57344, 57345, 61440, 61439, 65504, -61440,
            2.0 ** -9, 2.0 ** -10, 2.0 ** -10 * 1.0001, 3 * 2.0 ** -11, 2.0 ** -16,
            2.0 ** -17, 2.0 ** -17 * 1.01, 1e-30, -1e-30, 2.0 ** -6, 2.0 ** -14]
    for f in F8:  # every value, the midpoints and their neighbours
        for c in range(0x7F):
            v = f8_value(c, f)
            n = f8_value(c + 1, f)
            if math.isnan(v) or math.isnan(n) or math.isinf(n):
                continue
            mid = (v + n) / 2
            vals += [v, -v, mid, -mid, mid * (1 + 2 ** -10), mid * (1 - 2 ** -10)]
    vals = vals[:M]
    vals += list(rng.standard_normal(M - len(vals)) * np.exp2(rng.integers(-20, 18, M - len(vals))))
    saved, x = typed(vals, t)
    body = load("a", "x", t, M)
    outs, checks, args = [], {}, [("x", f"memref<?x{t}>")]
    for k, f in enumerate(F8):
        body += f"  %r{k} = arith.truncf %a : tensor<{M}x{t}> to tensor<{M}x{f}>\n"
        body += bitcast(f"b{k}", f"r{k}", f, "i8", M) + store(f"b{k}", f"o{k}", "i8", M)
        want = np.array([f8_round(v, f) for v in x], np.uint8).view(np.int8)
        nan_code = np.array([math.isnan(v) for v in x])

        def check(actual, want=want, nan_code=nan_code, f=f):
            a = np.asarray(actual).view(np.uint8).astype(int)
            is_nan = np.array([math.isnan(f8_value(c, f)) for c in a])
            ok = (a == want.view(np.uint8)) | (nan_code & is_nan)
            return [f"x={x[i]!r}: got {a[i]:#04x} want {want.view(np.uint8)[i]:#04x}"
                    for i in np.nonzero(~ok)[0]]
        name = f"{t}_to_{f}.npy"
        outs.append((name, f"zeros:{M}xi8"))
        args.append((f"o{k}", "memref<?xi8>"))
        checks[name] = check
    return Case(f"fp8_truncf_{t}", kernel(f"fp8_truncf_{t}", args, body),
                [("x.npy", saved)], outs, checks)


# --- Float arithmetic and math -------------------------------------------------

def case_arith_f32():
    """+ - * / and sqrt are correctly rounded, denormals kept: bit-exact
    against NumPy's float32 (IEEE) arithmetic."""
    a = np.concatenate([rng.standard_normal(N // 2) * np.exp2(rng.integers(-140, 120, N // 2)),
                        rng.standard_normal(N // 2) * 1e-38]).astype(np.float32)
    b = np.concatenate([rng.standard_normal(N // 2) * np.exp2(rng.integers(-30, 30, N // 2)),
                        rng.standard_normal(N // 2) * 1e-38]).astype(np.float32)
    a[:8] = [1e-38, 3e-39, 0, -0.0, np.inf, 1, 2.0 ** -149, 3]
    b[:8] = [1e-2, 2.9e-39, 0, 1, np.inf, 3, 0.5, 1e-38]
    ops = ["addf", "subf", "mulf", "divf"]
    body = load("a", "x", "f32", N) + load("b", "y", "f32", N)
    outs, checks, args = [], {}, [("x", "memref<?xf32>"), ("y", "memref<?xf32>")]
    with np.errstate(all="ignore"):
        wants = [a + b, a - b, a * b, a / b, np.sqrt(np.abs(a))]
    body += "  %abs = math.absf %a : tensor<256xf32>\n"
    for k, op in enumerate(ops + ["sqrt"]):
        if op == "sqrt":
            body += f"  %r{k} = math.sqrt %abs : tensor<{N}xf32>\n"
        else:
            body += f"  %r{k} = arith.{op} %a, %b : tensor<{N}xf32>\n"
        body += bitcast(f"s{k}", f"r{k}", "f32", "i32", N) + store(f"s{k}", f"o{k}", "i32", N)
        outs.append((f"{op}.npy", f"zeros:{N}xi32"))
        args.append((f"o{k}", "memref<?xi32>"))
        checks[f"{op}.npy"] = exact(wants[k].view(np.int32), "f32")
    return Case("arith_f32", kernel("arith_f32", args, body),
                [("x.npy", a), ("y.npy", b)], outs, checks)


def log_uniform(lo, hi, n):
    return np.exp(rng.uniform(math.log(lo), math.log(hi), n))


# name: (numpy float64 function, domain sampler, ulp bound without afn)
MATH = {
    "exp": (np.exp, lambda n: rng.uniform(-104, 89, n), 2),
    "exp2": (np.exp2, lambda n: rng.uniform(-150, 129, n), 2),
    # CUDA documents 1 ulp for expm1f; libdevice's was measured at 1.13 on
    # an H100 (x = 17.195), so the bound here is 2.
    "expm1": (np.expm1, lambda n: rng.uniform(-20, 89, n), 2),
    "log": (np.log, lambda n: log_uniform(1e-44, 3e38, n), 1),
    "log2": (np.log2, lambda n: log_uniform(1e-44, 3e38, n), 1),
    "log10": (np.log10, lambda n: log_uniform(1e-44, 3e38, n), 2),
    "log1p": (np.log1p, lambda n: np.concatenate([rng.uniform(-0.999, 1, n // 2),
                                                   log_uniform(1, 1e30, n - n // 2)]), 1),
    "sin": (np.sin, lambda n: rng.uniform(-100, 100, n), 2),
    "cos": (np.cos, lambda n: rng.uniform(-100, 100, n), 2),
    "tan": (np.tan, lambda n: rng.uniform(-100, 100, n), 4),
    "tanh": (np.tanh, lambda n: rng.uniform(-20, 20, n), 2),
    "erf": (np.vectorize(math.erf), lambda n: rng.uniform(-5, 5, n), 2),
    "erfc": (np.vectorize(math.erfc), lambda n: rng.uniform(-5, 10, n), 4),
    "rsqrt": (lambda x: 1 / np.sqrt(x), lambda n: log_uniform(1e-38, 1e38, n), 2),
    "sqrt": (np.sqrt, lambda n: log_uniform(1e-45, 3e38, n), 0.5),
    "cbrt": (np.cbrt, lambda n: rng.uniform(-1e6, 1e6, n), 1),
    "atan": (np.arctan, lambda n: rng.uniform(-100, 100, n), 2),
    "asin": (np.arcsin, lambda n: rng.uniform(-1, 1, n), 2),
    "acos": (np.arccos, lambda n: rng.uniform(-1, 1, n), 2),
    "sinh": (np.sinh, lambda n: rng.uniform(-89, 89, n), 3),
    "cosh": (np.cosh, lambda n: rng.uniform(-89, 89, n), 2),
    "asinh": (np.arcsinh, lambda n: rng.uniform(-1e5, 1e5, n), 3),
    "acosh": (np.arccosh, lambda n: log_uniform(1, 1e30, n), 4),
    "atanh": (np.arctanh, lambda n: rng.uniform(-0.999, 0.999, n), 3),
    "floor": (np.floor, lambda n: rng.uniform(-1e3, 1e3, n), 0),
    "ceil": (np.ceil, lambda n: rng.uniform(-1e3, 1e3, n), 0),
    "trunc": (np.trunc, lambda n: rng.uniform(-1e3, 1e3, n), 0),
    "roundeven": (np.rint, lambda n: np.round(rng.uniform(-1e3, 1e3, n) * 2) / 2, 0),
    "round": (lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),
              lambda n: np.round(rng.uniform(-1e3, 1e3, n) * 2) / 2, 0),
}

SPECIALS = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 2.0 ** -149]


def case_math(fn, t="f32", afn=False):
    f64, sample, bound = MATH[fn]
    x = np.concatenate([SPECIALS, sample(M - len(SPECIALS))])
    saved, xt = typed(x, t)
    with np.errstate(all="ignore"):
        ref = f64(xt)
    bt = FLOAT[t][1]
    flags = " fastmath<afn>" if afn else ""
    body = load("a", "x", t, M) + f"  %r = math.{fn} %a{flags} : tensor<{M}x{t}>\n" + \
        bitcast("s", "r", t, bt, M) + store("s", "o", bt, M)
    name = f"math_{fn}_{t}" + ("_afn" if afn else "")
    if t != "f32":
        bound = 0.5 if fn == "sqrt" else 1  # the f32 result rounded once more
    if afn:
        bound = {"exp": lambda v: 2 + math.floor(abs(1.173 * v)),
                 "exp2": 2, "sqrt": 2}[fn]
    return Case(name, kernel(name, [("x", f"memref<?x{t}>"), ("o", f"memref<?x{bt}>")], body),
                [("x.npy", saved)], [("o.npy", f"zeros:{M}x{bt}")],
                {"o.npy": within_ulp(xt, ref, t, bound,
                                     flush=afn and fn in ("exp", "exp2"))})


def case_classify(t):
    vals = float_specials(t) + [float(v) for v in rng.standard_normal(N - 16) *
                                np.exp2(rng.integers(-150, 130, N - 16))]
    saved, x = typed(vals, t)
    body = load("a", "x", t, N)
    outs, checks, args = [], {}, [("x", f"memref<?x{t}>")]
    normal = LIMITS[t][2]
    preds = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
             "isnormal": lambda v: np.isfinite(v) & (np.abs(v) >= normal)}
    for k, (p, f) in enumerate(preds.items()):
        body += f"  %p{k} = math.{p} %a : tensor<{N}x{t}>\n"
        body += f"  %r{k} = arith.extui %p{k} : tensor<{N}xi1> to tensor<{N}xi8>\n"
        body += store(f"r{k}", f"o{k}", "i8", N)
        outs.append((f"{p}.npy", f"zeros:{N}xi8"))
        args.append((f"o{k}", "memref<?xi8>"))
        with np.errstate(all="ignore"):
            checks[f"{p}.npy"] = exact(f(x).astype(np.int8))
    return Case(f"classify_{t}", kernel(f"classify_{t}", args, body),
                [("x.npy", saved)], outs, checks)


def all_cases():
    cases = [case_minmax(t) for t in ("f32", "f16", "bf16")]
    cases.append(case_reduce())
    cases += [case_reduce_narrow(t) for t in ("f16", "bf16")]
    cases += [case_fptoint(t) for t in ("f32", "f16", "bf16")]
    cases += [case_intdiv(w) for w in (8, 16, 32, 64)]
    cases.append(case_ragged_div())
    cases += [case_shifts(w) for w in (8, 16, 32, 64)]
    cases.append(case_fp8_ext())
    cases += [case_fp8_trunc(t) for t in ("f32", "f16", "bf16")]
    cases.append(case_arith_f32())
    cases += [case_math(fn) for fn in MATH]
    cases += [case_math(fn, "f16") for fn in ("exp", "sqrt", "log", "tanh")]
    cases += [case_math(fn, "bf16") for fn in ("exp", "sqrt")]
    cases += [case_math(fn, afn=True) for fn in ("exp", "exp2", "sqrt")]
    cases += [case_classify(t) for t in ("f32", "f16", "bf16")]
    return cases


def compile_packages(cases, mlir, tile_opt, pkg_dir, chip):
    """Each case's kernel as a package (a GPU machine without the compiler
    runs those)."""
    os.makedirs(pkg_dir, exist_ok=True)
    for c in cases:
        subprocess.run([tile_opt, mlir, f"--tile-compile=chip={chip}",
                        f"--kernel={c.name}",
                        "--emit=package", "-o", os.path.join(pkg_dir, c.name + ".tpkg")],
                       check=True)
    print(f"{len(cases)} packages in {pkg_dir}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("--tile-run", default="tile-run")
    p.add_argument("--target", default="cpu")
    p.add_argument("--only", default="")
    p.add_argument("--packages", default="",
                   help="run DIR/<case>.tpkg instead of compiling the kernels")
    p.add_argument("--compile-packages", default="", metavar="TILE_OPT",
                   help="only write the packages (into --packages) with TILE_OPT")
    p.add_argument("--chip", default="sm_90a", help="with --compile-packages")
    opts = p.parse_args()
    os.makedirs(opts.dir, exist_ok=True)
    cases = [c for c in all_cases() if re.search(opts.only, c.name)]
    mlir = os.path.join(opts.dir, "numerics.mlir")
    with open(mlir, "w") as f:
        f.write("// Generated by test/Numerics/conformance.py.\n\n")
        f.write("".join(c.mlir for c in cases))
    if opts.compile_packages:
        compile_packages(cases, mlir, opts.compile_packages, opts.packages, opts.chip)
        return 0
    failed = 0
    for c in cases:
        d = os.path.join(opts.dir, c.name)
        os.makedirs(d, exist_ok=True)
        source = [os.path.join(opts.packages, c.name + ".tpkg")] if opts.packages \
            else [mlir, "--kernel", c.name]
        cmd = [opts.tile_run] + source + ["--grid", "1", "--target", opts.target]
        for fname, a in c.inputs:
            np.save(os.path.join(d, fname), a)
            cmd += ["--arg", "npy:" + os.path.join(d, fname)]
        first_out = len(c.inputs)
        for i, (fname, spec) in enumerate(c.outputs):
            cmd += ["--arg", spec, "--out", f"{first_out + i}={os.path.join(d, fname)}"]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{c.name}: FAILED to run: {(run.stderr or run.stdout).strip()[:2000]}")
            failed += 1
            continue
        problems = []
        for fname, _ in c.outputs:
            for msg in c.check[fname](np.load(os.path.join(d, fname))):
                problems.append(f"{fname[:-4]} {msg}")
        if problems:
            failed += 1
            print(f"{c.name}: FAILED, {len(problems)} wrong: " + "; ".join(problems[:6]))
        else:
            print(f"{c.name}: ok")
    print(f"{len(cases) - failed} of {len(cases)} cases ok on {opts.target}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
