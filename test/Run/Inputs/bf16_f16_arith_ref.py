"""Inputs and NumPy references of bf16-f16-arith.mlir. a = +-2^e (1 +
2^-7) with e in [-30, 20], most of them outside f16's range; b = 2^(k - e)
(1 + j/8), so a * b lies in [2^-2, 2^5); c = -+2^e, so a + c = +-2^(e-7).
Every value is a bf16 and every exact result an f32, which rounds to f16
once: the references are bit for bit."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(11)
n = 256
e = rng.integers(-30, 21, n)
s = rng.choice([-1.0, 1.0], n)
a = s * 2.0 ** e * (1 + 2.0 ** -7)
b = 2.0 ** (rng.integers(-2, 4, n) - e) * (1 + rng.integers(0, 8, n) / 8.0)
c = -s * 2.0 ** e


def bf16_bits(x):  # exact: every value has at most 8 significant bits
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


for name, v in (("a", a), ("b", b), ("c", c)):
    np.save(os.path.join(out, name + ".npy"), bf16_bits(v))
np.save(os.path.join(out, "y.npy"), (a * b).astype(np.float16))
np.save(os.path.join(out, "z.npy"), (a + c).astype(np.float16))
