"""Inputs and NumPy reference of dot-bf16-f16acc.mlir: bf16 multiples of
1/4 in [-1, 1], whose products and 32-term sums f16 holds exactly (so
every order of accumulation gives the reference bit for bit), and in one
row products of values beyond f16's range (2^20 times small multiples of
2^-18: 2^20 is inf in f16, 2^-18 subnormal), so each product must be
taken before it is rounded to f16."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(7)
a = rng.integers(-4, 5, (16, 32)) / 4.0
b = rng.integers(-4, 5, (32, 16)) / 4.0
a[:, 5] = 0
a[3, 5] = 2.0 ** 20  # times row 5 of b: 2^-18 times -2..2, so -8..8
b[5, :] = rng.integers(-2, 3, 16) * 2.0 ** -18
ref = (a @ b).astype(np.float16)


def bf16_bits(x):  # exact here: every value is a bf16
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


np.save(os.path.join(out, "a.npy"), bf16_bits(a))
np.save(os.path.join(out, "b.npy"), bf16_bits(b))
np.save(os.path.join(out, "ref.npy"), ref)
