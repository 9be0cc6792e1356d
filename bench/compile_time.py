#!/usr/bin/env python3
"""Compile time of every example kernel, .mlir to cubin, here (no GPU needed).

Runs `tile-opt FILE --kernel=K --tile-compile=chip=CHIP --emit=cubin
--mlir-timing` REPEAT times per kernel and prints a Markdown table of
medians: each stage as tile-opt reports it (in process) and the whole
process's wall time as seen from here.

  python3 bench/compile_time.py [--tile-opt build/tile-opt] [--repeat 7]
                                [--chip sm_90a] [--examples DIR] [FILTER]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = re.compile(r"^\s*(-?[0-9.]+) ms  (.*)$")


def kernels(folder):
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f:
            for line in f:
                m = re.match(r"\s*func\.func @(\w+)", line)
                if m:
                    yield path, m.group(1)


def measure(tile_opt, path, kernel, chip, repeat):
    stages, walls = {}, []
    cmd = [tile_opt, path, "--kernel=" + kernel,
           "--tile-compile=chip=" + chip, "--emit=cubin", "-o", os.devnull,
           "--mlir-timing"]
    for _ in range(repeat):
        start = time.perf_counter()
        run = subprocess.run(cmd, capture_output=True, text=True)
        walls.append((time.perf_counter() - start) * 1e3)
        if run.returncode != 0:
            sys.exit("compile_time.py: %s failed:\n%s" % (" ".join(cmd),
                                                          run.stderr))
        for line in run.stderr.splitlines():
            m = STAGE.match(line)
            if m:
                stages.setdefault(m.group(2), []).append(float(m.group(1)))
    return ({k: statistics.median(v) for k, v in stages.items()},
            statistics.median(walls))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tile-opt", default=os.path.join(ROOT, "build",
                                                       "tile-opt"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--chip", default="sm_90a")
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"),
                    help="folder of .mlir files (another version's examples)")
    ap.add_argument("filter", nargs="?", default="")
    args = ap.parse_args()
    columns = ["tile passes", "tile-to-gpu", "to NVVM", "LLVM to PTX",
               "ptxas", "total (in process)"]
    print("| kernel | " + " | ".join(columns) + " | process |")
    print("|---" * (len(columns) + 2) + "|")
    for path, kernel in kernels(args.examples):
        if args.filter not in kernel:
            continue
        stages, wall = measure(args.tile_opt, path, kernel, args.chip,
                               args.repeat)
        cells = ["%.1f" % stages[c] if c in stages else "-" for c in columns]
        print("| %s | %s | %.0f |" % (kernel, " | ".join(cells), wall),
              flush=True)


if __name__ == "__main__":
    main()
