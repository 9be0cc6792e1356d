#!/usr/bin/env python3
"""Inputs and NumPy references for memory-order.mlir, computed from
docs/dialect.md's sequential meaning of one program, not by tile.

  memory_order_ref.py DIR PROGRAMS STEPS   writes DIR/*.npy
"""
import os
import sys

import numpy as np

d, programs, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(20261128)


def save(name, a):
    np.save(os.path.join(d, name), a)


# Small integers (exact in i8 and f32), some negative.
x = rng.integers(-100, 100, (programs * 64, 64)).astype(np.float32)
save("x.npy", x)
blocks = x.reshape(programs, 64, 64).transpose(0, 2, 1).reshape(-1, 64)
save("transposed.npy", np.ascontiguousarray(blocks))
save("tmp_i8.npy", np.full(x.shape, 7, np.int8))
save("tmp_f32.npy", np.full(x.shape, -7.0, np.float32))

# overlapping_steps: program p owns (STEPS + 1) * 256 elements; step i
# adds 1 to [256 i, 256 i + 512) after step i - 1 wrote its first half.
span = (steps + 1) * 256
m = rng.integers(-1000, 1000, programs * span).astype(np.float32)
save("m.npy", m)
ref = m.copy()
for p in range(programs):
    for i in range(steps):
        lo = p * span + 256 * i
        ref[lo:lo + 512] += 1
save("m_ref.npy", ref)
