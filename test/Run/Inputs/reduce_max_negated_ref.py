"""Input and NumPy reference of reduce-max-negated.mlir: x = iota over a
66 x 86 i32 array, one program (rows 1..64, columns 16..47)."""
import os
import sys

import numpy as np

out = sys.argv[1]
x = np.arange(66 * 86, dtype=np.int32).reshape(66, 86)
neg = -x[1:65, 16:48]
ref = np.zeros_like(x)
ref[1:65, 16:48] = neg + neg.max(axis=0, keepdims=True)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "ref.npy"), ref)
