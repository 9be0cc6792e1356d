#!/usr/bin/env python3
"""Attention's backward pass on the GPU, tile against its peers in one
process, by one timer (bench/peers.py's timeit: CUDA events around a CUDA
graph replay, median of ITERS after warm-up), on [B*H][L][d] f16 tensors:

  sdpa          torch's scaled_dot_product_attention backward (autograd of
                its output, torch.autograd.grad with the graph kept: the
                kernels torch picks, FlashAttention's on Hopper, with their
                own preprocessing)
  tile          examples/flash_attention_backward.mlir at its defaults
                through the Python package: delta, dK/dV and dQ, three
                launches (examples/python/attention_training.py's backward)
  tile_atomic   the same file's FlashAttention-2 way: delta, a memset of
                the f32 dQ sums, dK/dV adding dQ by atomics, dQ's cast
  triton_plain  the same three kernels written the same way in Triton 3
                (masks with tl.where, tl.exp, the same blocks and warps,
                3 stages)
and each of tile's kernels alone (tile_delta, tile_dkdv, tile_dq,
tile_dkdvdq),
with its registers and shared memory. Every implementation's dQ, dK and
dV are checked against SDPA's before it is timed. TFLOP/s count the
backward's five matrix products, 2.5 times the forward's 4 B H L^2 d
(halved for causal). One JSON object per line.

  peers_attention_bwd.py [--cases 128:full:16x8192 ...] [--warmup 10 --iters 50]
                         [--variants]
"""
import argparse
import importlib.util
import json
import os

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

from peers import timeit

HERE = os.path.dirname(os.path.abspath(__file__))


@triton.jit
def tr_delta(O, DO, Delta, L, D: tl.constexpr, BM: tl.constexpr):
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    off = bh * L * D + rm[:, None] * D + rd[None, :]
    inside = rm[:, None] < L
    o = tl.load(O + off, mask=inside, other=0.0).to(tl.float32)
    do = tl.load(DO + off, mask=inside, other=0.0).to(tl.float32)
    tl.store(Delta + bh * L + rm, tl.sum(o * do, axis=1), mask=rm < L)


