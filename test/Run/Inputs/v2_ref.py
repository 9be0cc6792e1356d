#!/usr/bin/env python3
"""Inputs and NumPy references for the v2 kernels (v2-*.mlir), computed
independently of tile. Philox-4x32-10 is written here from the published
algorithm (Salmon et al., SC'11; Random123's constants).

  v2_ref.py CASE DIR ARGS...     writes DIR/*.npy (inputs, ref*.npy)
  v2_ref.py same A.npy B.npy [RTOL]
      exits 1 unless A and B agree: bit for bit (NaN matches any NaN), or
      within RTOL for floats
"""
import os
import sys

import numpy as np

rng = np.random.default_rng(20260219)
M32 = np.uint64(0xFFFFFFFF)


def save(d, name, a):
    np.save(os.path.join(d, name), a)


def bf16_bits(x):
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


NP = {"i32": np.int32, "i64": np.int64, "f16": np.float16, "f32": np.float32}


def embedding(d, V, D, N):
    V, D, N = int(V), int(D), int(N)
    table = rng.standard_normal((V, D)).astype(np.float32)
    ids = rng.integers(0, V, N).astype(np.int32)
    ids[::7] = -1
    ids[3::11] = V
    ids[5::13] = -(2**31)
    ids[6::17] = 2**31 - 1
    ref = np.full((N, D), -7.0, np.float32)
    ok = (ids >= 0) & (ids < V)
    ref[ok] = table[ids[ok]]
    save(d, "table.npy", table)
    save(d, "ids.npy", ids)
    save(d, "out0.npy", np.zeros((N, D), np.float32))
    save(d, "ref.npy", ref)


def bag_sum(d, V, D, B, n, c0):
    """v2-indirect.mlir's bag_sum: out[b, c] = sum over j < n of
    table[ids[b * n + j], c0 + c] (f16 rows, f32 sums, 64 columns), where
    ids outside the table and columns past D add nothing."""
    V, D, B, n, c0 = int(V), int(D), int(B), int(n), int(c0)
    table = rng.standard_normal((V, D)).astype(np.float16)
    ids = rng.integers(0, V, B * n).astype(np.int32)
    ids[::7] = -1
    ids[3::11] = V
    ref = np.zeros((B, 64), np.float64)
    wide = np.zeros((V, c0 + 64), np.float64)
    wide[:, :max(0, min(D, c0 + 64))] = table[:, :c0 + 64]
    for b in range(B):
        for j in range(n):
            i = ids[b * n + j]
            if 0 <= i < V:
                ref[b] += wide[i, c0:c0 + 64]
    save(d, "table.npy", table)
    save(d, "ids.npy", ids)
    save(d, "out0.npy", np.zeros((B, 64), np.float32))
    save(d, "ref.npy", ref.astype(np.float32))


def scatter(d, M, N):
    M, N = int(M), int(N)
    x = rng.standard_normal(N).astype(np.float16)
    dst = rng.permutation(max(M, N) + N)[:N].astype(np.int32) - N // 4
    y = np.full(M, -1.0, np.float16)
    ref = y.copy()
    ok = (dst >= 0) & (dst < M)
    ref[dst[ok]] = x[ok]
    save(d, "x.npy", x)
    save(d, "dst.npy", dst)
    save(d, "y0.npy", y)
    save(d, "ref.npy", ref)


def values(t, n, small, zeros=False):
    if zeros:  # float max/min's corner: -0 < +0, NaN operands
        return rng.choice([-0.0, 0.0, np.nan], n, p=[0.45, 0.45, 0.1])
    if t in ("i32", "i64"):
        info = np.iinfo(NP[t])
        lo, hi = (-50, 50) if small else (info.min, info.max)
        return rng.integers(lo, hi, n, dtype=NP[t], endpoint=True)
    v = rng.integers(-8, 8, n).astype(np.float64) if small else \
        rng.standard_normal(n) * 4
    if not small:
        v[::9] = np.nan
        v[1::10] = -0.0
        v[2::10] = 0.0
    return v


def as_type(t, v):
    """Values of type t: the array tile-run reads, and its float64 view."""
    if t == "bf16":
        b = bf16_bits(np.asarray(v, np.float32))
        return b, bf16_value(b).astype(np.float64)
    a = np.asarray(v).astype(NP[t])
    return a, a


def from_value(t, v):
    return bf16_bits(np.asarray(v, np.float32)) if t == "bf16" else \
        np.asarray(v).astype(NP[t])


