#!/usr/bin/env python3
"""64-bit indexing on the GPU (index-bits=64; docs/gpu.md, "64-bit
indexing"), driven by bench/gpu-index64.sh.

  prepare BUILD DIR   here (compiler build, no GPU): every example as a
                      64-bit package with its CPU reference (through
                      scripts/gpu-packages.sh), and vecadd_f16 / softmax_f16
                      (bench/kernels/memory_bound.mlir) at 32 and 64 bits.
  run TILE_RUN DIR    on the GPU machine: the examples against the CPU;
                      then vecadd and row softmax over more than 2^31
                      elements, with inputs made here by NumPy (fixed seeds)
                      and results checked against NumPy (vecadd, exactly) and
                      torch.softmax (computed in f32 on the GPU), including
                      the elements past 2^31; the 32-bit package refusing
                      the same arrays; and the speed of both widths at the
                      usual sizes. Prints a table; exit 1 on any failure.
"""
import os
import re
import subprocess
import sys

import numpy as np

KERNELS = "bench/kernels/memory_bound.mlir"
# Each array of more than 2^31 elements: vecadd's length a multiple of 8
# f16 (16 bytes: the aligned entry), softmax's rows of 4095 f16 (the
# generic entry, from PTX).
VEC_N = (1 << 31) + (1 << 20) + 8
SM_ROWS, SM_COLS = 530000, 4095
SCRATCH = os.environ.get("SCRATCH", "/tmp/tile-index64")


def sh(cmd, **kw):
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def prepare(build, d):
    os.makedirs(d, exist_ok=True)
    env = dict(os.environ, TILE_COMPILE="index-bits=64")
    r = sh(["scripts/gpu-packages.sh", build, os.path.join(d, "pkgs")], env=env)
    if r.returncode:
        sys.exit("gpu-packages.sh failed:\n" + r.stdout + r.stderr)
    for kernel in ("vecadd_f16", "softmax_f16"):
        for bits in (32, 64):
            out = os.path.join(d, f"{kernel}_{bits}.tpkg")
            r = sh([f"{build}/tile-opt", KERNELS, f"--kernel={kernel}",
                    f"--tile-compile=index-bits={bits}", "--emit=package",
                    "-o", out])
            if r.returncode:
                sys.exit(r.stderr)
            print("packaged", out)


results = []


def record(name, ok, note):
    results.append((name, ok, note))
    print(("ok   " if ok else "FAIL ") + name + ": " + note, flush=True)


def tile_run(tr, pkg, grid, args, extra=()):
    cmd = [tr, pkg, "--target", "cuda", "--grid", grid, "--max-arg-bytes",
           "16G"] + [a for x in args for a in ("--arg", x)] + list(extra)
    return sh(cmd)


def uniform_f16(rng, shape, lo, hi):
    """Uniform values in [lo, hi) as f16, made in slices to bound memory."""
    out = np.empty(shape, np.float16)
    flat = out.reshape(-1)
    step = 1 << 26
    for i in range(0, flat.size, step):
        n = min(step, flat.size - i)
        flat[i:i + n] = (rng.random(n, dtype=np.float32) * (hi - lo) + lo)
    return out


def check_vecadd(tr, d):
    rng = np.random.default_rng(64)
    x = uniform_f16(rng, (VEC_N,), -4, 4)
    y = uniform_f16(rng, (VEC_N,), -4, 4)
    xp, yp, zp = (os.path.join(SCRATCH, n) for n in ("x.npy", "y.npy", "z.npy"))
    np.save(xp, x)
    np.save(yp, y)
    grid = f"cdiv({VEC_N},2048)"
    args = [f"npy:{xp}", f"npy:{yp}", f"zeros:{VEC_N}xf16"]
    r = tile_run(tr, os.path.join(d, "vecadd_f16_32.tpkg"), grid, args)
    refused = r.returncode == 1 and "index-bits=64" in r.stderr
    record("vecadd 32-bit package refuses 2^31+ elements", refused,
           (r.stderr.strip() or r.stdout.strip())[-200:])
    r = tile_run(tr, os.path.join(d, "vecadd_f16_64.tpkg"), grid, args,
                 ["--out", f"2={zp}"])
    if r.returncode:
        record(f"vecadd f16 n={VEC_N}", False, r.stderr.strip()[-300:])
        return
    line = r.stdout.splitlines()[0] if r.stdout else ""
    z = np.load(zp, mmap_mode="r")
    bad = 0
    step = 1 << 26
    for i in range(0, VEC_N, step):
        want = (x[i:i + step].astype(np.float32) +
                y[i:i + step].astype(np.float32)).astype(np.float16)
        bad += int(np.count_nonzero(z[i:i + step].view(np.uint16) !=
                                    want.view(np.uint16)))
    tail = z[(1 << 31) - 4:]
    tail_ok = bool(np.all(tail == (x[(1 << 31) - 4:].astype(np.float32) +
                                   y[(1 << 31) - 4:].astype(np.float32)
                                   ).astype(np.float16)))
    record(f"vecadd f16 n={VEC_N} (2^31 + 2^20 + 8), 64-bit",
           bad == 0 and tail_ok and "64-bit indexing" in line,
           f"{bad} elements differ from NumPy (exact); past 2^31 "
           f"{'ok' if tail_ok else 'WRONG'}; {line}")
    del z
    for p in (xp, yp, zp):
        os.remove(p)


