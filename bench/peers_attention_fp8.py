#!/usr/bin/env python3
"""FP8 attention (examples/flash_attention_fp8.mlir) on the GPU, tile
against its peers in one process, by one timer (bench/peers.py's timeit:
CUDA events around a CUDA graph replay, median of ITERS after warm-up), on
[B*H][L][d] tensors:

  sdpa_f16      torch's scaled_dot_product_attention in f16 on the same
                (dequantized) values: what FP8 has to beat
  tile_fp8      the example at its defaults (128 x 128 blocks, 8 warps)
                through the Python package: e4m3 Q, K and V^T with a
                scale each, P rounded to e4m3 for the second product
  triton_fp8    the same algorithm written the same way in Triton 3 (every
                key block masked with tl.where, tl.exp, P cast to
                float8e4nv, V^T read K-major; 128 x 128, 8 warps, 3 stages)

Inputs are normal samples quantized per tensor (scale = amax / 448, as
torch._scaled_mm takes them). Before anything is timed, each FP8 output is
checked against attention in float32 on the dequantized values, by the
relative Frobenius error (P in e4m3 costs about 2% of it; a wrong scale or
a dropped block costs far more). TFLOP/s count 4 B H L^2 d (halved for
causal), as bench/peers_attention.py. One JSON object per line.

  peers_attention_fp8.py [--cases 128:full:16x8192 ...] [--warmup 10 --iters 50]
"""
import argparse
import json
import math
import os

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from peers import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
E4M3_MAX = 448.0


@triton.jit
def attn_fp8(Q, K, VT, O, Lq, Lk, scale, v_scale, D: tl.constexpr, BM: tl.constexpr,
             BN: tl.constexpr, CAUSAL: tl.constexpr):
    pm = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    m0 = pm * BM
    rm = m0 + tl.arange(0, BM)
    rd = tl.arange(0, D)
    rn = tl.arange(0, BN)
    q = tl.load(Q + bh * Lq * D + rm[:, None] * D + rd[None, :], mask=rm[:, None] < Lq, other=0.0)
    m_i = tl.full((BM,), -float("inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    end = tl.minimum(Lk, m0 + BM) if CAUSAL else Lk
    for n0 in range(0, end, BN):
        kn = n0 + rn
        k = tl.load(K + bh * Lk * D + kn[None, :] * D + rd[:, None], mask=kn[None, :] < Lk, other=0.0)
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
        vt = tl.load(VT + bh * D * Lk + rd[:, None] * Lk + kn[None, :], mask=kn[None, :] < Lk,
                     other=0.0)
        acc = tl.dot(p.to(tl.float8e4nv), tl.trans(vt), acc)
        m_i = m_new
    o = acc / l_i[:, None] * v_scale
    tl.store(O + bh * Lq * D + rm[:, None] * D + rd[None, :], o.to(O.dtype.element_ty),
             mask=rm[:, None] < Lq)


def quantize(x):
    """x as e4m3 codes and the per-tensor scale that maps its amax to 448."""
    scale = x.abs().max().float().item() / E4M3_MAX
    return (x / scale).to(torch.float8_e4m3fn), scale


def run_triton(q8, k8, vt8, scales, causal):
    bh, L, d = q8.shape
    o = torch.empty((bh, L, d), device=q8.device, dtype=torch.float16)
    qs, ks, vs = scales
    attn_fp8[(triton.cdiv(L, 128), bh)](q8, k8, vt8, o, L, L, qs * ks / math.sqrt(d), vs,
                                        D=d, BM=128, BN=128, CAUSAL=causal, num_warps=8,
                                        num_stages=3)
    return o


def tile_runner(d, causal):
    """The example at its defaults through the Python package (None
    without it)."""
    try:
        import tile
    except ImportError:
        return None
    k = tile.compile(os.path.join(HERE, "..", "examples", "flash_attention_fp8.mlir"),
                     kernel="attention_fp8_causal" if causal else "attention_fp8",
                     defines={"D": d})

    def run(q8, k8, vt8, scales):
        o = torch.empty(q8.shape, device=q8.device, dtype=torch.float16)
        k[(tile.cdiv(q8.shape[1], 128), q8.shape[0])](q8, k8, vt8, o, *scales)
        return o
    return run, k


def rel_error(o, ref):
    return ((o.float() - ref).norm() / ref.norm()).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="+", default=[
        "%d:%s:16x8192" % (d, m) for d in (64, 128) for m in ("full", "causal")])
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    a = ap.parse_args()
    torch.manual_seed(0)
    for spec in a.cases:
        d, mask, shape = spec.split(":")
        d, causal = int(d), mask == "causal"
        bh, L = (int(x) for x in shape.split("x"))
        case = "fp8_d%d_%s_%s" % (d, mask, shape)
        flops = 4.0 * bh * L * L * d / (2 if causal else 1)
        q, k, v = (torch.randn(bh, L, d, device="cuda", dtype=torch.float16) for _ in range(3))
        (q8, qs), (k8, ks), (v8, vs) = quantize(q), quantize(k), quantize(v)
        vt8 = v8.transpose(1, 2).contiguous()
        scales = (qs, ks, vs)
        # The dequantized values, in f16 for SDPA's timing and f32 for the
        # reference.
        qd, kd, vd = (x.float() * s for x, s in ((q8, qs), (k8, ks), (v8, vs)))
        ref = F.scaled_dot_product_attention(qd[None], kd[None], vd[None], is_causal=causal)[0]
        q16, k16, v16 = (x.half() for x in (qd, kd, vd))
        impls = [("sdpa_f16", lambda: F.scaled_dot_product_attention(
            q16[None], k16[None], v16[None], is_causal=causal))]
        runs = [("triton_fp8", lambda: run_triton(q8, k8, vt8, scales, causal))]
        tile_run = tile_runner(d, causal)
        if tile_run:
            tile_fn, kernel = tile_run
            runs.insert(0, ("tile_fp8", lambda: tile_fn(q8, k8, vt8, scales)))
            try:
                res = kernel.resources()
                print(json.dumps({"case": case, "impl": "tile_fp8", "resources": str(res)}))
            except Exception as e:
                print(json.dumps({"case": case, "impl": "tile_fp8", "resources": repr(e)[:200]}))
        for name, fn in runs:
            try:
                o = fn()
            except Exception as e:  # a kernel that cannot compile is reported
                print(json.dumps({"case": case, "impl": name, "error": str(e)[:300]}))
                continue
            err = rel_error(o, ref)
            print(json.dumps({"case": case, "impl": name, "rel_error": err}))
            if not err < 5e-2:
                print(json.dumps({"case": case, "impl": name,
                                  "error": "relative error %g vs f32 attention" % err}))
                continue
            impls.append((name, fn))
        for name, fn in impls:
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            print(json.dumps({"case": case, "impl": name, "median_us": med, "min_us": lo,
                              "max_us": hi, "tflops": flops / med / 1e6}), flush=True)


if __name__ == "__main__":
    main()