def rmw_op(kind, t, m, v):
    """One read-modify-write of memory m with v (scalars of t)."""
    if t in ("i32", "i64"):
        bits = 32 if t == "i32" else 64
        mask = (1 << bits) - 1
        um, uv = int(m) & mask, int(v) & mask
        r = {"add": (int(m) + int(v)) & mask, "max": max(int(m), int(v)),
             "min": min(int(m), int(v)), "umax": max(um, uv),
             "umin": min(um, uv), "and": um & uv, "or": um | uv,
             "xor": um ^ uv, "xchg": int(v)}[kind] & mask
        return r - (1 << bits) if r >> (bits - 1) else r
    if kind == "xchg":
        return v
    if kind == "add":
        return m + v
    if np.isnan(v):
        return m
    if np.isnan(m):
        return v
    if m == v == 0:  # -0 < +0
        neg = np.signbit(m) if kind == "max" else not np.signbit(m)
        return v if neg else m
    return max(m, v) if kind == "max" else min(m, v)


def rmw(d, kind, t, mode, N, M):
    """perm: distinct addresses, so every old value is known; hist: many
    elements on few addresses (final memory only; float values small
    integers so sums are exact in any order); zeros: as hist with -0, +0
    and NaN only, in memory too (float max/min give one answer in any
    order)."""
    N, M = int(N), int(M)
    zeros = mode == "zeros"
    hist = mode == "hist" or zeros
    vals, vv = as_type(t, values(t, N, hist, zeros))
    if hist:
        idx = rng.integers(-3, M + 3, N).astype(np.int32)
    else:
        idx = (rng.permutation(M + 8)[:N] - 4).astype(np.int32)
    mem0, mv = as_type(t, values(t, M, hist, zeros))
    mem = [x for x in mv]
    old = [0] * N
    for e in range(N):
        if 0 <= idx[e] < M:
            old[e] = mem[idx[e]]
            mem[idx[e]] = rmw_op(kind, t, mem[idx[e]], vv[e])
    save(d, "vals.npy", vals)
    save(d, "idx.npy", idx)
    save(d, "mem0.npy", mem0)
    save(d, "old0.npy", np.zeros_like(vals))
    save(d, "refmem.npy", from_value(t, np.array(mem, dtype=vv.dtype)))
    save(d, "refold.npy", from_value(t, np.array(old, dtype=vv.dtype)))


def cas(d, t, N, M):
    N, M = int(N), int(M)
    idx = (rng.permutation(M + 8)[:N] - 4).astype(np.int32)
    mem0, mv = as_type(t, values(t, M, False))
    vals, _ = as_type(t, values(t, N, False))
    cmp, _ = as_type(t, values(t, N, False))
    ok = (idx >= 0) & (idx < M)
    # half of the in-bounds elements compare equal (as bits)
    hit = ok & (np.arange(N) % 2 == 0)
    cmp[hit] = mem0[idx[hit]]
    if t in ("f16", "f32"):  # -0 does not equal +0
        z = np.flatnonzero(ok & ~hit)[:3]
        mem0[idx[z]] = -0.0
        cmp[z] = 0.0
    bits = lambda a: a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize])
    mem = mem0.copy()
    old = np.zeros_like(vals)
    for e in np.flatnonzero(ok):
        old[e] = mem[idx[e]]
        if bits(mem[idx[e]:idx[e] + 1])[0] == bits(cmp[e:e + 1])[0]:
            mem[idx[e]] = vals[e]
    for name, a in (("cmp", cmp), ("vals", vals), ("idx", idx),
                    ("mem0", mem0), ("refmem", mem), ("refold", old)):
        save(d, name + ".npy", a)
    save(d, "old0.npy", np.zeros_like(vals))


