#!/usr/bin/env python3
"""Inputs and NumPy references for dot-fma-tf32.mlir: f32 dots whose
inputs are used at tf32 precision (docs/numerics.md: the low 13 mantissa
bits dropped, toward zero) or in full, summed in float64 here.

  dot_fma_tf32_ref.py DIR PROGRAMS   writes DIR/*.npy
"""
import os
import sys

import numpy as np

d, programs = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(20261128)


def save(name, a):
    np.save(os.path.join(d, name), a)


def tf32(x):
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


# Positive inputs in [1, 2) with every mantissa bit random: no cancellation,
# so dropping the low bits moves each sum by about 2^-11 of itself, far
# above the f32 rounding of a 16-term sum. Row 0 of A is the hand case:
# 1 + 2^-12 against B's first column of ones sums to exactly 16 at tf32.
a = rng.uniform(1, 2, (programs * 16, 16)).astype(np.float32)
b = rng.uniform(1, 2, (16, 16)).astype(np.float32)
a[0, :] = np.float32(1 + 2.0**-12)
b[:, 0] = 1
save("a.npy", a)
save("b.npy", b)
save("tf32_ref.npy", (tf32(a).astype(np.float64) @ tf32(b).astype(np.float64)).astype(np.float32))
save("ieee_ref.npy", (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
assert tf32(a)[0] @ tf32(b)[:, 0] == 16.0
