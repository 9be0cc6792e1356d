#!/usr/bin/env python3
"""tile-run --tune against cuBLAS and autotuned Triton (bench/gpu-tune.sh).

  gpu_tune.py TILE_RUN [--kind f16|bf16|linear|fp8] [--shapes MxNxK ...]
              [--out DIR] [--no-triton]

For each shape, on inputs made here (NumPy, fixed seeds) with a reference
computed independently (torch in f64 on the GPU):
  1. tile-run --tune in a fresh process (tuning cache empty for the
     shape; the compile cache warm from earlier shapes, as Triton's is):
     every candidate checked against the reference (--check), timed, the
     fastest run. Its wall time is the tuning time.
  2. a second process, no --tune: it must take the tuned variant from the
     tuning cache ("tune: ... (tuning cache)") and time only the run
     (--bench, checked).
  3. the defaults (each parameter's first value; --no-cache).
  4. torch.matmul (cuBLAS) and a Triton matmul written as the tile kernel
     (grouped 1-D grid, masked loads), autotuned over the same configurations as
     the tile kernel's space (key M, N, K); the first call's wall time is
     Triton's tuning time.
  5. the second process also saves its package to a variant file
     (--save-variant); at the end a runtime-only tile-run (no compiler,
     as an embedder links it) runs every shape from that one file,
     checked, and must take each shape's tuned variant.
tile-run --bench and bench/peers.py's timeit time alike: CUDA events
around each launch, back to back, median of 50 after 10. The tuned
variant, the defaults, cuBLAS and Triton are then timed again in turn,
ROUNDS rounds in all, and each side's figure is the median of its
rounds: a GPU's clocks drift (on an H200 the same 8192^3 GEMM took 1433
and 1611 us in two processes a minute apart, 2026-12-01), and sides timed
once each, one after the other, took that drift into their ratio. One
table.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import triton
import triton.language as tl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import timeit  # noqa: E402

WARMUP, ITERS = 10, 50
ROUNDS = 3
SHAPES = ["4096x4096x4096", "8192x8192x8192", "16x8192x8192", "64x8192x8192",
          "128x4096x4096", "1000x1500x777", "3000x3000x3000",
          "4096x11008x4096", "8192x1024x8192"]


# The kinds of the autotuning issue's table: the kernel, its file, the
# input and output types, and whether B is stored [N][K] (a linear layer's
# W, or FP8's K-major B).
KINDS = {
    "f16": ("matmul_tuned", "examples/matmul_tuned.mlir", "f16", "f16",
            False),
    "bf16": ("matmul_tuned_bf16", "examples/matmul_tuned_kinds.mlir", "bf16",
             "bf16", False),
    "linear": ("linear_tuned", "examples/matmul_tuned_kinds.mlir", "f16",
               "f16", True),
    "fp8": ("matmul_bt_tuned_e4m3", "examples/matmul_tuned_kinds.mlir",
            "f8e4m3", "bf16", True),
}
TORCH_TYPES = {"f16": torch.float16, "bf16": torch.bfloat16,
               "f8e4m3": torch.float8_e4m3fn}


def space(path, kernel):
    """The kernel's tile.tune values: {name: [values]}."""
    out = {}
    for line in open(path):
        m = re.match(r"\s*//\s*tile\.tune(?:\s*@(\w+))?\s*:(.*)", line)
        if m and m.group(1) in (None, kernel):
            for item in m.group(2).split():
                k, v = item.split("=")
                out[k] = v.split(",")
    return out


def configs(sp):
    out = []
    for bm in sp["BM"]:
        for bn in sp["BN"]:
            for bk in sp["BK"]:
                for w in sp["num-warps"]:
                    for st in sp["num-stages"]:
                        out.append(triton.Config(
                            {"BM": int(bm), "BN": int(bn), "BK": int(bk),
                             "GROUP": int(sp["GROUP"][0])},
                            num_warps=int(w),
                            num_stages=3 if st == "auto" else int(st)))
    return out