def scan(d, kind, t, axis, rev, pad, R, C):
    axis, R, C, rev = int(axis), int(R), int(C), rev == "reverse"
    if t in ("i32", "i64"):
        x = rng.integers(-1000, 1000, (R, C)).astype(NP[t])
        if kind == "mul":
            x = rng.integers(-3, 4, (R, C)).astype(NP[t])
        xv = x
    else:
        x, xv = as_type(t, rng.standard_normal((R, C)))
        if kind in ("max", "min", "maxnum", "minnum"):
            xv = xv.copy()
            xv.flat[::37] = np.nan
            x = from_value(t, xv)
            _, xv = as_type(t, xv) if t == "bf16" else (x, x)
    Rp = -(-R // 16) * 16
    padded = np.full((Rp, 32), float(pad) if t not in ("i32", "i64") else int(pad),
                     dtype=np.float64 if t not in ("i32", "i64") else NP[t])
    padded[:R, :C] = xv
    ufunc = {"add": np.add, "mul": np.multiply, "max": np.maximum,
             "min": np.minimum, "maxnum": np.fmax, "minnum": np.fmin,
             "and": np.bitwise_and, "or": np.bitwise_or,
             "xor": np.bitwise_xor}[kind]
    out = np.empty_like(padded)
    for b in range(0, Rp, 16):
        blk = padded[b:b + 16]
        if rev:
            blk = np.flip(blk, axis)
        s = ufunc.accumulate(blk, axis=axis, dtype=padded.dtype)
        out[b:b + 16] = np.flip(s, axis) if rev else s
    ref = out[:R, :C]
    save(d, "x.npy", x)
    save(d, "y0.npy", np.zeros_like(x))
    save(d, "ref.npy", from_value(t, ref) if t not in ("i32", "i64") else ref)


def philox4x32_10(k0, k1, c0, c1, c2, c3):
    """Random123's philox4x32 with 10 rounds, on uint64 arrays holding
    32-bit words."""
    MA, MB = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    WA, WB = np.uint64(0x9E3779B9), np.uint64(0xBB67AE85)
    for r in range(10):
        if r:
            k0, k1 = (k0 + WA) & M32, (k1 + WB) & M32
        pa, pb = MA * c0, MB * c2
        c0, c1, c2, c3 = ((pb >> np.uint64(32)) ^ c1 ^ k0, pb & M32,
                          (pa >> np.uint64(32)) ^ c3 ^ k1, pa & M32)
    return c0, c1, c2, c3


def philox_selftest():
    """Known answers from Random123's kat_vectors (philox4x32 10 rounds)."""
    u = lambda *w: [np.array([x], np.uint64) for x in w]
    kat = [((0, 0, 0, 0, 0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
           ((0xffffffff,) * 6, (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
           ((0xa4093822, 0x299f31d0, 0x243f6a88, 0x85a308d3, 0x13198a2e,
             0x03707344), (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1))]
    for args, want in kat:
        got = tuple(int(w[0]) for w in philox4x32_10(*u(*args)))
        assert got == want, "philox self-test: %s != %s" % (
            [hex(g) for g in got], [hex(w) for w in want])


def philox(d, seed, base, n):
    philox_selftest()
    seed, base, n = int(seed) & (2**64 - 1), int(base), int(n)
    offs = (np.arange(n, dtype=np.int64) + base).astype(np.int64) & 0xFFFFFFFF
    z = np.zeros(n, np.uint64)
    w = philox4x32_10(np.uint64(seed & 0xFFFFFFFF), np.uint64(seed >> 32),
                      offs.astype(np.uint64), z, z, z)[0]
    x = w.astype(np.uint32).view(np.int32).astype(np.int64)
    x = np.where(x < 0, -x - 1, x)
    u = x.astype(np.float32) * np.float32(4.6566127342e-10)
    assert u.min() >= 0 and u.max() < 1
    save(d, "wref.npy", w.astype(np.uint32).view(np.int32))
    save(d, "uref.npy", u)


def same(a, b, rtol="0"):
    a, b = np.load(a), np.load(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        sys.exit("shape/dtype differ: %s %s vs %s %s" % (a.shape, a.dtype, b.shape, b.dtype))
    rtol = float(rtol)
    if a.dtype == np.uint16 and rtol:  # bf16
        a, b = bf16_value(a), bf16_value(b)
    if a.dtype.kind == "f":
        nan = np.isnan(a) & np.isnan(b)
        if rtol:
            bad = ~nan & ~(np.abs(a.astype(np.float64) - b) <=
                           rtol * (1 + np.abs(b.astype(np.float64))))
        else:
            ua = a.view({2: np.uint16, 4: np.uint32}[a.itemsize])
            bad = ~nan & (ua != b.view(ua.dtype))
    elif a.dtype == np.uint16:
        # bf16 bits (tile writes bf16 as uint16): a NaN's payload is
        # unspecified (docs/dialect.md, "Numerics"), so two NaNs match.
        def isnan16(x):
            return ((x & 0x7F80) == 0x7F80) & ((x & 0x007F) != 0)
        bad = (a != b) & ~(isnan16(a) & isnan16(b))
    else:
        bad = a != b
    if bad.any():
        i = np.flatnonzero(bad.ravel())
        sys.exit("%d of %d differ, first at %d: %r vs %r" % (
            len(i), a.size, i[0], a.ravel()[i[0]], b.ravel()[i[0]]))
    print("same: %d elements" % a.size)


if __name__ == "__main__":
    case, args = sys.argv[1], sys.argv[2:]
    if case == "same":
        same(*args)
    else:
        os.makedirs(args[0], exist_ok=True)
        globals()[case](*args)
