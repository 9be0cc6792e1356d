#!/usr/bin/env python3
"""NumPy references for test/tile-run/f8.test, independent of tile: f8 values
come from the formats' bit fields, and rounding to f8 from a table of every
finite code's value (nearest, ties to the even code, beyond the largest and
infinities to the largest, NaN to code 0x7F with the sign). f8 arrays are
.npy files of raw uint8 bits ('|u1'), as tile-run reads and writes them.

  f8ref.py add-inputs DIR   DIR/x.npy (all 256 e4m3 codes), DIR/y.npy (all
                            256 e5m2 codes, shuffled), DIR/ref.npy = x + y (f32)
  f8ref.py add X Y Z        checks Z == decode(X) + decode(Y) bit for bit
  f8ref.py trunc-inputs DIR DIR/x.npy (4096 f32: every f8 value, midpoint and
                            their neighbours, overflow, inf, NaN, zeros, f32
                            subnormals, random at every scale), DIR/ref_e5m2.npy,
                            DIR/ref_e4m3.npy (their codes)
  f8ref.py same-bits A B    checks that two uint8 files hold the same bits
  f8ref.py dot A B DIR      DIR/ref.npy = decode(A) @ decode(B) in float64,
                            rounded to f32
"""
import os
import sys

import numpy as np

# trunc_f8's input length: 64 programs of 64 elements.
TRUNC_SIZE = 4096

# name: (exponent bits, mantissa bits, bias, has infinities)
FORMATS = {"e4m3": (4, 3, 7, False), "e5m2": (5, 2, 15, True)}


def decode(bits, fmt):
    """float64 values of uint8 codes, from the bit fields."""
    e, m, bias, has_inf = FORMATS[fmt]
    b = bits.astype(np.int64)
    exp, man = (b >> m) & ((1 << e) - 1), b & ((1 << m) - 1)
    normal = (1.0 + man / 2.0**m) * np.exp2(exp - bias)
    val = np.where(exp == 0, man / 2.0**m * 2.0**(1 - bias), normal)
    if has_inf:
        top = exp == (1 << e) - 1
        val = np.where(top & (man == 0), np.inf, val)
        val = np.where(top & (man != 0), np.nan, val)
    else:
        val = np.where((b & 0x7F) == 0x7F, np.nan, val)
    return np.where(b & 0x80, -val, val)


def finite_table(fmt):
    """Codes 0..max (non-negative, finite) and their values, increasing."""
    codes = np.arange(128)
    vals = decode(codes, fmt)
    keep = np.isfinite(vals)
    return codes[keep], vals[keep]


def encode(x, fmt):
    """Rounds float values (f32, exact in float64) to f8 codes."""
    codes, vals = finite_table(fmt)
    out = np.empty(x.shape, np.uint8)
    with np.errstate(invalid="ignore"):  # a signaling NaN quiets
        wide = x.astype(np.float64)
    for i, v in enumerate(wide):
        sign = 0x80 if np.signbit(v) else 0
        a = abs(v)
        if np.isnan(v):
            code = 0x7F
        elif a >= vals[-1]:
            code = codes[-1]
        else:
            k = np.searchsorted(vals, a, side="right") - 1
            mid = (vals[k] + vals[k + 1]) / 2
            if a != mid:
                code = codes[k] if a < mid else codes[k + 1]
            else:
                code = codes[k] if codes[k] % 2 == 0 else codes[k + 1]
        out[i] = sign | code
    return out


def trunc_inputs():
    xs = []
    for fmt in FORMATS:
        _, vals = finite_table(fmt)
        mids = ((vals[:-1] + vals[1:]) / 2).astype(np.float32)
        for v in (vals.astype(np.float32), mids):
            xs += [v, np.nextafter(v, np.float32(np.inf)), np.nextafter(v, np.float32(0))]
        top, step = vals[-1], vals[-1] - vals[-2]
        xs.append(np.array([top + step / 2, top + step, top * 4, 3e38], np.float32))
    xs.append(np.array([np.inf, 0.0, 1e-40, 2.0**-20], np.float32))
    x = np.concatenate(xs)
    nans = np.array([0x7FC00000, 0xFFC00000, 0x7F800001], np.uint32).view(np.float32)
    x = np.concatenate([x, -x, nans])
    # Random values at every scale fill the rest of TRUNC_SIZE.
    rng = np.random.default_rng(8)
    rest = TRUNC_SIZE - x.size
    scale = np.exp2(rng.integers(-20, 18, rest)).astype(np.float32)
    return np.concatenate([x, rng.standard_normal(rest).astype(np.float32) * scale])


def main(argv):
    cmd = argv[1]
    if cmd == "add-inputs":
        d = argv[2]
        x = np.arange(256, dtype=np.uint8)
        y = ((np.arange(256) * 37 + 11) % 256).astype(np.uint8)
        np.save(os.path.join(d, "x.npy"), x)
        np.save(os.path.join(d, "y.npy"), y)
        ref = (decode(x, "e4m3") + decode(y, "e5m2")).astype(np.float32)
        np.save(os.path.join(d, "ref.npy"), ref)
    elif cmd == "add":
        x, y, z = (np.load(p) for p in argv[2:5])
        assert x.dtype.str == "|u1" and y.dtype.str == "|u1", (x.dtype, y.dtype)
        ref = (decode(x, "e4m3") + decode(y, "e5m2")).astype(np.float32)
        same = (ref.view(np.uint32) == z.view(np.uint32)) | (np.isnan(ref) & np.isnan(z))
        print("add: %d of %d elements match" % (same.sum(), same.size))
    elif cmd == "trunc-inputs":
        d = argv[2]
        x = trunc_inputs()
        np.save(os.path.join(d, "x.npy"), x)
        np.save(os.path.join(d, "ref_e5m2.npy"), encode(x, "e5m2"))
        np.save(os.path.join(d, "ref_e4m3.npy"), encode(x, "e4m3"))
        print("trunc: %d inputs" % x.size)
    elif cmd == "same-bits":
        a, b = np.load(argv[2]), np.load(argv[3])
        assert a.dtype.str == "|u1" and b.dtype.str == "|u1", (a.dtype, b.dtype)
        assert a.shape == b.shape, (a.shape, b.shape)
        bad = np.flatnonzero(a != b)
        print("same-bits: %d of %d differ%s" % (bad.size, a.size, "".join(
            " [%d] %02x != %02x" % (i, a[i], b[i]) for i in bad[:4])))
    elif cmd == "dot":
        a, b, d = np.load(argv[2]), np.load(argv[3]), argv[4]
        ref = decode(a, "e4m3") @ decode(b, "e4m3")
        np.save(os.path.join(d, "ref.npy"), ref.astype(np.float32))
        print("dot: %s @ %s" % ("x".join(map(str, a.shape)), "x".join(map(str, b.shape))))
    else:
        sys.exit("f8ref.py: unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv)
