#!/usr/bin/env python3
"""The v2 ops on the GPU against NumPy and the CPU (issue 19, item 3).

  prepare BUILD DIR   (here, with the compiler): replays the CPU tests
      test/Run/v2-*.test: generates their inputs and NumPy references
      (test/Run/Inputs/v2_ref.py), compiles each kernel they run into a
      package (tile-opt --emit=package, -D values filled in), runs it on the
      CPU (tile-run --target cpu) and keeps its outputs; adds the GPU-only
      kernels of test/Conversion/Inputs/v2-gpu.mlir (long-row cumsum,
      print, assert, f16 atomics). DIR/cases.json lists everything.
      $TILE_COMPILE adds compile options to every package (for instance
      index-bits=64).
  run TILE_RUN DIR    (on the GPU machine, no MLIR needed): runs every
      package with tile-run --target cuda on the same inputs and checks
      each output against the NumPy reference and against the CPU's
      (bit-exact for integers and Philox words; the test's tolerance for
      floats), then the debugging cases (a failed assert, a failed assert
      under --bench, a print from many programs) and compute-sanitizer
      memcheck, racecheck and synccheck on a few kernels. A PASS/FAIL table at the end;
      exit 1 if anything failed.
"""
import json
import re
import os
import shlex
import shutil
import subprocess
import sys

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF = os.path.join(SRC, "test", "Run", "Inputs", "v2_ref.py")
COMPILE = "--tile-compile=" + os.environ.get("TILE_COMPILE", "")


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def substitute(text, defines):
    for k, v in defines.items():
        text = text.replace("${" + k + "}", v)
    return text


def prepare(build, out):
    tile_opt = os.path.join(build, "tile-opt")
    tile_run = os.path.join(build, "tile-run")
    os.makedirs(out, exist_ok=True)
    cases = []
    # The v2 tests, and the tests of the examples that use v2 ops (their
    # tile-run lines check with --check against NumPy).
    examples = ("embedding", "moe-dispatch", "histogram", "splitk-matmul",
                "cumsum", "dropout", "paged-attention",
                # wrong-code regressions that only the GPU could show
                "memory-order", "dot-fma-tf32",
                # loops split by tile-split-loops
                "split-loops", "flash-attention-plain", "gqa-attention",
                "store-offsets", "reduce-max-negated", "reduce-max-negated-i16",
                "scan-i64-shared",
                # kernels random campaigns found refused (gen2 seeds)
                "truncf-f64", "dot-bf16-f16acc", "broadcast-unit",
                # a miscompile of LLVM's only the GPU showed
                "bf16-f16-arith")
    tests = sorted(f for f in os.listdir(os.path.join(SRC, "test", "Run"))
                   if (f.startswith("v2-") or f[:-5] in examples)
                   and f.endswith(".test"))
    for test in tests:
        name = test[:-5]
        tdir = os.path.join(out, name)
        lines = [l.split("RUN:", 1)[1].strip()
                 for l in open(os.path.join(SRC, "test", "Run", test))
                 if "RUN:" in l]
        last = None
        for line in lines:
            line = line.split("|")[0].strip()
            line = (line.replace("%S", os.path.join(SRC, "test", "Run"))
                    .replace("%tile_src", SRC)
                    .replace("%t", tdir).replace("%numpy_python", sys.executable))
            words = shlex.split(line)
            # "rm -rf %t && mkdir -p %t/a %t/b", "mkdir -p DIR && COMMAND":
            # a fresh %t and the directories first, then the command if any.
            while words and words[0] in ("rm", "mkdir"):
                end = words.index("&&") if "&&" in words else len(words)
                if words[0] == "rm":
                    shutil.rmtree(tdir, ignore_errors=True)
                    os.makedirs(tdir, exist_ok=True)
                else:
                    for d in words[1:end]:
                        if d != "-p":
                            os.makedirs(d, exist_ok=True)
                words = words[end + 1:]
            if not words:
                continue
            if words[0] == sys.executable and "same" not in words:
                r = sh(words)
                if r.returncode:
                    print("skip %s: %s" % (line, r.stderr.strip()))
            elif words[0] == sys.executable:
                i = words.index("same")
                rest = words[i + 1:]
                if last is not None:
                    last["checks"].append({"out": rest[0], "ref": rest[1],
                                           "rtol": rest[2] if len(rest) > 2 else "0"})
            elif words[0] == "tile-run":
                last = package(tile_opt, tile_run, out, "%s-%d" % (name, len(cases)),
                               words)
                if last:
                    cases.append(last)
    cases += ref_only(tile_opt, tile_run, out)
    cases += gpu_only(tile_opt, tile_run, out)
    # Paths relative to DIR, so DIR can be copied to the GPU machine.
    text = json.dumps(cases, indent=1).replace(out.rstrip("/") + "/", "")
    text = text.replace(SRC.rstrip("/") + "/", "$SRC/")
    open(os.path.join(out, "cases.json"), "w").write(text)
    print("%d cases in %s/cases.json" % (len(cases), out))


