#!/usr/bin/env python3
"""GEMMs on windows of wider arrays (x[:, :K] of a K + pad wide tensor),
through the Python package, beside torch.matmul on the same windows: rows
padded to a multiple of 16 bytes take the aligned entry (TMA, the padded
strides in its tensor maps), other paddings the generic entry. Each
result is checked against torch in float64 first; times are
bench/peers.py timeit (CUDA-graph replays, medians of 30 after 5, us).

  PYTHONPATH=<tile package> python3 bench/gpu_windows.py [M N K]
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import timeit  # noqa: E402

import tile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    m, n, k = map(int, sys.argv[1:4]) if len(sys.argv) > 3 else (4096,) * 3
    kern = tile.compile(os.path.join(ROOT, "bench/kernels/matmul.mlir"),
                        kernel="matmul_f16_128x256x64")
    grid = (tile.cdiv(m, 128) * tile.cdiv(n, 256),)
    g = torch.Generator(device="cpu").manual_seed(1)
    print(torch.cuda.get_device_name(), f"{m}x{n}x{k} f16")
    failed = 0
    for pad in (0, 8, 3):
        a = torch.randn(m, k + pad, generator=g).half().cuda()[:, :k]
        b = torch.randn(k, n + pad, generator=g).half().cuda()[:, :n]
        c = torch.zeros(m, n + pad, dtype=torch.half, device="cuda")[:, :n]
        kern[grid](a, b, c)
        want = (a.double() @ b.double())
        err = ((c.double() - want).abs() / (want.abs() + 1)).max().item()
        ok = err < 2e-2
        failed += not ok
        t = timeit(lambda: kern[grid](a, b, c), 5, 30)[0]
        ref = timeit(lambda: torch.matmul(a, b, out=c), 5, 30)[0]
        print(f"rows padded by {pad} ({(k + pad) * 2 % 16} bytes past 16): "
              f"tile {t:.1f} us, torch.matmul {ref:.1f} us, "
              f"{ref / t:.2f}x; max rel err {err:.1e} {'ok' if ok else 'FAIL'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
