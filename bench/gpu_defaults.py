#!/usr/bin/env python3
"""Plain GEMMs at default options against cuBLAS (bench/gpu-defaults.sh).

  gpu_defaults.py TILE_RUN DIR

For each kernel and shape: tile-run --bench of DIR/KERNEL_default.tpkg and
DIR/KERNEL_s3.tpkg (median of 50 launches after 10), and the torch op that
computes the same (torch.matmul, F.linear, torch._scaled_mm) timed by
bench/peers.py's timeit, the way tile-run times: CUDA events recorded around
each launch (of a CUDA graph of the op), back to back, the host never
waiting for the GPU, median of 50 after 10 (so the host's dispatch time
stays out of both). One table: microseconds, TFLOP/s and
ratios to cuBLAS.
"""
import re
import subprocess
import sys

import torch
import torch.nn.functional as F

from peers import timeit

TR, D = sys.argv[1], sys.argv[2]
WARMUP, ITERS = 10, 50

SQUARE = [(4096, 4096, 4096), (8192, 8192, 8192)]
# Shapes users meet (decode, small batches, ragged, an MLP, a tall skinny).
SHAPES = SQUARE + [(16, 8192, 8192), (128, 4096, 4096), (1000, 1500, 777),
                   (3000, 3000, 3000), (4096, 11008, 4096), (8192, 1024, 8192)]
CASES = [("matmul_f16_128x256x64", "f16", False, SHAPES),
         ("matmul_bf16_128x256x64", "bf16", False, SQUARE),
         ("matmul_bt_f16_128x256x64", "f16", True, SQUARE),
         ("matmul_bt_e4m3_128x256x128", "f8e4m3", True, SQUARE)]


def tile_us(pkg, m, n, k, dt, bt):
    out = "bf16" if dt == "f8e4m3" else dt
    b = f"{n}x{k}" if bt else f"{k}x{n}"
    cmd = [TR, pkg, "--target", "cuda", "--grid", f"cdiv({m},128)*cdiv({n},256)",
           "--arg", f"randn:{m}x{k}x{dt}:seed=1", "--arg", f"randn:{b}x{dt}:seed=2",
           "--arg", f"zeros:{m}x{n}x{out}", "--bench", "--warmup", str(WARMUP),
           "--iters", str(ITERS)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    found = re.search(r"median ([0-9.]+) us", r.stdout + r.stderr)
    if r.returncode or not found:
        print("tile-run failed:", " ".join(cmd), (r.stdout + r.stderr)[-400:])
        return None
    return float(found.group(1))


def torch_us(fn):
    return timeit(fn, WARMUP, ITERS)[0]


def torch_op(m, n, k, dt, bt):
    g = torch.Generator(device="cuda").manual_seed(0)
    if dt == "f8e4m3":
        a = torch.randn(m, k, device="cuda", generator=g).to(torch.float8_e4m3fn)
        b = torch.randn(n, k, device="cuda", generator=g).to(torch.float8_e4m3fn)
        one = torch.ones((), device="cuda")
        return lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one,
                                        out_dtype=torch.bfloat16)
    t = torch.float16 if dt == "f16" else torch.bfloat16
    a = torch.randn(m, k, device="cuda", dtype=t, generator=g)
    if bt:
        w = torch.randn(n, k, device="cuda", dtype=t, generator=g)
        return lambda: F.linear(a, w)
    b = torch.randn(k, n, device="cuda", dtype=t, generator=g)
    return lambda: torch.matmul(a, b)


def package_us(pkg, m, n, k, dt, bt):
    """The same package launched through the Python package and timed by
    the peers' timer in this process (None without the package): the
    figure that compares with cuBLAS's with nothing differing but the
    kernel."""
    try:
        import tile
    except ImportError:
        return None
    kernel = tile.load(pkg)
    g = torch.Generator(device="cuda").manual_seed(1)
    if dt == "f8e4m3":
        a = torch.randn(m, k, device="cuda", generator=g).to(torch.float8_e4m3fn)
        b = torch.randn(n, k, device="cuda", generator=g).to(torch.float8_e4m3fn)
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    else:
        t = torch.float16 if dt == "f16" else torch.bfloat16
        a = torch.randn(m, k, device="cuda", dtype=t, generator=g)
        b = torch.randn(*((n, k) if bt else (k, n)), device="cuda", dtype=t,
                        generator=g)
        c = torch.empty(m, n, device="cuda", dtype=t)
    grid = ((m + 127) // 128 * ((n + 255) // 256),)
    return timeit(lambda: kernel[grid](a, b, c), WARMUP, ITERS)[0]


def main():
    print(torch.cuda.get_device_name(), "torch", torch.__version__)
    print("| kernel | M x N x K | cuBLAS us | tile default us | x cuBLAS | "
          "tile num-stages=3 us | x cuBLAS | default TFLOP/s | "
          "default via the Python package, cuBLAS's timer, us | x cuBLAS |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for kernel, dt, bt, shapes in CASES:
        for m, n, k in shapes:
            ref = torch_us(torch_op(m, n, k, dt, bt))
            dflt = tile_us(f"{D}/{kernel}_default.tpkg", m, n, k, dt, bt)
            s3 = tile_us(f"{D}/{kernel}_s3.tpkg", m, n, k, dt, bt)
            if dflt is None or s3 is None:
                continue
            tf = 2.0 * m * n * k / dflt / 1e6
            py = package_us(f"{D}/{kernel}_default.tpkg", m, n, k, dt, bt)
            same = f"{py:.1f} | {ref / py:.2f}" if py else "- | -"
            print(f"| {kernel} | {m}x{n}x{k} | {ref:.1f} | {dflt:.1f} | "
                  f"{ref / dflt:.2f} | {s3:.1f} | {ref / s3:.2f} | {tf:.0f} | "
                  f"{same} |", flush=True)


main()
