"""Input and NumPy references of broadcast-unit.mlir: x = 10, 20, 30, and
program p's row (or [128, 32] box) is x[p] plus a row-major range."""
import os
import sys

import numpy as np

out = sys.argv[1]
x = np.array([10, 20, 30], np.int32)
row = x[:, None] + np.arange(2048, dtype=np.int32)[None, :]
box = x[:, None, None] + np.arange(4096, dtype=np.int32).reshape(1, 128, 32)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "row.npy"), row)
np.save(os.path.join(out, "box.npy"), box)