def package(tile_opt, tile_run, out, name, words):
    """Compiles the kernel a `tile-run FILE ... --target cpu` line runs, runs
    it on the CPU, and returns the case (or None when it does not compile)."""
    file, defines, kernel, grid, args, outs = words[1], {}, None, "1", [], []
    asserts = "on"
    options = []  # --option KEY=VALUE: compiled with it on both sides
    checks = []
    i = 2
    while i < len(words):
        w = words[i]
        if w == "-D":
            k, v = words[i + 1].split("=", 1)
            defines[k] = v
            i += 2
            continue
        if w == "--check":
            # I=PATH[:RTOL]: the output is written beside the reference and
            # compared with it (as the CPU test does).
            idx, rest = words[i + 1].split("=", 1)
            ref, rtol = rest, "0"
            if ":" in rest:
                ref, rtol = rest.rsplit(":", 1)
            got = "%s.out%s.npy" % (ref[:-4], idx)
            outs.append("%s=%s" % (idx, got))
            checks.append({"out": got, "ref": ref, "rtol": rtol})
            i += 2
            continue
        if w == "--asserts" or w.startswith("--asserts="):
            # The package is compiled as the CPU test's kernel is.
            asserts = words[i + 1] if w == "--asserts" else w.split("=", 1)[1]
            i += 2 if w == "--asserts" else 1
            continue
        if w == "--option":
            options.append(words[i + 1])
            i += 2
            continue
        if w in ("--kernel", "--grid", "--arg", "--out", "--target"):
            v = words[i + 1]
            if w == "--kernel":
                kernel = v
            elif w == "--grid":
                grid = v
            elif w == "--arg":
                args.append(v)
            elif w == "--out":
                outs.append(v)
            i += 2
            continue
        i += 1
    if any(a.startswith("npy:") and not os.path.exists(a[4:]) for a in args):
        print("skip %s: its inputs were not generated" % name)
        return None
    mlir = os.path.join(out, name + ".mlir")
    open(mlir, "w").write(substitute(open(file).read(), defines))
    grid = substitute(grid, defines)
    pkg = os.path.join(out, name + ".tpkg")
    r = sh([tile_opt, mlir, " ".join([COMPILE + " asserts=" + asserts] + options), "--emit=package",
            "--kernel=" + kernel, "-o", pkg])
    if r.returncode:
        print("skip %s: %s" % (name, r.stderr.strip().splitlines()[:1]))
        return None
    cpu_outs = []
    for o in outs:
        idx, path = o.split("=", 1)
        cpu_outs.append("%s=%s" % (idx, path + ".cpu.npy"))
    # The CPU runs the test's own file with its -D values, as the CPU test
    # does: a file whose tile.tune space names them refuses the values
    # substituted into its text.
    cmd = [tile_run, file, "--kernel", kernel, "--target", "cpu", "--grid", grid,
           "--asserts", asserts]
    for k, v in defines.items():
        cmd += ["-D", "%s=%s" % (k, v)]
    for kv in options:
        cmd += ["--option", kv]
    for a in args:
        cmd += ["--arg", a]
    for o in cpu_outs:
        cmd += ["--out", o]
    r = sh(cmd)
    cpu = r.returncode == 0
    if not cpu:
        print("note %s: no CPU run (%s)" % (name, r.stderr.strip().splitlines()[:1]))
    print("packaged %s (%s)" % (name, os.path.basename(file)))
    return {"name": name, "package": pkg, "grid": grid, "args": args,
            "outs": outs, "cpu": cpu, "checks": checks, "kind": "check",
            "kernel": kernel}


