#!/usr/bin/env python3
"""Peers for bench/gpu-run.sh, on the GPU, in the same run as tile's kernels:
torch (cuBLAS/ATen) and Triton 3.x versions of the memory-bound kernels, and
the device-to-device copy bandwidth. Timing: CUDA events around each launch
after warm-up; the median of ITERS launches. Prints one JSON object per
line: {"case", "impl", "median_us", "min_us", "max_us", "gbps"}.

  peers.py [--rows 8192 --cols 4096 --warmup 10 --iters 100]
"""
import argparse
import json
import statistics

import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x, y, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    v = tl.load(x + row * cols + offs, mask=mask, other=-float("inf")).to(tl.float32)
    v = v - tl.max(v, axis=0)
    e = tl.exp(v)
    tl.store(y + row * cols + offs, (e / tl.sum(e, axis=0)).to(y.dtype.element_ty), mask=mask)


@triton.jit
def layernorm_kernel(x, w, b, y, cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    v = tl.load(x + row * cols + offs, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(v, axis=0) / cols
    d = tl.where(mask, v - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / cols + eps)
    wv = tl.load(w + offs, mask=mask).to(tl.float32)
    bv = tl.load(b + offs, mask=mask).to(tl.float32)
    tl.store(y + row * cols + offs, (d * rstd * wv + bv).to(y.dtype.element_ty), mask=mask)


@triton.jit
def rmsnorm_kernel(x, w, y, cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    v = tl.load(x + row * cols + offs, mask=mask, other=0.0).to(tl.float32)
    r = 1.0 / tl.sqrt(tl.sum(v * v, axis=0) / cols + eps)
    wv = tl.load(w + offs, mask=mask).to(tl.float32)
    tl.store(y + row * cols + offs, (v * r * wv).to(y.dtype.element_ty), mask=mask)


@triton.jit
def rowsum_kernel(x, out, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(x + row * cols + offs, mask=offs < cols, other=0.0).to(tl.float32)
    tl.store(out + row, tl.sum(v, axis=0))


def timeit(fn, warmup, iters):
    """The GPU time of one call of fn, as tile-run --bench measures tile's
    kernels: CUDA events recorded around each launch, back to back, the
    host never waiting for the GPU. The call is captured in a CUDA graph
    and replayed, so the host's dispatch time (20-40 us for a torch op
    from Python) stays out of the figure even for short kernels, where the
    GPU would otherwise wait for the host between the events; a call that
    cannot be captured is launched as it is. Median, min and max in us."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    run = fn
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            fn()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            fn()
        run = graph.replay
        for _ in range(warmup):
            run()
    except Exception:  # not capturable: plain launches
        run = fn
    torch.cuda.synchronize()
    events = [(torch.cuda.Event(enable_timing=True),
               torch.cuda.Event(enable_timing=True)) for _ in range(iters)]
    for s, e in events:
        s.record()
        run()
        e.record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) * 1000.0 for s, e in events]
    return statistics.median(times), min(times), max(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=8192)
    ap.add_argument("--cols", type=int, default=4096)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=100)
    a = ap.parse_args()
    R, C = a.rows, a.cols
    torch.manual_seed(0)

    def report(case, impl, nbytes, fn):
        med, lo, hi = timeit(fn, a.warmup, a.iters)
        print(json.dumps({"case": case, "impl": impl, "median_us": med, "min_us": lo,
                          "max_us": hi, "gbps": nbytes / med / 1e3}), flush=True)

    for dt, name in ((torch.float32, "f32"), (torch.float16, "f16")):
        es = torch.finfo(dt).bits // 8
        x = torch.randn(R, C, device="cuda", dtype=dt)
        y = torch.empty_like(x)
        w = torch.randn(C, device="cuda", dtype=dt)
        b = torch.randn(C, device="cuda", dtype=dt)
        out = torch.empty(R, device="cuda", dtype=torch.float32)
        n = R * C
        report(f"copy_{name}", "torch", 2 * n * es, lambda: y.copy_(x))
        x1, x2, z = x.view(-1), y.view(-1), torch.empty(n, device="cuda", dtype=dt)
        report(f"vecadd_{name}", "torch", 3 * n * es, lambda: torch.add(x1, x2, out=z))
        report(f"softmax_{name}", "torch", 2 * n * es, lambda: torch.softmax(x, dim=-1))
        report(f"softmax_{name}", "triton", 2 * n * es,
               lambda: softmax_kernel[(R,)](x, y, C, BLOCK=triton.next_power_of_2(C), num_warps=8))
        report(f"layernorm_{name}", "torch", 2 * n * es,
               lambda: torch.nn.functional.layer_norm(x, (C,), w, b, 1e-5))
        report(f"layernorm_{name}", "triton", 2 * n * es,
               lambda: layernorm_kernel[(R,)](x, w, b, y, C, 1e-5, BLOCK=triton.next_power_of_2(C), num_warps=8))
        report(f"rmsnorm_{name}", "torch", 2 * n * es,
               lambda: torch.nn.functional.rms_norm(x, (C,), w, 1e-6))
        report(f"rmsnorm_{name}", "triton", 2 * n * es,
               lambda: rmsnorm_kernel[(R,)](x, w, y, C, 1e-6, BLOCK=triton.next_power_of_2(C), num_warps=8))
        report(f"rowsum_{name}", "torch", n * es + R * 4,
               lambda: torch.sum(x, dim=1, dtype=torch.float32, out=out))
        report(f"rowsum_{name}", "triton", n * es + R * 4,
               lambda: rowsum_kernel[(R,)](x, out, C, BLOCK=triton.next_power_of_2(C), num_warps=8))


if __name__ == "__main__":
    main()
