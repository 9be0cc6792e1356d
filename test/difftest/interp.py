#!/usr/bin/env python3
"""A reference interpreter of the tile dialect, written from docs/dialect.md
and docs/numerics.md, apart from the compiler: it shares no code with tile's
passes or lowerings, so where it and tile disagree one of them is wrong
(issue 35). It reads a kernel file through upstream `mlir-opt
--irdl-file=dialect/tile.irdl.mlir --mlir-print-op-generic` (so it parses
one regular syntax) and runs every program of a grid on NumPy arrays.

What it covers: the v1 tile ops (program_id, num_programs, range, splat,
broadcast, expand_dims, reshape, trans, load, load_masked, store,
store_masked, dot, reduce); gather, scatter, atomic_rmw and atomic_cas
(i32, i64, f16, bf16, f32; elements one after another in row-major
order, programs in grid order: one of the orders the spec allows), scan;
arith on integers and floats (f32, f64, f16; bf16 as f32 rounded to bf16
after each op), casts, bitcast, cmpi/cmpf, select; f8E4M3FN and f8E5M2
(codes in memory and tiles; extf, truncf with numerics.md's rounding and
saturation, dots); the math ops of docs/numerics.md; scf.for with
iter_args, scf.if, memref.dim and memref.load/store of scalars; randint
and rand (Philox-4x32-10); print (its lines in interp.PRINTED) and assert
(AssertFailed, which stops the run). What it does not cover (what the
spec leaves open: a program reading what another writes, scatters that
store different values at one address; ops outside the table) raises
Unsupported, which callers report as a skip, never a pass.

  interp.py KERNEL.mlir --kernel NAME --grid X[,Y[,Z]] --arg npy:PATH|INT|FLOAT ...
            [--out I=PATH.npy ...]
"""
import argparse
import functools
import math
import os
import re
import subprocess
import sys

import numpy as np


class Unsupported(Exception):
    """An op or type this interpreter does not implement yet."""


class AssertFailed(Exception):
    """A tile.assert with a false element: the program stops there, and
    so does the run (programs run in grid order, so this is the first
    failing program in that order, as on tile's CPU path)."""

    def __init__(self, pid, message):
        super().__init__("tile.assert failed in program (%d, %d, %d): %s"
                         % (tuple(pid) + (message,)))
        self.pid, self.message = tuple(pid), message


# What tile.print printed in the last run_kernel: one (text, value, elem)
# per line, text the whole line as docs/dialect.md writes it, value the
# element (a float, or an int) and elem its type, so a comparison may
# allow for rounding.
PRINTED = []
# Significant digits of a printed float (docs/dialect.md, tile.print).
PRINT_DIGITS = {"f64": 17, "f32": 9, "f16": 5, "bf16": 4, "f8E4M3FN": 3,
                "f8E5M2": 3}


def print_value(x, elem):
    """An element as tile.print writes it: floats with the digits that read
    back the same value (nan, inf, -0), integers as signed decimals, i1 as
    0 or 1, index as a 64-bit integer."""
    if is_f8(elem):
        x = f8_decode(x, elem)
    if elem in PRINT_DIGITS:
        v = float(x)
        if math.isnan(v):
            return "nan", v
        return "%.*g" % (PRINT_DIGITS[elem], v), v
    v = int(x)
    return str(v), v


def unquote(text):
    r"""An MLIR string attribute's text without its quotes and escapes
    (\\, \", and \XX in hex)."""
    body = text.strip()[1:-1]
    return re.sub(r'\\([0-9A-Fa-f]{2}|\\|")',
                  lambda m: chr(int(m.group(1), 16)) if len(m.group(1)) == 2
                  else m.group(1), body)


# The spec fixes what a sum adds, not in which order or at which
# intermediate precision: tile's dots and sums accumulate in f32 (f64 for
# f64), in an order of their lowering's, and a sum with cancellation can
# lose digits this interpreter (which sums in f64) keeps. ROUNDING = +1 or
# -1 shifts every float dot, reduce add and scan add by the worst that
# accumulating n terms can round, (n + 1) u sum|terms| (an fp8 dot by
# f8_sum_error), a float atomic add by two units, and a function by the
# ulps numerics.md allows it (math_error), up or down; a caller who sees
# tile disagree reruns the kernel so, all sites at once and each alone
# (compare.rounding_envelopes). 0 for the exact sums.
ROUNDING = 0
# With ROUNDING, None moves every rounding site; a site_key moves only
# that op's (compare.rounding_envelopes' runs site by site: moving every
# site one way lets their effects cancel, seed 308357).
ROUNDING_SITE = None
# The sites that moved in runs with ROUNDING_SITE None, in first-use order,
# each with the most elements one of its results had.
ROUNDING_SITES = {}
# None moves each element of a site's result the same way; a bit b moves
# those whose flat index has bit b set the other way. Two elements of one
# result differ in some bit, so over the bits every pair moves apart
# once: a difference of two of them (x - max(x) after a scan, seed
# 913160) can then lose what the spec lets each round, where moving them
# together cancels out (compare.rounding_envelopes' patterns).
ROUNDING_BIT = None
# A dict (compare.rounding_envelopes' first run) or None: for each memref a
# store, scatter, memref.store or atomic_rmw wrote an inexact value to
# whose scale the run carried (Program.carry_scale: an addf/subf result
# downstream of a rounding site, or a product, quotient, copy or pick of
# one), id(mem) -> (mem, scale), scale holding at each element written the
# magnitude at which that value may round. Moving a site to the ends of
# its range cannot bracket what a correctly rounded addf/subf downstream
# makes of a value between them: the result is a step function of the
# site's value, at the terms' scale, not monotonic once two such results
# are subtracted (seed 2003998: a row sum R, then x - R, its running
# minimum, and that minimum minus x - R, which cancels terms of 1,550 to
# 0.107 and moves by a unit of 1,550 for some R in the range and no R at
# its ends; seed 2147715: the same times -160, into an atomic add). A
# value may therefore round at that scale too (compare.differ).
STORE_SCALES = None


def site_key(op):
    """An op's name as a rounding site: its results name it in SSA form."""
    return (op.name, tuple(op.results))


def shift_sign(op, shape=()):
    """The sign op's rounding moves by: ROUNDING at the sites asked for,
    else 0; for a result of `shape`, under ROUNDING_BIT, an array of signs
    (ROUNDING_BIT's pattern)."""
    if not ROUNDING:
        return 0
    key = site_key(op)
    size = int(np.prod(shape))
    if ROUNDING_SITE is None:
        ROUNDING_SITES[key] = max(ROUNDING_SITES.get(key) or 0, size)
        return ROUNDING
    if key != ROUNDING_SITE:
        return 0
    if ROUNDING_BIT is None or not shape:
        return ROUNDING
    flat = np.arange(size) >> ROUNDING_BIT & 1
    return (ROUNDING * (1 - 2 * flat)).reshape(shape)


# The unit roundoff of each type a sum may accumulate in.
UNIT = {"f64": 2.0 ** -53, "f32": 2.0 ** -24, "f16": 2.0 ** -11,
        "bf16": 2.0 ** -8}


def keep_zero_signs(r, x, exact, kind, axis, scan):
    """A float sum or product whose value is zero keeps the sign IEEE 754
    gives the fold of its terms, which the rounding slack (an added +0)
    and NumPy's sum along an axis (it starts from +0) lose: a sum is -0
    only where every term is -0 (-0 + -0 = -0; a +0 term or a
    cancellation gives +0), a product's sign is its terms' (exact holds
    it). tile folds without an identity on both targets (difftest seed
    996535 told a row of -0 summed apart through an f8 bitcast)."""
    if kind == "add":
        neg = (x == 0) & np.signbit(x)
        neg = (np.logical_and.accumulate(neg, axis=axis) if scan
               else np.all(neg, axis=axis))
        return np.where(neg, -0.0, r)
    return np.where(exact == 0, exact, r)


def rounding_slack(magnitude, n, elem, sign):
    """The shift ROUNDING asks for, in the direction `sign` (shift_sign):
    magnitude is sum|terms|, n the count, elem the type the sum
    accumulates in (a dot's accumulator; f32 for the reductions and scans
    of 16-bit floats, docs/numerics.md)."""
    unit = UNIT.get(elem, 2.0 ** -24)
    return sign * (n + 1) * unit * magnitude


# The largest finite value of each type a sum may accumulate in.
FINITE_MAX = {"f32": float(np.finfo(np.float32).max),
              "f16": float(np.finfo(np.float16).max),
              "bf16": 3.3895313892515355e38}


def overflow_slack(s, positive, negative, elem, sign):
    """s with the overflow ROUNDING's direction allows: a sum in an order
    of its lowering's (a dot's, a reduction's) whose positive terms alone
    (`positive`, their sum) pass elem's largest value may reach +inf in
    some order, and whose negative terms alone (`negative`) -inf: where
    `sign` (shift_sign) moves up, +inf where the positive terms can get
    there; down, -inf where the negative ones can (seed 1647933: an f32
    dot whose exact sum is -3.148e38 ran to -inf in k order). Both
    orders are allowed (docs/dialect.md, tile.dot)."""
    big = FINITE_MAX.get(elem)
    if big is None or not ROUNDING:
        return s
    s = np.array(s, np.float64)
    sign = np.broadcast_to(np.asarray(sign), s.shape)
    s[(sign > 0) & (np.broadcast_to(positive, s.shape) > big)] = np.inf
    s[(sign < 0) & (np.broadcast_to(negative, s.shape) < -big)] = -np.inf
    return s


