#!/usr/bin/env python3
"""Peers of the v2 kernels for bench/gpu-v2-speed.sh (issue 19, "Speed"), in
the same run as tile's: torch (F.embedding, torch.cumsum, torch.bincount,
F.dropout, cuBLAS for split-K's shape), the same algorithms written in
Triton (a gather of embedding rows, tl.cumsum, a histogram by per-value
tl.atomic_add and by tl.histogram, dropout by tl.rand, split-K by
tl.atomic_add, paged decode reading a block table), and the device copy
bandwidth. Every Triton kernel is checked against torch at the timed size
before it is timed (a wrong one is reported, not timed). Timing as
bench/peers.py: CUDA events around each launch after warm-up, the median.
One JSON object per line: {"case", "impl", "config", "median_us", "min_us",
"max_us", "bytes"} (or "error" instead of the times).

  peers_v2.py [--warmup 10] [--iters 50] [--cases REGEX]
  peers_v2.py --small    small sizes on the CPU, one timed call each; with
                         TRITON_INTERPRET=1 for the Triton kernels (a test)
"""
import argparse
import json
import math
import re
import sys
import time

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from peers import timeit

# The sizes (bench/gpu_v2_speed.py has the same).
BIG = dict(emb=(16384, 4096, 131072), cumsum=(8192, 4096), hist=(1 << 26, 256),
           drop=(1 << 26,), splitk=(16, 8192, 8192), paged=(64, 4096, 32, 128))
SMALL = dict(emb=(77, 300, 1000), cumsum=(9, 3000), hist=(50000, 256),
             drop=(10000,), splitk=(16, 200, 1000), paged=(5, 150, 3, 128))
DROP_P, DROP_SEED = 0.1, 0x1234ABCD5678


@triton.jit
def embedding_kernel(table, ids, out, T, D, TOK: tl.constexpr, COLS: tl.constexpr):
    tok = tl.program_id(0) * TOK + tl.arange(0, TOK)
    col = tl.program_id(1) * COLS + tl.arange(0, COLS)
    row = tl.load(ids + tok, mask=tok < T, other=0).to(tl.int64)
    m = (tok < T)[:, None] & (col < D)[None, :]
    v = tl.load(table + row[:, None] * D + col[None, :], mask=m)
    tl.store(out + tok.to(tl.int64)[:, None] * D + col[None, :], v, mask=m)


@triton.jit
def cumsum_kernel(x, y, R, C, ROWS: tl.constexpr, BLK: tl.constexpr):
    row = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    base = row.to(tl.int64)[:, None] * C
    carry = tl.zeros((ROWS,), tl.float32)
    for c0 in range(0, C, BLK):
        col = c0 + tl.arange(0, BLK)
        m = (row < R)[:, None] & (col < C)[None, :]
        t = tl.load(x + base + col[None, :], mask=m, other=0.0)
        s = tl.cumsum(t, axis=1) + carry[:, None]
        tl.store(y + base + col[None, :], s, mask=m)
        # The next carry is the block's last column (the columns past C load
        # as 0). Not carry += tl.sum(t, 1): Triton 3.6's
        # TritonGPUOptimizeThreadLocality fails on a loop-carried sum that
        # the loop also reads (H100, 2026-11-26).
        carry = tl.sum(tl.where(tl.arange(0, BLK)[None, :] == BLK - 1, s, 0.0), axis=1)


@triton.jit
def hist_atomic_kernel(x, bins, N, B, CHUNK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x + offs, mask=offs < N, other=-1)
    tl.atomic_add(bins + v, 1, mask=(v >= 0) & (v < B), sem="relaxed")


@triton.jit
def hist_block_kernel(x, bins, N, B: tl.constexpr, CHUNK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x + offs, mask=offs < N, other=-1)
    h = tl.histogram(v, B, mask=(offs < N) & (v >= 0) & (v < B))
    tl.atomic_add(bins + tl.arange(0, B), h, sem="relaxed")


@triton.jit
def dropout_kernel(x, y, N, p, seed, CHUNK: tl.constexpr):
    offs = tl.program_id(0) * CHUNK + tl.arange(0, CHUNK)
    m = offs < N
    t = tl.load(x + offs, mask=m)
    keep = tl.rand(seed, offs) > p
    scale = 1.0 / (1.0 - p)  # once per program, as F.dropout scales
    tl.store(y + offs, tl.where(keep, t * scale, 0.0), mask=m)


