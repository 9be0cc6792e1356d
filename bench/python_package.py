"""The Python package's costs on a GPU, beside Triton's and PyTorch's in the
same process (docs/performance.md, "Python package"):

1. host overhead per launch: 10,000 launches of a kernel with almost no
   work (vecadd of 1 element: three tensor arguments, grid 1), launched
   back to back from Python, the wall time divided by the count (the GPU
   keeps up, so the host's time is the figure): tile's kernel[grid](...),
   Triton's kernel[grid](...) of the same add, and torch.add(out=); and
   tile's time split into its parts, each timed from C: converting the
   tensors, torch's stream, the driver's current context, the launch;
2. the first call of a cached kernel in a new process: a Python process
   that has imported torch and made its CUDA context compiles (a cache
   hit) and launches the kernel once, synchronised; timed from before
   `import tile` (and the same for Triton's cached kernel);
3. kernel time through the package against tile-run's: a 4096^3 f16
   GEMM (examples/matmul.mlir) timed through the package with
   bench/peers.py's timer (CUDA graph replay, events around each launch),
   beside torch.matmul timed by the same timer, and tile-run --bench of
   the same package in its own process.

    PYTHONPATH=build/python python3 bench/python_package.py [--tile-run P]
Prints one JSON object per line.
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import torch

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import tile  # noqa: E402

try:
    import triton
    import triton.language as tl
except ImportError:
    triton = None

if triton:
    @triton.jit
    def add_kernel(x, y, z, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(z + offs, tl.load(x + offs, mask=m) + tl.load(y + offs,
                                                                mask=m),
                 mask=m)


def per_launch_us(launch, count=10_000, repeats=5):
    """The median over `repeats` of the wall time of `count` launches
    divided by the count, in microseconds."""
    for _ in range(200):
        launch()
    torch.cuda.synchronize()
    figures = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(count):
            launch()
        torch.cuda.synchronize()
        figures.append((time.perf_counter() - t) / count * 1e6)
    return statistics.median(figures)


def launch_overhead():
    k = tile.compile(ROOT / "examples" / "vecadd.mlir")
    x, y = torch.randn(1, device="cuda"), torch.randn(1, device="cuda")
    z = torch.empty_like(x)
    launcher = k[(1,)]
    rows = {
        "tile kernel[grid](x, y, z)": lambda: k[(1,)](x, y, z),
        "tile launcher(x, y, z), grid bound once": lambda: launcher(x, y, z),
        "torch.add(x, y, out=z)": lambda: torch.add(x, y, out=z),
    }
    if triton:
        rows["triton kernel[grid](x, y, z, 1, BLOCK=1024)"] = \
            lambda: add_kernel[(1,)](x, y, z, 1, BLOCK=1024)
    us = {}
    for name, fn in rows.items():
        us[name] = per_launch_us(fn)
        print(json.dumps({"measure": "host us per launch", "what": name,
                          "us": round(us[name], 2)}), flush=True)
    # Where tile's time goes, each part repeated from C with no Python
    # call between (k._profile): checking and converting the three
    # tensors; asking torch for its current stream; asking the driver
    # which context is current and its GPU (two driver calls, as a launch
    # asks once); the runtime's launch (that question, the checks, the
    # parameters and the driver's cuLaunchKernel). The rest of
    # kernel[grid](...) is the Python call itself and the launcher's glue;
    # the launch less the context's question is the driver's
    # cuLaunchKernel and the runtime's own work (0.1 us by the stand-in
    # driver).
    n = 100_000
    parts = {}
    for part in ("convert", "stream", "context", "launch"):
        median = statistics.median(k._profile(part, n, (1,), x, y, z)
                                   for _ in range(5))
        torch.cuda.synchronize()
        parts[part] = median / n * 1e6
        print(json.dumps({"measure": "host us per launch, one part",
                          "what": f"tile {part} (from C)",
                          "us": round(parts[part], 2)}), flush=True)
    derived = {
        "tile Python call and glue (kernel[grid](...) less convert, stream "
        "and launch)": us["tile kernel[grid](x, y, z)"] - parts["convert"]
        - parts["stream"] - parts["launch"],
        "tile cuLaunchKernel and the runtime's own work (launch less "
        "context)": parts["launch"] - parts["context"]}
    for name, value in derived.items():
        print(json.dumps({"measure": "host us per launch, derived",
                          "what": name, "us": round(value, 2)}), flush=True)


FIRST_CALL = r"""
import sys, time, torch
torch.cuda.init(); torch.empty(1, device="cuda"); torch.cuda.synchronize()
x = torch.randn(1000, device="cuda"); y = torch.randn_like(x)
z = torch.empty_like(x); torch.cuda.synchronize()
t = time.perf_counter()
if sys.argv[1] == "tile":
    import tile
    k = tile.compile(sys.argv[2])
    k[(1,)](x, y, z)
