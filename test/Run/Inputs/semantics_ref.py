#!/usr/bin/env python3
"""Inputs and NumPy references for test/Run/Inputs/semantics.mlir (nothing
here runs tile code).

  semantics_ref.py CASE DIR [ARGS...]
"""
import os
import sys

import numpy as np

rng = np.random.default_rng(7)


def save(d, name, a):
    np.save(os.path.join(d, name), a)


def bf16_round(f32):
    """f32 -> bf16 bits, nearest even (NaN kept quiet)."""
    u = f32.astype(np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(f32)
    r[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
    return r


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def main(case, d, args):
    if case == "reduce_nan":          # nan|nonan
        x = rng.standard_normal(16).astype(np.float32)
        if args[0] == "nan":
            x[5] = np.nan
        save(d, "x.npy", x)
        finite = x[~np.isnan(x)]
        ref = np.array([x.max(), finite.max(), x.min(), finite.min(),
                        x.astype(np.float64).sum()], np.float32)
        if args[0] == "nan":
            ref[0] = ref[2] = ref[4] = np.nan
        save(d, "ref.npy", ref)
    elif case == "masked_copy":       # n off size
        n, off, size = int(args[0]), int(args[1]), int(args[2])
        x = rng.standard_normal(size).astype(np.float32)
        y0 = np.full(size, -1.0, np.float32)
        save(d, "x.npy", x)
        save(d, "y0.npy", y0)
        y, z = y0.copy(), y0.copy()
        for i in range(64):
            g = off + i
            inside = 0 <= g < size
            if inside:
                z[g] = x[g] if i < n else 7.0
                if i < n:
                    y[g] = x[g]
        save(d, "yref.npy", y)
        save(d, "zref.npy", z)
    elif case == "f16_muladd":
        a, b, c = (rng.standard_normal(256).astype(np.float16) * 8 for _ in range(3))
        for name, v in (("a", a), ("b", b), ("c", c)):
            save(d, name + ".npy", v)
        save(d, "ref.npy", (a * b) + c)  # numpy rounds each f16 op
    elif case == "bf16_ops":
        a = bf16_round(rng.standard_normal(256).astype(np.float32) * 3)
        b = bf16_round(rng.standard_normal(256).astype(np.float32) * 3)
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "cref.npy", bf16_round(bf16_value(a) + bf16_value(b)))
        e = np.exp(bf16_value(a).astype(np.float64)).astype(np.float32)
        save(d, "eref.npy", bf16_round(e))
    elif case == "int_reduce":
        x = rng.integers(-1000, 1000, size=(32, 8)).astype(np.int32)
        save(d, "x.npy", x)
        ref = np.stack([x.max(0), x.min(0), x.sum(0, dtype=np.int32),
                        np.bitwise_and.reduce(x, 0), np.bitwise_or.reduce(x, 0),
                        np.bitwise_xor.reduce(x, 0)]).astype(np.int32)
        save(d, "ref.npy", ref)
    elif case == "dot_i8":            # 64x64 i8 x 64x64 i8, exact i32 sums
        a = rng.integers(-128, 128, size=(64, 64)).astype(np.int8)
        b = rng.integers(-128, 128, size=(64, 64)).astype(np.int8)
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "ref.npy", (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32))
    elif case == "dot_f16acc":        # f16 inputs, f32 sums, rounded once
        a = rng.standard_normal((64, 64)).astype(np.float16)
        b = rng.standard_normal((64, 64)).astype(np.float16)
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        acc = np.zeros((64, 64), np.float32)
        a32, b32 = a.astype(np.float32), b.astype(np.float32)
        for k in range(64):                # each product exact in f32
            acc = acc + a32[:, k:k + 1] * b32[k:k + 1, :]
        save(d, "ref.npy", acc.astype(np.float16))
    else:
        sys.exit("semantics_ref.py: unknown case " + case)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