def ref_only(tile_opt, tile_run, out):
    """v2_ref.py cases the CPU does not run yet (float max/min atomics with
    NaN and signed zeros in values and memory, compare-and-swap): the GPU
    against NumPy only."""
    inputs = os.path.join(SRC, "test", "Run", "Inputs")
    cases = []
    runs = []
    for kind in ("max", "min"):
        for t in ("f32", "f16", "bf16"):
            runs.append(("rmw", [kind, t, "perm", "300", "400"],
                         {"KIND": kind, "T": t, "SEM": "acq_rel"}, "v2-rmw.mlir",
                         "rmw", ["vals", "idx", "mem0", "old0"], (2, 3)))
    for t in ("i32", "i64", "f32", "f16"):
        runs.append(("cas", [t, "300", "400"], {"T": t}, "v2-cas.mlir", "cas",
                     ["cmp", "vals", "idx", "mem0", "old0"], (3, 4)))
    for op, gen, defines, file, kernel, inputs_, (mem, old) in runs:
        name = "gpu-%s-%s" % (op, "-".join(gen[:2]))
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        r = sh([sys.executable, REF, op, d] + gen)
        if r.returncode:
            print("skip %s: %s" % (name, r.stderr.strip()))
            continue
        words = ["tile-run", os.path.join(inputs, file), "--kernel", kernel,
                 "--grid", "cdiv(300,128)"]
        for k, v in defines.items():
            words += ["-D", "%s=%s" % (k, v)]
        for i in inputs_:
            words += ["--arg", "npy:%s/%s.npy" % (d, i)]
        words += ["--out", "%d=%s/mem.npy" % (mem, d), "--out", "%d=%s/old.npy" % (old, d)]
        c = package(tile_opt, tile_run, out, name, words)
        if not c:
            continue
        c["cpu"] = False
        c["checks"] = [{"out": "%s/mem.npy" % d, "ref": "%s/refmem.npy" % d, "rtol": "0"},
                       {"out": "%s/old.npy" % d, "ref": "%s/refold.npy" % d, "rtol": "0"}]
        cases.append(c)
    return cases


