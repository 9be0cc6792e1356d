"""Input and NumPy reference for test/Run/store-offsets.test: x (64x64
f16, small integers so the product is exact in f16) and out (64x128 f16)
after storing x @ x at (R0, C0), clipped to the memref.
  store_offsets_ref.py DIR R0 C0"""
import os
import sys

import numpy as np

d, r0, c0 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(7)
x = rng.integers(-2, 3, (64, 64)).astype(np.float16)
np.save(os.path.join(d, "x.npy"), x)
p = x.astype(np.float64) @ x.astype(np.float64)
out = np.zeros((64, 128), np.float16)
for i in range(64):
    for j in range(64):
        r, c = r0 + i, c0 + j
        if 0 <= r < 64 and 0 <= c < 128:
            out[r, c] = p[i, j]
np.save(os.path.join(d, "ref.npy"), out)
