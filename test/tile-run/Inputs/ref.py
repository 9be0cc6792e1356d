#!/usr/bin/env python3
"""Inputs and NumPy reference results for tile-run's tests, computed
independently of tile (nothing here runs tile code).

  ref.py vecadd N DIR        DIR/x.npy, DIR/y.npy (f32 randn), DIR/ref.npy = x + y
  ref.py softmax R C DIR     DIR/x.npy (f32 randn R x C), DIR/ref.npy = row softmax
  ref.py matmul M N K DIR    DIR/a.npy, DIR/b.npy (f16), DIR/ref.npy = a @ b in f32
  ref.py bf16 N DIR          DIR/x.npy (bf16 bit patterns as uint16)
  ref.py fill N OFF V DIR    DIR/ref.npy: zeros(N) f32 with [OFF, OFF+16) set to V
  ref.py show PATH           prints dtype, shape and the first 4 values of PATH
"""
import os
import sys

import numpy as np


def save(d, name, a):
    np.save(os.path.join(d, name), a)


def bf16_bits(f32):
    """Rounds f32 values to bf16 (nearest, ties to even) as uint16 bits."""
    u = f32.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def main(argv):
    rng = np.random.default_rng(1234)
    cmd = argv[1]
    if cmd == "vecadd":
        n, d = int(argv[2]), argv[3]
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.standard_normal(n).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "y.npy", y)
        save(d, "ref.npy", x + y)
    elif cmd == "softmax":
        r, c, d = int(argv[2]), int(argv[3]), argv[4]
        x = rng.standard_normal((r, c)).astype(np.float32)
        e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
        save(d, "x.npy", x)
        save(d, "ref.npy", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))
    elif cmd == "matmul":
        m, n, k, d = int(argv[2]), int(argv[3]), int(argv[4]), argv[5]
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        save(d, "ref.npy", ref.astype(np.float32))
    elif cmd == "bf16":
        n, d = int(argv[2]), argv[3]
        save(d, "x.npy", bf16_bits(rng.standard_normal(n).astype(np.float32)))
    elif cmd == "fill":
        n, off, v, d = int(argv[2]), int(argv[3]), float(argv[4]), argv[5]
        ref = np.zeros(n, np.float32)
        ref[off:off + 16] = v
        save(d, "ref.npy", ref)
    elif cmd == "show":
        a = np.load(argv[2])
        flat = a.reshape(-1)[:4]
        print("dtype %s shape %s first %s" % (a.dtype.str, "x".join(map(str, a.shape)),
                                               " ".join(repr(v.item()) for v in flat)))
    else:
        sys.exit("ref.py: unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv)
