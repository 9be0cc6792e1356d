#!/usr/bin/env python3
"""Inputs and NumPy references for the examples/ kernels, computed
independently of tile (nothing here runs tile code), in float64 and rounded
once to the output type.

  examples_ref.py EXAMPLE DIR ARGS...   writes DIR/*.npy (inputs, ref*.npy)
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from v2_ref import philox4x32_10, philox_selftest  # noqa: E402

rng = np.random.default_rng(20261122)


def save(d, name, a):
    np.save(os.path.join(d, name), a)


def softmax(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def bf16_bits(x):
    """float32 -> bf16 (nearest even) as the raw uint16 tile-run reads."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def tf32_value(x, nearest=False):
    """f32 as tf32 reads it: 10 mantissa bits, the low 13 dropped (what
    precision = "tf32" means), or with nearest=True rounded to nearest,
    ties away (cvt.rna.tf32.f32), which a test uses to show the
    difference is seen."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    if nearest:
        u = u + 0x1000
    return ((u & 0xFFFFE000).astype(np.uint32)).view(np.float32).astype(np.float64)


def inputs(kind, shape):
    """Random matmul inputs of `kind` and their exact values as float64."""
    x = rng.standard_normal(shape).astype(np.float32)
    if kind == "f16":
        h = x.astype(np.float16)
        return h, h.astype(np.float64)
    if kind == "bf16":
        bits = bf16_bits(x)
        return bits, bf16_value(bits)
    if kind == "tf32":
        return x, tf32_value(x)
    if kind == "tf32rna":
        return x, tf32_value(x, nearest=True)
    sys.exit("examples_ref.py: unknown matmul kind " + kind)


def e4m3_values():
    """The value of every e4m3 code 0..0x7E (the positive ones; 0x7F is
    NaN), by the format's definition: 4 exponent bits (bias 7), 3 mantissa
    bits, subnormals at exponent 0."""
    out = []
    for c in range(0x7F):
        e, m = c >> 3, c & 7
        out.append(m * 2.0 ** -9 if e == 0 else (1 + m / 8) * 2.0 ** (e - 7))
    return np.array(out)


def e4m3_nearest(x, vals):
    """The nearest e4m3 code of each x (saturating at 448), as uint8."""
    a = np.minimum(np.abs(x), vals[-1])
    i = np.clip(np.searchsorted(vals, a), 1, len(vals) - 1)
    lo, hi = vals[i - 1], vals[i]
    code = np.where(a - lo <= hi - a, i - 1, i)
    return (code | np.where(x < 0, 0x80, 0)).astype(np.uint8)


def e4m3_decode(codes, vals):
    v = vals[codes & 0x7F]
    return np.where(codes & 0x80, -v, v)


def main(argv):
    ex, d, args = argv[1], argv[2], [int(a) if a.lstrip("-").isdigit() else a for a in argv[3:]]
    if ex == "softmax":                       # rows cols dtype
        r, c, dt = args
        x = (rng.standard_normal((r, c)) * 3).astype(dt)
        save(d, "x.npy", x)
        save(d, "ref.npy", softmax(x).astype(dt))
    elif ex == "layernorm":                   # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32) * 2 + 0.5
        w = rng.standard_normal(c).astype(np.float32)
        b = rng.standard_normal(c).astype(np.float32)
        x64 = x.astype(np.float64)
        mean = x64.mean(axis=1, keepdims=True)
        var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
        y = (x64 - mean) / np.sqrt(var + 1e-5) * w + b
        for name, a in (("x", x), ("w", w), ("b", b), ("ref", y.astype(np.float32))):
            save(d, name + ".npy", a)
    elif ex == "rmsnorm":                     # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        w = rng.standard_normal(c).astype(np.float32)
        x64 = x.astype(np.float64)
        y = x64 / np.sqrt((x64 ** 2).mean(axis=1, keepdims=True) + 1e-6) * w
        for name, a in (("x", x), ("w", w), ("ref", y.astype(np.float32))):
            save(d, name + ".npy", a)
    elif ex == "sums":                        # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "rowref.npy", x.astype(np.float64).sum(axis=1).astype(np.float32))
        save(d, "colref.npy", x.astype(np.float64).sum(axis=0).astype(np.float32))
    elif ex == "transpose":                   # rows cols
        r, c = args
        x = rng.standard_normal((r, c)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "ref.npy", np.ascontiguousarray(x.T))
    elif ex == "matmul":                      # m n k [f16|bf16|tf32|tf32rna]
        m, n, k = args[:3]
        kind = args[3] if len(args) > 3 else "f16"
        a, a64 = inputs(kind, (m, k))
        b, b64 = inputs(kind, (k, n))
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "ref.npy", (a64 @ b64).astype(np.float32))
    elif ex == "linear":                      # m n k
        m, n, k = args
        x, x64 = inputs("f16", (m, k))
        w, w64 = inputs("f16", (k, n))
        bias = rng.standard_normal(n).astype(np.float16)
        z = x64 @ w64 + bias.astype(np.float64)
        y = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z ** 3)))
        for name, a in (("x", x), ("w", w), ("bias", bias), ("ref", y.astype(np.float16))):
            save(d, name + ".npy", a)
    elif ex == "bmm":                         # batch m n k
        nb, m, n, k = args
        a, a64 = inputs("f16", (nb, m, k))
        b, b64 = inputs("f16", (nb, k, n))
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "ref.npy", np.matmul(a64, b64).astype(np.float32))
    elif ex == "attention":                   # lq lk (head size 64)
        lq, lk = args
        q, q64 = inputs("f16", (lq, 64))
        k, k64 = inputs("f16", (lk, 64))
        v, v64 = inputs("f16", (lk, 64))
        s_ = q64 @ k64.T / 8.0
        p = np.exp(s_ - s_.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        # The kernel rounds P to f16 before P V, as attention kernels do.
        o = p.astype(np.float16).astype(np.float64) @ v64
        for name, a in (("q", q), ("k", k), ("v", v), ("ref", o.astype(np.float16))):
            save(d, name + ".npy", a)
    elif ex == "flash_attention":             # heads lq lk d f16|bf16 causal|full
        nh, lq, lk, hd, kind, mask = args
        q, q64 = inputs(kind, (nh, lq, hd))
        k, k64 = inputs(kind, (nh, lk, hd))
        v, v64 = inputs(kind, (nh, lk, hd))
        s_ = q64 @ k64.transpose(0, 2, 1) / np.sqrt(hd)
        if mask == "causal":
            # Query i sees keys 0..i (queries and keys aligned at the start).
            s_ = np.where(np.arange(lk)[None, :] <= np.arange(lq)[:, None], s_, -np.inf)
        mx = s_.max(axis=2, keepdims=True)
        e = np.exp(s_ - mx)
        total = e.sum(axis=2, keepdims=True)
        # Exact softmax in float64: the kernel's P is rounded to f16/bf16 one
        # block at a time, which the tolerance covers.
        o = (e / total) @ v64
        lse = (mx + np.log(total))[:, :, 0]
        out = o.astype(np.float16) if kind == "f16" else bf16_bits(o)
        for name, a in (("q", q), ("k", k), ("v", v), ("ref", out),
                        ("lse", lse.astype(np.float32))):
            save(d, name + ".npy", a)
    elif ex == "flash_attention_bwd":         # heads lq lk d causal|full (f16)
        # The forward's O and lse and the backward's delta, dQ, dK and dV
        # for a random upstream gradient dO, all in float64 from the
        # definitions (S = Q K^T / sqrt(d), P = softmax(S), O = P V):
        # dV = P^T dO, dP = dO V^T, dS = P (dP - rowsum(dP P)),
        # dQ = dS K / sqrt(d), dK = dS^T Q / sqrt(d).
        nh, lq, lk, hd, mask = args
        q, q64 = inputs("f16", (nh, lq, hd))
        k, k64 = inputs("f16", (nh, lk, hd))
        v, v64 = inputs("f16", (nh, lk, hd))
        do, do64 = inputs("f16", (nh, lq, hd))
        sc = 1.0 / np.sqrt(hd)
        s_ = q64 @ k64.transpose(0, 2, 1) * sc
        if mask == "causal":
            s_ = np.where(np.arange(lk)[None, :] <= np.arange(lq)[:, None], s_, -np.inf)
        mx = s_.max(axis=2, keepdims=True)
        e = np.exp(s_ - mx)
        total = e.sum(axis=2, keepdims=True)
        p = e / total
        o = p @ v64
        lse = (mx + np.log(total))[:, :, 0]
        dv = p.transpose(0, 2, 1) @ do64
        dp = do64 @ v64.transpose(0, 2, 1)
        ds = p * (dp - (dp * p).sum(axis=2, keepdims=True))
        dq = ds @ k64 * sc
        dk = ds.transpose(0, 2, 1) @ q64 * sc
        # The gradient kernels read the forward's outputs as a forward
        # kernel wrote them: O in f16, lse in f32; delta from that O.
        o16 = o.astype(np.float16)
        delta = (o16.astype(np.float64) * do64).sum(axis=2)
        for name, a in (("q", q), ("k", k), ("v", v), ("do", do), ("o", o16),
                        ("lse", lse.astype(np.float32)),
                        ("delta", delta.astype(np.float32)),
                        ("dq", dq.astype(np.float16)), ("dq32", dq.astype(np.float32)),
                        ("dk", dk.astype(np.float16)),
                        ("dv", dv.astype(np.float16))):
            save(d, name + ".npy", a)
    elif ex == "flash_attention_fp8":         # heads lq lk d causal|full
        # Q, K and V as e4m3 codes (the nearest code of a normal sample; raw
        # uint8, as tile-run reads f8) with a scale each; the reference is
        # FP8 attention's definition in float64 on the decoded values: P =
        # exp(S - rowmax) rounded to e4m3 for the product with V, l summed
        # before the rounding. (The kernel rounds P against its running
        # maximum, which equals the row's once its block is reached; the
        # tolerance covers rows whose maximum comes later.)
        nh, lq, lk, hd, mask = args
        vals = e4m3_values()
        def quantize(shape):
            codes = e4m3_nearest(rng.standard_normal(shape) * 1.5, vals)
            return codes, e4m3_decode(codes, vals)
        qs, ks, vs = 0.5, 0.25, 2.0
        q, q64 = quantize((nh, lq, hd))
        k, k64 = quantize((nh, lk, hd))
        v, v64 = quantize((nh, lk, hd))
        s_ = (q64 * qs) @ (k64 * ks).transpose(0, 2, 1) / np.sqrt(hd)
        if mask == "causal":
            s_ = np.where(np.arange(lk)[None, :] <= np.arange(lq)[:, None], s_, -np.inf)
        e = np.exp(s_ - s_.max(axis=2, keepdims=True))
        p8 = e4m3_decode(e4m3_nearest(e, vals), vals)
        o = (p8 @ (v64 * vs)) / e.sum(axis=2, keepdims=True)
        vt = np.ascontiguousarray(v.transpose(0, 2, 1))
        for name, a in (("q", q), ("k", k), ("vt", vt), ("ref", o.astype(np.float16))):
            save(d, name + ".npy", a)
    elif ex == "gqa_attention":               # q_heads kv_heads lq lk d causal|full (f16)
        nh, nkv, lq, lk, hd, mask = args
        q, q64 = inputs("f16", (nh, lq, hd))
        k, k64 = inputs("f16", (nkv, lk, hd))
        v, v64 = inputs("f16", (nkv, lk, hd))
        # Query head h reads K/V head h // (nh // nkv).
        k64 = np.repeat(k64, nh // nkv, axis=0)
        v64 = np.repeat(v64, nh // nkv, axis=0)
        s_ = q64 @ k64.transpose(0, 2, 1) / np.sqrt(hd)
        if mask == "causal":
            s_ = np.where(np.arange(lk)[None, :] <= np.arange(lq)[:, None], s_, -np.inf)
        e = np.exp(s_ - s_.max(axis=2, keepdims=True))
        o = (e / e.sum(axis=2, keepdims=True)) @ v64
        for name, a in (("q", q), ("k", k), ("v", v), ("ref", o.astype(np.float16))):
            save(d, name + ".npy", a)
    elif ex == "embedding":                   # vocab dim tokens
        nv, dim, nt = args
        table = rng.standard_normal((nv, dim)).astype(np.float16)
        ids = rng.integers(0, nv, nt).astype(np.int32)
        ids[::9] = -1                         # padding tokens and bad ids:
        ids[4::13] = nv                       # a row of zeros
        ref = np.zeros((nt, dim), np.float16)
        ok = (ids >= 0) & (ids < nv)
        ref[ok] = table[ids[ok]]
        for name, a in (("table", table), ("ids", ids), ("ref", ref)):
            save(d, name + ".npy", a)
    elif ex == "moe_dispatch":                # tokens dim topk
        nt, dim, topk = args
        x = rng.standard_normal((nt, dim)).astype(np.float16)
        # Every (token, choice) gets its own row of the expert-grouped
        # buffer; some are dropped (over capacity).
        dst = rng.permutation(nt * topk).astype(np.int32).reshape(nt, topk)
        dst[rng.random((nt, topk)) < 0.1] = -1
        ref = np.zeros((nt * topk, dim), np.float16)
        for t in range(nt):
            for k in range(topk):
                if dst[t, k] >= 0:
                    ref[dst[t, k]] = x[t]
        for name, a in (("x", x), ("dst", dst), ("ref", ref)):
            save(d, name + ".npy", a)
    elif ex == "splitk":                      # m n k
        m, n, k = args
        a, a64 = inputs("f16", (m, k))
        b, b64 = inputs("f16", (k, n))
        save(d, "a.npy", a)
        save(d, "b.npy", b)
        save(d, "ref.npy", (a64 @ b64).astype(np.float32))
    elif ex == "histogram":                   # values bins
        nx, nb = args
        x = rng.integers(-3, nb + 3, nx).astype(np.int32)
        ok = (x >= 0) & (x < nb)
        save(d, "x.npy", x)
        save(d, "ref.npy", np.bincount(x[ok], minlength=nb).astype(np.int32))
    elif ex == "cumsum":                      # rows cols
        r, c = args
        # Probabilities, as in top-p sampling: the sums grow steadily.
        x = rng.random((r, c)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "ref.npy", np.cumsum(x.astype(np.float64), axis=1).astype(np.float32))
    elif ex == "dropout":                     # n p seed
        n, p, seed = args[0], float(args[1]), int(args[2])
        philox_selftest()
        x = rng.standard_normal(n).astype(np.float32)
        z = np.zeros(n, np.uint64)
        seed &= 2**64 - 1
        w = philox4x32_10(np.uint64(seed & 0xFFFFFFFF), np.uint64(seed >> 32),
                          np.arange(n, dtype=np.uint64), z, z, z)[0]
        xi = w.astype(np.uint32).view(np.int32).astype(np.int64)
        u = np.where(xi < 0, -xi - 1, xi).astype(np.float32) * np.float32(4.6566127342e-10)
        p32 = np.float32(p)
        scale = np.float32(1) / (np.float32(1) - p32)
        y = np.where(u > p32, x * scale, np.float32(0)).astype(np.float32)
        save(d, "x.npy", x)
        save(d, "ref.npy", y)
    elif ex == "paged":                       # seqs heads max_len blocks
        ns, nh, maxlen, nblocks = args
        hd, bs = 64, 16
        lens = rng.integers(1, maxlen + 1, ns).astype(np.int32)
        lens[0] = maxlen
        lens[-1] = 1
        maxb = (maxlen + bs - 1) // bs
        need = int(sum((int(l) + bs - 1) // bs for l in lens))
        assert need <= nblocks, "not enough blocks"
        pool = rng.permutation(nblocks)       # blocks in no particular order
        table = np.full((ns, maxb), -1, np.int32)
        used = 0
        for s_ in range(ns):
            nb = (int(lens[s_]) + bs - 1) // bs
            table[s_, :nb] = pool[used:used + nb]
            used += nb
        q, q64 = inputs("f16", (ns, nh * hd))
        kc, k64 = inputs("f16", (nblocks * bs, nh * hd))
        vc, v64 = inputs("f16", (nblocks * bs, nh * hd))
        scale = 1 / np.sqrt(hd)
        out = np.zeros((ns, nh * hd))
        for s_ in range(ns):
            t = np.arange(lens[s_])
            rows = table[s_, t // bs] * bs + t % bs
            for h in range(nh):
                c = slice(h * hd, (h + 1) * hd)
                sc = k64[rows, c] @ q64[s_, c] * np.float64(np.float32(scale))
                pr = np.exp(sc - sc.max())
                out[s_, c] = pr @ v64[rows, c] / pr.sum()
        for name, a in (("q", q), ("k", kc), ("v", vc), ("table", table),
                        ("lens", lens), ("ref", out.astype(np.float16))):
            save(d, name + ".npy", a)
    else:
        sys.exit("examples_ref.py: unknown example " + ex)


if __name__ == "__main__":
    main(sys.argv)