else:
    sys.path.insert(0, sys.argv[3])
    from triton_add import add_kernel
    add_kernel[(1,)](x, y, z, 1000, BLOCK=1024)
torch.cuda.synchronize()
ms = (time.perf_counter() - t) * 1e3
assert torch.equal(z, x + y)
print(ms)
"""


TRITON_ADD = """
import triton
import triton.language as tl


@triton.jit
def add_kernel(x, y, z, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(z + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m),
             mask=m)
"""


def first_call():
    env = dict(os.environ)
    kernel = str(ROOT / "examples" / "vecadd.mlir")
    sides = ["tile"] + (["triton"] if triton else [])
    here = tempfile.mkdtemp()
    with open(os.path.join(here, "triton_add.py"), "w") as f:
        f.write(TRITON_ADD)
    for side in sides:
        times = []
        for i in range(6):  # the first run fills the caches
            out = subprocess.run([sys.executable, "-c", FIRST_CALL, side,
                                  kernel, here], env=env,
                                 capture_output=True, text=True)
            if out.returncode != 0:
                raise SystemExit(out.stderr)
            times.append(float(out.stdout.strip().splitlines()[-1]))
        print(json.dumps({"measure": "first call of a cached kernel, ms",
                          "what": side, "cold_ms": round(times[0], 1),
                          "cached_ms_median": round(
                              statistics.median(times[1:]), 1)}), flush=True)


def gemm_time(tile_run):
    from peers import timeit  # bench/peers.py: graph replay, events
    k = tile.compile(ROOT / "examples" / "matmul.mlir", kernel="matmul")
    n = 4096
    g = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randn(n, n, device="cuda", dtype=torch.float16, generator=g)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16, generator=g)
    c = torch.empty(n, n, device="cuda")
    grid = (tile.cdiv(n, 128), tile.cdiv(n, 128))
    k[grid](a, b, c)
    torch.cuda.synchronize()
    err = (c - (a.float() @ b.float())).abs().max().item()
    ours = timeit(lambda: k[grid](a, b, c), 10, 100)
    peer = timeit(lambda: torch.matmul(a, b), 10, 100)
    row = {"measure": "4096^3 f16 GEMM us (median, same timer)",
           "tile via package": round(ours[0], 1),
           "torch.matmul f16": round(peer[0], 1), "max_err": err}
    if tile_run:
        with tempfile.TemporaryDirectory() as d:
            pkg = os.path.join(d, "matmul.tpkg")
            k.save(pkg)
            out = subprocess.run(
                [tile_run, pkg, "--target", "cuda", "--grid", "32,32",
                 "--arg", "randn:4096x4096xf16:seed=1",
                 "--arg", "randn:4096x4096xf16:seed=2",
                 "--arg", "zeros:4096x4096xf32", "--bench"],
                capture_output=True, text=True)
            row["tile-run --bench"] = out.stdout.strip().splitlines()[-1:] \
                if out.returncode == 0 else out.stderr[-500:]
    print(json.dumps(row), flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tile-run", help="a tile-run to time the GEMM with too")
    args = p.parse_args()
    print(json.dumps({"gpu": torch.cuda.get_device_name(),
                      "torch": torch.__version__,
                      "triton": triton.__version__ if triton else None,
                      "tile": tile.__version__}), flush=True)
    launch_overhead()
    first_call()
    gemm_time(args.tile_run)


if __name__ == "__main__":
    main()
