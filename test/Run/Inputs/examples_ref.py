#!/usr/bin/env python3
"""Inputs and NumPy references for the examples/ kernels, computed
independently of tile (nothing here runs tile code), in float64 and rounded
once to the output type.

  examples_ref.py EXAMPLE DIR ARGS...   writes DIR/*.npy (inputs, ref*.npy)
"""
import os
import sys

import numpy as np

rng = np.random.default_rng(20261122)


def save(d, name, a):
    np.save(os.path.join(d, name), a)


def softmax(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def main(argv):
    ex, d, args = argv[1], argv[2], [int(a) if a.lstrip("-").isdigit() else a for a in argv[3:]]
    if ex == "softmax":                       # rows cols dtype
        r, c, dt = args
        x = (rng.standard_normal((r, c)) * 3).astype(dt)
        save(d, "x.npy", x)
        save(d, "ref.npy", softmax(x).astype(dt))
    elif ex == "layernorm":                   # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32) * 2 + 0.5
        w = rng.standard_normal(c).astype(np.float32)
        b = rng.standard_normal(c).astype(np.float32)
        x64 = x.astype(np.float64)
        mean = x64.mean(axis=1, keepdims=True)
        var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
        y = (x64 - mean) / np.sqrt(var + 1e-5) * w + b
        for name, a in (("x", x), ("w", w), ("b", b), ("ref", y.astype(np.float32))):
            save(d, name + ".npy", a)
    elif ex == "rmsnorm":                     # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        w = rng.standard_normal(c).astype(np.float32)
        x64 = x.astype(np.float64)
        y = x64 / np.sqrt((x64 ** 2).mean(axis=1, keepdims=True) + 1e-6) * w
        for name, a in (("x", x), ("w", w), ("ref", y.astype(np.float32))):
            save(d, name + ".npy", a)
    elif ex == "sums":                        # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "rowref.npy", x.astype(np.float64).sum(axis=1).astype(np.float32))
        save(d, "colref.npy", x.astype(np.float64).sum(axis=0).astype(np.float32))
    elif ex == "transpose":                   # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "ref.npy", np.ascontiguousarray(x.T))
    elif ex == "matmul":                      # m n k
        m, n, k = args
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "ref.npy", (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    else:
        sys.exit("examples_ref.py: unknown example " + ex)


if __name__ == "__main__":
    main(sys.argv)
