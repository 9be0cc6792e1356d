"""tile.tune: the fastest variant of a kernel over its tuning space, on the
real arguments, from Python (docs/python.md, "Tuning").

It runs the tuner tile-run --tune and tile-c/Tune.h share (lib/Tuning,
through tile._compiler.tune, python/src/Tune.c): the space is the kernel
file's `// tile.tune` lines (block sizes as ${NAME} parameters, compile
options), or the default space of compile options (docs/dialect.md,
"Tuning spaces"). Every candidate is compiled on as many threads as there
are processors; one that does not compile is dropped with its first
error. Each other runs once on the arguments (they hold their inputs
again afterwards) and is judged: by `check` when given (a candidate that
is the fastest so far: only such a one can be picked), else by a vote
(what most candidates computed is right); a wrong one is reported and
never picked. Each is timed by the runtime (CUDA events, L2 flushed
before each launch, median); one whose single launch took more than
twice the fastest is not timed further, and one compiled to an earlier
one's code takes its time. Results go into tile's tuning cache, one entry
per candidate: a later tune of the same kernel, options, GPU and shapes
times nothing it has timed before.

What the C tuner does not take, arguments that are not dense (padded
rows) and `threads=`, goes to the tuner of this file's own below
(_tune_python): every candidate checked by `check` or against the first
candidate's outputs (torch tensors), none pruned.
"""

import concurrent.futures
import itertools
import os
import re

import tile as _tile

_NUMBER = re.compile(r"-?\d+\Z")


def _value(v):
    return int(v) if _NUMBER.match(v) else v


def _torch():
    try:
        import torch
        return torch
    except ImportError:
        return None


def _is_tensor(torch, a):
    return torch is not None and isinstance(a, torch.Tensor)


def _tolerance(torch, t):
    if t.dtype in (torch.float16, torch.bfloat16) or t.element_size() == 1:
        return 2e-2
    if t.dtype in (torch.float32, torch.float64):
        return 1e-3
    return 0.0


def tune(src, kernel=None, *, args, grid, check=None, chip=None,
         defines=None, warmup=10, iters=50, retune=False, progress=False,
         threads=None, **options):
    """Tunes `kernel` of `src` on `args` and returns the fastest variant as
    a tile.Kernel, with `.params` (its choice of the space) and `.tuning`
    (a row per candidate: params, median_us, status, note, label, grid,
    flops).

    args     the launch's arguments, as for kernel[grid](*args); memrefs
             the kernel writes are its outputs
    grid     a tuple, or a callable of the candidate's parameters (a dict:
             {"BM": 128, "num-stages": 4, ...}, with every ${NAME} value
             it does not choose) returning one
    check    None: the vote (what most candidates computed is right); or
             a callable of the arguments, run after the candidate (on the
             fastest so far), returning whether they are right
    defines, chip, options   as tile.compile; names given here are fixed,
             not tuned
    warmup, iters   at most these many launches per candidate
    retune   time every candidate again, over what the cache holds
    progress print the tuner's lines and the table
    threads  compile threads (only tile.tune's own tuner takes it)
    """
    text, name = _tile._read_source(src)
    c = _tile._load_compiler()
    kwargs = dict(kernel=kernel, args=args, grid=grid, check=check,
                  chip=chip, defines=defines, warmup=warmup, iters=iters,
                  retune=retune, progress=progress, threads=threads,
                  **options)
    if threads is not None:
        return _tune_python(src, **kwargs)
    options = dict(options)
    cache = options.pop("cache", True)
    cache_dir = options.pop("cache_dir", None)
    user_defines = {k: str(v) for k, v in (defines or {}).items()}
    defaults = c.param_defaults(text)
    # The signature as the tuner reads it: the file with its defaults.
    signature_text = _tile._substitute(text, {**defaults, **user_defines},
                                       name)
    out = c.tune(text, name, signature_text, kernel, user_defines,
                 _tile._option_text(options), chip, bool(cache),
                 None if cache_dir is None else os.fspath(cache_dir),
                 bool(retune), int(warmup), int(iters), tuple(args), grid,
                 check, _print_line if progress else None)
    if out is None:  # an argument that is not dense
        return _tune_python(src, **kwargs)
    rows, kname = out["rows"], out["kernel"]
    for row in rows:
        _report(progress, row)
    if out["chosen"] < 0:
        notes = "; ".join(f"{_label(r)}: {r['note']}" for r in rows[:3])
        e = _tile.Error(f"{out['error']} ({notes})")
        e.tuning = rows
        raise e
    best = rows[out["chosen"]]
    option_keys = {o[0] for o in c.options()}
    chosen_defines = {**defaults, **user_defines,
                      **{k: str(v) for k, v in best["params"].items()
                         if k not in option_keys}}
    chosen_options = {**options,
                      **{k.replace("-", "_"): v
                         for k, v in best["params"].items()
                         if k in option_keys}}
    chosen = _tile.Kernel([out["package"]], out["names"], out["read_only"],
                          source=(_tile._substitute(text, chosen_defines,
                                                    name), name),
                          options=chosen_options)
    chosen[tuple(best["grid"])](*args)  # the outputs, as it computes them
    chosen.params = best["params"]
    chosen.tuning = rows
    if progress:
        print(f"tile.tune: {kname}: fastest of {len(rows)}: "
              f"{_label(best)} at {best['median_us']:.1f} us")
    return chosen


