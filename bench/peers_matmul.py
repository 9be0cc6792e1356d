#!/usr/bin/env python3
"""Matmul peers for bench/gpu-run.sh, on the GPU, in the same run as tile's
kernels: torch.matmul (cuBLAS) and Triton's matmul (the tutorial kernel,
autotuned over the usual Hopper/Ampere configurations) for f16 and bf16 at
SIZE^3, row-major, output in the input type; and FP8 e4m3 C = A x B^T
(B stored [N][K], bf16 out): torch._scaled_mm with unit scales (cuBLAS's
FP8 kernel) and the same Triton kernel reading B K-major, autotuned over
FP8 configurations (128-deep K blocks); and f32 C = A x B^T on tf32
tensor cores: torch.matmul with TF32 allowed and the same Triton kernel
autotuned over tf32 configurations. Timing as bench/peers.py: CUDA
events, median of ITERS launches after warm-up. One JSON object per line:
{"case", "impl", "median_us", "min_us", "max_us", "tflops"}.

  peers_matmul.py [--sizes 4096 8192 --warmup 10 --iters 50]
                  [--kinds f16 bf16 fp8 tf32]  (the default: all four)
"""
import argparse
import json

import torch
import triton
import triton.language as tl

from peers import timeit


def configs():
    out = []
    for bm, bn, bk, stages, warps in ((128, 256, 64, 3, 8), (256, 128, 64, 3, 8),
                                      (128, 128, 64, 4, 4), (128, 128, 32, 4, 4),
                                      (128, 256, 32, 3, 8), (64, 256, 32, 4, 4)):
        out.append(triton.Config({"BM": bm, "BN": bn, "BK": bk, "GROUP": 8},
                                 num_stages=stages, num_warps=warps))
    return out


@triton.autotune(configs=configs(), key=["M", "N", "K"])
@triton.jit
def matmul_kernel(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, GROUP: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP * num_n)
    first_m = group * GROUP
    size_m = min(num_m - first_m, GROUP)
    pm = first_m + (pid % (GROUP * num_n)) % size_m
    pn = (pid % (GROUP * num_n)) // size_m
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a + rm[:, None] * K + (k * BK + rk)[None, :])
        y = tl.load(b + (k * BK + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(c.dtype.element_ty))


def fp8_configs():
    out = []
    for bm, bn, bk, stages, warps in ((128, 256, 128, 3, 8), (128, 256, 128, 4, 8),
                                      (256, 128, 128, 3, 8), (128, 128, 128, 4, 4),
                                      (128, 256, 64, 4, 8), (128, 128, 64, 4, 4)):
        out.append(triton.Config({"BM": bm, "BN": bn, "BK": bk, "GROUP": 8},
                                 num_stages=stages, num_warps=warps))
    return out


@triton.autotune(configs=fp8_configs(), key=["M", "N", "K"])
@triton.jit
def matmul_bt_kernel(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, GROUP: tl.constexpr):
    """C = A x B^T with B stored [N][K]: tile's matmul_bt kernels."""
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP * num_n)
    first_m = group * GROUP
    size_m = min(num_m - first_m, GROUP)
    pm = first_m + (pid % (GROUP * num_n)) % size_m
    pn = (pid % (GROUP * num_n)) // size_m
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a + rm[:, None] * K + (k * BK + rk)[None, :])
        y = tl.load(b + rn[None, :] * K + (k * BK + rk)[:, None])
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(c.dtype.element_ty))


def tf32_configs():
    out = []
    for bm, bn, bk, stages, warps in ((128, 256, 32, 3, 8), (128, 256, 32, 4, 8),
                                      (256, 128, 32, 3, 8), (128, 128, 32, 4, 4),
                                      (128, 128, 32, 4, 8), (128, 256, 16, 4, 8)):
        out.append(triton.Config({"BM": bm, "BN": bn, "BK": bk, "GROUP": 8},
                                 num_stages=stages, num_warps=warps))
    return out


# The same kernel as matmul_bt_kernel, autotuned over tf32 configurations
# (32-deep K blocks of f32: 128-byte rows, as tile's tf32 kernels use).
matmul_bt_tf32_kernel = triton.autotune(configs=tf32_configs(), key=["M", "N", "K"])(
    matmul_bt_kernel.fn)


