#!/usr/bin/env python3
"""Per-loop instruction counts of a kernel's SASS, without a GPU.

  tile-opt K.mlir --tile-compile="num-warps=8" --kernel=K --emit=ptx -o k.ptx
  ptxas -arch=sm_90a -v k.ptx -o k.cubin     # -v: registers and spills
  cuobjdump -sass -fun K__aligned16 k.cubin > k.sass
  bench/sass_loops.py k.sass

(cuobjdump and nvdisasm come with the CUDA toolkit, or from PyPI:
nvidia-cuda-cuobjdump.) A loop is a backward branch; for each of at
least --min instructions it prints the count of the instructions that
decide a kernel's loop: tensor-core ops, waits, spills (STL/LDL), global
and shared accesses, reductions, MUFU, float and integer arithmetic. Two
compilers' kernels compared this way show where a change moved work; a
GPU run still decides (docs/performance.md, 2026-11-30: 13% fewer
instructions in a loop ran slower).

With --order, each loop's tensor-core instructions and waits are listed
in program order, with how many MUFU and float instructions come between
them: where a wgmma wait (WARPGROUP.DEPBAR) lands against the math it
should overlap (docs/performance.md, 2026-12-01: the plain attention
loop waits for P V before its exponentials, though its PTX waits after).
"""
import argparse
import re
import sys

# GMMA: the wgmmas, HGMMA (16-bit and tf32 inputs) and QGMMA (fp8).
GROUPS = [("GMMA", r"\b[HQ]GMMA"), ("DEPBAR", r"DEPBAR"), ("STL", r"\bSTL"),
          ("LDL", r"\bLDL"), ("LDG", r"\bLDG"), ("STG", r"\bSTG"),
          ("RED", r"\bREDG?\b|\bRED\."), ("LDS", r"\bLDS"), ("STS", r"\bSTS"),
          ("BAR", r"\bBAR\b"), ("MUFU", r"\bMUFU"),
          ("float", r"\bF(FMA|MUL|ADD|MNMX)"),
          ("int", r"\b(IMAD|IADD3|LOP3|SHF|LEA|ISETP|VIADD|SEL|IMNMX|CS2R)")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sass")
    ap.add_argument("--min", type=int, default=100)
    ap.add_argument("--order", action="store_true",
                    help="list each loop's wgmmas and waits in order, with "
                         "the MUFU and float instructions between them")
    a = ap.parse_args()
    insts = []
    for line in open(a.sass):
        m = re.search(r"/\*([0-9a-f]{4,})\*/\s+([^;]*;)", line)
        if m:
            insts.append((int(m.group(1), 16), m.group(2)))
    at = {addr: i for i, (addr, _) in enumerate(insts)}
    for i, (addr, text) in enumerate(insts):
        m = re.search(r"BRA\s+(?:`\()?(?:0x)?([0-9a-f]+)", text)
        if not m:
            continue
        target = int(m.group(1), 16)
        if target > addr or target not in at:
            continue
        body = [t for _, t in insts[at[target]:i + 1]]
        if len(body) < a.min:
            continue
        counts = " ".join(
            f"{name} {sum(1 for t in body if re.search(pat, t))}"
            for name, pat in GROUPS)
        print(f"loop {target:05x}-{addr:05x}: {len(body)} instructions; "
              f"{counts}")
        if a.order:
            print_order(body)


def print_order(body):
    """The loop's wgmma (HGMMA, QGMMA) runs, waits and arrives, in order,
    each line with the MUFU and float instructions since the one before."""
    counts = {"mufu": 0, "float": 0}
    run = [None, 0]  # consecutive tensor-core instructions: opcode, count

    def flush():
        if run[0]:
            print(f"    {run[1]} x {run[0]}")
            run[0] = None
        if counts["mufu"] or counts["float"]:
            print(f"    ({counts['mufu']} MUFU, {counts['float']} float)")
            counts["mufu"] = counts["float"] = 0

    for t in body:
        op = t.split()[1] if t.startswith("@") else t.split()[0]
        if re.match(r"[HQ]GMMA|UTC", op):
            name = op.split(".")[0]
            if run[0] != name or counts["mufu"] or counts["float"]:
                flush()
                run[:] = [name, 0]
            run[1] += 1
        elif re.match(r"WARPGROUP|SYNCS", op):
            flush()
            print(f"    {t.rstrip(';').strip()}")
        elif op.startswith("MUFU"):
            counts["mufu"] += 1
        elif re.match(r"F(FMA|MUL|ADD|MNMX)", op):
            counts["float"] += 1
    flush()

if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head: the reader has what it wanted
        sys.stderr.close()
        sys.exit(0)