def gpu_only(tile_opt, tile_run, out):
    """Kernels of test/Conversion/Inputs/v2-gpu.mlir that the CPU tests do
    not cover, with NumPy references made here."""
    import numpy as np
    rng = np.random.default_rng(19)
    file = os.path.join(SRC, "test", "Conversion", "Inputs", "v2-gpu.mlir")
    d = os.path.join(out, "gpu-only")
    os.makedirs(d, exist_ok=True)
    cases = []

    def save(name, a):
        p = os.path.join(d, name + ".npy")
        np.save(p, a)
        return p

    def check(name, kernel, grid, inputs, results):
        """A case of `kernel` on `inputs` ([(file name, array)] in argument
        order) whose outputs must equal their references exactly:
        results = [(argument index, output file name, reference file name,
        reference)]."""
        cases.append({
            "name": name, "package": pkg(kernel), "grid": grid,
            "args": ["npy:" + save(f, a) for f, a in inputs],
            "outs": ["%d=%s" % (i, os.path.join(d, o + ".npy"))
                     for i, o, _, _ in results],
            "cpu": False,
            "checks": [{"out": os.path.join(d, o + ".npy"), "ref": save(r, ref),
                        "rtol": "0"} for _, o, r, ref in results],
            "kind": "check"})

    def pkg(kernel):
        p = os.path.join(out, "gpu-" + kernel + ".tpkg")
        r = sh([tile_opt, file, COMPILE, "--emit=package",
                "--kernel=" + kernel, "-o", p])
        if r.returncode:
            print("skip %s: %s" % (kernel, r.stderr.strip()))
            return None
        return p

    # A cumsum over 7 rows of 2000 (ragged: padding past the end).
    x = rng.integers(-8, 8, size=(7, 2000)).astype(np.float32)
    ref = np.cumsum(x, axis=1, dtype=np.float64).astype(np.float32)
    check("cumsum-rows", "cumsum", "7",
          [("cumsum_x", x), ("cumsum_y0", np.zeros_like(x))],
          [(1, "cumsum_y", "cumsum_ref", ref)])
    # A suffix max of 64 i32 (a replicated layout: 16 distinct lanes).
    v = rng.integers(-1000, 1000, size=64).astype(np.int32)
    ref = np.maximum.accumulate(v[::-1])[::-1].astype(np.int32)
    check("suffix-max", "suffix_max", "1",
          [("smax_x", v), ("smax_y0", np.zeros_like(v))],
          [(1, "smax_y", "smax_ref", ref)])
    # Histogram with f32 and f16 atomics: x in [-3, 40) over 40 bins (the
    # negative ones touch nothing).
    n = 1000
    xs = rng.integers(-3, 40, size=n).astype(np.int32)
    inb = xs[xs >= 0]
    bins = np.bincount(inb, minlength=40).astype(np.int32)
    # The float sums and maxima depend on the order of the atomics; the
    # bins are exact.
    check("atomics-hist", "atomics", "cdiv(%d,128)" % n,
          [("hist_x", xs), ("hist_bins0", np.zeros(40, np.int32)),
           ("hist_f0", np.zeros(40, np.float32)),
           ("hist_h0", np.zeros(40, np.float16)),
           ("hist_old0", np.zeros(n, np.float32))],
          [(1, "hist_bins", "hist_ref", bins)])
    # Split-K: 5 programs add their K slices (ragged: K = 300) into C (f32)
    # and H (f16). Small integers: every partial and total sum is exact, so
    # both are bit-exact in any order.
    A = rng.integers(-2, 3, size=(16, 300)).astype(np.float16)
    B = rng.integers(-2, 3, size=(300, 128)).astype(np.float16)
    C = (A.astype(np.float64) @ B.astype(np.float64))
    check("splitk", "splitk", "cdiv(300,64)",
          [("sk_a", A), ("sk_b", B), ("sk_c0", np.zeros((16, 128), np.float32)),
           ("sk_h0", np.zeros((16, 128), np.float16))],
          [(2, "sk_c", "sk_cref", C.astype(np.float32)),
           (3, "sk_h", "sk_href", C.astype(np.float16))])
    # memref.load / store: column 1 of a page table.
    t = rng.integers(0, 1 << 30, size=(9, 3)).astype(np.int32)
    check("scalars", "scalars", "9",
          [("table", t), ("col0", np.zeros(9, np.int32))],
          [(1, "col", "col_ref", t[:, 1].copy())])
    # print from 64 programs of 4 elements: 64 * 4 element lines, 64
    # program lines.
    cases.append({"name": "print-many", "package": pkg("print"), "grid": "64",
                  "args": ["iota:256xi32"], "outs": [], "cpu": False,
                  "checks": [], "kind": "print", "lines": 64 * 4 + 64})
    # asserts: x < 200 holds for iota:300 only in the first program.
    chk = pkg("check")
    for bench in (False, True):
        cases.append({"name": "assert-fails" + ("-bench" if bench else ""),
                      "package": chk, "grid": "3", "args": ["iota:300xi32", "200"],
                      "outs": [], "cpu": False, "checks": [], "kind": "assert",
                      "bench": bench})
    cases.append({"name": "assert-holds", "package": chk, "grid": "3",
                  "args": ["iota:300xi32", "300"], "outs": [], "cpu": False,
                  "checks": [], "kind": "check"})
    return [c for c in cases if c["package"]]


# ---- on the GPU ---------------------------------------------------------