def tf32_peers(a, sizes):
    """f32 C = A x B^T (B stored [N][K]) on tf32 tensor cores: torch.matmul
    with TF32 allowed (cuBLAS), and Triton's tl.dot at its default
    input_precision, tf32."""
    torch.backends.cuda.matmul.allow_tf32 = True
    for s in sizes:
        x = torch.randn(s, s, device="cuda")
        w = torch.randn(s, s, device="cuda")  # [N][K]
        z = torch.empty(s, s, device="cuda")
        flops = 2.0 * s ** 3

        def report(impl, fn):
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            print(json.dumps({"case": f"matmul_tf32_{s}", "impl": impl, "median_us": med,
                              "min_us": lo, "max_us": hi, "tflops": flops / med / 1e6}),
                  flush=True)

        zc = torch.empty(s, s, device="cuda")
        report("cublas", lambda: torch.matmul(x, w.t(), out=zc))
        grid = lambda meta: (triton.cdiv(s, meta["BM"]) * triton.cdiv(s, meta["BN"]),)
        report("triton", lambda: matmul_bt_tf32_kernel[grid](x, w, z, s, s, s))
        ref = torch.matmul(x.double(), w.double().t())
        for impl, out in (("triton", z), ("cublas", zc)):
            err = (out.double() - ref).abs().max().item() / ref.abs().max().item()
            assert err < 1e-2, f"{impl} matmul tf32 {s}: relative error {err}"
    torch.backends.cuda.matmul.allow_tf32 = False


def fp8_peers(a, sizes):
    for s in sizes:
        x = torch.randn(s, s, device="cuda").to(torch.float8_e4m3fn)
        w = torch.randn(s, s, device="cuda").to(torch.float8_e4m3fn)  # [N][K]
        z = torch.empty(s, s, device="cuda", dtype=torch.bfloat16)
        one = torch.tensor(1.0, device="cuda")
        flops = 2.0 * s ** 3

        def report(impl, fn):
            med, lo, hi = timeit(fn, a.warmup, a.iters)
            print(json.dumps({"case": f"matmul_e4m3_{s}", "impl": impl, "median_us": med,
                              "min_us": lo, "max_us": hi, "tflops": flops / med / 1e6}),
                  flush=True)

        report("cublas", lambda: torch._scaled_mm(x, w.t(), scale_a=one, scale_b=one,
                                                  out_dtype=torch.bfloat16))
        grid = lambda meta: (triton.cdiv(s, meta["BM"]) * triton.cdiv(s, meta["BN"]),)
        report("triton", lambda: matmul_bt_kernel[grid](x, w, z, s, s, s))
        ref = torch.matmul(x.float(), w.float().t())
        for impl, out in (("triton", z), ("cublas", torch._scaled_mm(
                x, w.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16))):
            err = (out.float() - ref).abs().max().item() / ref.abs().max().item()
            assert err < 2e-2, f"{impl} matmul e4m3 {s}: relative error {err}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--kinds", nargs="+", choices=["f16", "bf16", "fp8", "tf32"],
                    default=["f16", "bf16", "fp8", "tf32"])
    a = ap.parse_args()
    torch.manual_seed(0)
    for dt, name in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
        if name not in a.kinds:
            continue
        for s in a.sizes:
            x = torch.randn(s, s, device="cuda", dtype=dt)
            y = torch.randn(s, s, device="cuda", dtype=dt)
            z = torch.empty(s, s, device="cuda", dtype=dt)
            flops = 2.0 * s ** 3

            def report(impl, fn):
                med, lo, hi = timeit(fn, a.warmup, a.iters)
                print(json.dumps({"case": f"matmul_{name}_{s}", "impl": impl, "median_us": med,
                                  "min_us": lo, "max_us": hi, "tflops": flops / med / 1e6}),
                      flush=True)

            report("cublas", lambda: torch.matmul(x, y, out=z))
            grid = lambda meta: (triton.cdiv(s, meta["BM"]) * triton.cdiv(s, meta["BN"]),)
            report("triton", lambda: matmul_kernel[grid](x, y, z, s, s, s))
            ref = torch.matmul(x.float(), y.float())
            err = (z.float() - ref).abs().max().item() / ref.abs().max().item()
            assert err < 2e-2, f"triton matmul {name} {s}: relative error {err}"
    if "fp8" in a.kinds:
        fp8_peers(a, a.sizes)
    if "tf32" in a.kinds:
        tf32_peers(a, a.sizes)


if __name__ == "__main__":
    main()
