#!/usr/bin/env python3
"""The differential runner (issue 35, item 3; CPU side): for each seed,
gen.py's random kernel, then compare.py (the reference interpreter against
tile's CPU path), comparing as campaign.py does (compare.py --rounding).
Unlike campaign.py it takes bf16 kernels without torch (tile-run reads
and writes bf16 as bits). Prints one line per kernel that does not agree,
keeps each such kernel under --keep, and a summary:

  difftest: 200 kernels from seed 0: 187 agree, 13 unsupported, 0 mismatch, 0 invalid

"invalid" is a kernel tile refuses (the generator is wrong); "mismatch" a
kernel where the two disagree (a bug in tile or in the interpreter: the
spec decides). Exit status 1 if any kernel is a mismatch or invalid.

  run.py --count N [--start S] [--keep DIR] [--tile-run PATH] [--mlir-opt PATH]
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--keep")
    ap.add_argument("--tile-run", default="tile-run")
    ap.add_argument("--mlir-opt", default="mlir-opt")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tile-difftest-run-")
    counts = {"agree": 0, "unsupported": 0, "mismatch": 0, "invalid": 0}
    for seed in range(a.start, a.start + a.count):
        text, argv = gen.generate(seed)
        path = os.path.join(work, "k%d.mlir" % seed)
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run(
            [sys.executable, os.path.join(HERE, "compare.py"), path,
             "--rounding", "--tile-run", a.tile_run, "--mlir-opt",
             a.mlir_opt] + argv,
            capture_output=True, text=True)
        out = (r.stdout + r.stderr).strip()
        if r.returncode == 0:
            kind = "agree"
        elif r.returncode == 3:
            kind = "unsupported"
        elif "tile-run failed" in out and "error:" in out:
            kind = "invalid"
        else:
            kind = "mismatch"
        counts[kind] += 1
        if kind in ("mismatch", "invalid"):
            print("%s: seed %d: %s" % (kind, seed, out.splitlines()[-1]
                                       if out else "(no output)"))
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                keep = os.path.join(a.keep, "k%d.mlir" % seed)
                with open(keep, "w") as f:
                    f.write(text)
                print("  kept %s; rerun: compare.py %s %s"
                      % (keep, keep, " ".join(argv)))
        os.remove(path)
    os.rmdir(work)
    print("difftest: %d kernels from seed %d: %d agree, %d unsupported, "
          "%d mismatch, %d invalid" % (a.count, a.start, counts["agree"],
                                       counts["unsupported"],
                                       counts["mismatch"], counts["invalid"]))
    return 1 if counts["mismatch"] or counts["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
