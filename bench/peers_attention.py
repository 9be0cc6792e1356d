#!/usr/bin/env python3
"""Attention peers for bench/gpu-attention.sh, on the GPU, in the same run
as tile's kernels, on the same shapes ([B*H][L][d], f16):

  sdpa          torch.nn.functional.scaled_dot_product_attention (its flash
                kernel on Hopper), q/k/v as [1][B*H][L][d]
  triton        examples/flash_attention.mlir's algorithm written in Triton
                the way ours is written, with its shapes (d = 64: 64
                queries x 128 keys per step, 4 warps, 2 stages; d = 128:
                128 x 128, 8 warps, 3 stages), exp2 online softmax, the
                causal kernel split into the unmasked blocks and the
                diagonal ones
  triton_tuned  the same kernel autotuned over both block sizes, warps and
                stages (what a Triton user would ship)
  triton_plain  examples/flash_attention_plain.mlir's algorithm in Triton:
                every key block masked (tl.where), tl.exp of the scaled
                scores, no hand split; 128 queries x 64 keys, 8 warps,
                3 stages (its tuning space's first values)
  tile_plain_package, tile_plain_tuned (with the Python package)
                examples/flash_attention_plain.mlir at its defaults, and
                (--tile-tuned) as tile.tune picks its block sizes and
                warps from its tuning space on this case's tensors, every
                candidate checked against SDPA; the tuning's wall time and
                choice go to stderr as a JSON line ("impl": "tune")

Each writes O and the log-sum-exp like ours; the Triton kernel is checked
against SDPA before it is timed. Timing as bench/peers.py (CUDA events,
median of ITERS launches after warm-up). One JSON object per line:
{"case", "impl", "median_us", "min_us", "max_us", "tflops"}.

  peers_attention.py [--cases 64:full:16x8192 ...] [--warmup 10 --iters 50]
                     [--tile-tuned [--tile-file F]] [--only IMPL ...]
"""
import argparse
import os
import json
import math
import sys
import time

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from peers import timeit


@triton.jit
def _block(acc, m_i, l_i, q, K, V, base, n0, Lk, rm, rd, rn, qk_scale,
           D: tl.constexpr, DIAGONAL: tl.constexpr):
    kn = n0 + rn
    k = tl.load(K + base + kn[None, :] * D + rd[:, None], mask=kn[None, :] < Lk, other=0.0)
    s = tl.dot(q, k) * qk_scale
    valid = kn[None, :] < Lk
    if DIAGONAL:
        valid = valid & (kn[None, :] <= rm[:, None])
    s = tl.where(valid, s, -float("inf"))
    m_new = tl.maximum(m_i, tl.max(s, 1))
    p = tl.math.exp2(s - m_new[:, None])
    alpha = tl.math.exp2(m_i - m_new)
    l_i = l_i * alpha + tl.sum(p, 1)
    acc = acc * alpha[:, None]
    v = tl.load(V + base + kn[:, None] * D + rd[None, :], mask=kn[:, None] < Lk, other=0.0)
    acc = tl.dot(p.to(v.dtype), v, acc)
    return acc, m_new, l_i


