#!/usr/bin/env python3
"""Which kernel cuBLAS runs for a GEMM, and how it launches it: name,
grid, block, registers, shared memory (from torch.profiler's trace), and
its time (bench/peers.py timeit: CUDA-graph replays, medians). What a
peer does at a shape tells a schedule gap (tile sizes, clusters, split
or stream-K, persistence, all encoded in cuBLAS's kernel names) from a
code gap.

  cublas_kernels.py [--dtype f16|bf16|fp8] MxNxK ...
"""
import argparse
import json
import os
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import timeit  # noqa: E402


def gemm(dtype, m, n, k):
    """One call of the GEMM bench/kernels/matmul.mlir's kernels compute:
    A x B (fp8: A x B^T, bf16 out, as torch._scaled_mm takes it)."""
    if dtype == "fp8":
        a = torch.randn(m, k, device="cuda").to(torch.float8_e4m3fn)
        b = torch.randn(n, k, device="cuda").to(torch.float8_e4m3fn)
        one = torch.ones((), device="cuda")
        return lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one,
                                        out_dtype=torch.bfloat16)
    t = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    a = torch.randn(m, k, dtype=t, device="cuda")
    b = torch.randn(k, n, dtype=t, device="cuda")
    c = torch.empty(m, n, dtype=t, device="cuda")
    return lambda: torch.matmul(a, b, out=c)


def kernels(fn):
    """The GPU kernels one call of fn launches, from a profiler trace."""
    fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(
            activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        prof.export_chrome_trace(f.name)
        trace = json.load(open(f.name))
    out = []
    for e in trace.get("traceEvents", []):
        if e.get("cat") != "kernel":
            continue
        a = e.get("args", {})
        out.append({"name": e.get("name", "?"), "grid": a.get("grid"),
                    "block": a.get("block"),
                    "regs": a.get("registers per thread"),
                    "smem": a.get("shared memory"),
                    "us": e.get("dur")})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dtype", default="f16", choices=["f16", "bf16", "fp8"])
    ap.add_argument("shapes", nargs="+")
    a = ap.parse_args()
    print(torch.cuda.get_device_name(), "torch", torch.__version__,
          "cuBLAS", torch.backends.cuda.preferred_blas_library())
    for s in a.shapes:
        m, n, k = map(int, s.split("x"))
        fn = gemm(a.dtype, m, n, k)
        median = timeit(fn, 5, 30)[0]
        print(f"{a.dtype} {s}: median {median:.2f} us")
        for kern in kernels(fn):
            print(f"  {kern['name']}\n    grid {kern['grid']} block "
                  f"{kern['block']} regs {kern['regs']} smem {kern['smem']} "
                  f"profiled {kern['us']} us")


if __name__ == "__main__":
    main()
