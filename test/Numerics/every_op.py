#!/usr/bin/env python3
"""Every arith and math op the verifier accepts lowers on every target
(docs/dialect.md, "Numerics"): one kernel per element type uses all of them
(their results summed, so none is dead), and each kernel must run on the
CPU and compile to PTX for sm_90a and sm_80. Keep the lists in step with
dialect/VerifyUpstreamOps.c.

  every_op.py DIR [--tile-run PATH] [--tile-opt PATH]
"""
import argparse
import os
import subprocess
import sys

N = 128
UNARY = ("absf acos acosh asin asinh atan atanh cbrt ceil cos cosh erf erfc "
         "exp exp2 expm1 floor log log10 log1p log2 round roundeven rsqrt sin "
         "sinh sqrt tan tanh trunc").split()
BINARY_MATH = ["atan2", "copysign", "powf"]
BINARY_FLOAT = ("addf subf mulf divf remf maximumf minimumf maxnumf "
                "minnumf").split()
PREDICATES = ["isnan", "isinf", "isfinite", "isnormal"]
INT_MATH = ["absi", "ctlz", "cttz", "ctpop"]
BINARY_INT = ("addi subi muli divui divsi ceildivui ceildivsi floordivsi remui "
              "remsi andi ori xori shli shrui shrsi maxsi maxui minsi "
              "minui").split()


def sum_kernel(t, ops, add, gen):
    """A kernel loading %x and %y of type t, applying each of `ops` (pairs of
    a result name and the MLIR computing it), and storing the sum of the
    results (with `add`), so that none is dead."""
    T = f"tensor<{N}x{t}>"
    lines = [f'  %x = "tile.load"(%a, %c0) : (memref<?x{t}>, index) -> {T}',
             f'  %y = "tile.load"(%b, %c0) : (memref<?x{t}>, index) -> {T}']
    results = []
    for name, text in ops:
        lines += [f"  {line}" for line in text.split("\n")]
        results.append(name)
    acc = results[0]
    for i, r in enumerate(results[1:]):
        lines.append(f"  %acc{i} = arith.{add} {acc}, {r} : {T}")
        acc = f"%acc{i}"
    lines.append(f'  "tile.store"({acc}, %o, %c0) : ({T}, memref<?x{t}>, index) -> ()')
    args = f"%a: memref<?x{t}>, %b: memref<?x{t}>, %o: memref<?x{t}>"
    return f"ops_{t}", args, lines, [f"{gen}:{N}x{t}", f"{gen}:{N}x{t}", f"zeros:{N}x{t}"]


def float_kernel(t):
    T = f"tensor<{N}x{t}>"
    I1 = f"tensor<{N}xi1>"
    ops = [(f"%u{i}", f"%u{i} = math.{op} %x : {T}") for i, op in enumerate(UNARY)]
    ops += [(f"%m{i}", f"%m{i} = math.{op} %x, %y : {T}")
            for i, op in enumerate(BINARY_MATH)]
    ops += [(f"%f{i}", f"%f{i} = arith.{op} %x, %y : {T}")
            for i, op in enumerate(BINARY_FLOAT)]
    ops += [("%fma", f"%fma = math.fma %x, %y, %x : {T}"),
            ("%neg", f"%neg = arith.negf %x : {T}")]
    ops += [(f"%s{i}", f"%p{i} = math.{op} %x : {T}\n"
             f"%s{i} = arith.select %p{i}, %x, %y : {I1}, {T}")
            for i, op in enumerate(PREDICATES)]
    ops.append(("%sel", f"%cmp = arith.cmpf olt, %x, %y : {T}\n"
                f"%sel = arith.select %cmp, %x, %y : {I1}, {T}"))
    return sum_kernel(t, ops, "addf", "rand")


def int_kernel(t):
    T = f"tensor<{N}x{t}>"
    ops = [(f"%u{i}", f"%u{i} = math.{op} %x : {T}") for i, op in enumerate(INT_MATH)]
    ops += [(f"%i{i}", f"%i{i} = arith.{op} %x, %y : {T}")
            for i, op in enumerate(BINARY_INT)]
    ops.append(("%sel", f"%cmp = arith.cmpi slt, %x, %y : {T}\n"
                f"%sel = arith.select %cmp, %x, %y : tensor<{N}xi1>, {T}"))
    return sum_kernel(t, ops, "addi", "iota")