def run(tile_run, d):
    d = os.path.abspath(d)
    cases = json.loads(open(os.path.join(d, "cases.json")).read()
                       .replace("$SRC/", SRC + "/"))
    results = []

    def path(p):
        return p if os.path.isabs(p) else os.path.join(d, p)

    def record(name, ok, why=""):
        results.append(("PASS" if ok else "FAIL", name, why))

    def command(c, extra=()):
        cmd = [tile_run, path(c["package"]), "--target", "cuda", "--grid", c["grid"]]
        for a in c["args"]:
            cmd += ["--arg", "npy:" + path(a[4:]) if a.startswith("npy:") else a]
        return cmd + list(extra)

    def same(a, b, rtol):
        r = sh([sys.executable, REF, "same", a, b, rtol])
        return r.returncode == 0 and "same" in r.stdout, (r.stdout + r.stderr).strip()

    for c in cases:
        print("== " + c["name"])
        if c["kind"] == "check":
            outs = []
            for o in c["outs"]:
                idx, p = o.split("=", 1)
                outs += ["--out", "%s=%s" % (idx, path(p) + ".gpu.npy")]
            cmd = command(c, outs)
            print("$ " + " ".join(shlex.quote(w) for w in cmd))
            r = sh(cmd)
            print(r.stdout + r.stderr)
            if r.returncode:
                record(c["name"], False, "exit %d" % r.returncode)
                continue
            ok, why = True, ""
            for k in c["checks"]:
                gpu = path(k["out"]) + ".gpu.npy"
                good, text = same(gpu, path(k["ref"]), k["rtol"])
                ok, why = ok and good, why + " numpy: " + text
                cpu = path(k["out"]) + ".cpu.npy"
                if c["cpu"] and os.path.exists(cpu):
                    # Exact cases stay exact; otherwise each run is within
                    # rtol of NumPy (float sums in any order), so of each
                    # other within twice that.
                    rtol = k["rtol"] if float(k["rtol"]) == 0 else repr(2 * float(k["rtol"]))
                    good, text = same(gpu, cpu, rtol)
                    ok, why = ok and good, why + " cpu: " + text
            record(c["name"], ok, why.strip())
        elif c["kind"] == "print":
            r = sh(command(c))
            lines = [l for l in r.stdout.splitlines() if l.startswith("pid (")]
            pids = {l.split(")")[0] for l in lines}
            print("\n".join(lines[:6]) + "\n...")
            ok = r.returncode == 0 and len(lines) == c["lines"] and len(pids) == 64
            record(c["name"], ok, "%d lines from %d programs (want %d from 64)"
                   % (len(lines), len(pids), c["lines"]))
        elif c["kind"] == "assert":
            cmd = command(c, ["--bench"] if c["bench"] else [])
            try:
                r = sh(cmd, timeout=120)
            except subprocess.TimeoutExpired:
                record(c["name"], False, "hung (killed after 120 s)")
                continue
            text = r.stdout + r.stderr
            print(text)
            ok = (r.returncode == 1 and "device assert failed" in text
                  and "x < limit" in text
                  and re.search(r"block: \[[12],0,0\]", text)
                  and "v2-gpu.mlir" in text)
            record(c["name"], ok, "exit %d; message, location and program %s"
                   % (r.returncode, "shown" if ok else "missing"))

    sanitizer = shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
    if os.path.exists(sanitizer):
        # One case per family: v2-atomics-0 and v2-atomics-7 are one family.
        picks = [c for c in cases if c["kind"] in ("check", "print") and any(
            k in c["name"] for k in ("indirect", "atomics", "scan", "philox",
                                     "cumsum", "suffix", "hist", "scalars",
                                     "splitk", "gpu-cas", "gpu-rmw", "print"))]
        seen = set()
        for c in picks:
            key = re.sub(r"-[0-9]+$", "", c["name"])
            key = re.sub(r"^(gpu-(cas|rmw)).*", r"\1", key)
            # Gathers staged through shared memory (cp.async) and atomics
            # counted there are families of their own.
            if c.get("kernel") in ("bag_sum", "histogram256", "rmw_static"):
                key = c["name"]
            if key in seen:
                continue
            seen.add(key)
            for tool in ("memcheck", "racecheck", "synccheck"):
                r = sh([sanitizer, "--tool", tool, "--error-exitcode", "9"] + command(c),
                       timeout=600)
                out = r.stdout + r.stderr
                # memcheck and synccheck end with "ERROR SUMMARY: 0
                # errors", racecheck with "RACECHECK SUMMARY: 0 hazards
                # displayed (0 errors...".
                ok = r.returncode == 0 and ("ERROR SUMMARY: 0 errors" in out or
                                            "SUMMARY: 0 hazards displayed (0 errors" in out)
                if not ok:
                    print(r.stdout[-3000:] + r.stderr[-3000:])
                record("%s %s" % (tool, c["name"]), ok)
    else:
        record("compute-sanitizer", False, "not found")

    print("\n== summary")
    for status, name, why in results:
        print("%s  %-40s %s" % (status, name, why))
    fails = sum(1 for s, _, _ in results if s == "FAIL")
    print("%d passed, %d failed" % (len(results) - fails, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "prepare":
        prepare(os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "run":
        sys.exit(run(sys.argv[2], sys.argv[3]))
    else:
        print(__doc__)
        sys.exit(2)
