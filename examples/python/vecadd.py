"""Quick start: compile a tile kernel and run it from Python, on the GPU
with PyTorch when there is one, else on the CPU with numpy.

    PYTHONPATH=build/python python3 examples/python/vecadd.py
"""
import pathlib

import numpy as np

import tile

KERNEL = pathlib.Path(__file__).resolve().parents[1] / "vecadd.mlir"
n = 100_000
grid = (tile.cdiv(n, 1024),)  # each program adds 1024 elements

try:
    import torch
    gpu = torch.cuda.is_available()
except ImportError:
    gpu = False

if gpu:
    vecadd = tile.compile(KERNEL)  # for this GPU's chip
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    z = torch.empty_like(x)
    vecadd[grid](x, y, z)          # on PyTorch's current stream
    torch.cuda.synchronize()
    print(vecadd, "on", torch.cuda.get_device_name(), "max error",
          (z - (x + y)).abs().max().item())
    assert torch.equal(z, x + y)
else:
    vecadd = tile.compile(KERNEL, target="cpu")
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    z = np.empty_like(x)
    vecadd[grid](x, y, z)
    print(vecadd, "on the CPU, max error", np.abs(z - (x + y)).max())
    assert np.array_equal(z, x + y)
