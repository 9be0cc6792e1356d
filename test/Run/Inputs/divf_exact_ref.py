"""Inputs and references of divf-exact.mlir, and the comparison.

  divf_exact_ref.py gen DIR ROWS     x, y [ROWS][64], r [ROWS] and their
                                     quotients x / y, x / r (NumPy's f32
                                     division, correctly rounded)
  divf_exact_ref.py same A.npy B.npy the same bits, NaN matching any NaN

Blocks of 64 rows (a program each) cycle through four kinds: magnitudes
within 2^-60..2^60 (where the GPU divides by fused multiply-adds without
a branch), exponents across the whole f32 range with subnormals,
specials (zeros of both signs, infinities, NaN) among ordinary values,
and the edges of 2^-60 and 2^60."""
import os
import sys

import numpy as np


def values(rng, shape, kind):
    mant = rng.uniform(1.0, 2.0, shape).astype(np.float32)
    sign = np.where(rng.random(shape) < 0.5, -1.0, 1.0).astype(np.float32)
    if kind == 0:
        e = rng.integers(-60, 60, shape)
    elif kind == 1:
        e = rng.integers(-149, 128, shape)
    elif kind == 3:
        e = rng.choice([-62, -61, -60, -59, 58, 59, 60, 61], shape)
    else:
        e = rng.integers(-20, 20, shape)
    with np.errstate(over="ignore", under="ignore"):
        v = (sign * np.ldexp(mant.astype(np.float64), e)).astype(np.float32)
    if kind == 2:
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan], np.float32)
        pick = rng.random(shape) < 0.2
        v = np.where(pick, rng.choice(specials, shape), v).astype(np.float32)
    return v


def gen(d, rows):
    rng = np.random.default_rng(7)
    x = np.empty((rows, 64), np.float32)
    y = np.empty((rows, 64), np.float32)
    r = np.empty(rows, np.float32)
    for b in range(0, rows, 64):
        kind = (b // 64) % 4
        x[b:b + 64] = values(rng, (64, 64), kind)
        y[b:b + 64] = values(rng, (64, 64), kind)
        r[b:b + 64] = values(rng, (64,), kind)
    with np.errstate(all="ignore"):
        q1 = x / y
        q2 = x / r[:, None]
    for name, a in (("x", x), ("y", y), ("r", r), ("q1", q1), ("q2", q2)):
        np.save(os.path.join(d, name + ".npy"), a)


def same(a, b):
    a, b = np.load(a), np.load(b)
    nan = np.isnan(a) & np.isnan(b)
    bad = (a.view(np.uint32) != b.view(np.uint32)) & ~nan
    if bad.any():
        i = np.argwhere(bad)[0]
        print("differ at %s: %r (0x%08x) against %r (0x%08x); %d elements" % (
            tuple(i), a[tuple(i)], a.view(np.uint32)[tuple(i)], b[tuple(i)],
            b.view(np.uint32)[tuple(i)], bad.sum()))
        sys.exit(1)
    print("same bits: %d elements" % a.size)


if sys.argv[1] == "gen":
    gen(sys.argv[2], int(sys.argv[3]))
else:
    same(sys.argv[2], sys.argv[3])
