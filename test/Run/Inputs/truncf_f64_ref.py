"""NumPy reference of truncf-f64.mlir: the f64 arguments rounded once to
f16 (NumPy's float64 -> float16 rounds directly, to nearest even) and to
bf16 (the nearest bf16 found with exact fractions, ties to even), as bits.
The values sit where rounding through f32 first would give another
answer, at the overflow edges and in the subnormals."""
import os
import sys
from fractions import Fraction

import numpy as np

VALUES = sys.argv[2:]


def bf16_value(bits):
    """The magnitude of a bf16 code; 0x7F80 (inf) counts as 2^128, where
    rounding to nearest starts giving inf."""
    if bits == 0x7F80:
        return Fraction(2) ** 128
    return Fraction(float(np.array([bits << 16], np.uint32).view(
        np.float32)[0]))


def bf16_bits(x):
    if x != x:
        return 0x7FC0
    sign = 0x8000 if np.signbit(x) else 0
    a = abs(x)
    # The largest f32 at most |x| (toward zero), whose top 16 bits are the
    # largest bf16 at most |x|; the next code is the smallest above it.
    with np.errstate(over="ignore"):
        f = np.float32(a)
    if float(f) > a:
        f = np.nextafter(f, np.float32(0))
    lo = int(np.array([f], np.float32).view(np.uint32)[0]) >> 16
    hi = lo + 1
    dl, dh = Fraction(a) - bf16_value(lo), bf16_value(hi) - Fraction(a)
    return sign | (lo if dl < dh or (dl == dh and lo % 2 == 0) else hi)


out = sys.argv[1]
xs = [float.fromhex(v) if "0x" in v else float(v) for v in VALUES]
with np.errstate(over="ignore"):  # to inf, as it should
    halves = np.array(xs, np.float64).astype(np.float16)
np.save(os.path.join(out, "h.npy"), halves)
np.save(os.path.join(out, "b.npy"), np.array([bf16_bits(x) for x in xs],
                                             np.uint16))