def _print_line(line):
    print(line, flush=True)


def _tune_python(src, kernel=None, *, args, grid, check=None, chip=None,
                 defines=None, warmup=10, iters=50, retune=False,
                 progress=False, threads=None, **options):
    """tile.tune's own tuner, for what the C one does not take (arguments
    that are not dense, threads=): every candidate checked, by `check` or
    against the first candidate's outputs (torch tensors)."""
    torch = _torch()
    text, name = _tile._read_source(src)
    c = _tile._load_compiler()
    user_defines = {k: str(v) for k, v in (defines or {}).items()}
    base_defines = {**c.param_defaults(text), **user_defines}
    if chip is None:
        chip = _tile.chip_of()
    fixed_options = {k.replace("_", "-"): v for k, v in options.items()}
    # The kernel's name, from a first compile of the defaults.
    first = _tile.compile(text, kernel, chip=chip, defines=base_defines,
                          **options)
    kname = first.name
    space = c.tune_space(text, name, kname,
                         list(user_defines) + list(fixed_options))
    names = [p[0] for p in space]
    is_option = {p[0]: p[1] for p in space}
    combos = list(itertools.product(*[p[2] for p in space])) or [()]

    def candidate(values):
        params = dict(zip(names, values))
        cdefines = {**base_defines,
                    **{k: v for k, v in params.items() if not is_option[k]}}
        copts = {**fixed_options,
                 **{k: v for k, v in params.items() if is_option[k]}}
        return params, cdefines, copts

    def build(values):
        params, cdefines, copts = candidate(values)
        ctext = _tile._substitute(text, cdefines, name)
        try:
            k = _tile.compile(ctext, kname, chip=chip,
                              **{o.replace("-", "_"): v
                                 for o, v in copts.items()})
            return params, ctext, copts, k, None
        except _tile.Error as e:
            return params, ctext, copts, None, str(e).splitlines()[0]

    workers = threads or min(32, os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        built = list(pool.map(build, combos))

    device = max(_runtime_device(args), 0)
    info = _tile._runtime.device_info(device)
    writes = [i for i, a in enumerate(first.arg_specs)
              if a["kind"] == "memref" and not a["read_only"]]
    saved = [a.clone() if _is_tensor(torch, a) else None for a in args]
    if check is None and not all(_is_tensor(torch, args[i])
                                 for i in writes):
        raise _tile.ArgumentError(
            f"{kname}: tile.tune checks each candidate's outputs against "
            "the first's as torch tensors; pass torch tensors or check=")

    def restore():
        for a, s in zip(args, saved):
            if s is not None:
                a.copy_(s)

    reference = None
    rows = []
    for params, ctext, copts, k, error in built:
        row = {"params": {n: _value(v) for n, v in params.items()},
               "median_us": None, "status": "failed", "note": error or "",
               "kernel": k}
        rows.append(row)
        if k is None:
            _report(progress, row)
            continue
        g = grid(row["params"]) if callable(grid) else grid
        option_text = _tile._option_text({"chip": chip, **copts})
        key = c.tune_key(ctext, kname, option_text, info["name"],
                         info["capability"], info["driver_version"],
                         k._shape_key(g, *args))
        cached = None if retune else c.tune_load(key)
        if cached and not cached["failed"]:
            row.update(median_us=cached["median_us"], status="cached")
            _report(progress, row)
            continue
        restore()
        try:
            k[g](*args)
            _sync(torch)
        except _tile.Error as e:
            row["note"] = str(e).splitlines()[0]
            _report(progress, row)
            continue
        wrong = _wrong(torch, check, args, writes, reference)
        if wrong:
            row.update(status="wrong", note=wrong)
            _report(progress, row)
            continue
        if reference is None and check is None:
            reference = [args[i].clone() for i in writes]
        timing = k._benchmark(warmup, iters, True, _stream(torch, device), g,
                              *args)
        row.update(median_us=timing["median_us"], status="timed")
        c.tune_store(key, False, timing["median_us"], "")
        _report(progress, row)
    restore()
    ok = [r for r in rows if r["median_us"] is not None]
    if not ok:
        notes = "; ".join(f"{_label(r)}: {r['note']}" for r in rows[:3])
        raise _tile.Error(f"{kname}: no candidate compiled and checked "
                          f"({notes})")
    best = min(ok, key=lambda r: r["median_us"])
    chosen = best["kernel"]
    g = grid(best["params"]) if callable(grid) else grid
    chosen[g](*args)  # the outputs, as the chosen variant computes them
    chosen.params = best["params"]
    chosen.tuning = [{k: v for k, v in r.items() if k != "kernel"}
                     for r in rows]
    if progress:
        print(f"tile.tune: {kname}: fastest of {len(rows)}: "
              f"{_label(best)} at {best['median_us']:.1f} us")
    return chosen


def _runtime_device(args):
    torch = _torch()
    for a in args:
        if _is_tensor(torch, a) and a.is_cuda:
            return a.get_device()
    return _tile._runtime.current_device()


def _stream(torch, device):
    if torch is None or not torch.cuda.is_available():
        return None
    return torch.cuda.current_stream(device).cuda_stream


def _sync(torch):
    if torch is not None and torch.cuda.is_available():
        torch.cuda.synchronize()


def _wrong(torch, check, args, writes, reference):
    """Why the candidate's outputs are wrong, or ""."""
    if check is not None:
        return "" if check(*args) else "check= said the outputs are wrong"
    if reference is None:
        return ""
    for i, want in zip(writes, reference):
        got = args[i]
        tol = _tolerance(torch, want)
        if not torch.allclose(got.double(), want.double(), rtol=tol,
                              atol=tol, equal_nan=True):
            diff = (got.double() - want.double()).abs().max().item()
            return (f"output #{i} differs from the first candidate's by up "
                    f"to {diff:.3g}")
    return ""


def _label(row):
    return " ".join(f"{k}={v}" for k, v in row["params"].items()) or \
        "(defaults)"


def _report(progress, row):
    if not progress:
        return
    t = f"{row['median_us']:10.1f} us" if row["median_us"] is not None \
        else " " * 13
    note = f"  {row['note']}" if row["note"] else ""
    print(f"  {_label(row):48s} {t}  {row['status']}{note}", flush=True)
