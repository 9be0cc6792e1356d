#!/usr/bin/env python3
"""Random kernels on the GPU against the reference interpreter (issue 35,
items 3 and 5; the GPU machine has no compiler, so the work is split):

  gpu.py prepare --start S --count N --out DIR [--tile-opt PATH] [--mlir-opt PATH]
      here: gen.py's kernels, their inputs (NumPy, fixed seeds) and the
      interpreter's outputs as .npy, and three packages per kernel: sm_90a
      (a cubin: wgmma, TMA), sm_80 (a fatbin whose PTX the driver
      compiles for the GPU at hand: the mma.sync and cp.async code), and
      sm_90a with compile options drawn from the seed (stages, warps,
      mma.sync, warp specialization, unsplit loops, 64-bit indexing, the
      eager generic entry; --no-variations leaves it out);
      DIR/manifest.json
  gpu.py run DIR [--tile-run PATH]
      there: every package launched by tile-run (the runtime-only build)
      with --check against the interpreter's outputs; a summary, and each
      failing launch's command and message. Exit status 1 on any failure.

Tolerances: exact for integers; 1e-2 for f16 and bf16; for f32 1e-5, or
1e-4 where a dot or a reduction sums in an order of its own.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def option_variation(seed):
    """Compile options drawn from the seed, for the third package: what
    the defaults never run (other stage and warp counts, mma.sync on
    Hopper, warp specialization forced either way, loops left unsplit,
    64-bit indexing, the generic entry compiled by ptxas, blocks in
    launch order, persistent blocks, the softmax overlap forced either
    way, bulk reductions, TMA multicast). Options that
    change what a kernel computes (fast-math, asserts) are left alone."""
    import random
    r = random.Random(7919 * seed + 1)
    choices = [("num-stages", ["auto", "1", "2", "3", "4"]),
               # 16 warps: with warp specialization, 640 threads, whose
               # register pool 65536 does not divide (a hang until
               # 2026-11-29's fix).
               ("num-warps", ["1", "2", "4", "8", "16"]),
               ("mma", ["auto", "sync"]),
               ("warp-specialize", ["auto", "true", "false"]),
               ("split-loops", ["true", "false"]),
               ("index-bits", ["32", "64"]),
               ("generic", ["lazy", "eager"]),
               # Later entries last, so that earlier seeds draw what
               # they drew before for the ones above.
               ("program-order", ["auto", "launch"]),
               ("persistent", ["auto", "true"]),
               ("overlap-softmax", ["auto", "true", "false"]),
               # Atomic adds of whole boxes by bulk reductions (off by
               # default until the GPU has run them: campaigns run them
               # first).
               ("bulk-reduce", ["auto", "true"]),
               # TMA multicast in clusters of two (off by default: it
               # pays only where rows start off 128-byte lines).
               ("multicast", ["auto", "true"])]
    return " ".join("%s=%s" % (k, r.choice(v)) for k, v in choices)


def prepare(a):
    import numpy as np
    import compare
    import gen
    import interp
    src = os.path.dirname(os.path.dirname(HERE))
    os.makedirs(a.out, exist_ok=True)
    manifest, skipped = [], 0
    for seed in range(a.start, a.start + a.count):
        text, argv = gen.generate(seed)
        d = os.path.join(a.out, "k%d" % seed)
        os.makedirs(d, exist_ok=True)
        kfile = os.path.join(d, "k.mlir")
        with open(kfile, "w") as f:
            f.write(text)
        kernel = argv[argv.index("--kernel") + 1]
        grid = argv[argv.index("--grid") + 1]
        specs = [argv[i + 1] for i, x in enumerate(argv) if x == "--arg"]
        arrays = []
        dtypes = []
        for i, spec in enumerate(specs):
            arr, dt = compare.make(spec, 1000 + i)
            np.save(os.path.join(d, "in%d.npy" % i), arr)
            arrays.append(arr)
            dtypes.append(dt)
        try:
            generic = interp.generic_text(kfile, src, a.mlir_opt)
            g = ([int(x) for x in grid.split(",")] + [1, 1])[:3]
            interp.run_kernel(generic, kernel, g, arrays)
        except interp.Unsupported:
            skipped += 1
            continue
        sums = "tile.dot" in text or "tile.reduce" in text
        checks = []
        for i, (arr, dt) in enumerate(zip(arrays, dtypes)):
            np.save(os.path.join(d, "want%d.npy" % i), arr)
            rtol = (0 if dt == "i32" else 1e-2 if dt in ("f16", "bf16")
                    else 1e-4 if sums else 1e-5)
            checks.append((i, rtol))
        # An sm_80 package is a fatbin with its PTX, which the driver
        # compiles for a newer GPU: the mma.sync and cp.async code there.
        # A third package varies the compile options (option_variation).
        builds = [("sm_90a", "chip=sm_90a", "sm_90a"),
                  ("sm_80", "chip=sm_80", "sm_80")]
        if a.variations:
            opts = option_variation(seed)
            builds.append(("sm_90a_opts", "chip=sm_90a " + opts,
                           "sm_90a, options"))
        for name, options, label in builds:
            pkg = os.path.join(d, "%s.tpkg" % name)
            r = subprocess.run([a.tile_opt, kfile, "--kernel=" + kernel,
                                "--tile-compile=" + options,
                                "--emit=package", "-o", pkg, "--no-cache"],
                               capture_output=True, text=True)
            if r.returncode:
                print("invalid: seed %d (%s): %s" % (seed, options,
                                                   r.stderr.strip()[:300]))
                continue
            manifest.append({"seed": seed, "chip": label,
                             "options": options,
                             "package": os.path.relpath(pkg, a.out),
                             "grid": grid, "n": len(specs),
                             "checks": checks})
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    print("gpu.py prepare: %d launches of %d kernels in %s (%d unsupported "
          "by the interpreter)" % (len(manifest), a.count, a.out, skipped))


def run(a):
    with open(os.path.join(a.dir, "manifest.json")) as f:
        manifest = json.load(f)
    failed, by_chip = [], {}
    for e in manifest:
        d = os.path.join(a.dir, os.path.dirname(e["package"]))
        cmd = [a.tile_run, os.path.join(a.dir, e["package"]), "--target",
               "cuda", "--grid", e["grid"]]
        for i in range(e["n"]):
            cmd += ["--arg", "npy:" + os.path.join(d, "in%d.npy" % i)]
        for i, rtol in e["checks"]:
            cmd += ["--check", "%d=%s:%g" % (i, os.path.join(d, "want%d.npy" % i),
                                            rtol)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        ok = r.returncode == 0
        chip = by_chip.setdefault(e["chip"], [0, 0])
        chip[0 if ok else 1] += 1
        if not ok:
            failed.append((e, " ".join(cmd), (r.stdout + r.stderr).strip()))
            print("MISMATCH seed %d %s (%s): %s" % (
                e["seed"], e["chip"], e.get("options", ""),
                (r.stdout + r.stderr).strip().splitlines()[-1]), flush=True)
        done = sum(a + b for a, b in by_chip.values())
        if done % 100 == 0:
            print("... %d of %d launches, %d failed" % (done, len(manifest),
                                                      len(failed)), flush=True)
    for chip, (ok, bad) in sorted(by_chip.items()):
        print("difftest on the GPU, %s code: %d kernels agree with the "
              "interpreter, %d do not" % (chip, ok, bad))
    for e, cmd, out in failed[:30]:
        print("failed: seed %d %s (%s): %s" % (e["seed"], e["chip"],
                                                e.get("options", ""), cmd))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--tile-opt", default="tile-opt")
    p.add_argument("--mlir-opt", default="mlir-opt")
    p.add_argument("--no-variations", dest="variations",
                   action="store_false",
                   help="only the sm_90a and sm_80 packages at default "
                   "options, without the third of varied options")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--tile-run", default="tile-run")
    a = ap.parse_args()
    return prepare(a) if a.mode == "prepare" else run(a)


if __name__ == "__main__":
    sys.exit(main() or 0)
