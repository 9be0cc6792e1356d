"""Compiles every kernel with a tile.dot in the given .mlir files for one
chip, to a cubin (ptxas) and to PTX, and prints one line per kernel:
"<file>:@<kernel>: <instruction> <store>" where the instruction is the
tensor-core instruction its PTX holds (tcgen05.mma.cta_group::2 for CTA
pairs, tcgen05.mma, wgmma, mma.sync, or fma when none) and the store "tma-store" when a result goes out by a bulk
tensor store (shared to global), else "st.global"; or "FAILED" with the
compiler's first error line.

usage: compile-dot-kernels.py CHIP OUTDIR FILE.mlir...
CHIP may carry more --tile-compile options after it ("sm_100a cta-pairs=true").
"""
import os
import re
import subprocess
import sys

chip, outdir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(outdir, exist_ok=True)
kernel = re.compile(r"^func\.func @(\w+)\(")
failed = 0
for path in files:
    name, body = None, []
    kernels = []
    for line in open(path):
        m = kernel.match(line)
        if m:
            if name:
                kernels.append((name, "".join(body)))
            name, body = m.group(1), []
        body.append(line)
    if name:
        kernels.append((name, "".join(body)))
    for name, text in kernels:
        if '"tile.dot"' not in text:
            continue
        label = "%s:@%s" % (os.path.basename(path), name)
        out = os.path.join(outdir, name)
        base = ["tile-opt", path, "--kernel=" + name,
                "--tile-compile=chip=" + chip]
        results = [subprocess.run(base + ["--emit=" + emit, "-o", out + "." + emit],
                                  capture_output=True, text=True)
                   for emit in ("cubin", "ptx")]
        bad = [r for r in results if r.returncode != 0]
        if bad:
            failed += 1
            err = (bad[0].stderr.strip().splitlines() or ["no message"])[0]
            print("%s: FAILED %s" % (label, err))
            continue
        ptx = open(out + ".ptx").read()
        instr = ("tcgen05.mma.cta_group::2" if "tcgen05.mma.cta_group::2" in ptx
                 else "tcgen05.mma" if "tcgen05.mma" in ptx else
                 "wgmma" if "wgmma.mma_async" in ptx else
                 "mma.sync" if "mma.sync" in ptx else "fma")
        store = ("tma-store" if re.search(
            r"cp\.async\.bulk\.tensor\.\dd\.global\.shared", ptx)
                 else "st.global")
        print("%s: %s %s" % (label, instr, store))
sys.exit(1 if failed else 0)