@triton.jit
def attn_fwd(Q, K, V, O, LSE, Lq, Lk, qk_scale, D: tl.constexpr, BM: tl.constexpr,
             BN: tl.constexpr, CAUSAL: tl.constexpr):
    pm = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    m0 = pm * BM
    rm = m0 + tl.arange(0, BM)
    rd = tl.arange(0, D)
    rn = tl.arange(0, BN)
    qbase = bh * Lq * D
    kbase = bh * Lk * D
    q = tl.load(Q + qbase + rm[:, None] * D + rd[None, :], mask=rm[:, None] < Lq, other=0.0)
    m_i = tl.full((BM,), -float("inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    if CAUSAL:
        before = tl.minimum(m0 // BN * BN, Lk)
        for n0 in range(0, before, BN):
            acc, m_i, l_i = _block(acc, m_i, l_i, q, K, V, kbase, n0, Lk, rm, rd, rn,
                                   qk_scale, D, False)
        for n0 in range(before, tl.minimum(m0 + BM, Lk), BN):
            acc, m_i, l_i = _block(acc, m_i, l_i, q, K, V, kbase, n0, Lk, rm, rd, rn,
                                   qk_scale, D, True)
    else:
        for n0 in range(0, Lk, BN):
            acc, m_i, l_i = _block(acc, m_i, l_i, q, K, V, kbase, n0, Lk, rm, rd, rn,
                                   qk_scale, D, False)
    o = acc / l_i[:, None]
    tl.store(O + qbase + rm[:, None] * D + rd[None, :], o.to(O.dtype.element_ty),
             mask=rm[:, None] < Lq)
    lse = (m_i + tl.math.log2(l_i)) * 0.6931471805599453
    tl.store(LSE + bh * Lq + rm, lse, mask=rm < Lq)


@triton.jit
def attn_plain(Q, K, V, O, Lq, Lk, scale, D: tl.constexpr, BM: tl.constexpr,
               BN: tl.constexpr, CAUSAL: tl.constexpr):
    pm = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    m0 = pm * BM
    rm = m0 + tl.arange(0, BM)
    rd = tl.arange(0, D)
    rn = tl.arange(0, BN)
    base = bh * Lq * D
    q = tl.load(Q + base + rm[:, None] * D + rd[None, :], mask=rm[:, None] < Lq, other=0.0)
    m_i = tl.full((BM,), -float("inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    end = tl.minimum(Lk, m0 + BM) if CAUSAL else Lk
    for n0 in range(0, end, BN):
        kn = n0 + rn
        k = tl.load(K + base + kn[None, :] * D + rd[:, None], mask=kn[None, :] < Lk, other=0.0)
        s = tl.dot(q, k) * scale
        valid = kn[None, :] < Lk
        if CAUSAL:
            valid = valid & (kn[None, :] <= rm[:, None])
        s = tl.where(valid, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(V + base + kn[:, None] * D + rd[None, :], mask=kn[:, None] < Lk, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
    tl.store(O + base + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(O.dtype.element_ty),
             mask=rm[:, None] < Lq)


def run_triton_plain(q, k, v, causal):
    bh, L, d = q.shape
    o = torch.empty_like(q)
    # At d = 256 three stages of 64-key blocks do not fit in shared memory.
    stages = 2 if d == 256 else 3
    attn_plain[(triton.cdiv(L, 128), bh)](q, k, v, o, L, L, 1.0 / math.sqrt(d), D=d, BM=128,
                                          BN=64, CAUSAL=causal, num_warps=8, num_stages=stages)
    return o, None


def tuned_configs():
    out = []
    for bm in (64, 128):
        for bn in (64, 128):
            for warps in (4, 8):
                for stages in (2, 3):
                    out.append(triton.Config({"BM": bm, "BN": bn}, num_warps=warps,
                                             num_stages=stages))
    return out


attn_fwd_tuned = triton.autotune(configs=tuned_configs(),
                                 key=["Lq", "Lk", "D", "CAUSAL"])(attn_fwd)


def run_triton(q, k, v, causal, tuned):
    bh, L, d = q.shape
    o = torch.empty_like(q)
    lse = torch.empty((bh, L), device=q.device, dtype=torch.float32)
    scale = 1.0 / math.sqrt(d) * 1.4426950408889634
    if tuned:
        grid = lambda meta: (triton.cdiv(L, meta["BM"]), bh)
        attn_fwd_tuned[grid](q, k, v, o, lse, L, L, scale, D=d, CAUSAL=causal)
    else:
        bm, warps, stages = (64, 4, 2) if d == 64 else (128, 8, 3)
        attn_fwd[(triton.cdiv(L, bm), bh)](q, k, v, o, lse, L, L, scale, D=d, BM=bm, BN=128,
                                           CAUSAL=causal, num_warps=warps,
                                           num_stages=stages)
    return o, lse


# examples/flash_attention_plain.mlir, and its kernel for a mask.
PLAIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                     "examples", "flash_attention_plain.mlir")


def plain_kernel(causal):
    return "attention_plain_causal" if causal else "attention_plain"


def tile_plain_runner(d, causal):
    """examples/flash_attention_plain.mlir at its defaults (128x128
    blocks; 128x64 at d = 256, where a 128x128 block of scores beside the
    128x256 accumulator does not fit in registers), through the Python
    package, or None without it: timed by the same timer as the peers, in
    this process."""
    try:
        import tile
    except ImportError:
        return None
    k = tile.compile(PLAIN, kernel=plain_kernel(causal),
                     defines={"D": d, "BN": 64} if d == 256 else {"D": d})

    def run(q, kk, v):
        o = torch.empty_like(q)
        k[(tile.cdiv(q.shape[1], 128), q.shape[0])](q, kk, v, o)
        return o, None
    return run


def tile_plain_tuned(q, kk, v, causal, ref, case, path=None):
    """The plain kernel as tile.tune picks it (block sizes and warps from
    its `// tile.tune` line; D fixed), a candidate kept only if its O is
    within 2e-2 of SDPA's; None without the Python package."""
    try:
        import tile
    except ImportError:
        return None
    bh, L, d = q.shape
    o = torch.empty_like(q)
    start = time.time()
    k = tile.tune(path or PLAIN, kernel=plain_kernel(causal),
                  args=(q, kk, v, o), defines={"D": d},
                  grid=lambda p: (tile.cdiv(L, int(p["BM"])), bh),
                  check=lambda *a: (a[3].float() - ref.float()).abs().max()
                  .item() <= 2e-2)
    print(json.dumps({"case": case, "impl": "tune", "seconds":
                      round(time.time() - start, 1), "params": k.params,
                      "candidates": [[r["params"], r["median_us"],
                                      r["status"]] for r in k.tuning]}),
          file=sys.stderr, flush=True)
    grid = (tile.cdiv(L, int(k.params["BM"])), bh)

    def run():
        out = torch.empty_like(q)
        k[grid](q, kk, v, out)
        return out, None
    return run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="+", default=[
        "%d:%s:%s" % (d, m, s) for d in (64, 128) for m in ("full", "causal")
        for s in ("16x8192", "1x16384")])
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--tile-tuned", action="store_true",
                    help="also the plain kernel as tile.tune picks it")
    ap.add_argument("--tile-file",
                    help="--tile-tuned tunes this variant of the plain "
                    "kernel's file (another tuning space)")
    ap.add_argument("--only", nargs="+",
                    help="time only these implementations (names above)")
    a = ap.parse_args()
    torch.manual_seed(0)
    for spec in a.cases:
        d, mask, shape = spec.split(":")
        d, causal = int(d), mask == "causal"
        bh, L = (int(x) for x in shape.split("x"))
        q, k, v = (torch.randn(bh, L, d, device="cuda", dtype=torch.float16) for _ in range(3))
        flops = 4.0 * bh * L * L * d / (2 if causal else 1)
        case = "attn_d%d_%s_%s" % (d, mask, shape)
        ref = F.scaled_dot_product_attention(q[None], k[None], v[None], is_causal=causal)[0]
        impls = [("sdpa", lambda: F.scaled_dot_product_attention(
            q[None], k[None], v[None], is_causal=causal))]
        triton_runs = [("triton", lambda: run_triton(q, k, v, causal, False)),
                       ("triton_tuned", lambda: run_triton(q, k, v, causal, True)),
                       ("triton_plain", lambda: run_triton_plain(q, k, v, causal))]
        wanted = lambda name: not a.only or name in a.only
        triton_runs = [r for r in triton_runs if wanted(r[0])]
        tile_plain = wanted("tile_plain_package") and tile_plain_runner(d, causal)
        if tile_plain:
            triton_runs.append(("tile_plain_package",
                                lambda: tile_plain(q, k, v)))
        tuned = (a.tile_tuned and wanted("tile_plain_tuned") and
                 tile_plain_tuned(q, k, v, causal, ref, case, a.tile_file))
        if tuned:
            triton_runs.append(("tile_plain_tuned", tuned))
        for name, fn in triton_runs:
            try:
                o, _ = fn()
            except Exception as e:  # a kernel Triton cannot compile is reported
                print(json.dumps({"case": case, "impl": name, "error": str(e)[:200]}))
                continue
            err = (o.float() - ref.float()).abs().max().item()
            if err > 2e-2:
                print(json.dumps({"case": case, "impl": name, "error": "max error %g vs SDPA" % err}))
                continue
            impls.append((name, fn))
        for name, fn in impls:
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            print(json.dumps({"case": case, "impl": name, "median_us": med, "min_us": lo,
                              "max_us": hi, "tflops": flops / med / 1e6}), flush=True)


if __name__ == "__main__":
    main()
