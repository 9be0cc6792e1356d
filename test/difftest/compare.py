#!/usr/bin/env python3
"""Differential check of one kernel launch: the reference interpreter
(interp.py, written from the spec) against tile's CPU path (tile-run
--target cpu), on inputs made here with NumPy from fixed seeds (not tile's
generators). Every memref argument is compared after the run: floats
within |a - e| <= t + t*|e| (t: 1e-5 for f32 and f64, 1e-2 for f16 and
bf16, one step of the format for f8, whose arrays are codes), integers
and bools exactly. tile.print's lines must be the interpreter's (float
values within the same tolerance); where a tile.assert fails, tile-run
must stop at the same program with the same message.

  compare.py KERNEL.mlir --kernel NAME --grid X[,Y[,Z]] --arg SPEC ...
      SPEC: randn:SHAPExDTYPE[:seed=N] | rand:... | zeros:... | iota:... |
            a scalar (an integer, or a float with a '.'); DTYPE as
            tile-run spells it (f8e4m3, f8e5m2 for the f8 types)
Prints "agree: ..." and exits 0; "MISMATCH: ..." and exits 1; exit 3 when
the interpreter does not cover the kernel yet ("unsupported: ...").
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import interp  # noqa: E402

# f8 (tile-run's and the interpreter's names): one step of the format at
# 1 (2^-3, 2^-2), since an input a last bit off may round to the next code.
TOL = {"f32": 1e-5, "f64": 1e-5, "f16": 1e-2, "bf16": 1e-2,
       "f8e4m3": 0.125, "f8E4M3FN": 0.125, "f8e5m2": 0.25, "f8E5M2": 0.25}
# Ops whose float sums associate in an order of their lowering's.
SUMS = ("tile.dot", "tile.reduce", "tile.scan", "tile.atomic_rmw")
# What makes a kernel's float results worth the rounding envelopes when
# they miss: sums, afn math (tile-fold-exp's exponents round at their
# terms' size), and any math function numerics.md lets miss by an ulp or
# more: a cancellation after it (seed 1623160: exp(exp(x)) less its own
# f8 rounding) makes those ulps a large part of a small result, though
# both sides are within the spec.
ENVELOPED = SUMS + ("afn", "fastmath<fast>") + tuple(
    "math." + f for f in interp.MATH_ULPS)


def tolerance(dtype, text):
    """The random campaigns' tolerance: exact for integers, 1e-2 for
    16-bit floats, 1e-5 for f32 (1e-4 where a dot, reduction, scan or
    atomic sums in an order of its own)."""
    if dtype in ("f16", "bf16"):
        return 1e-2
    if dtype in TOL and "f8" in dtype:
        return TOL[dtype]
    if dtype in ("f32", "f64"):
        return 1e-4 if any(x in text for x in SUMS) else 1e-5
    return 0


class Envelope(list):
    """rounding_envelopes' groups, with `scales`: for each argument, None
    or the magnitude of the terms each element's stored value summed
    (interp.STORE_SCALES), within a unit or two of which the value may
    round."""
    scales = ()


def rounding_envelopes(generic, kernel, grid, fresh, max_sites=24,
                       patterns=False, max_runs=240):
    """The interpreter's results with its roundings moved as far as the
    spec allows (interp.ROUNDING), in groups of two runs (up, then down),
    each run on `fresh()`'s new copy of the inputs: first every site
    moved at once, then each site alone (up to max_sites of them). differ
    takes the farther of the first group's distances, or the sum over
    sites of each site's: moving every site one way can let their effects
    cancel (seed 308357: a sum scaling a tile, then two dots and a max),
    adding each site's own cannot. With `patterns` (asked for where those
    groups do not reach tile's result) each site's group also moves its
    elements apart, one run each way per bit of their flat index
    (interp.ROUNDING_BIT), so that a difference of two elements of one
    result (seed 913160: a scan's x - max(x)) moves as far as their own
    roundings can take it; at most max_runs runs in all."""
    def run(sign, site, bit=None):
        args = fresh()
        interp.ROUNDING, interp.ROUNDING_SITE = sign, site
        interp.ROUNDING_BIT = bit
        try:
            interp.run_kernel(generic, kernel, grid, args)
        finally:
            interp.ROUNDING, interp.ROUNDING_SITE = 0, None
            interp.ROUNDING_BIT = None
        return args
    interp.ROUNDING_SITES = {}
    interp.STORE_SCALES = {}
    try:
        up = run(1, None)
        stored = interp.STORE_SCALES
    finally:
        interp.STORE_SCALES = None
    groups = Envelope([[up, run(-1, None)]])
    groups.scales = [stored[id(a)][1] if id(a) in stored else None
                     for a in up]
    sites = dict(interp.ROUNDING_SITES)
    bits = {site: min(20, max(0, size - 1).bit_length())
            for site, size in sites.items()}
    runs = sum(2 + 2 * b for b in bits.values())
    if patterns and len(sites) <= max_sites and runs <= max_runs:
        groups += [[run(1, site), run(-1, site)] +
                   [run(sign, site, b) for b in range(bits[site])
                    for sign in (1, -1)] for site in sites]
    elif 1 < len(sites) <= max_sites:
        groups += [[run(1, site), run(-1, site)] for site in sites]
    return groups


def make(spec, rng_seed):
    """The array a SPEC names: randn (normal), rand (uniform in [0, 1)),
    zeros, iota (0, 1, 2, ... row-major, wrapping in narrow integers), and
    for integers ints (uniform in [-50, 50]) and bits (any bit pattern)."""
    m = re.fullmatch(
        r"(randn|rand|zeros|iota|ints|bits):([\dx]+)x(\w+)(?::seed=(\d+))?",
        spec)
    if not m:
        return None
    kind, shape, dtype, seed = m.groups()
    shape = tuple(int(d) for d in shape.split("x"))
    rng = np.random.default_rng(int(seed) if seed else rng_seed)
    if kind == "randn":
        v = rng.standard_normal(shape)
    elif kind == "rand":
        v = rng.random(shape)
    elif kind == "zeros":
        v = np.zeros(shape)
    elif kind in ("ints", "bits"):
        dt = np.dtype(interp.np_type(dtype))
        if dt.kind not in "iu":
            raise SystemExit("compare: %s wants an integer type: %s"
                             % (kind, spec))
        info = np.iinfo(dt)
        lo, hi = (-50, 50) if kind == "ints" else (info.min, info.max)
        return rng.integers(lo, hi, shape, dtype=dt, endpoint=True), dtype
    else:
        v = np.arange(int(np.prod(shape))).reshape(shape)
    if dtype == "bf16":
        return interp.bf16_bits(v.astype(np.float32)), dtype
    if dtype in interp.F8_NAMES:  # codes, as tile-run's .npy files hold f8
        return interp.f8_encode(v, interp.F8_NAMES[dtype]), dtype
    return v.astype(interp.np_type(dtype)), dtype


def as_float(a, dtype):
    if dtype == "bf16":
        return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    f8 = interp.F8_NAMES.get(dtype, dtype)
    if interp.is_f8(f8):
        return interp.f8_decode(a, f8)
    return a.astype(np.float64)


# A unit in the last place, relative: what a value may round by at its
# terms' scale (Envelope.scales).
EPSILON = {"f64": 2.0 ** -52, "f32": 2.0 ** -23, "f16": 2.0 ** -10,
           "bf16": 2.0 ** -7, "f8e4m3": 2.0 ** -3, "f8E4M3FN": 2.0 ** -3,
           "f8e5m2": 2.0 ** -2, "f8E5M2": 2.0 ** -2}


def differ(want, got, dtype, tol, envelope=(), scale=None):
    """None when `got` matches the interpreter's `want`: floats within
    |a - e| <= tol + tol*|e| (NaN matching NaN), or within the distance
    from want that `envelope` (rounding_envelopes' groups of runs, each
    group's arrays for this argument) gives, either way, widened so;
    everything else exactly; else what differs and where first. (The
    envelope runs measure how far rounding moves each result. Past a
    product with a value of either sign, a max or a compare-and-swap,
    both runs of a group can move the same way, leaving want outside them
    (seed 308357: both 0.11-0.25 below, tile 0.14 above), so the interval
    is symmetric about want. `scale`, the envelope's scales for this
    argument, widens it by two units at each element's terms' scale.)"""
    if dtype in TOL:
        e, c = as_float(want, dtype), as_float(got, dtype)
        with np.errstate(invalid="ignore"):  # inf - inf
            err = np.abs(c - e)
            bad = ~((err <= tol + tol * np.abs(e)) |
                    (np.isnan(e) & np.isnan(c)) | (e == c))
            if envelope:
                def far(group):
                    return np.maximum.reduce(
                        [np.abs(as_float(x, dtype) - e) for x in group])
                r = far(envelope[0])
                if len(envelope) > 1:
                    # A NaN in a site's runs leaves the first group's.
                    r = np.fmax(r, sum(far(g) for g in envelope[1:]))
                slack = tol + tol * (np.abs(e) + r)
                if scale is not None:
                    slack = slack + 2 * EPSILON.get(dtype, 0) * scale
                bad &= ~(err <= r + slack)
    else:
        bad = want != got
    if not bad.any():
        return None
    at = np.unravel_index(int(np.argmax(bad)), bad.shape)
    return ("%d of %d elements differ; at %s the interpreter has %r, tile %r"
            % (int(bad.sum()), bad.size, list(at), want[at], got[at]))


def differ_prints(printed, stdout, source):
    """None when tile-run's tile.print lines (stdout's lines from "pid (")
    are the interpreter's (interp.PRINTED), in the same order (the CPU
    runs programs in grid order): the same text, or the same program,
    indices and prefix with a float value within the element type's
    tolerance (any NaN matching a NaN); else the first that differs."""
    got = [line for line in stdout.splitlines() if line.startswith("pid (")]
    if len(got) != len(printed):
        return "tile printed %d lines, the interpreter %d" % (len(got),
                                                            len(printed))
    for line, (want, value, elem) in zip(got, printed):
        if line == want:
            continue
        head, _, text = line.rpartition(": ")
        same = head == want.rpartition(": ")[0] and elem in \
            interp.PRINT_DIGITS
        if same:
            try:
                v = float(text)
            except ValueError:
                same = False
            else:
                t = tolerance(elem, source) if elem != "f64" else 1e-12
                same = (np.isnan(v) and np.isnan(value)) or \
                    abs(v - value) <= t + t * abs(value)
        if not same:
            return "tile printed %r, the interpreter %r" % (line, want)
    return None


def make_arguments(specs):
    """A launch's arguments as a check makes them: its arrays and their
    dtypes by argument index (argument i's from seed 1000 + i unless its
    spec names one), and its scalars as given."""
    arrays, dtypes, scalars = {}, {}, {}
    for i, spec in enumerate(specs):
        made = make(spec, 1000 + i)
        if made:
            arrays[i], dtypes[i] = made
        else:
            scalars[i] = spec
    return arrays, dtypes, scalars


def write_args(specs, out):
    """The arrays of `specs` as .npy files in `out`, made as a check makes
    them; prints the --arg list that names them (scalars as given)."""
    os.makedirs(out, exist_ok=True)
    arrays, _, scalars = make_arguments(specs)
    args = []
    for i in range(len(specs)):
        if i in arrays:
            path = os.path.join(out, "in%d.npy" % i)
            np.save(path, arrays[i])
            args += ["--arg", "npy:" + path]
        else:
            args += ["--arg", scalars[i]]
    print(" ".join(args))
    return 0


def main():
    ap = interp.kernel_arguments()
    ap.add_argument("--rtol", type=float,
                    help="the float tolerance instead of the dtype's: for "
                         "long sums, which may associate in any order")
    ap.add_argument("--rounding", action="store_true",
                    help="compare as campaign.py does: f32 results of "
                         "kernels that sum at 1e-4, and a float result "
                         "within the rounding envelope agrees")
    ap.add_argument("--tile-file",
                    help="run tile on this file instead: a pass's output "
                         "(tile-opt -p ...), which the interpreter's run of "
                         "the kernel file checks")
    ap.add_argument("--tile-run", default="tile-run")
    ap.add_argument("--mlir-opt", default="mlir-opt")
    ap.add_argument("--write-args", metavar="DIR",
                    help="only write the array arguments to DIR/inI.npy "
                         "and print tile-run's --arg list for them (a "
                         "seed's launch replayed elsewhere: on a GPU, "
                         "under compute-sanitizer; "
                         "bench/gpu-difftest-seeds.sh)")
    a = ap.parse_args()
    if a.write_args:
        return write_args(a.arg, a.write_args)
    src = os.path.dirname(os.path.dirname(HERE))
    work = tempfile.mkdtemp(prefix="tile-difftest-")
    name = "%s @%s" % (os.path.basename(a.kernel_file), a.kernel)
    try:
        arrays, dtypes, scalars = make_arguments(a.arg)
        paths = {i: os.path.join(work, "in%d.npy" % i) for i in arrays}
        for i, p in paths.items():
            np.save(p, arrays[i])
        cmd = [a.tile_run, a.tile_file or a.kernel_file, "--kernel", a.kernel,
               "--grid", a.grid]
        for i in range(len(a.arg)):
            cmd += ["--arg", "npy:" + paths[i] if i in paths else scalars[i]]
        for i in arrays:
            cmd += ["--out", "%d=%s" % (i, os.path.join(work, "cpu%d.npy" % i))]
        r = subprocess.run(cmd, capture_output=True, text=True)

        def fresh():
            args = []
            for i in range(len(a.arg)):
                args.append(np.load(paths[i]) if i in arrays
                            else interp.scalar_arg(scalars[i]))
            return args
        args = fresh()
        text = interp.generic_text(a.kernel_file, src, a.mlir_opt)
        source = open(a.kernel_file).read()
        grid = ([int(g) for g in a.grid.split(",")] + [1, 1])[:3]
        try:
            interp.run_kernel(text, a.kernel, grid, args)
            failed = None
        except interp.AssertFailed as e:
            failed = e
        printed = list(interp.PRINTED)
        why = differ_prints(printed, r.stdout, source)
        if failed:
            # tile-run stops at the same program, with the same message.
            if r.returncode == 0 or str(failed) not in r.stderr:
                print("MISMATCH: %s: the interpreter stops at %s; tile-run "
                      "%s" % (name, failed, "does not" if r.returncode == 0
                              else "fails otherwise: " + r.stderr.strip()))
                return 1
            if why:
                print("MISMATCH: %s: tile.print: %s" % (name, why))
                return 1
            print("agree: %s, grid %s: both stop at %s (%d lines printed)"
                  % (name, a.grid, failed, len(printed)))
            return 0
        if r.returncode:
            print("MISMATCH: %s: tile-run failed: %s" % (name, r.stderr.strip()))
            return 1
        if why:
            print("MISMATCH: %s: tile.print: %s" % (name, why))
            return 1
        worst, ends, apart = 0.0, None, None
        for i in arrays:
            cpu = np.load(os.path.join(work, "cpu%d.npy" % i))
            dt = dtypes[i]
            t = a.rtol if a.rtol is not None and dt in TOL else TOL.get(dt, 0)
            if a.rounding:
                t = tolerance(dt, source)
            why = differ(args[i], cpu, dt, t)
            if why and a.rounding and dt in TOL and \
                    any(x in source for x in ENVELOPED):
                ends = ends or rounding_envelopes(text, a.kernel, grid, fresh)
                why = differ(args[i], cpu, dt, t,
                             [[run[i] for run in g] for g in ends],
                             ends.scales[i])
                if why:
                    apart = apart or rounding_envelopes(
                        text, a.kernel, grid, fresh, patterns=True)
                    why = differ(args[i], cpu, dt, t,
                                 [[run[i] for run in g] for g in apart],
                                 apart.scales[i])
            if why:
                print("MISMATCH: %s: argument #%d: %s" % (name, i, why))
                return 1
            if dt in TOL:
                err = np.abs(as_float(cpu, dt) - as_float(args[i], dt))
                finite = np.isfinite(err)
                if finite.any():
                    worst = max(worst, float(err[finite].max()))
        print("agree: %s, grid %s: %d memrefs (max error %.3g)%s"
              % (name, a.grid, len(arrays), worst,
                 ", %d lines printed" % len(printed) if printed else ""))
        return 0
    except interp.Unsupported as e:
        print("unsupported: %s: %s" % (name, e))
        return 3
    finally:
        for f in os.listdir(work):
            os.remove(os.path.join(work, f))
        os.rmdir(work)


if __name__ == "__main__":
    sys.exit(main())