def f8_sum_error(k, precision):
    """How far an fp8 dot's sum may be from the exact one, relative to the
    sum of its terms' magnitudes (docs/dialect.md, tile.dot): Hopper's
    tensor cores add each k32 step's products and the sum so far in a
    13-bit-mantissa accumulator, truncating; tile starts a run of at most
    128 terms there from zero and adds it in f32, or, with precision =
    "fast", keeps the whole K (and the accumulator) in one run. One
    truncation a step, one for the run's end."""
    run = k if precision and "fast" in precision else min(k, 128)
    return (-(-run // 32) + 1) * 2.0 ** -13 + (k + 1) * 2.0 ** -24


# How far an inexact dot input may land from the interpreter's, relative
# to itself: one step of tf32 (f32 inputs truncated), f16 or bf16.
INPUT_STEP = {"f32": 2.0 ** -10, "f16": 2.0 ** -10, "bf16": 2.0 ** -7,
              "f8E4M3FN": 2.0 ** -3, "f8E5M2": 2.0 ** -2}


def wide_sum(elem):
    """What a reduction or scan of elem sums in: f64 for f64, else f32."""
    return "f64" if elem == "f64" else "f32"


# ---- parsing the generic form -------------------------------------------

def generic_text(path, src_root, mlir_opt):
    irdl = os.path.join(src_root, "dialect", "tile.irdl.mlir")
    r = subprocess.run([mlir_opt, "--irdl-file=" + irdl,
                        "--mlir-print-op-generic", path],
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("interp: mlir-opt failed on %s:\n%s" % (path, r.stderr))
    return r.stdout


CLOSE = {"(": ")", "[": "]", "{": "}", "<": ">"}


def balanced(s, i):
    """The index just past the bracket group opening at s[i]."""
    stack = [CLOSE[s[i]]]
    j = i + 1
    while stack:
        c = s[j]
        if c == '"':
            j = s.index('"', j + 1)
        elif c == ">" and s[j - 1] == "-":
            pass  # the arrow of a function type
        elif c in CLOSE:
            stack.append(CLOSE[c])
        elif c == stack[-1]:
            stack.pop()
        j += 1
    return j


class Op:
    def __init__(self, results, name, operands, props, regions, attrs, types,
                 operand_types):
        self.results, self.name, self.operands = results, name, operands
        self.props, self.regions, self.attrs = props, regions, attrs
        self.result_types, self.operand_types = types, operand_types

    def attr(self, key):
        for text in (self.props, self.attrs):
            m = re.search(r"(?:^|[{,\s])" + re.escape(key) + r"\s*=\s*", text)
            if m:
                return attr_value(text[m.end():])
        return None


class Block:
    def __init__(self, args, ops):
        self.args, self.ops = args, ops


def attr_value(s):
    """The text of one attribute value at the start of s."""
    depth, i = 0, 0
    while i < len(s):
        c = s[i]
        if c == '"':
            i = s.index('"', i + 1)
        elif c in "<([{":
            depth += 1
        elif c in ">)]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            break
        i += 1
    return s[:i].strip()


def parse_region(s, i):
    """Parses the region starting at s[i] == '{': a list of blocks."""
    end = balanced(s, i)
    body = s[i + 1:end - 1]
    blocks, pos = [], 0
    header = re.compile(r"\s*\^bb\d+(?:\((.*?)\))?:", re.S)
    while body[pos:].strip():
        args = []
        m = header.match(body, pos)
        if m:
            if m.group(1):
                args = [a.split(":")[0].strip() for a in m.group(1).split(",")
                        if a.strip()]
            pos = m.end()
        ops, pos = parse_ops(body, pos)
        blocks.append(Block(args, ops))
    return blocks, end


OP = re.compile(r'\s*(?:((?:%[\w#:]+(?:, )?)+) = )?"([\w.]+)"\(')


def parse_ops(s, i=0):
    """The ops of s from i up to the next block label or the end; returns
    them and where it stopped."""
    ops = []
    while True:
        m = OP.match(s, i)
        if not m:
            rest = s[i:]
            if not rest.strip() or rest.lstrip().startswith("^bb"):
                return ops, i
            raise Unsupported("cannot parse: " + rest.strip()[:80])
        results = []
        if m.group(1):
            for r in m.group(1).split(","):
                r = r.strip()
                if ":" in r:  # %0:2
                    base, n = r.split(":")
                    results += ["%s#%d" % (base, k) for k in range(int(n))]
                else:
                    results.append(r)
        j = m.end() - 1
        k = balanced(s, j)
        operands = [o.strip() for o in s[j + 1:k - 1].split(",") if o.strip()]
        j = k
        props = attrs = ""
        regions = []
        while True:
            while s[j] == " ":
                j += 1
            if s.startswith("<{", j):
                k = balanced(s, j)
                props = s[j + 2:k - 2]
                j = k
            elif s.startswith("(", j):
                k = balanced(s, j)
                inner = j + 1
                while inner < k - 1:
                    while s[inner] in " \n,":
                        inner += 1
                    if s[inner] != "{":
                        break
                    blocks, inner = parse_region(s, inner)
                    regions.append(blocks)
                j = k
            elif s[j] == "{":
                k = balanced(s, j)
                attrs = s[j + 1:k - 1]
                j = k
            else:
                break
        assert s[j] == ":", s[j:j + 40]
        nl = s.find("\n", j)
        sig = s[j + 1:nl if nl >= 0 else len(s)].strip()
        arrow = sig.rfind("->")
        res = sig[arrow + 2:].strip()
        if res.startswith("("):
            res = res[1:-1]
        ins = sig[:arrow].strip()
        ops.append(Op(results, m.group(2), operands, props, regions, attrs,
                      split_types(res), split_types(ins[1:-1])))
        i = nl if nl >= 0 else len(s)


def split_types(text):
    out, depth, cur = [], 0, ""
    for c in text:
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


# ---- types and element arithmetic ---------------------------------------

@functools.lru_cache(maxsize=None)  # a kernel names few types, each often
def elem_of(t):
    m = re.match(r"(?:tensor|memref)<(?:[\d?]+x)*(\w+)", t)
    return m.group(1) if m else t


@functools.lru_cache(maxsize=None)
def shape_of(t):
    m = re.match(r"tensor<((?:\d+x)*)\w+>", t)
    return tuple(int(d) for d in m.group(1).split("x") if d) if m else ()


NP = {"f64": np.float64, "f32": np.float32, "f16": np.float16,
      "bf16": np.float32, "i64": np.int64, "i32": np.int32, "i16": np.int16,
      "i8": np.int8, "i1": np.bool_, "index": np.int64,
      "f8E4M3FN": np.uint8, "f8E5M2": np.uint8}


def np_type(elem):
    if elem not in NP:
        raise Unsupported("element type " + elem)
    return NP[elem]


def round_bf16(x):
    """Values rounded to the nearest bf16, ties to even (NaN kept), once:
    f64 ones reach f32 rounded to odd first (to the f32 toward zero, its
    last bit set where that was inexact), which keeps the sticky bit that
    rounding them to nearest f32 would lose (1 + 2^-8 + 2^-30 is above
    bf16's tie between 1 and 1 + 2^-7; its nearest f32 is the tie)."""
    if np.asarray(x).dtype == np.float64:
        x = f32_round_to_odd(np.asarray(x))
    x = np.asarray(x, np.float32)
    flat = x.reshape(-1)  # a 0-d array's uint64 would mix with Python ints
    b = flat.view(np.uint32).astype(np.uint64)  # into float64: one dim
    u = np.uint64
    r = ((b + u(0x7FFF) + ((b >> u(16)) & u(1))) & u(0xFFFF0000)).astype(
        np.uint32)
    out = np.where(np.isnan(flat), flat, r.view(np.float32))
    return out.reshape(x.shape)


def f32_round_to_odd(x):
    """f64 values in f32, rounded to odd (NaN and infinities as they are)."""
    with np.errstate(over="ignore", invalid="ignore"):
        f = x.astype(np.float32)
        toward_zero = np.where(np.isfinite(x) & (np.abs(f.astype(np.float64))
                                                  > np.abs(x)),
                               np.nextafter(f, np.float32(0)), f)
    bits = toward_zero.reshape(-1).view(np.uint32).copy()
    inexact = (toward_zero.astype(np.float64) != x).reshape(-1) & \
        np.isfinite(x).reshape(-1)
    bits[inexact] |= np.uint32(1)
    return bits.view(np.float32).reshape(x.shape)


def fit(x, elem):
    """x as a value of `elem` (rounded to it)."""
    if elem == "bf16":
        return round_bf16(np.asarray(x))  # f64 rounds once (round_bf16)
    if elem == "i1":
        return np.asarray(x).astype(np.bool_)
    if is_f8(elem):
        return f8_encode(x, elem)
    with np.errstate(over="ignore", invalid="ignore"):  # to inf, as IEEE
        return np.asarray(x).astype(np_type(elem))


def compute_type(elem):
    """f16 and bf16 math runs in f32 and is rounded once (docs/numerics.md)."""
    return np.float32 if elem in ("f16", "bf16") else np_type(elem)


def float_max(a, b, num=False):
    """maximumf (num: maxnumf, where a NaN loses) with -0 below +0, as
    docs/numerics.md orders them; NumPy's maximum returns either zero."""
    a, b = np.asarray(a), np.asarray(b)
    with np.errstate(all="ignore"):
        r = np.fmax(a, b) if num else np.maximum(a, b)
    return np.where(a == b, np.where(np.signbit(a), b, a), r)


def float_min(a, b, num=False):
    """minimumf (num: minnumf) with -0 below +0."""
    a, b = np.asarray(a), np.asarray(b)
    with np.errstate(all="ignore"):
        r = np.fmin(a, b) if num else np.minimum(a, b)
    return np.where(a == b, np.where(np.signbit(a), a, b), r)


# The float max/min combiners of reductions and scans, by kind.
FLOAT_MINMAX = {"max": float_max, "min": float_min,
                "maxnum": lambda a, b: float_max(a, b, True),
                "minnum": lambda a, b: float_min(a, b, True)}


def fold(f, x, axis, scan):
    """f folded along axis from the first element: the last result
    (scan=False) or every partial one (scan=True)."""
    x = np.moveaxis(np.asarray(x), axis, 0)
    acc, out = x[0], [x[0]]
    for i in range(1, x.shape[0]):
        acc = f(acc, x[i])
        out.append(acc)
    if not scan:
        return acc
    return np.moveaxis(np.stack(out).astype(x.dtype), 0, axis)


def tf32(x):
    """The low 13 mantissa bits dropped, toward zero; NaN stays NaN."""
    x = np.asarray(x, np.float32)
    t = (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
    return np.where(np.isnan(x), x, t)


# ---- f8 -------------------------------------------------------------------
# f8 values are kept as their codes (uint8), in memory and in tiles: the
# spec allows no arithmetic on them but extf, truncf, bitcast and select
# (docs/dialect.md), so only those, dots and constants ever look inside.
# Each format is a table of its 256 codes' values, built from the fields
# (docs/tile-run.md, "bf16 and f8"), not by bit tricks on wider floats.

def is_f8(elem):
    return elem in ("f8E4M3FN", "f8E5M2")


def _f8_table(mbits, ebits, bias, fn):
    """The value of every code of a sign, ebits, mbits format: fn (the FN
    formats: no infinities, only all-ones is NaN) or IEEE-like."""
    vals = np.zeros(256, np.float64)
    top = (1 << ebits) - 1
    for code in range(256):
        sign = -1.0 if code >> 7 else 1.0  # NaNs too (copysign below)
        e = (code >> mbits) & top
        m = code & ((1 << mbits) - 1)
        if fn and e == top and m == (1 << mbits) - 1:
            v = math.nan
        elif not fn and e == top:
            v = math.inf if m == 0 else math.nan
        elif e == 0:  # subnormal: m 2^(1 - bias - mbits)
            v = m * 2.0 ** (1 - bias - mbits)
        else:
            v = (1 + m / 2.0 ** mbits) * 2.0 ** (e - bias)
        vals[code] = math.copysign(v, sign)
    return vals


F8 = {"f8E4M3FN": _f8_table(3, 4, 7, True),   # max 448 (0x7E), NaN 0x7F
      "f8E5M2": _f8_table(2, 5, 15, False)}   # max 57344 (0x7B), inf 0x7C
F8_MAX_CODE = {"f8E4M3FN": 0x7E, "f8E5M2": 0x7B}
# tile-run's and compare.py's spellings of the formats.
F8_NAMES = {"f8e4m3": "f8E4M3FN", "f8e5m2": "f8E5M2"}


def f8_decode(codes, elem):
    """f8 codes as float64 values (exact)."""
    return F8[elem][np.asarray(codes, np.uint8)]


def f8_encode(x, elem):
    """Values (float64 holds every f16, bf16, f32 and f64 exactly) rounded
    to f8 codes as docs/numerics.md ("Casts") says truncf does: to nearest,
    ties to even (the even code: its mantissa's last bit is 0); finite
    values beyond the largest and infinities saturate to +-448 / +-57344;
    NaN stays NaN (0x7F with the input's sign, as the CPU gives; the sign
    of a NaN is not fixed). Zero and values that round to it keep their
    sign."""
    x = np.asarray(x, np.float64)
    top = F8_MAX_CODE[elem]
    pos = F8[elem][:top + 1]  # codes 0..max: increasing values
    a = np.abs(x)
    with np.errstate(invalid="ignore"):
        big = a >= pos[-1]
        a_in = np.where(big | np.isnan(a), 0.0, a)
    lo = np.searchsorted(pos, a_in, side="right") - 1  # pos[lo] <= a
    hi = np.minimum(lo + 1, top)
    # Both differences are exact (Sterbenz: neighbours within a factor 2).
    below, above = a_in - pos[lo], pos[hi] - a_in
    code = np.where(below < above, lo,
                    np.where(below > above, hi,
                             np.where(lo % 2 == 0, lo, hi)))
    code = np.where(big, top, code)
    code = np.where(np.isnan(a), 0x7F, code)
    sign = np.signbit(x).astype(np.int64) << 7
    return (code | sign).astype(np.uint8)


def constant(text, rtype):
    """The value of an arith.constant's `value` attribute."""
    elem = elem_of(rtype)
    m = re.match(r"dense<(.*)>\s*:\s*(tensor<.*>)$", text, re.S)
    if m:
        inner = m.group(1).strip()
        shape = shape_of(m.group(2))
        if inner.startswith("["):
            items = [x.strip() for x in inner.replace("[", " ").replace(
                "]", " ").split(",") if x.strip()]
            vals = [scalar_literal(x, elem) for x in items]
            return np.array(vals, dtype=compute_np(elem)).reshape(shape)
        return np.full(shape, scalar_literal(inner, elem), dtype=compute_np(elem))
    lit = text.rsplit(":", 1)[0].strip()
    return scalar_literal(lit, elem)


def compute_np(elem):
    return np.float32 if elem == "bf16" else np_type(elem)


def scalar_literal(lit, elem):
    if lit in ("true", "false"):
        return lit == "true"
    if lit.startswith("0x") and elem.startswith(("f", "bf")):
        bits = int(lit, 16)
        if elem == "f32":
            return np.array([bits], np.uint32).view(np.float32)[0]
        if elem == "f16":
            return np.array([bits], np.uint16).view(np.float16)[0]
        if elem == "bf16":
            return np.array([bits << 16], np.uint32).view(np.float32)[0]
        if elem == "f64":
            return np.array([bits], np.uint64).view(np.float64)[0]
        if is_f8(elem):
            return np.uint8(bits)
        raise Unsupported("hex literal of " + elem)
    v = float(lit) if re.search(r"[.eEn]", lit) else int(lit, 0)
    if is_f8(elem) or elem == "bf16":
        # MLIR prints a decimal that reads back as the type's value: the
        # nearest one (bf16 as its f32 value, f8 as its code).
        return fit(np.float64(v), elem)[()]
    return np.array(v).astype(compute_np(elem))[()]


# ---- the interpreter ------------------------------------------------------

CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
        "ugt", "uge", "ult", "ule", "une", "uno", "true"]


def unsigned(x):
    x = np.asarray(x)
    return x.astype({1: np.uint8, 2: np.uint16, 4: np.uint32,
                     8: np.uint64}[x.dtype.itemsize]) if x.dtype != np.bool_ else x


# Ops that move or pick float values without rounding them, and the
# casts between float types (exact, or rounded the one way numerics.md
# fixes): their result is inexact (under ROUNDING) only where an operand
# is.
EXACT_OPS = {"tile.load", "tile.load_masked", "tile.splat", "tile.broadcast",
             "tile.expand_dims", "tile.reshape", "tile.trans", "tile.gather",
             "arith.constant", "arith.select", "arith.negf", "arith.absf",
             "arith.maximumf", "arith.minimumf", "arith.maxnumf",
             "arith.minnumf", "memref.load", "arith.extf", "arith.truncf",
             "arith.bitcast"}
FLOAT_TYPES = ("f64", "f32", "f16", "bf16", "f8E4M3FN", "f8E5M2")
# Each float type's stored mantissa bits and smallest normal magnitude
# (Program.carry_scale: a scale moves between types by the difference in
# bits; a rounding step is never finer than the smallest normal's).
MANTISSA_BITS = {"f64": 52, "f32": 23, "f16": 10, "bf16": 7, "f8E4M3FN": 3,
                 "f8E5M2": 2}
SMALLEST_NORMAL = {"f64": 2.0 ** -1022, "f32": 2.0 ** -126,
                   "f16": 2.0 ** -14, "bf16": 2.0 ** -126,
                   "f8E4M3FN": 2.0 ** -6, "f8E5M2": 2.0 ** -14}


class Accesses:
    """Which program stored to, and which read, each element of each memref
    during one launch, so a kernel whose answer depends on the order of
    its programs is refused rather than given one order's answer
    (docs/dialect.md orders a program's own loads and stores; what another
    program writes is unordered): a load of an element another program
    stored, or a store of a new value where another program stored or
    read. The generator makes no such kernel; a reduction of one (cutting
    the grid or the offsets, as reduce.py does) can. Atomics are left
    out: their order does not matter for the kinds compared."""
    SEVERAL = -2

    def __init__(self):
        self.arrays = {}  # id(mem) -> (mem, writer, reader)

    def _of(self, mem):
        entry = self.arrays.get(id(mem))
        if entry is None:
            entry = (mem, np.full(mem.shape, -1, np.int64),
                     np.full(mem.shape, -1, np.int64))
            self.arrays[id(mem)] = entry
        return entry

    def read(self, mem, idx, pid):
        _, writer, reader = self._of(mem)
        w = writer[idx]
        if np.any((w >= 0) & (w != pid)):
            raise Unsupported("a program loads what another program "
                              "stores (unordered)")
        r = reader[idx]
        reader[idx] = np.where((r != -1) & (r != pid), self.SEVERAL, pid)

    def write(self, mem, idx, new, pid):
        """new: the values as mem holds them (bits for bf16)."""
        _, writer, reader = self._of(mem)
        old = np.asarray(mem[idx])
        new = np.asarray(new, mem.dtype)
        width = "u%d" % old.dtype.itemsize
        changed = old.view(width) != new.view(width)
        w, r = writer[idx], reader[idx]
        other = ((w >= 0) & (w != pid)) | ((r != -1) & (r != pid))
        if np.any(changed & other):
            raise Unsupported("programs store to an element another "
                              "program stores or loads (unordered)")
        writer[idx] = pid


# The launch run_kernel is running (None outside one: a program run alone).
ACCESSES = None


class Program:
    def __init__(self, func, pid, grid, memrefs):
        self.func, self.pid, self.grid = func, pid, grid
        self.linear = pid[0] + grid[0] * (pid[1] + grid[1] * pid[2])
        self.env = {}
        # Under ROUNDING: the values an order of summation (or a rounding
        # tile may do differently, such as a contracted multiply-add) can
        # change in their last bits; a tf32 dot of such an input can
        # truncate it to the next tf32 value (op_tile_dot).
        self.inexact = set()
        # Under ROUNDING: for each addf/subf result, the sum of its terms'
        # magnitudes (|a| + |b|, through nested sums): tile-fold-exp may
        # compute exp(a - b) as exp2(a log2 e - b log2 e), whose exponent
        # rounds at the terms' size, not the difference's (numerics.md).
        self.terms = {}
        # Under STORE_SCALES: for each float value downstream of an
        # addf/subf, the scale at which it may round (a sum's terms'
        # magnitude, carried through products, quotients and the ops that
        # move or pick values: Program.carry_scale).
        self.scales = {}

    def run(self, args):
        block = self.func.regions[0][0]
        for name, value in zip(block.args, args):
            self.env[name] = value
        self.block(block)

    def block(self, block, args=()):
        for name, value in zip(block.args, args):
            self.env[name] = value
            # A loop's carried float values: inexact after a turn (not
            # its induction variable, which would make its loads so).
            if ROUNDING and np.asarray(value).dtype.kind == "f":
                self.inexact.add(name)
        for op in block.ops:
            out = self.op(op)
            if op.name in ("scf.yield", "func.return"):
                return out
            if out is None:
                continue
            if not isinstance(out, tuple):
                out = (out,)
            for name, value in zip(op.results, out):
                self.env[name] = value
            if ROUNDING and op.name in ("arith.addf", "arith.subf"):
                self.terms[op.results[0]] = sum(
                    self.terms.get(o, np.abs(np.asarray(self.val(o),
                                                        np.float64)))
                    for o in op.operands)
            if STORE_SCALES is not None:
                self.carry_scale(op)
            if ROUNDING and (op.name not in EXACT_OPS or
                             any(o in self.inexact for o in op.operands)):
                # Only float values round; an index or integer is exact.
                self.inexact.update(
                    r for r, t in zip(op.results, op.result_types)
                    if elem_of(t) in FLOAT_TYPES)
        return ()

    def val(self, name):
        return self.env[name]

    def scale_of(self, name):
        """A value's scale: its entry in self.scales, else its own
        magnitude."""
        if name in self.scales:
            return self.scales[name]
        return np.abs(np.asarray(self.val(name), np.float64))

    def carry_scale(self, op):
        """self.scales for op's result: an addf/subf's terms; a product's
        or quotient's, the first-order sum of each operand's scale times
        the other's effect (seed 2147715: the difference of two terms of
        4,080 cancelling to -2.4, times -160, was a unit of 4,080 times
        160 from the interpreter's); what negf, absf, extf, select,
        maximumf/minimumf and the shape ops give, their operands'. A
        scale is in units of its value's type (compare.differ widens by
        EPSILON[type] * scale): extf carries it into the wider type's
        units. A truncf of a value that may move (one with a scale) may
        also round to the narrower type's other neighbour, where the move
        crosses a midpoint (seed 3219590: a product 21.00003 or 20.99983
        as a 4,096-term sum's order went, rounded to e4m3 22 or 20, then
        subtracted from itself): its scale is its own magnitude (a step
        of the narrower type, at least its smallest normal's) plus the
        operand's in the narrower type's units. A truncf of a value that
        cannot move has none: it rounds at its own step."""
        name, ops = op.name, op.operands
        if name in ("arith.addf", "arith.subf"):
            scale = sum(self.scale_of(o) for o in ops)
        elif not any(o in self.scales for o in ops):
            return
        elif name in ("arith.extf", "arith.truncf"):
            wide, narrow = elem_of(op.operand_types[0]), elem_of(
                op.result_types[0])
            if name == "arith.extf":
                wide, narrow = narrow, wide
            shift = 2.0 ** (MANTISSA_BITS.get(wide, 0) -
                            MANTISSA_BITS.get(narrow, 0))
            if name == "arith.extf":
                scale = self.scale_of(ops[0]) * shift
            else:
                r = self.val(op.results[0])
                r = f8_decode(r, narrow) if is_f8(narrow) else r
                own = np.maximum(np.abs(np.asarray(r, np.float64)),
                                 SMALLEST_NORMAL.get(narrow, 0.0))
                scale = own + self.scale_of(ops[0]) / shift
        elif name in ("arith.mulf", "arith.divf"):
            a, b = (np.abs(np.asarray(self.val(o), np.float64)) for o in ops)
            sa, sb = (self.scale_of(o) for o in ops)
            with np.errstate(all="ignore"):
                scale = sa * b + a * sb if name == "arith.mulf" \
                    else sa / b + a * sb / (b * b)
        elif name in ("arith.negf", "math.absf"):
            scale = self.scale_of(ops[0])
        elif name == "arith.select":
            scale = np.where(self.val(ops[0]), self.scale_of(ops[1]),
                             self.scale_of(ops[2]))
        elif name in ("arith.maximumf", "arith.minimumf", "arith.maxnumf",
                      "arith.minnumf"):
            scale = np.maximum(self.scale_of(ops[0]), self.scale_of(ops[1]))
        elif name in ("tile.broadcast", "tile.expand_dims", "tile.reshape",
                      "tile.trans"):
            scale = getattr(self, "op_" + name.replace(".", "_"))(
                op, [self.scale_of(ops[0])], op.result_types[0], "f64")
        else:
            return
        # An infinite or NaN scale would let any value pass.
        scale = np.asarray(scale, np.float64)
        self.scales[op.results[0]] = np.where(np.isfinite(scale), scale, 0)

    def op(self, op):
        name = op.name
        v = [self.val(o) for o in op.operands]
        rtype = op.result_types[0] if op.result_types else ""
        elem = elem_of(rtype) if rtype else ""
        fn = getattr(self, "op_" + name.replace(".", "_"), None)
        if fn:
            return fn(op, v, rtype, elem)
        dialect, short = name.split(".", 1)
        if dialect == "arith":
            return self.arith(short, op, v, rtype, elem)
        if dialect == "math":
            return self.math(short, op, v, elem)
        raise Unsupported(name)

    # tile ops
    def op_tile_program_id(self, op, v, rt, e):
        return np.int64(self.pid[int(op.attr("axis").split(":")[0])])

    def op_tile_num_programs(self, op, v, rt, e):
        return np.int64(self.grid[int(op.attr("axis").split(":")[0])])

    def op_tile_range(self, op, v, rt, e):
        s = int(op.attr("start").split(":")[0])
        t = int(op.attr("end").split(":")[0])
        return np.arange(s, t, dtype=np.int32)

    def op_tile_splat(self, op, v, rt, e):
        return np.full(shape_of(rt), v[0], dtype=compute_np(e))

    def op_tile_broadcast(self, op, v, rt, e):
        return np.broadcast_to(v[0], shape_of(rt)).copy()

    def op_tile_expand_dims(self, op, v, rt, e):
        return np.expand_dims(v[0], int(op.attr("axis").split(":")[0]))

    def op_tile_reshape(self, op, v, rt, e):
        return np.reshape(v[0], shape_of(rt))  # row-major, as the spec says

    def op_tile_trans(self, op, v, rt, e):
        perm = op.attr("permutation")
        axes = [int(x) for x in re.findall(r"\d+", perm.split(":", 1)[1])]
        return np.transpose(v[0], axes).copy()

    def _read(self, mem, idx):
        if ACCESSES is not None:
            ACCESSES.read(mem, idx, self.linear)

    def _write(self, mem, idx, new):
        if ACCESSES is not None:
            ACCESSES.write(mem, idx, new, self.linear)

    def _box(self, mem, offsets, shape, mask=None):
        """Indices of the box and which are in bounds (and unmasked)."""
        grids = np.meshgrid(*[np.arange(n) + int(o) for n, o in
                              zip(shape, offsets)], indexing="ij")
        inside = np.ones(shape, np.bool_)
        for d, g in enumerate(grids):
            inside &= (g >= 0) & (g < mem.shape[d])
        if mask is not None:
            inside &= np.asarray(mask, np.bool_)
        return grids, inside

    def _load(self, op, mem, mask, offsets, rt, e):
        shape = shape_of(rt)
        grids, inside = self._box(mem, offsets, shape, mask)
        idx = tuple(g[inside] for g in grids)
        self._read(mem, idx)
        if e == "bf16" and mem.dtype == np.uint16:  # bf16 bits
            mem = (mem.astype(np.uint32) << 16).view(np.float32)
        pad = op.attr("padding")
        fill = scalar_literal(pad.rsplit(":", 1)[0].strip(), e) if pad else 0
        out = np.full(shape, fill, dtype=mem.dtype)
        out[inside] = mem[idx]
        return out.astype(compute_np(e))

    def op_tile_load(self, op, v, rt, e):
        return self._load(op, v[0], None, v[1:], rt, e)

    def op_tile_load_masked(self, op, v, rt, e):
        return self._load(op, v[0], v[1], v[2:], rt, e)

    def _store(self, value, mem, mask, offsets, name=None):
        value = np.asarray(value)
        grids, inside = self._box(mem, offsets, value.shape, mask)
        idx = tuple(g[inside] for g in grids)
        new = value[inside].astype(mem.dtype) if mem.dtype != np.uint16 \
            else bf16_bits(value[inside])
        self._write(mem, idx, new)
        mem[idx] = new
        self._note_scale(mem, idx, name, value.shape, inside)

    def _note_scale(self, mem, at, name, shape, inside):
        """Under STORE_SCALES, notes the terms' scale of the inexact sum
        `name` (of `shape`; its elements where `inside`, in order) written
        to mem at the index arrays `at` (an address may repeat: a scatter's
        or an atomic's)."""
        if STORE_SCALES is None or name not in self.inexact or \
                name not in self.scales:
            return
        _, scale = STORE_SCALES.setdefault(
            id(mem), (mem, np.zeros(mem.shape)))
        terms = np.broadcast_to(self.scales[name], shape)[inside]
        np.maximum.at(scale, at, terms)

    def op_tile_store(self, op, v, rt, e):
        self._store(v[0], v[1], None, v[2:], op.operands[0])

    def op_tile_store_masked(self, op, v, rt, e):
        # value, mem, mask, offsets
        self._store(v[0], v[1], v[2], v[3:], op.operands[0])

    def op_tile_dot(self, op, v, rt, e):
        a, b, acc = v
        ein = elem_of(op_type_of(op, 0))
        prec = op.attr("precision")
        if ein == "f32":
            # DIFFTEST_PLANT=no-tf32: a planted bug, so a test can see that
            # compare.py notices one (test/difftest/difftest.test).
            if (not prec or "tf32" in prec) and \
                    os.environ.get("DIFFTEST_PLANT") != "no-tf32":
                a, b = tf32(a), tf32(b)
        if ein in ("i8",):
            s = a.astype(np.int64) @ b.astype(np.int64)
            return (acc.astype(np.int64) + s).astype(np.int32)
        ein_b = elem_of(op_type_of(op, 1))
        if is_f8(ein):  # e4m3 and e5m2 may mix: each decoded exactly
            a, b = f8_decode(a, ein), f8_decode(b, ein_b)
        a, b = a.astype(np.float64), b.astype(np.float64)
        acc = acc.astype(np.float64)
        s = acc + a @ b
        if ROUNDING:
            mag = np.abs(a) @ np.abs(b)
            if is_f8(ein):
                s = s + shift_sign(op, s.shape) * \
                    f8_sum_error(a.shape[-1], prec) * (mag + np.abs(acc))
            else:
                s = s + rounding_slack(mag + np.abs(acc), a.shape[-1], e,
                                       shift_sign(op, s.shape))
            # An inexact tf32 input may truncate one tf32 step (2^-10 of
            # itself) away from where the interpreter's did, and an
            # inexact f16, bf16 or f8 one (a sum rounded to it, say) round
            # one step of its type away: the products move by that much of
            # their magnitude, whatever the other operand's signs.
            steps = 0.0
            for o, t in zip(op.operands[:2], (ein, ein_b)):
                step = INPUT_STEP.get(t, 0.0)
                if t == "f32" and prec and "ieee" in prec:
                    step = 0.0
                if o in self.inexact:
                    steps += step
            s = s + shift_sign(op, s.shape) * steps * mag
            pa, na = np.maximum(a, 0), np.minimum(a, 0)
            pb, nb = np.maximum(b, 0), np.minimum(b, 0)
            with np.errstate(all="ignore"):  # inf * 0 in padding
                pos = pa @ pb + na @ nb + np.maximum(acc, 0)
                neg = pa @ nb + na @ pb + np.minimum(acc, 0)
            s = overflow_slack(s, pos, neg, e, shift_sign(op, s.shape))
        return fit(s, e)

    def op_tile_reduce(self, op, v, rt, e):
        x = v[0]
        axis = int(op.attr("axis").split(":")[0])
        kind = op.attr("kind").strip('"')
        f = {"add": np.sum, "mul": np.prod, "max": np.max, "min": np.min,
             "maxnum": np.nanmax, "minnum": np.nanmin,
             "and": np.bitwise_and.reduce, "or": np.bitwise_or.reduce,
             "xor": np.bitwise_xor.reduce}[kind]
        if kind in ("add", "mul") and x.dtype.kind == "f":
            r = exact = f(x.astype(np.float64), axis=axis)
            if kind == "add" and ROUNDING:
                x64 = x.astype(np.float64)
                r = r + rounding_slack(np.sum(np.abs(x64), axis=axis),
                                       x.shape[axis], wide_sum(e),
                                       shift_sign(op, np.shape(r)))
                with np.errstate(all="ignore"):
                    pos = np.sum(np.maximum(x64, 0), axis=axis)
                    neg = np.sum(np.minimum(x64, 0), axis=axis)
                r = overflow_slack(r, pos, neg, wide_sum(e),
                                   shift_sign(op, np.shape(r)))
            elif ROUNDING:  # a product in any order: n roundings of it
                r = r + rounding_slack(np.abs(r), x.shape[axis], wide_sum(e),
                                       shift_sign(op, np.shape(r)))
            r = keep_zero_signs(r, x, exact, kind, axis, scan=False)
        elif kind in ("maxnum", "minnum") and x.dtype.kind != "f":
            r = {"maxnum": np.max, "minnum": np.min}[kind](x, axis=axis)
        elif kind in FLOAT_MINMAX and x.dtype.kind == "f":
            r = fold(FLOAT_MINMAX[kind], x, axis, scan=False)
        else:
            r = f(x, axis=axis)
        if kind in ("add", "mul") and x.dtype.kind in "iu":
            r = np.asarray(r).astype(x.dtype)
        r = fit(r, e)
        return r[()] if np.ndim(r) == 0 else r

    # v2: indirect memory, atomics, scans
    def _indices(self, mem, idx):
        """Index tuples of an indirect access and which are in bounds."""
        idx = [np.asarray(i).astype(np.int64) for i in idx]
        inside = np.ones(idx[0].shape, np.bool_)
        for d, i in enumerate(idx):
            inside &= (i >= 0) & (i < mem.shape[d])
        return idx, inside

    def op_tile_gather(self, op, v, rt, e):
        mem = v[0]
        if e == "bf16" and mem.dtype == np.uint16:
            mem = (mem.astype(np.uint32) << 16).view(np.float32)
        idx, inside = self._indices(mem, v[1:])
        self._read(v[0], tuple(i[inside] for i in idx))
        pad = op.attr("padding")
        fill = scalar_literal(pad.rsplit(":", 1)[0].strip(), e) if pad else 0
        out = np.full(idx[0].shape, fill, dtype=mem.dtype)
        out[inside] = mem[tuple(i[inside] for i in idx)]
        return out.astype(compute_np(e))

    def op_tile_scatter(self, op, v, rt, e):
        value, mem = np.asarray(v[0]), v[1]
        idx, inside = self._indices(mem, v[2:])
        data = value[inside]
        at = tuple(i[inside] for i in idx)
        # Where two elements of different values name one address, which
        # lands is unspecified (docs/dialect.md): no answer to compare
        # with (the generator makes none; a reduction of a kernel, such as
        # reduce.py's, must not keep one).
        flat = np.ravel_multi_index(at, mem.shape) if data.size else data
        order = np.argsort(flat, kind="stable")
        same = flat[order][1:] == flat[order][:-1]
        bits = data[order].view(np.uint8).reshape(data.size, -1) \
            if data.size else data
        if np.any(same & np.any(bits[1:] != bits[:-1], axis=-1)):
            raise Unsupported("a scatter stores different values at one "
                              "address (which lands is unspecified)")
        new = (bf16_bits(data) if mem.dtype == np.uint16
               else data.astype(mem.dtype))
        self._write(mem, at, new)
        mem[at] = new
        self._note_scale(mem, at, op.operands[0], value.shape, inside)

    def op_tile_atomic_rmw(self, op, v, rt, e):
        value, mem = np.asarray(v[0]), v[1]
        kind = op.attr("kind").strip('"')
        idx, inside = self._indices(mem, v[2:])
        flat = [np.ravel(i) for i in idx]
        vals, ins = np.ravel(value), np.ravel(inside)
        olds = np.zeros(vals.size, dtype=compute_np(e))
        floats = e in ("f32", "f16", "bf16")
        for k in range(vals.size):  # one element after another: an order
            if not ins[k]:
                continue
            at = tuple(int(f[k]) for f in flat)
            cur, x = mem_read(mem, at, e), vals[k]
            olds[k] = cur
            if floats:
                new = self.float_atomic(kind, cur, x, e, shift_sign(op))
            elif kind == "add":
                with np.errstate(all="ignore"):  # integers wrap
                    new = cur + x
            elif kind in ("max", "min"):
                new = max(cur, x) if kind == "max" else min(cur, x)
            elif kind in ("umax", "umin"):
                uc, ux = unsigned(np.array(cur)), unsigned(np.array(x))
                new = np.array(max(uc, ux) if kind == "umax" else min(uc, ux)
                               ).astype(mem.dtype)
            elif kind == "and":
                new = cur & x
            elif kind == "or":
                new = cur | x
            elif kind == "xor":
                new = cur ^ x
            elif kind == "xchg":
                new = x
            else:
                raise Unsupported("atomic kind " + kind)
            mem_write(mem, at, new, e)
        # What lands is a function of the value (a sum or the value
        # itself): it may round at the value's terms' scale too.
        self._note_scale(mem, tuple(f[ins] for f in flat), op.operands[0],
                         value.shape, inside)
        return olds.reshape(value.shape)

    @staticmethod
    def float_atomic(kind, cur, x, e, sign=0):
        """What a float atomic leaves in memory that held cur, given x:
        the sum rounded once to e (as every f16/bf16 op is; the float64 sum
        of two values of e rounds to e as their exact sum does), maxnum or
        minnum with -0 < +0 where a NaN x leaves memory as it is, or x."""
        if kind == "add":
            a, b = np.float64(cur), np.float64(x)
            with np.errstate(all="ignore"):
                new = a + b
            if ROUNDING:
                # Adds to one address land in any order: each may round
                # where the interpreter's order did not (2 units of e).
                new = new + sign * 2 * UNIT[e] * (abs(a) + abs(b))
            return fit(new, e)
        if kind in ("max", "min"):  # maxnum/minnum: a NaN x changes nothing
            return FLOAT_MINMAX[kind + "num"](cur, x)[()]
        if kind == "xchg":
            return x
        raise Unsupported("atomic kind %s on %s" % (kind, e))

    def op_tile_atomic_cas(self, op, v, rt, e):
        cmp, value, mem = np.asarray(v[0]), np.asarray(v[1]), v[2]
        idx, inside = self._indices(mem, v[3:])
        flat = [np.ravel(i) for i in idx]
        olds = np.zeros(value.size, dtype=compute_np(e))
        for k in range(value.size):
            if not np.ravel(inside)[k]:
                continue
            at = tuple(int(f[k]) for f in flat)
            cur = mem_read(mem, at, e)
            olds[k] = cur
            # Floats compare as bit patterns: -0 is not +0, a NaN equals
            # the same NaN.
            if to_bits(cur, e) == to_bits(np.ravel(cmp)[k], e):
                mem_write(mem, at, np.ravel(value)[k], e)
        return olds.reshape(value.shape)

    def op_tile_scan(self, op, v, rt, e):
        x = np.asarray(v[0])
        axis = int(op.attr("axis").split(":")[0])
        kind = op.attr("kind").strip('"')
        reverse = "reverse" in op.attrs or "reverse" in op.props
        # DIFFTEST_PLANT=no-reverse: a planted bug (reverse scans run
        # forward), so a test sees the v2 campaign notice one.
        if os.environ.get("DIFFTEST_PLANT") == "no-reverse":
            reverse = False
        if reverse:
            x = np.flip(x, axis)
        if kind in ("add", "mul") and x.dtype.kind == "f":
            f = np.cumsum if kind == "add" else np.cumprod
            r = exact = f(x.astype(np.float64), axis=axis)
            if kind == "add" and ROUNDING:
                r = r + rounding_slack(np.cumsum(np.abs(x.astype(np.float64)),
                                                 axis=axis), x.shape[axis],
                                       wide_sum(e),
                                       shift_sign(op, np.shape(r)))
            elif ROUNDING:  # each prefix product in any order
                r = r + rounding_slack(np.abs(r), x.shape[axis], wide_sum(e),
                                       shift_sign(op, np.shape(r)))
            r = keep_zero_signs(r, x, exact, kind, axis, scan=True)
        else:
            ufunc = {"add": np.add, "mul": np.multiply, "max": np.maximum,
                     "min": np.minimum, "maxnum": np.fmax, "minnum": np.fmin,
                     "and": np.bitwise_and, "or": np.bitwise_or,
                     "xor": np.bitwise_xor}[kind]
            if kind in ("maxnum", "minnum") and x.dtype.kind != "f":
                ufunc = np.maximum if kind == "maxnum" else np.minimum
            if kind in FLOAT_MINMAX and x.dtype.kind == "f":
                r = fold(FLOAT_MINMAX[kind], x, axis, scan=True)
            else:
                with np.errstate(all="ignore"):
                    r = ufunc.accumulate(x, axis=axis)
        if reverse:
            r = np.flip(r, axis)
        return fit(r, e)

    # v2: random numbers (docs/dialect.md, tile.randint and tile.rand)
    def op_tile_randint(self, op, v, rt, e):
        return philox_word(v[0], v[1])

    def op_tile_rand(self, op, v, rt, e):
        return uniform(philox_word(v[0], v[1]))

    # v2: debugging
    def op_tile_print(self, op, v, rt, e):
        t = op.operand_types[0]
        elem = elem_of(t)
        prefix = unquote(op.attr("prefix") or '""')
        head = "pid (%d, %d, %d)" % tuple(self.pid)
        tail = (" " + prefix if prefix else "") + ": "
        x = np.asarray(v[0])
        if t.startswith("tensor"):
            for idx in np.ndindex(x.shape):  # row-major
                text, value = print_value(x[idx], elem)
                PRINTED.append(("%s idx (%s)%s%s" % (
                    head, ", ".join(map(str, idx)), tail, text), value, elem))
        else:
            text, value = print_value(x, elem)
            PRINTED.append((head + tail + text, value, elem))

    def op_tile_assert(self, op, v, rt, e):
        if not np.all(np.asarray(v[0], np.bool_)):
            raise AssertFailed(self.pid, unquote(op.attr("message") or '""'))

    # other dialects
    def op_memref_dim(self, op, v, rt, e):
        return np.int64(v[0].shape[int(v[1])])

    def op_memref_load(self, op, v, rt, e):
        at = tuple(int(i) for i in v[1:])
        self._read(v[0], at)
        x = v[0][at]
        if e == "bf16":
            return (np.array(x, np.uint32) << 16).view(np.float32)[()]
        return x

    def op_memref_store(self, op, v, rt, e):
        mem = v[1]
        at = tuple(int(i) for i in v[2:])
        new = bf16_bits(np.array([v[0]]))[0] if mem.dtype == np.uint16 \
            else np.asarray(v[0]).astype(mem.dtype)
        self._write(mem, at, new)
        mem[at] = new
        self._note_scale(mem, tuple(np.array([i]) for i in at),
                         op.operands[0], (), np.array(True))

    def op_func_return(self, op, v, rt, e):
        return ()

    def op_scf_yield(self, op, v, rt, e):
        return tuple(v)

    def op_scf_for(self, op, v, rt, e):
        lb, ub, step, carried = int(v[0]), int(v[1]), int(v[2]), list(v[3:])
        body = op.regions[0][0]
        i = lb
        while i < ub:
            carried = list(self.block(body, [np.int64(i)] + carried))
            i += step
        return tuple(carried) if carried else None

    def op_scf_if(self, op, v, rt, e):
        region = op.regions[0] if bool(v[0]) else (
            op.regions[1] if len(op.regions) > 1 else None)
        if not region:
            return None
        out = self.block(region[0])
        return tuple(out) if out else None

    def arith(self, short, op, v, rt, e):
        if short == "constant":
            return constant(op.attr("value"), rt)
        if short in ("addf", "subf", "mulf", "divf", "maximumf", "minimumf",
                     "maxnumf", "minnumf", "remf", "negf"):
            ct = compute_type(e)
            x = [np.asarray(a).astype(ct) for a in v]
            with np.errstate(all="ignore"):
                r = {"addf": lambda: x[0] + x[1], "subf": lambda: x[0] - x[1],
                     "mulf": lambda: x[0] * x[1], "divf": lambda: x[0] / x[1],
                     "maximumf": lambda: float_max(x[0], x[1]),
                     "minimumf": lambda: float_min(x[0], x[1]),
                     "maxnumf": lambda: float_max(x[0], x[1], True),
                     "minnumf": lambda: float_min(x[0], x[1], True),
                     "remf": lambda: np.fmod(x[0], x[1]),
                     "negf": lambda: -x[0]}[short]()
            return fit(r, e)
        if short in ("addi", "subi", "muli", "andi", "ori", "xori", "shli",
                     "shrsi", "shrui", "divsi", "divui", "remsi", "remui",
                     "maxsi", "minsi", "maxui", "minui", "ceildivsi",
                     "floordivsi", "ceildivui"):
            return self.int_binary(short, v, e)
        if short == "cmpi":
            pred = CMPI[int(op.attr("predicate").split(":")[0])]
            a, b = v
            if pred[0] == "u":
                a, b = unsigned(a), unsigned(b)
            return {"eq": np.equal, "ne": np.not_equal, "slt": np.less,
                    "sle": np.less_equal, "sgt": np.greater,
                    "sge": np.greater_equal, "ult": np.less,
                    "ule": np.less_equal, "ugt": np.greater,
                    "uge": np.greater_equal}[pred](a, b)
        if short == "cmpf":
            pred = CMPF[int(op.attr("predicate").split(":")[0])]
            a, b = (np.asarray(x, np.float64) for x in v)
            unordered = np.isnan(a) | np.isnan(b)
            base = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b,
                    "le": a <= b, "ne": a != b}
            if pred in ("false", "true"):
                return np.full(np.shape(a), pred == "true")
            if pred == "ord":
                return ~unordered
            if pred == "uno":
                return unordered
            r = base[pred[1:]]
            return (r & ~unordered) if pred[0] == "o" else (r | unordered)
        if short == "select":
            return np.where(v[0], v[1], v[2]).astype(np.asarray(v[1]).dtype)
        if short in ("extf", "truncf"):
            src = elem_of(op_type_of(op, 0))
            x = f8_decode(v[0], src) if is_f8(src) else \
                np.asarray(v[0], np.float64)
            return fit(x, e)  # f8: docs/numerics.md's rounding (f8_encode)
        if short == "bitcast":
            return from_bits(to_bits(v[0], elem_of(op_type_of(op, 0))), e)
        if short in ("extsi", "trunci", "index_cast", "index_castui"):
            return fit(np.asarray(v[0]).astype(np.int64), e)
        if short == "extui":
            return fit(unsigned(v[0]).astype(np.int64), e)
        if short in ("sitofp",):
            return fit(np.asarray(v[0]).astype(np.float64), e)
        if short in ("uitofp",):
            return fit(unsigned(v[0]).astype(np.float64), e)
        if short in ("fptosi", "fptoui"):
            # numerics.md: toward zero, saturating; NaN gives 0, and so do
            # negative values to unsigned.
            x = np.trunc(np.asarray(v[0], np.float64))
            info = np.iinfo(np_type(e))
            lo, hi = (0, 2 * info.max + 1) if short == "fptoui" else \
                (info.min, info.max)
            x = np.where(np.isnan(x), 0, np.clip(x, lo, hi))
            big = np.asarray(x).astype(object)  # exact to 2^64
            return integer_wrap(big, np_type(e))
        raise Unsupported("arith." + short)

    def int_binary(self, short, v, e):
        a, b = (np.asarray(x) for x in v)
        dt = np_type(e)
        if dt == np.bool_:
            a, b = a.astype(np.int8), b.astype(np.int8)
        with np.errstate(all="ignore"):
            if short in ("divsi", "remsi", "ceildivsi", "floordivsi",
                         "divui", "remui", "ceildivui"):
                return integer_division(short, a, b, dt)
            elif short in ("maxui", "minui"):
                ua, ub = unsigned(a), unsigned(b)
                r = (np.maximum if short == "maxui" else np.minimum)(ua, ub)
            elif short in ("shli", "shrsi", "shrui"):
                bits = a.dtype.itemsize * 8
                s = b.astype(np.int64)
                big = (s < 0) | (s >= bits)
                s = np.where(big, 0, s)
                if short == "shli":
                    r = np.left_shift(a, s.astype(a.dtype))
                elif short == "shrsi":
                    r = np.right_shift(a, s.astype(a.dtype))
                else:
                    r = np.right_shift(unsigned(a), s.astype(unsigned(a).dtype))
                # numerics.md: by the width or more (the amount read as
                # unsigned), shli and shrui give 0 and shrsi the sign.
                r = np.where(big, np.right_shift(a, bits - 1)
                             if short == "shrsi" else 0, r)
            else:
                r = {"addi": lambda: a + b, "subi": lambda: a - b,
                     "muli": lambda: a * b, "andi": lambda: a & b,
                     "ori": lambda: a | b, "xori": lambda: a ^ b,
                     "maxsi": lambda: np.maximum(a, b),
                     "minsi": lambda: np.minimum(a, b)}[short]()
        out = np.asarray(r).astype(dt) if dt != np.bool_ else \
            (np.asarray(r) & 1).astype(np.bool_)
        return out[()] if out.ndim == 0 else out

    def math(self, short, op, v, e):
        if short in ("isnan", "isinf", "isfinite", "isnormal"):
            return float_class(short, v[0], elem_of(op_type_of(op, 0)))
        if short in ("absi", "ctlz", "cttz", "ctpop"):
            return bit_count(short, v[0], e)
        ct = compute_type(e)
        x = [np.asarray(a).astype(ct) for a in v]
        f = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2,
             "log10": np.log10, "log1p": np.log1p, "expm1": np.expm1,
             "sqrt": np.sqrt, "rsqrt": lambda t: 1 / np.sqrt(t),
             "tanh": np.tanh, "sin": np.sin, "cos": np.cos, "tan": np.tan,
             "absf": np.abs, "floor": np.floor, "ceil": np.ceil,
             "trunc": np.trunc, "roundeven": np.rint, "atan": np.arctan,
             "round": round_half_away,
             "asin": np.arcsin, "acos": np.arccos, "sinh": np.sinh,
             "cosh": np.cosh, "asinh": np.arcsinh, "acosh": np.arccosh,
             "atanh": np.arctanh, "cbrt": np.cbrt,
             "erf": np.vectorize(math.erf, otypes=[np.float64]),
             "erfc": np.vectorize(math.erfc, otypes=[np.float64]),
             "powf": np.power, "copysign": np.copysign, "atan2": np.arctan2,
             "fma": lambda a, b, c: a.astype(np.float64) * b + c}.get(short)
        if f is None:
            raise Unsupported("math." + short)
        with np.errstate(all="ignore"):
            r = f(*x)
            if ROUNDING and short in MATH_ULPS:
                r = r + shift_sign(op, np.shape(r)) * math_error(
                    short, op, x, r, self.terms.get(op.operands[0]))
                if short in MATH_RANGE:  # not past what it can return
                    r = np.clip(r, *MATH_RANGE[short]).astype(r.dtype)
        return fit(r, e)


# The most docs/numerics.md lets each function miss by, in ulps of its
# result, on either target (without afn); exact ones are absent.
MATH_ULPS = {"exp": 2, "exp2": 2, "expm1": 2, "log": 1, "log2": 1,
             "log1p": 1, "log10": 2, "rsqrt": 2, "sin": 2, "cos": 2,
             "tan": 4, "powf": 4, "tanh": 2, "erf": 2, "atan": 2, "asin": 2,
             "acos": 2, "cosh": 2, "sinh": 3, "asinh": 3, "atanh": 3,
             "erfc": 4, "acosh": 4, "cbrt": 1}


# Where a moved result stays: tanh(20) moved up past 1 would make a
# following asin NaN.
MATH_RANGE = {"tanh": (-1, 1), "erf": (-1, 1), "sin": (-1, 1),
              "cos": (-1, 1), "erfc": (0, 2), "exp": (0, np.inf),
              "exp2": (0, np.inf), "cosh": (1, np.inf), "expm1": (-1, np.inf),
              "rsqrt": (0, np.inf)}


def op_allows_approx(op):
    """Whether op's fastmath flags include afn (or fast, which has it)."""
    text = op.props + " " + op.attrs
    return "afn" in text or "fastmath<fast>" in text


def math_error(short, op, x, r, terms=None):
    """How far (>= 0) a function's result r may be from the exact one
    under docs/numerics.md: its ulps of r in the type computed in, and
    with afn CUDA's intrinsics' bounds (ex2.approx's 2 + floor(|1.173 x|)
    ulps for exp; 2^-21.4 absolute for the others). Under ROUNDING the
    result moves by this much, so an envelope carries a function's error
    through what follows (seed 321978: tanh(-y) + 0.5 cancels to 5e-5,
    where tanh's 2 ulps are 2e-3 of it, and a product scan of 64 rows
    keeps that). An afn exp of a sum or difference (`terms`: its terms'
    magnitudes, |a| + |b|) counts them instead of |x|: tile-fold-exp
    computes exp(a - b) as exp2(a log2 e - b log2 e) (numerics.md)."""
    ulps = MATH_ULPS[short]
    bound = 0.0
    if op_allows_approx(op):
        if short == "exp":
            size = np.abs(np.asarray(x[0], np.float64))
            if terms is not None:
                size = np.maximum(size, terms)
            ulps = 2 + np.floor(1.173 * size)
        bound = 2.0 ** -21.4
    with np.errstate(all="ignore"):
        # Infinities and NaN are exact (special values, numerics.md).
        return np.where(np.isfinite(r), ulps * np.spacing(np.abs(r)) + bound,
                        0).astype(np.asarray(r).dtype)


def round_half_away(x):
    """math.round: to the nearest integer, halves away from zero (the
    fraction |x| - floor(|x|) is exact, so 0.49999997 stays below)."""
    a = np.abs(x)
    f = np.floor(a)
    with np.errstate(invalid="ignore"):
        r = f + ((a - f) >= 0.5)
    return np.copysign(r, x)


def float_class(short, x, elem):
    """math.isnan, isinf, isfinite, isnormal of values of elem (isnormal:
    finite, and at least the type's smallest normal in magnitude)."""
    if is_f8(elem):
        raise Unsupported("math.%s of %s" % (short, elem))
    x = np.asarray(x, np.float64)
    tiny = np.finfo(np_type(elem)).tiny  # bf16 kept as f32: its range
    with np.errstate(invalid="ignore"):
        r = {"isnan": np.isnan(x), "isinf": np.isinf(x),
             "isfinite": np.isfinite(x),
             "isnormal": np.isfinite(x) & (np.abs(x) >= tiny)}[short]
    return r[()] if r.ndim == 0 else r


def bit_count(short, x, elem):
    """math.absi (wrapping: |MIN| = MIN), ctlz, cttz (the width for 0) and
    ctpop of integers of elem, in Python integers."""
    x = np.asarray(x)
    dt = np_type(elem)
    width = np.dtype(dt).itemsize * 8

    def one(u):
        u = int(u) % (1 << width)
        if short == "absi":
            return (1 << width) - u if u >> (width - 1) else u
        if short == "ctpop":
            return bin(u).count("1")
        if short == "ctlz":
            return width - u.bit_length()
        return (u & -u).bit_length() - 1 if u else width  # cttz

    return integer_wrap(np.frompyfunc(one, 1, 1)(x.astype(object)), dt)


# Philox-4x32-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers:
# as easy as 1, 2, 3", SC 2011; Random123): the round's multipliers and the
# key's increments (the golden ratio and sqrt(3) - 1 in 32 bits).
PHILOX_M = (0xD2511F53, 0xCD9E8D57)
PHILOX_W = (0x9E3779B9, 0xBB67AE85)


def philox4x32_10(ctr, key):
    """The four output words of Philox-4x32 with 10 rounds for counter
    words ctr (c0..c3) and key words key (k0, k1): arrays of uint32 (or
    Python integers), broadcast together. Each round multiplies c0 by M0
    and c2 by M1 into 64 bits and gives (hi(M1 c2) ^ c1 ^ k0, lo(M1 c2),
    hi(M0 c0) ^ c3 ^ k1, lo(M0 c0)); the key then adds W0, W1."""
    mask = np.uint64(0xFFFFFFFF)
    c = [np.asarray(x).astype(np.uint64) & mask for x in ctr]
    k = [np.asarray(x).astype(np.uint64) & mask for x in key]
    m0, m1 = np.uint64(PHILOX_M[0]), np.uint64(PHILOX_M[1])
    w0, w1 = np.uint64(PHILOX_W[0]), np.uint64(PHILOX_W[1])
    s32 = np.uint64(32)
    for _ in range(10):
        p0, p1 = m0 * c[0], m1 * c[2]  # < 2^64: exact in uint64
        c = [(p1 >> s32) ^ c[1] ^ k[0], p1 & mask,
             (p0 >> s32) ^ c[3] ^ k[1], p0 & mask]
        k = [(k[0] + w0) & mask, (k[1] + w1) & mask]
    return [x.astype(np.uint32) for x in c]


def philox_word(seed, offs):
    """tile.randint: the first word of Philox-4x32-10 with key (the low and
    the high 32 bits of the i64 seed) and counter (offs[e], 0, 0, 0), as
    an i32 tile (the offsets' bits read as unsigned)."""
    s = int(np.asarray(seed).astype(np.int64)) & (2 ** 64 - 1)
    c0 = np.asarray(offs).astype(np.int32).view(np.uint32)
    w = philox4x32_10((c0, 0, 0, 0), (s & 0xFFFFFFFF, s >> 32))[0]
    return w.view(np.int32)


def uniform(x):
    """tile.rand's map of a Philox word read as i32 x: x if x >= 0, else
    -x - 1, times 4.6566127342e-10, in f32 (x rounded to f32 first, the
    product rounded to f32)."""
    x = np.asarray(x, np.int64)
    y = np.where(x >= 0, x, -x - 1)
    return y.astype(np.float32) * np.float32(4.6566127342e-10)


def integer_division(short, a, b, dt):
    """Integer division and remainder as docs/numerics.md defines them, in
    Python integers (exact for i64 too): signed division truncates toward
    zero and wraps (MIN / -1 = MIN, MIN % -1 = 0); x / 0 = -1 (all ones
    for divui) and x % 0 = x. ceildivsi, floordivsi and ceildivui follow
    divsi and divui: by 0 they give -1 (all ones), by -1 the wrapped -x,
    which floor and ceiling of the exact quotient give anyway."""
    signed = short.endswith("si")

    def one(x, y):
        if y == 0:
            return x if short in ("remsi", "remui") else -1
        q = abs(x) // abs(y)
        if (x < 0) != (y < 0):
            q = -q
        if short in ("divsi", "divui"):
            return q
        if short in ("remsi", "remui"):
            return x - q * y
        if short == "floordivsi":
            return x // y
        return -((-x) // y)  # ceildiv

    pick = (lambda v: v) if signed else unsigned
    ao, bo = (np.asarray(pick(v)).astype(object) for v in (a, b))
    return integer_wrap(np.frompyfunc(one, 2, 1)(ao, bo), dt)


def integer_wrap(values, dt):
    """Python integers as dt's values, modulo 2^width."""
    bits = np.dtype(dt).itemsize * 8
    r = np.asarray(values, dtype=object)
    wrapped = np.asarray(r % (1 << bits), dtype=object).astype(np.uint64)
    out = wrapped.astype(unsigned(np.zeros(1, dt)).dtype).view(dt)
    return out[()] if out.ndim == 0 else out


def mem_read(mem, at, elem):
    """One element of a memref, as a tile holds it (bf16 memory is bits)."""
    x = mem[at]
    return from_bits(x, elem) if mem.dtype == np.uint16 else x


def mem_write(mem, at, value, elem):
    """Stores a tile's element value (of elem) into one element."""
    if mem.dtype == np.uint16:  # bf16 bits
        mem[at] = bf16_bits(np.array([value]))[0]
    else:
        with np.errstate(all="ignore"):
            mem[at] = np.array(value).astype(mem.dtype)


def to_bits(x, elem):
    """A value's bit pattern as an unsigned integer of its width (bf16 kept
    as f32 gives its 16 bits, f8 is its code already)."""
    x = np.asarray(x)
    if elem == "bf16":
        return bf16_bits(x)
    if is_f8(elem):
        return x.astype(np.uint8)
    x = x.astype(np_type(elem))
    return x.view({1: np.uint8, 2: np.uint16, 4: np.uint32,
                   8: np.uint64}[x.dtype.itemsize])


def from_bits(bits, elem):
    """The value of `elem` whose bit pattern is `bits` (to_bits' inverse)."""
    bits = np.asarray(bits)
    if elem == "bf16":
        out = (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)
    elif is_f8(elem):
        out = bits.astype(np.uint8)
    else:
        out = bits.view(np_type(elem))
    return out[()] if out.ndim == 0 else out


def op_type_of(op, i):
    """The type of operand i, from the op's printed function type."""
    return op.operand_types[i]


def bf16_bits(x):
    return (round_bf16(np.asarray(x, np.float32)).view(np.uint32) >> 16).astype(
        np.uint16)


# ---- whole kernels ---------------------------------------------------------

def scalar_arg(spec):
    """A scalar launch argument as written on a command line (tile-run's
    rule): an integer, else a float ("1e-5", "0.5")."""
    if re.fullmatch(r"-?\d+", spec):
        return np.int64(int(spec))
    return np.float64(float(spec))


def arg_types(func):
    """A func.func's argument types, from its function_type."""
    m = re.search(r"function_type\s*=\s*\(", func.props + func.attrs)
    text = func.props + func.attrs
    inner = text[m.end() - 1:balanced(text, m.end() - 1)]
    return split_types(inner[1:-1])


def find_kernel(ops, name):
    for op in ops:
        for region in op.regions:
            for block in region:
                for inner in block.ops:
                    if inner.name == "func.func" and \
                            inner.attr("sym_name") == '"%s"' % name:
                        return inner
    raise SystemExit("interp: no kernel @%s" % name)


def run_kernel(text, name, grid, args):
    """Runs every program of `grid` in grid order (x fastest) with `args`
    (NumPy arrays for memrefs, changed in place; bf16 ones as uint16 bits,
    f8 ones as uint8 codes; NumPy scalars for scalars)."""
    func = find_kernel(parse_ops(text)[0], name)
    del PRINTED[:]
    args = list(args)
    for i, t in enumerate(arg_types(func)):
        # A float scalar argument as its type holds it (tile-run: "rounded
        # to the type"; f8 as truncf rounds), once, from the number given.
        if i < len(args) and t in ("f32", "f16", "bf16", "f8E4M3FN",
                                   "f8E5M2"):
            args[i] = fit(np.float64(args[i]), t)[()]
    global ACCESSES
    ACCESSES = Accesses()
    try:
        for z in range(grid[2]):
            for y in range(grid[1]):
                for x in range(grid[0]):
                    Program(func, (x, y, z), grid, None).run(args)
    finally:
        ACCESSES = None


def kernel_arguments():
    """An argument parser with what the difftest tools name a launch by,
    as tile-run does: the kernel file, --kernel, --grid and --arg."""
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel_file")
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--grid", required=True)
    ap.add_argument("--arg", action="append", default=[])
    return ap


def main():
    ap = kernel_arguments()
    ap.add_argument("--out", action="append", default=[])
    ap.add_argument("--src", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    ap.add_argument("--mlir-opt", default="mlir-opt")
    a = ap.parse_args()
    grid = [int(g) for g in a.grid.split(",")] + [1, 1]
    text = generic_text(a.kernel_file, a.src, a.mlir_opt)
    args = []
    for spec in a.arg:
        args.append(np.load(spec[4:]) if spec.startswith("npy:")
                    else scalar_arg(spec))
    try:
        run_kernel(text, a.kernel, grid[:3], args)
    except Unsupported as e:
        print("interp: unsupported: %s" % e)
        return 3
    except AssertFailed as e:
        for line in PRINTED:
            print(line[0])
        print("interp: %s" % e, file=sys.stderr)
        return 1
    for line in PRINTED:
        print(line[0])
    for o in a.out:
        i, path = o.split("=", 1)
        np.save(path, args[int(i)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
