"""Inputs and references of test/Run/scaled-max.test: A [64][32] and
B [32][96] f16 of small integers (every product and sum exact in f32),
and for each scale c of the test m[i] = max_j f32(c * (A B)[i][j]).
Usage: scaled_max_ref.py DIR"""
import os
import sys

import numpy as np

d = sys.argv[1]
rng = np.random.default_rng(7)
a = rng.integers(-8, 9, (64, 32)).astype(np.float16)
b = rng.integers(-8, 9, (32, 96)).astype(np.float16)
s = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float32)
np.save(os.path.join(d, "a.npy"), a)
np.save(os.path.join(d, "b.npy"), b)
# inf and -inf: rows holding a zero score are NaN (inf * 0), the maximum
# keeping it; NaN: every row NaN. None of them takes the version that
# scales the row after the maximum.
cases = (("pos", 1.5), ("neg", -1.5), ("zero", 0.0), ("tiny", 1e-45),
         ("inf", np.inf), ("ninf", -np.inf), ("nan", np.nan))
for name, c in cases:
    with np.errstate(invalid="ignore"):
        m = (np.float32(c) * s).max(axis=1).astype(np.float32)
    np.save(os.path.join(d, "ref_%s.npy" % name), m)