def check_softmax(tr, d):
    import torch
    rng = np.random.default_rng(65)
    x = uniform_f16(rng, (SM_ROWS, SM_COLS), -8, 8)
    xp, sp = os.path.join(SCRATCH, "sx.npy"), os.path.join(SCRATCH, "s.npy")
    np.save(xp, x)
    grid = str(SM_ROWS)
    args = [f"npy:{xp}", f"zeros:{SM_ROWS}x{SM_COLS}xf16"]
    r = tile_run(tr, os.path.join(d, "softmax_f16_32.tpkg"), grid, args)
    record("softmax 32-bit package refuses 2^31+ elements",
           r.returncode == 1 and "index-bits=64" in r.stderr,
           (r.stderr.strip() or r.stdout.strip())[-200:])
    r = tile_run(tr, os.path.join(d, "softmax_f16_64.tpkg"), grid, args,
                 ["--out", f"1={sp}"])
    if r.returncode:
        record(f"softmax f16 {SM_ROWS}x{SM_COLS}", False,
               r.stderr.strip()[-300:])
        return
    line = r.stdout.splitlines()[0] if r.stdout else ""
    s = np.load(sp, mmap_mode="r")
    worst, bad = 0.0, 0
    step = 32768
    for i in range(0, SM_ROWS, step):
        xt = torch.from_numpy(np.ascontiguousarray(x[i:i + step])).cuda()
        want = torch.softmax(xt.float(), dim=1)
        got = torch.from_numpy(np.ascontiguousarray(s[i:i + step])).cuda().float()
        err = (got - want).abs()
        worst = max(worst, float(err.max()))
        bad += int((err > 1e-5 + 1e-2 * want.abs()).sum())
    first = (1 << 31) // SM_COLS  # the first row with elements past 2^31
    last_rows = np.asarray(s[first:], dtype=np.float32).sum(axis=1)
    rows_ok = bool(np.all(np.abs(last_rows - 1) < 1e-2))
    record(f"softmax f16 {SM_ROWS}x{SM_COLS} ({SM_ROWS * SM_COLS} elements), "
           "64-bit",
           bad == 0 and rows_ok and "64-bit indexing" in line,
           f"{bad} elements outside rtol 1e-2 atol 1e-5 of torch.softmax "
           f"(max error {worst:.3g}); rows past 2^31 sum to 1: {rows_ok}; "
           f"{line}")
    del s
    for p in (xp, sp):
        os.remove(p)


def bench(tr, d):
    """The same kernel at both widths, at the usual benchmark sizes."""
    cases = [("vecadd_f16", "cdiv(268435456,2048)",
              ["randn:268435456xf16:seed=1", "randn:268435456xf16:seed=2",
               "zeros:268435456xf16"]),
             ("softmax_f16", "8192",
              ["randn:8192x4096xf16:seed=3", "zeros:8192x4096xf16"])]
    rows = []
    for kernel, grid, args in cases:
        medians = {}
        for bits in (32, 64):
            r = tile_run(tr, os.path.join(d, f"{kernel}_{bits}.tpkg"), grid,
                         args, ["--bench", "--iters", "200"])
            m = re.search(r"bench: median ([0-9.]+) us.*?([0-9.]+) GB/s",
                          r.stdout)
            if r.returncode or not m:
                record(f"bench {kernel} {bits}-bit", False, r.stderr[-200:])
                continue
            medians[bits] = (float(m.group(1)), float(m.group(2)))
        if len(medians) == 2:
            rows.append((kernel, medians[32], medians[64]))
    print("\n| kernel | 32-bit median us (GB/s) | 64-bit median us (GB/s) "
          "| 64 / 32 time |")
    print("|---|---|---|---|")
    for kernel, a, b in rows:
        print(f"| {kernel} | {a[0]:.1f} ({a[1]:.0f}) | {b[0]:.1f} ({b[1]:.0f})"
              f" | {b[0] / a[0]:.3f} |")


def run(tr, d):
    os.makedirs(SCRATCH, exist_ok=True)
    env = dict(os.environ, PKGS=os.path.join(d, "pkgs"),
               OUT=os.environ.get("OUT", SCRATCH))
    r = sh(["bench/gpu-check.sh", "."], env=env)
    print(r.stdout)
    m = re.search(r"correctness: (\d+) passed, (\d+) failed", r.stdout)
    record("examples as 64-bit packages vs the CPU",
           bool(m) and m.group(2) == "0" and r.returncode == 0,
           m.group(0) if m else r.stderr[-200:])
    check_vecadd(tr, d)
    check_softmax(tr, d)
    bench(tr, d)
    failed = [n for n, ok, _ in results if not ok]
    print(f"\nindex64: {len(results) - len(failed)} passed, {len(failed)} "
          f"failed{': ' + ', '.join(failed) if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("prepare", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "prepare":
        prepare(sys.argv[2], sys.argv[3])
    else:
        sys.exit(run(sys.argv[2], sys.argv[3]))
