"""Inputs and NumPy references for test/Run/split-loops.test.
  split_loops_ref.py DIR N START SHIFT   (rows of tri_sum: 70)"""
import os
import sys

import numpy as np

d, n, start, shift = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(n * 1000 + start * 10 + shift)
x = rng.standard_normal((16, n)).astype(np.float32)
np.save(os.path.join(d, "x.npy"), x)
row_max = x.max(axis=1) if n else np.full(16, -np.inf, np.float32)
np.save(os.path.join(d, "row_max.npy"), row_max.astype(np.float32))
rows = 70
y = rng.standard_normal((rows, n)).astype(np.float32)
np.save(os.path.join(d, "y.npy"), y)
i = np.arange(rows)[:, None]
j = np.arange(n)[None, :]
# Columns are summed from the first block at `start` on, in blocks of 32.
seen = (j >= start) & (j <= i + shift)
np.save(os.path.join(d, "tri_sum.npy"),
        np.where(seen, y.astype(np.float64), 0).sum(axis=1).astype(np.float32))