def triton_matmul(cfgs):
    @triton.autotune(configs=cfgs, key=["M", "N", "K"])
    @triton.jit
    def mm(a, b, c, M, N, K, sbk, sbn, BM: tl.constexpr, BN: tl.constexpr,
           BK: tl.constexpr, GROUP: tl.constexpr, OUT_BF16: tl.constexpr):
        # The tile kernel's grouped order.
        pid = tl.program_id(0)
        pms = tl.cdiv(M, BM)
        pns = tl.cdiv(N, BN)
        per = GROUP * pns
        first = (pid // per) * GROUP
        gm = min(pms - first, GROUP)
        pm = first + (pid % per) % gm
        pn = (pid % per) // gm
        rm = pm * BM + tl.arange(0, BM)
        rn = pn * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            kk = k0 + rk
            x = tl.load(a + rm[:, None] * K + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            y = tl.load(b + kk[:, None] * sbk + rn[None, :] * sbn,
                        mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc = tl.dot(x, y, acc)
        out = acc.to(tl.bfloat16) if OUT_BF16 else acc.to(tl.float16)
        tl.store(c + rm[:, None] * N + rn[None, :], out,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))
    return mm


def npy_of(t):
    """A tensor as tile-run reads it from .npy: bf16 as uint16 bits, f8 as
    uint8 codes (docs/tile-run.md)."""
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).cpu().numpy().view(np.uint16)
    if t.dtype == torch.float8_e4m3fn:
        return t.view(torch.uint8).cpu().numpy()
    return t.cpu().numpy()


def cublas(kind, ta, tb):
    """What cuBLAS computes for the kind, through torch."""
    if kind == "fp8":
        one = torch.ones((), device="cuda")
        return lambda: torch._scaled_mm(ta, tb.t(), scale_a=one, scale_b=one,
                                        out_dtype=torch.bfloat16)
    if kind == "linear":
        return lambda: torch.nn.functional.linear(ta, tb)
    return lambda: torch.matmul(ta, tb)


def run(cmd, env):
    start = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return r, time.time() - start


def median_us(text):
    m = re.search(r"median ([0-9.]+) us", text)
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tile_run")
    ap.add_argument("--kind", choices=sorted(KINDS), default="f16")
    ap.add_argument("--shapes", nargs="*", default=SHAPES)
    ap.add_argument("--file", help="the kernel's file instead of the "
                    "kind's (a variant of it: the same kernel name)")
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp"))
    ap.add_argument("--no-triton", action="store_true",
                    help="leave Triton out (its autotuning takes the time)")
    a = ap.parse_args()
    name, path, dt, out_dt, bt = KINDS[a.kind]
    path = a.file or path
    sp = space(path, name)
    cfgs = configs(sp)
    mm = triton_matmul(cfgs)
    work = tempfile.mkdtemp()
    env = dict(os.environ, TILE_CACHE_DIR=os.path.join(work, "cache"))
    env.pop("TILE_NO_CACHE", None)
    os.makedirs(a.out, exist_ok=True)
    log = open(os.path.join(a.out, "tune-log.txt"), "w")
    tile_candidates = 1
    for values in sp.values():
        tile_candidates *= len(values)
    print(torch.cuda.get_device_name(), "torch", torch.__version__, "triton",
          triton.__version__, f"kind {a.kind}: @{name} of {path}",
          f"tile: {tile_candidates} candidates, Triton: "
          f"{len(cfgs)} configurations (the same blocks, warps and stages; "
          "Triton has no warp-specialization switch for Hopper)", flush=True)
    rows = []
    for shape in a.shapes:
        M, N, K = (int(x) for x in shape.split("x"))
        g = torch.Generator(device="cuda").manual_seed(M * 7 + N * 3 + K)
        ta = torch.randn(M, K, device="cuda", generator=g).to(TORCH_TYPES[dt])
        tb = torch.randn(*((N, K) if bt else (K, N)), device="cuda",
                         generator=g).to(TORCH_TYPES[dt])
        b64 = tb.double().t() if bt else tb.double()
        ref = (ta.double() @ b64).float().cpu().numpy()
        pa, pb, pr = (os.path.join(work, f"{n}-{shape}.npy") for n in "abr")
        np.save(pa, npy_of(ta))
        np.save(pb, npy_of(tb))
        np.save(pr, ref)
        # bf16 and FP8 results round to bf16 (8 bits): rtol 2e-2, and an
        # atol of 1e-3 of the largest, since the error of a long sum scales
        # with its terms, not with a result that cancels to near zero (FP8
        # on Hopper's tensor cores: tileDotPromotesF8).
        tol = ("" if out_dt == "f16" else
               f":2e-2:{1e-3 * float(np.abs(ref).max()):.3g}")
        base = [a.tile_run, path, "--kernel", name, "--target", "cuda",
                "-D", f"M={M}", "-D", f"N={N}", "--grid",
                "cdiv(M,BM)*cdiv(N,BN)", "--arg", f"npy:{pa}",
                "--arg", f"npy:{pb}", "--arg", f"zeros:{M}x{N}x{out_dt}",
                "--check", f"2={pr}{tol}"]
        bench = ["--bench", "--warmup", str(WARMUP), "--iters", str(ITERS)]
        tuned, tune_s = run(base + ["--tune"], env)
        variants = os.path.join(work, "matmul.tvar")
        second, second_s = run(base + bench + ["--save-variant", variants],
                               env)
        default, _ = run(base + bench + ["--no-cache"], env)
        for step, r in (("tune", tuned), ("second", second),
                        ("default", default)):
            log.write(f"== {shape} {step} (exit {r.returncode})\n{r.stdout}"
                      f"{r.stderr}\n")
        log.flush()
        chose = re.search(r"tune: chose (.*)", tuned.stdout)
        reused = re.search(r"tune: (.*), the fastest of (\d+) candidates? "
                           r"timed on this GPU \(tuning cache\)",
                           second.stdout)
        # What went wrong, by step: the default run is checked too, and
        # its failure (an FP8 kernel whose sums are too narrow) is not the
        # tuned variant's.
        problems = [f"{step} failed its run or check"
                    for step, r in (("tuning", tuned), ("second process",
                                                        second),
                                    ("default", default))
                    if r.returncode != 0]
        if not (chose and reused and reused.group(1) == chose.group(1) and
                "timed now" not in second.stdout):
            problems.append("second process did not reuse the tuned choice")
        ok = not problems
        c = torch.empty(M, N, device="cuda", dtype=TORCH_TYPES[out_dt])
        sbk, sbn = (1, K) if bt else (N, 1)
        grid = lambda meta: (triton.cdiv(M, meta["BM"]) *
                             triton.cdiv(N, meta["BN"]),)
        tri, triton_tune_s, err = 0.0, 0.0, 0.0
        time_triton = lambda: timeit(
            lambda: mm[grid](ta, tb, c, M, N, K, sbk, sbn,
                             OUT_BF16=out_dt == "bf16"), WARMUP, ITERS)[0]
        time_cublas = lambda: timeit(cublas(a.kind, ta, tb), WARMUP,
                                     ITERS)[0]
        if not a.no_triton:
            torch.cuda.synchronize()
            start = time.time()
            mm[grid](ta, tb, c, M, N, K, sbk, sbn, OUT_BF16=out_dt == "bf16")
            torch.cuda.synchronize()
            triton_tune_s = time.time() - start
            err = (c.double() -
                   torch.from_numpy(ref).cuda().double()).abs().max()
            tri = time_triton()
        # Every side again, in turn: the median of ROUNDS rounds each.
        sides = {"tuned": [median_us(second.stdout)],
                 "default": [median_us(default.stdout)],
                 "cublas": [time_cublas()],
                 "triton": [tri] if tri else []}
        for _ in range(ROUNDS - 1):
            for side, args in (("tuned", base + bench),
                               ("default", base + bench + ["--no-cache"])):
                r, _ = run(args, env)
                sides[side].append(median_us(r.stdout))
            sides["cublas"].append(time_cublas())
            if tri:
                sides["triton"].append(time_triton())
        log.write(f"== {shape} rounds: {sides}\n")
        mid = lambda v: (float(np.median(v)) if v and None not in v
                         else None)
        t_tuned, t_default = mid(sides["tuned"]), mid(sides["default"])
        cublas_us, tri = mid(sides["cublas"]), mid(sides["triton"]) or 0.0
        rows.append((shape, cublas_us, tri, t_default, t_tuned, chose, ok,
                     tune_s, triton_tune_s, second_s, float(err)))
        print(f"{shape}: cuBLAS {cublas_us:.1f} us, Triton {tri:.1f} us "
              f"(tuned in {triton_tune_s:.1f} s, max error {float(err):.3g}),"
              f" tile default {t_default}, tuned {t_tuned} "
              f"({chose.group(1) if chose else 'no choice'}; tuned in "
              f"{tune_s:.1f} s; second process {second_s:.1f} s, "
              f"{'reused the cache' if ok else '; '.join(problems)})",
              flush=True)
    # The variant file, run by the runtime-only tile-run for every shape.
    runtime = os.path.join(work, "runtime")
    subprocess.run(["bench/build-runtime.sh", runtime], check=True,
                   capture_output=True)
    from_file = {}
    for shape in a.shapes:
        M, N, K = (int(x) for x in shape.split("x"))
        pa, pb, pr = (os.path.join(work, f"{n}-{shape}.npy") for n in "abr")
        r, _ = run([os.path.join(runtime, "tile-run"), variants, "--target",
                    "cuda", "--arg", f"npy:{pa}", "--arg", f"npy:{pb}",
                    "--arg", f"zeros:{M}x{N}x{out_dt}",
                    "--check", f"2={pr}{tol}",
                    "--bench", "--warmup", str(WARMUP), "--iters", str(ITERS)],
                   env)
        log.write(f"== {shape} from the variant file (exit {r.returncode})\n"
                  f"{r.stdout}{r.stderr}\n")
        picked = re.search(r"variant \d+ of \d+: tuned for '(.*)'", r.stdout)
        from_file[shape] = (median_us(r.stdout) if r.returncode == 0 and
                            picked else None)
    print("\nFrom one variant file, runtime-only tile-run (no compiler): "
          + ", ".join(f"{k} {v:.1f} us" if v else f"{k} FAILED"
                      for k, v in from_file.items()), flush=True)
    print("\n| M x N x K | cuBLAS us | Triton autotuned us | tile default us |"
          " tile tuned us | tuned x cuBLAS | tuned x Triton | default x "
          "cuBLAS | chosen | tile tuning s | Triton tuning s | 2nd process s"
          " |")
    print("|" + "---|" * 12)
    for (shape, cu, tri, td, tt, chose, ok, ts, trs, ss, err) in rows:
        f = lambda v: f"{v:.1f}" if v else "failed"
        r = lambda x, y: f"{x / y:.2f}x" if x and y else "-"
        print(f"| {shape} | {cu:.1f} | {f(tri)} | {f(td)} | {f(tt)} | "
              f"{r(cu, tt)} | {r(tri, tt)} | {r(cu, td)} | "
              f"{chose.group(1) if chose else '-'} | {ts:.1f} | {trs:.1f} | "
              f"{ss:.1f}{'' if ok else ' (see above)'} |")


if __name__ == "__main__":
    main()
