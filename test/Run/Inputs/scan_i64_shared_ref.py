"""Input and NumPy reference of scan-i64-shared.mlir: a reverse inclusive
sum down each column (wrapping as i64 does), then an inclusive xor scan."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(110299)
x = rng.integers(-2**62, 2**62, (64, 64), dtype=np.int64)
with np.errstate(over="ignore"):
    s = np.cumsum(x[::-1], axis=0, dtype=np.int64)[::-1]
t = np.bitwise_xor.accumulate(s, axis=0)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "ref.npy"), t)
