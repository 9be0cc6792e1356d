"""Inputs and NumPy references of reduce-max-negated-i16.mlir: 4 programs
of 1024 elements, every value wrapping as i16 / i8 do."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(110145)
x = rng.integers(-2**15, 2**15, 4096).astype(np.int16)
y = rng.integers(-2**15, 2**15, 4096).astype(np.int16)
z = rng.integers(-128, 128, 4096).astype(np.int8)
r16 = np.empty_like(x)
r8 = np.empty_like(z)
for p in range(4):
    a, b = x[p * 1024:(p + 1) * 1024], y[p * 1024:(p + 1) * 1024]
    # reverse inclusive and-scan: s[i] = a[i] & a[i+1] & ... & a[-1]
    s = np.bitwise_and.accumulate(a[::-1])[::-1]
    neg = (0 - (s + b).astype(np.int16)).astype(np.int16)
    r16[p * 1024:(p + 1) * 1024] = neg.max() ^ a
    c = z[p * 1024:(p + 1) * 1024]
    n8 = (0 - c).astype(np.int8)
    r8[p * 1024:(p + 1) * 1024] = (n8.min() + c).astype(np.int8)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "y.npy"), y)
np.save(os.path.join(out, "z.npy"), z)
np.save(os.path.join(out, "r16.npy"), r16)
np.save(os.path.join(out, "r8.npy"), r8)