@triton.jit
def tr_dkdv(Q, K, V, DO, LSE, Delta, DK, DV, Lq, Lk, scale, D: tl.constexpr,
            BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr):
    pn = tl.program_id(0)
    bh = tl.program_id(1)
    n0 = pn * BN
    rn = n0 + tl.arange(0, BN)
    rd = tl.arange(0, D)
    kv = bh * Lk * D + rn[:, None] * D + rd[None, :]
    k = tl.load(K + kv, mask=rn[:, None] < Lk, other=0.0)
    v = tl.load(V + kv, mask=rn[:, None] < Lk, other=0.0)
    dk = tl.zeros([BN, D], dtype=tl.float32)
    dv = tl.zeros([BN, D], dtype=tl.float32)
    start = (n0 // BM) * BM if CAUSAL else 0
    for m0 in range(start, Lq, BM):
        rm = m0 + tl.arange(0, BM)
        qo = bh * Lq * D + rm[:, None] * D + rd[None, :]
        q = tl.load(Q + qo, mask=rm[:, None] < Lq, other=0.0)
        do = tl.load(DO + qo, mask=rm[:, None] < Lq, other=0.0)
        lse = tl.load(LSE + bh * Lq + rm, mask=rm < Lq, other=0.0)
        delta = tl.load(Delta + bh * Lq + rm, mask=rm < Lq, other=0.0)
        st = tl.dot(k, tl.trans(q)) * scale
        seen = rm[None, :] < Lq
        if CAUSAL:
            seen = seen & (rn[:, None] <= rm[None, :])
        st = tl.where(seen, st, float("-inf"))
        pt = tl.exp(st - lse[None, :])
        dv += tl.dot(pt.to(tl.float16), do)
        dpt = tl.dot(v, tl.trans(do))
        dst = pt * (dpt - delta[None, :])
        dk += tl.dot(dst.to(tl.float16), q)
    tl.store(DK + kv, (dk * scale).to(tl.float16), mask=rn[:, None] < Lk)
    tl.store(DV + kv, dv.to(tl.float16), mask=rn[:, None] < Lk)


@triton.jit
def tr_dq(Q, K, V, DO, LSE, Delta, DQ, Lq, Lk, scale, D: tl.constexpr,
          BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr):
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    m0 = pm * BM
    rm = m0 + tl.arange(0, BM)
    rd = tl.arange(0, D)
    qo = bh * Lq * D + rm[:, None] * D + rd[None, :]
    q = tl.load(Q + qo, mask=rm[:, None] < Lq, other=0.0)
    do = tl.load(DO + qo, mask=rm[:, None] < Lq, other=0.0)
    lse = tl.load(LSE + bh * Lq + rm, mask=rm < Lq, other=0.0)
    delta = tl.load(Delta + bh * Lq + rm, mask=rm < Lq, other=0.0)
    dq = tl.zeros([BM, D], dtype=tl.float32)
    end = tl.minimum(Lk, m0 + BM) if CAUSAL else Lk
    for n0 in range(0, end, BN):
        rn = n0 + tl.arange(0, BN)
        kv = bh * Lk * D + rn[:, None] * D + rd[None, :]
        k = tl.load(K + kv, mask=rn[:, None] < Lk, other=0.0)
        v = tl.load(V + kv, mask=rn[:, None] < Lk, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        seen = rn[None, :] < Lk
        if CAUSAL:
            seen = seen & (rn[None, :] <= rm[:, None])
        s = tl.where(seen, s, float("-inf"))
        p = tl.exp(s - lse[:, None])
        dp = tl.dot(do, tl.trans(v))
        ds = p * (dp - delta[:, None])
        dq += tl.dot(ds.to(tl.float16), k)
    tl.store(DQ + qo, (dq * scale).to(tl.float16), mask=rm[:, None] < Lq)


def triton_backward(q, k, v, o, lse, do, causal, at):
    """The same three kernels in Triton, at tile's blocks and warps for
    this head size (attention_training.BLOCKS), 3 stages."""
    bh, lq, d = q.shape
    lk = k.shape[1]
    scale = d ** -0.5
    delta = torch.empty_like(lse)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    rows = at.block(d, "rows", "BM")
    tr_delta[(triton.cdiv(lq, rows), bh)](o, do, delta, lq, D=d, BM=rows)
    (b, warps) = at.BLOCKS[d]["dkdv"]
    tr_dkdv[(triton.cdiv(lk, b["BN"]), bh)](q, k, v, do, lse, delta, dk, dv,
                                            lq, lk, scale, D=d, BM=b["BM"],
                                            BN=b["BN"], CAUSAL=causal,
                                            num_warps=warps, num_stages=3)
    (b, warps) = at.BLOCKS[d]["dq"]
    tr_dq[(triton.cdiv(lq, b["BM"]), bh)](q, k, v, do, lse, delta, dq, lq, lk,
                                          scale, D=d, BM=b["BM"], BN=b["BN"],
                                          CAUSAL=causal, num_warps=warps,
                                          num_stages=3)
    return dq, dk, dv


def load_training():
    spec = importlib.util.spec_from_file_location(
        "attention_training",
        os.path.join(HERE, "..", "examples", "python", "attention_training.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="+", default=[
        "%d:%s:16x8192" % (d, m) for d in (64, 128) for m in ("full", "causal")])
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--variants", action="store_true",
                    help="also time dK/dV and dQ at other blocks and warps")
    a = ap.parse_args()
    at = load_training()
    torch.manual_seed(0)
    for spec in a.cases:
        d, mask, shape = spec.split(":")
        d, causal = int(d), mask == "causal"
        bh, L = (int(x) for x in shape.split("x"))
        case = "attn_bwd_d%d_%s_%s" % (d, mask, shape)
        flops = 2.5 * 4.0 * bh * L * L * d / (2 if causal else 1)
        q, k, v, do = (torch.randn(bh, L, d, device="cuda",
                                   dtype=torch.float16) for _ in range(4))
        qs, ks, vs = (t.detach().clone().requires_grad_() for t in (q, k, v))
        out = F.scaled_dot_product_attention(qs[None], ks[None], vs[None],
                                             is_causal=causal)[0]
        want = torch.autograd.grad(out, (qs, ks, vs), do, retain_graph=True)
        o, lse = at.forward(q, k, v, causal)
        fwd_err = (o.float() - out.float()).abs().max().item()
        print(json.dumps({"case": case, "check": "forward O vs SDPA",
                          "max_error": fwd_err}), flush=True)
        kern = at.kernels(d, causal)
        impls = [
            ("sdpa", lambda: torch.autograd.grad(out, (qs, ks, vs), do,
                                                 retain_graph=True)),
            ("tile", lambda: at.backward(q, k, v, o, lse, do, causal)),
            ("tile_atomic", lambda: at.backward(q, k, v, o, lse, do, causal,
                                                True)),
            ("triton_plain", lambda: triton_backward(q, k, v, o, lse, do,
                                                     causal, at)),
        ]
        timed = []
        for name, fn in impls:
            try:
                got = fn()
            except Exception as e:  # a kernel a peer cannot compile is reported
                print(json.dumps({"case": case, "impl": name,
                                  "error": str(e)[:300]}), flush=True)
                continue
            errs = [((g.float() - w.float()).abs() / (w.float().abs() + 1))
                    .max().item() for g, w in zip(got, want)]
            if max(errs) > 3e-2:
                print(json.dumps({"case": case, "impl": name,
                                  "error": "dq/dk/dv error %s vs SDPA" % errs}),
                      flush=True)
                continue
            timed.append((name, fn, flops))
        # tile's kernels one at a time, from the same inputs.
        bhq, lq, lk = q.shape[0], q.shape[1], k.shape[1]
        delta = torch.empty_like(lse)
        dq, dk, dv = (torch.empty_like(t) for t in (q, k, v))
        fwd, kd, kkv, kq, kkvq, kcast = kern
        dq_acc = torch.zeros(q.shape, device=q.device, dtype=torch.float32)
        fm, rows = at.block(d, "fwd", "BM"), at.block(d, "rows", "BM")
        keys, qm = at.block(d, "dkdv", "BN"), at.block(d, "dq", "BM")
        timed += [
            ("tile_forward", lambda: fwd[(at.cdiv(lq, fm), bhq)](
                q, k, v, o, lse), flops / 2.5),
            ("tile_delta", lambda: kd[(at.cdiv(lq, rows), bhq)](
                o, do, delta), 0.0),
            ("tile_dkdv", lambda: kkv[(at.cdiv(lk, keys), bhq)](
                q, k, v, do, lse, delta, dk, dv), flops * 0.8),
            ("tile_dq", lambda: kq[(at.cdiv(lq, qm), bhq)](
                q, k, v, do, lse, delta, dq), flops * 0.6),
            # (dq_acc not zeroed between launches: the time, not the sums)
            ("tile_dkdvdq", lambda: kkvq[(at.cdiv(lk, keys), bhq)](
                q, k, v, do, lse, delta, dk, dv, dq_acc), flops),
        ]
        for name, fn, fl in timed:
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            row = {"case": case, "impl": name, "median_us": med, "min_us": lo,
                   "max_us": hi, "tflops": fl / med / 1e6}
            print(json.dumps(row), flush=True)
        for name, k_ in (("forward", fwd), ("dkdv", kkv), ("dq", kq),
                         ("dkdvdq", kkvq)):
            print(json.dumps({"case": case, "kernel": name,
                              "resources": str(k_.resources())}), flush=True)
        if a.variants:
            variants(at, case, q, k, v, do, lse, delta, dq, dk, dv, causal,
                     flops, a)


def variants(at, case, q, k, v, do, lse, delta, dq, dk, dv, causal, flops, a):
    """The dK/dV and dQ kernels at the other block shapes and warps of
    their tuning spaces, each checked against the default's outputs."""
    import tile
    bh, lq, d = q.shape
    lk = k.shape[1]
    s = "_causal" if causal else ""
    for kind, name, out in (("dkdv", "attention_bwd_dkdv" + s, (dk, dv)),
                            ("dq", "attention_bwd_dq" + s, (dq,))):
        for bn, bm, warps in ((128, 64, 8), (64, 64, 4), (128, 128, 8),
                              (64, 128, 4), (128, 64, 4), (64, 64, 8)):
            blocks = {"BM": bm, "BN": bn} if kind == "dkdv" else \
                {"BM": bn, "BN": bm}  # dQ: (queries, keys) per program
            label = "tile_%s_%dx%d_w%d" % (kind, bn, bm, warps)
            try:
                kern = tile.compile(at.FILE, kernel=name, num_warps=warps,
                                    defines={"D": d, **blocks})
            except Exception as e:
                print(json.dumps({"case": case, "impl": label,
                                  "error": str(e)[:200]}), flush=True)
                continue
            got = [torch.empty_like(t) for t in out]
            if kind == "dkdv":
                grid = (at.cdiv(lk, blocks["BN"]), bh)
                fn = lambda: kern[grid](q, k, v, do, lse, delta, *got)
            else:
                grid = (at.cdiv(lq, blocks["BM"]), bh)
                fn = lambda: kern[grid](q, k, v, do, lse, delta, *got)
            fn()
            err = max(((g.float() - w.float()).abs() / (w.float().abs() + 1))
                      .max().item() for g, w in zip(got, out))
            if err > 2e-2:
                print(json.dumps({"case": case, "impl": label,
                                  "error": "differs from the default: %g" % err}),
                      flush=True)
                continue
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            share = 0.8 if kind == "dkdv" else 0.6
            print(json.dumps({"case": case, "impl": label, "median_us": med,
                              "min_us": lo, "max_us": hi,
                              "tflops": flops * share / med / 1e6,
                              "resources": str(kern.resources())}), flush=True)


if __name__ == "__main__":
    main()