@triton.jit
def splitk_kernel(a, b, c, M, N, K, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn, z, s = tl.program_id(0), tl.program_id(1), tl.program_id(2), tl.num_programs(2)
    chunk = tl.cdiv(tl.cdiv(K, s), BK) * BK
    k0 = z * chunk
    k1 = tl.minimum(k0 + chunk, K)
    rm = pm * 16 + tl.arange(0, 16)
    rn = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((16, BN), tl.float32)
    for kk in range(k0, k1, BK):
        rk = kk + tl.arange(0, BK)
        ta = tl.load(a + rm[:, None] * K + rk[None, :],
                     mask=(rm < M)[:, None] & (rk < k1)[None, :], other=0.0)
        tb = tl.load(b + rk.to(tl.int64)[:, None] * N + rn[None, :],
                     mask=(rk < k1)[:, None] & (rn < N)[None, :], other=0.0)
        acc = tl.dot(ta, tb, acc)
    tl.atomic_add(c + rm[:, None] * N + rn[None, :], acc,
                  mask=(rm < M)[:, None] & (rn < N)[None, :], sem="relaxed")


@triton.jit
def paged_kernel(q, kc, vc, table, lens, out, width, ld, scale,
                 HD: tl.constexpr, P: tl.constexpr):
    s, h = tl.program_id(0), tl.program_id(1)
    PT: tl.constexpr = P * 16
    n = tl.load(lens + s)
    npages = (n + 15) // 16
    d = tl.arange(0, HD)
    t = tl.arange(0, PT)
    qv = tl.load(q + s * ld + h * HD + d).to(tl.float32)
    m_i = -float("inf")
    l_i = 0.0
    acc = tl.zeros((HD,), tl.float32)
    for j in range(0, npages, P):
        page_i = j + t // 16
        page = tl.load(table + s * width + page_i, mask=page_i < npages, other=0)
        rows = page.to(tl.int64) * 16 + t % 16
        live = page_i < npages
        off = rows[:, None] * ld + h * HD + d[None, :]
        kt = tl.load(kc + off, mask=live[:, None], other=0.0).to(tl.float32)
        vt = tl.load(vc + off, mask=live[:, None], other=0.0).to(tl.float32)
        sc = tl.sum(kt * qv[None, :], axis=1) * scale
        sc = tl.where(j * 16 + t < n, sc, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(sc, axis=0))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(sc - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=0)
        acc = acc * alpha + tl.sum(p[:, None] * vt, axis=0)
        m_i = m_new
    tl.store(out + s * ld + h * HD + d, (acc / l_i).to(tl.float16))


# ---- timing ----------------------------------------------------------------

def timer(dev, warmup, iters):
    def cuda(fn):
        return timeit(fn, warmup, iters)

    def cpu(fn):
        t0 = time.perf_counter()
        fn()
        us = (time.perf_counter() - t0) * 1e6
        return us, us, us
    return cuda if dev == "cuda" else cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--cases", default=".")
    ap.add_argument("--small", action="store_true")
    a = ap.parse_args()
    dev = "cpu" if a.small else "cuda"
    Z = SMALL if a.small else BIG
    timeit = timer(dev, a.warmup, a.iters)
    g = torch.Generator(device=dev).manual_seed(19)
    failures = [0]

    def emit(row):
        print(json.dumps(row), flush=True)

    def report(case, impl, config, nbytes, fn, check=None):
        """Checks fn's result (check() returns an error string or None),
        then times fn."""
        row = {"case": case, "impl": impl, "config": config, "bytes": nbytes}
        try:
            fn()
            err = check() if check else None
            if dev == "cuda":
                torch.cuda.synchronize()
        except Exception as e:  # a config Triton cannot compile or run
            err = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
        if err:
            row["error"] = err
            failures[0] += 1
        else:
            med, lo, hi = timeit(fn)
            row.update(median_us=med, min_us=lo, max_us=hi)
        emit(row)

    def want(case):
        return re.search(a.cases, case)

    # Device copy: 1 GiB read, 1 GiB written.
    n = (1 << 29) if not a.small else (1 << 16)
    src = torch.randn(n, device=dev, dtype=torch.float16, generator=g)
    dst = torch.empty_like(src)
    report("copy", "torch", "1GiB" if not a.small else "small", 2 * n * 2, lambda: dst.copy_(src))
    del src, dst

    if want("embedding"):
        T, D, V = Z["emb"]
        table = torch.randn(V, D, device=dev, dtype=torch.float16, generator=g)
        ids = torch.randint(0, V, (T,), device=dev, dtype=torch.int32, generator=g)
        ref = table[ids.long()]
        nb = 2 * T * D * 2 + T * 4
        report("embedding", "torch", "F.embedding", nb, lambda: F.embedding(ids, table))
        out = torch.empty(T, D, device=dev, dtype=torch.float16)
        for tok, cols, w in ((8, 1024, 4), (16, 1024, 8), (32, 256, 4), (8, 512, 4)):
            out.zero_()
            report("embedding", "triton", "t%dc%dw%d" % (tok, cols, w), nb,
                   lambda: embedding_kernel[(triton.cdiv(T, tok), triton.cdiv(D, cols))](
                       table, ids, out, T, D, TOK=tok, COLS=cols, num_warps=w),
                   lambda: None if torch.equal(out, ref) else "differs from table[ids]")
        del table, ids, ref, out

    if want("cumsum"):
        R, C = Z["cumsum"]
        x = torch.randn(R, C, device=dev, dtype=torch.float32, generator=g)
        ref = torch.cumsum(x.double(), dim=1)
        bound = 1e-5 * torch.cumsum(x.double().abs(), dim=1) + 1e-5
        y = torch.empty_like(x)
        nb = 2 * R * C * 4
        report("cumsum", "torch", "torch.cumsum", nb, lambda: torch.cumsum(x, dim=1))
        for rows, blk, w in ((1, 4096, 8), (1, 4096, 4), (2, 2048, 8), (4, 1024, 4)):
            y.zero_()
            report("cumsum", "triton", "r%db%dw%d" % (rows, blk, w), nb,
                   lambda: cumsum_kernel[(triton.cdiv(R, rows),)](x, y, R, C, ROWS=rows, BLK=blk, num_warps=w),
                   lambda: None if bool(((y.double() - ref).abs() <= bound).all()) else
                   "max error %.3g" % float((y.double() - ref).abs().max()))
        del x, ref, bound, y

    if want("histogram"):
        N, B = Z["hist"]
        x = torch.randint(0, B, (N,), device=dev, dtype=torch.int32, generator=g)
        ref = torch.bincount(x.long(), minlength=B)
        bins = torch.zeros(B, device=dev, dtype=torch.int32)
        nb = N * 4 + B * 4
        report("histogram", "torch", "torch.bincount", nb, lambda: torch.bincount(x, minlength=B))
        for chunk, w in ((1024, 4), (4096, 4), (8192, 8)):
            bins.zero_()
            report("histogram", "triton", "atomic c%dw%d" % (chunk, w), nb,
                   lambda: hist_atomic_kernel[(triton.cdiv(N, chunk),)](x, bins, N, B, CHUNK=chunk, num_warps=w),
                   lambda: None if torch.equal(bins.long(), ref) else "bins differ from bincount")
        for chunk, w in ((4096, 4), (8192, 8), (16384, 8)):
            bins.zero_()
            report("histogram", "triton-histogram", "tl.histogram c%dw%d" % (chunk, w), nb,
                   lambda: hist_block_kernel[(triton.cdiv(N, chunk),)](x, bins, N, B=B, CHUNK=chunk, num_warps=w),
                   lambda: None if torch.equal(bins.long(), ref) else "bins differ from bincount")
        del x, ref, bins

    if want("dropout"):
        N, = Z["drop"]
        x = torch.randn(N, device=dev, dtype=torch.float32, generator=g)
        y = torch.empty_like(x)
        nb = 2 * N * 4

        def dropped_ok():
            kept = y != 0
            frac = float(kept.float().mean())
            # Triton's scale is div.full.f32's (within 2 ulp).
            want = torch.where(kept, x * (1.0 / (1.0 - DROP_P)), torch.zeros_like(x))
            exact = bool(((y - want).abs() <= 2.5e-7 * want.abs()).all())
            return None if exact and abs(frac - (1 - DROP_P)) < 0.02 else \
                "kept %.4f (want %.2f), values %s" % (frac, 1 - DROP_P, "ok" if exact else "wrong")
        report("dropout", "torch", "F.dropout", nb, lambda: F.dropout(x, DROP_P, training=True))
        for chunk, w in ((1024, 4), (2048, 4), (4096, 8)):
            y.zero_()
            report("dropout", "triton", "c%dw%d" % (chunk, w), nb,
                   lambda: dropout_kernel[(triton.cdiv(N, chunk),)](x, y, N, DROP_P, DROP_SEED, CHUNK=chunk, num_warps=w),
                   dropped_ok)
        del x, y

    if want("splitk"):
        M, N, K = Z["splitk"]
        A = torch.randn(M, K, device=dev, dtype=torch.float16, generator=g)
        Bm = torch.randn(K, N, device=dev, dtype=torch.float16, generator=g)
        ref = A.double() @ Bm.double()
        bound = 2e-5 * (A.double().abs() @ Bm.double().abs()) + 1e-3
        Cm = torch.zeros(M, N, device=dev, dtype=torch.float32)
        nb = K * N * 2 + M * K * 2 + M * N * 4
        if dev == "cuda":
            report("splitk", "cublas", "A @ B (f16 out)", nb, lambda: A @ Bm)
        for bn, bk, s, w in ((128, 64, 8, 4), (64, 128, 8, 4), (128, 128, 4, 4),
                             (256, 64, 8, 8), (64, 64, 16, 4)):
            Cm.zero_()
            report("splitk", "triton", "n%dk%ds%dw%d" % (bn, bk, s, w), nb,
                   lambda: splitk_kernel[(triton.cdiv(M, 16), triton.cdiv(N, bn), s)](
                       A, Bm, Cm, M, N, K, BN=bn, BK=bk, num_warps=w),
                   lambda: None if bool(((Cm.double() - ref).abs() <= bound).all()) else
                   "max error %.3g" % float((Cm.double() - ref).abs().max()))
        del A, Bm, ref, bound, Cm

    if want("paged_decode"):
        S, L, H, HD = Z["paged"]
        per = -(-L // 16)
        pool = S * per + 3
        table = torch.randperm(pool, device=dev, generator=g)[:S * per].to(torch.int32).reshape(S, per).contiguous()
        lens = torch.full((S,), L, device=dev, dtype=torch.int32)
        if a.small:
            lens = torch.tensor([L] + [max(1, L // (i + 2)) for i in range(S - 2)] + [1],
                                device=dev, dtype=torch.int32)
        kc = torch.randn(pool * 16, H * HD, device=dev, dtype=torch.float16, generator=g)
        vc = torch.randn(pool * 16, H * HD, device=dev, dtype=torch.float16, generator=g)
        q = torch.randn(S, H * HD, device=dev, dtype=torch.float16, generator=g)
        out = torch.empty(S, H * HD, device=dev, dtype=torch.float16)
        scale = 1.0 / math.sqrt(HD)
        refs = []
        for i in range(S):
            n_i = int(lens[i])
            rows = (table[i, :-(-n_i // 16)].long()[:, None] * 16 + torch.arange(16, device=dev)).reshape(-1)[:n_i]
            k = kc[rows].float().reshape(n_i, H, HD).transpose(0, 1)
            v = vc[rows].float().reshape(n_i, H, HD).transpose(0, 1)
            p = torch.softmax((k @ q[i].float().reshape(H, HD, 1))[:, :, 0] * scale, dim=1)
            refs.append((p[:, None, :] @ v)[:, 0, :].reshape(-1))
        ref = torch.stack(refs)
        nb = 2 * S * L * H * HD * 2 + 2 * S * H * HD * 2 + S * per * 4 + S * 4
        for P, w in ((1, 4), (2, 4), (2, 8), (4, 4), (4, 8)):
            out.zero_()
            report("paged_decode", "triton", "p%dw%d" % (P, w), nb,
                   lambda: paged_kernel[(S, H)](q, kc, vc, table, lens, out, per, H * HD, scale,
                                                HD=HD, P=P, num_warps=w),
                   lambda: None if bool(((out.float() - ref).abs() <= 1e-4 + 4e-3 * ref.abs()).all()) else
                   "max error %.3g" % float((out.float() - ref).abs().max()))
        del kc, vc, q, out, ref
    return 1 if failures[0] else 0


if __name__ == "__main__":
    sys.exit(main())
