#!/usr/bin/env python3
"""A GPU check's reference output from the reference interpreter (issue
35, item 5), for the package lists scripts/gpu-packages.sh and
bench/prepare.sh write: the GPU's result is compared with what the spec
says, not with tile's own CPU path, which shares the front end with the
GPU's.

  reference.py KERNEL.mlir --kernel K --grid G --arg SPEC ... --out I=REF.npy
               [--rtol R] [--tile-run PATH] [--mlir-opt PATH]

The inputs are tile-run's (its generators, the same specs the GPU machine
gives tile-run): a kernel with K's signature and an empty body, run once
by tile-run on the CPU, writes them out. The interpreter then runs K on
them and argument I's result becomes REF.npy. tile's CPU path runs K too:
where the two disagree beyond R (relative; 0: exactly) the reference is
not written and the exit status is 1, since one of them is wrong. Where
the interpreter does not cover K (what the spec leaves open: ceildiv or
floordiv by zero), REF.npy is the CPU path's, and the first line says
so. Prints one line.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402
import interp  # noqa: E402

SRC = os.path.dirname(os.path.dirname(HERE))


def signature(text, kernel):
    """The argument list of func.func @kernel, as written."""
    m = re.search(r"func\.func\s+@%s\s*\(" % re.escape(kernel), text)
    if not m:
        raise SystemExit("reference.py: no kernel @%s" % kernel)
    end = interp.balanced(text, m.end() - 1)
    return text[m.end():end - 1]


def grid_of(expr):
    """tile-run's grid expressions: integers, + - * /, cdiv(a, b)."""
    def cdiv(a, b):
        return -(-a // b)
    dims = eval("(%s,)" % expr.replace("/", "//"), {"__builtins__": {}},
                {"cdiv": cdiv})
    return ([int(d) for d in dims] + [1, 1])[:3]


def is_array(spec):
    return ":" in spec


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("reference.py: %s failed:\n%s" % (cmd[0], r.stderr))


def main():
    ap = interp.kernel_arguments()
    ap.add_argument("--out", required=True)
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--tile-run", default="tile-run")
    ap.add_argument("--mlir-opt", default="mlir-opt")
    a = ap.parse_args()
    index, ref_path = a.out.split("=", 1)
    index = int(index)
    text = open(a.kernel_file).read()
    with tempfile.TemporaryDirectory(prefix="tile-reference-") as work:
        arrays = [i for i, s in enumerate(a.arg) if is_array(s)]
        args = []
        for s in a.arg:
            args += ["--arg", s]
        # The inputs, as tile-run makes them from the specs.
        noop = os.path.join(work, "noop.mlir")
        with open(noop, "w") as f:
            f.write("func.func @noop(%s) attributes {tile.kernel} {\n"
                    "  return\n}\n" % signature(text, a.kernel))
        ins = {i: os.path.join(work, "in%d.npy" % i) for i in arrays}
        run([a.tile_run, noop, "--kernel", "noop", "--target", "cpu",
             "--grid", "1"] + args +
            sum((["--out", "%d=%s" % (i, p)] for i, p in ins.items()), []))
        # tile's CPU path, to compare with.
        cpu = os.path.join(work, "cpu.npy")
        run([a.tile_run, a.kernel_file, "--kernel", a.kernel, "--target",
             "cpu", "--grid", a.grid] + args + ["--out", "%d=%s" % (index, cpu)])
        values = []
        for i, s in enumerate(a.arg):
            values.append(np.load(ins[i]) if i in ins
                          else interp.scalar_arg(s))
        dtype = interp.elem_of(re.split(r",\s*%", signature(
            text, a.kernel))[index].split(":", 1)[1].strip())
        try:
            generic = interp.generic_text(a.kernel_file, SRC, a.mlir_opt)
            interp.run_kernel(generic, a.kernel, grid_of(a.grid), values)
        except interp.Unsupported as e:
            np.save(ref_path, np.load(cpu))
            print("reference: tile's CPU path's (the interpreter does not cover it: %s)"
                  % e)
            return 0
        want = values[index]
        got = np.load(cpu)
        if dtype == "bf16":  # tile-run's .npy keeps bf16 as its 16 bits
            got = got.view(np.uint16)
        why = compare.differ(want, got, dtype, a.rtol)
        if why:
            print("reference.py: %s @%s: the interpreter and tile's CPU "
                  "path disagree on argument #%d: %s"
                  % (os.path.basename(a.kernel_file), a.kernel, index, why))
            return 1
        np.save(ref_path, want)
        print("reference: the interpreter's (tile's CPU path agrees within "
              "%g)" % a.rtol)
        return 0


if __name__ == "__main__":
    sys.exit(main())