def cast_kernel(from_floats):
    """Every cast from float (or from integer) tiles, each result stored."""
    floats = ["f16", "bf16", "f32"]
    ints = ["i8", "i16", "i32", "i64"]
    f8s = ["f8E4M3FN", "f8E5M2"]
    lines = []
    args, specs, n = [], [], 0

    def src(t):
        nonlocal n
        args.append(f"%in{n}: memref<?x{t}>")
        specs.append(f"rand:{N}x{t}" if t in floats else f"iota:{N}x{t}")
        lines.append(f'  %s{n} = "tile.load"(%in{n}, %c0) : (memref<?x{t}>, index) -> tensor<{N}x{t}>')
        n += 1
        return f"%s{n - 1}"

    def out(v, t):
        nonlocal n
        args.append(f"%out{n}: memref<?x{t}>")
        specs.append(f"zeros:{N}x{t}")
        lines.append(f'  "tile.store"({v}, %out{n}, %c0) : (tensor<{N}x{t}>, memref<?x{t}>, index) -> ()')
        n += 1

    k = 0

    def cast(op, v, a, b):
        nonlocal k
        lines.append(f"  %cast{k} = arith.{op} {v} : tensor<{N}x{a}> to tensor<{N}x{b}>")
        k += 1
        return f"%cast{k - 1}"

    for a in floats if from_floats else []:
        x = src(a)
        for b in ints:
            out(cast("fptosi", x, a, b), b)
            out(cast("fptoui", x, a, b), b)
        for b in floats:
            if a != b and not {a, b} == {"f16", "bf16"}:
                wider = floats.index(b) > floats.index(a)
                out(cast("extf" if wider else "truncf", x, a, b), b)
        for f8 in f8s:  # to f8 and back, through its bytes
            e = cast("truncf", x, a, f8)
            out(cast("bitcast", e, f8, "i8"), "i8")
            out(cast("extf", e, f8, a), a)
    for a in [] if from_floats else ints:
        x = src(a)
        for b in floats:
            out(cast("sitofp", x, a, b), b)
            out(cast("uitofp", x, a, b), b)
        for b in ints:
            if ints.index(b) > ints.index(a):
                out(cast("extsi", x, a, b), b)
                out(cast("extui", x, a, b), b)
            elif ints.index(b) < ints.index(a):
                out(cast("trunci", x, a, b), b)
    return ("casts_from_" + ("float" if from_floats else "int"), ", ".join(args),
            lines, specs)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("--tile-run", default="tile-run")
    p.add_argument("--tile-opt", default="tile-opt")
    opts = p.parse_args()
    os.makedirs(opts.dir, exist_ok=True)
    kernels = [float_kernel(t) for t in ("f32", "f16", "bf16")]
    kernels += [int_kernel(t) for t in ("i8", "i16", "i32", "i64")]
    kernels += [cast_kernel(True), cast_kernel(False)]
    path = os.path.join(opts.dir, "ops.mlir")
    with open(path, "w") as f:
        for name, args, lines, _ in kernels:
            f.write(f"func.func @{name}({args}) attributes {{tile.kernel}} {{\n"
                    "  %c0 = arith.constant 0 : index\n" + "\n".join(lines) +
                    "\n  return\n}\n\n")
    failed = 0
    for name, _, _, specs in kernels:
        runs = {"cpu": [opts.tile_run, path, "--kernel", name, "--grid", "1"] +
                sum((["--arg", s] for s in specs), [])}
        for chip in ("sm_90a", "sm_80"):
            runs[chip] = [opts.tile_opt, path, f"--tile-compile=chip={chip}",
                          f"--kernel={name}", "--emit=ptx", "-o", os.devnull]
        for where, cmd in runs.items():
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                failed += 1
                print(f"{name} on {where}: FAILED: {(r.stderr or r.stdout).strip()[:600]}")
            else:
                print(f"{name} on {where}: ok")
    print(f"{3 * len(kernels) - failed} of {3 * len(kernels)} ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
