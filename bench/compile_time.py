#!/usr/bin/env python3
"""Compile time of every example kernel, .mlir to a package, here (no GPU
needed).

Runs `tile-opt FILE --kernel=K --tile-compile=chip=CHIP[,OPTIONS]
--emit=EMIT --mlir-timing` REPEAT times per kernel and prints a Markdown
table of medians: each stage as tile-opt reports it (in process) and the
whole process's wall time as seen from here. EMIT is package by default
(what tile-run runs: the aligned entry as a cubin, the generic entry as
PTX); --emit=cubin (or --options generic=eager) compiles both entries with
ptxas. The compile cache is off for these runs (TILE_NO_CACHE=1): each one
compiles.

With --baseline or --baseline-options, compares two compilers or two sets
of options instead: runs of the baseline (another build of tile-opt, with
its own examples from --baseline-examples, and/or other options) alternate
with runs of this one, so both see the same machine load, and the table
gives each one's in-process total and process time.

  python3 bench/compile_time.py [--tile-opt build/tile-opt] [--repeat 7]
      [--chip sm_90a] [--emit package] [--options generic=lazy]
      [--examples DIR] [--baseline OLD/tile-opt]
      [--baseline-examples OLD/examples] [--baseline-options OPTS]
      [--baseline-emit EMIT] [FILTER]

To build a baseline: git worktree add /tmp/old REV, then build it there.
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
COLUMNS = ["tile passes", "tile-to-gpu", "to NVVM", "LLVM to PTX", "ptxas",
           "total (in process)"]


def kernels(folder):
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f:
            for line in f:
                m = re.match(r"\s*func\.func @(\w+)", line)
                if m:
                    yield name, m.group(1)


def run_once(tile_opt, path, kernel, chip, emit, options):
    """One compile: ({stage: ms}, process wall ms)."""
    compile_options = "chip=" + chip + (" " + options if options else "")
    cmd = [tile_opt, path, "--kernel=" + kernel,
           "--tile-compile=" + compile_options, "--emit=" + emit, "-o",
           os.devnull, "--mlir-timing"]
    # Every run compiles: the compile cache would answer all but the first
    # (TILE_NO_CACHE rather than --no-cache, which older baselines lack).
    env = dict(os.environ, TILE_NO_CACHE="1")
    start = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = (time.perf_counter() - start) * 1e3
    if run.returncode != 0:
        sys.exit("compile_time.py: %s failed:\n%s" % (" ".join(cmd),
                                                      run.stderr))
    stages = {}
    for line in run.stderr.splitlines():
        m = STAGE.match(line)
        if m:
            stages[m.group(2)] = float(m.group(1))
    return stages, wall


class Samples:
    def __init__(self):
        self.stages, self.walls = {}, []

    def add(self, stages, wall):
        for k, v in stages.items():
            self.stages.setdefault(k, []).append(v)
        self.walls.append(wall)

    def stage(self, name):
        v = self.stages.get(name)
        return statistics.median(v) if v else None

    def wall(self):
        return statistics.median(self.walls)


def cell(v):
    return "-" if v is None else "%.0f" % v if v >= 100 else "%.1f" % v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tile-opt", default=os.path.join(ROOT, "build",
                                                       "tile-opt"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--chip", default="sm_90a")
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"),
                    help="folder of .mlir files (another version's examples)")
    ap.add_argument("--emit", default="package")
    ap.add_argument("--options", default="",
                    help="more --tile-compile options: 'generic=eager'")
    ap.add_argument("--baseline", help="another tile-opt to compare with")
    ap.add_argument("--baseline-examples",
                    help="the baseline's examples (default: --examples)")
    ap.add_argument("--baseline-options",
                    help="the baseline's --tile-compile options")
    ap.add_argument("--baseline-emit", help="the baseline's --emit")
    ap.add_argument("filter", nargs="?", default="")
    args = ap.parse_args()
    base_examples = args.baseline_examples or args.examples
    compare = args.baseline or args.baseline_options is not None
    base_opt = args.baseline or args.tile_opt
    base_options = args.baseline_options or ""
    base_emit = args.baseline_emit or args.emit
    if compare:
        print("| kernel | before: in process | before: process "
              "| after: in process | after: process |")
        print("|---|---|---|---|---|")
    else:
        print("| kernel | " + " | ".join(COLUMNS) + " | process |")
        print("|---" * (len(COLUMNS) + 2) + "|")
    for name, kernel in kernels(args.examples):
        if args.filter not in kernel:
            continue
        after, before = Samples(), Samples()
        for _ in range(args.repeat):
            if compare:
                before.add(*run_once(base_opt,
                                     os.path.join(base_examples, name),
                                     kernel, args.chip, base_emit,
                                     base_options))
            after.add(*run_once(args.tile_opt,
                                os.path.join(args.examples, name), kernel,
                                args.chip, args.emit, args.options))
        if compare:
            row = [before.stage("total (in process)"), before.wall(),
                   after.stage("total (in process)"), after.wall()]
        else:
            row = [after.stage(c) for c in COLUMNS] + [after.wall()]
        print("| %s | %s |" % (kernel, " | ".join(cell(v) for v in row)),
              flush=True)


if __name__ == "__main__":
    main()
