#!/usr/bin/env python3
"""The speed of the v2 kernels (issue 19, "Speed"): tile against the copy
bandwidth, torch and the same algorithms in Triton, in one run.

  prepare BUILD DIR   (here, with the compiler): writes each variant of
      bench/kernels/v2_speed.mlir (VARIANTS: block sizes and warps) as a
      .mlir file and a package (tile-opt --emit=package), runs each variant
      on the CPU (tile-run --target cpu) at a small ragged size and checks
      it against NumPy (refs below), and lists the timed cases in
      DIR/cases.json. Exit 1 if a variant does not compile or is wrong.
  run TILE_RUN DIR    (on the GPU machine, no MLIR needed; python3 with
      numpy, and torch + Triton for the peers): makes the inputs at the
      issue's sizes with NumPy (fixed seeds) in a scratch folder
      ($TILE_V2_SCRATCH, default /tmp/tile-v2-speed), runs every variant
      with tile-run --target cuda --bench, checks the checked launch's
      output against the NumPy reference (correct first: a wrong variant
      gets no time), then bench/peers_v2.py (torch, Triton, copy), and
      prints the table: tile's best variant per case, GB/s (TFLOP/s for
      split-K), fraction of copy, ratios against torch and Triton, and
      whether the issue's bar holds. JSON lines go to $OUT (or the
      scratch folder). Exit 1 if any variant failed its check.
  small DIR TILE_RUN  (here): the run's inputs, tile-run and checks at the
      small sizes on the CPU, on DIR's .mlir files (the tests;
      TILE_V2_CORRUPT=1 puts one element of each output off by one, which
      every check must catch).

Bytes are those a kernel must move, read + written (docs/performance.md):
the gathered rows and the output for embedding, K and V (plus q, the
table and the output) for paged decode.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import time

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(SRC, "bench", "kernels", "v2_speed.mlir")
sys.path.insert(0, os.path.join(SRC, "test", "Run", "Inputs"))

# The sizes.
EMB_T, EMB_D, EMB_V = 16384, 4096, 131072
CS_R, CS_C = 8192, 4096
HIST_N, HIST_B = 1 << 26, 256
DROP_N, DROP_P, DROP_SEED = 1 << 26, 0.1, 0x1234ABCD5678
SK_M, SK_N, SK_K = 16, 8192, 8192
# Paged decode: 64 sequences of 4096 tokens, 32 heads of 128 (a 7B-class
# model without grouped queries), pages of 16 slots, the pages of all
# sequences shuffled over the pool.
PG_S, PG_L, PG_H, PG_HD = 64, 4096, 32, 128

# Each kernel's variants: name suffix -> placeholders. The grid and the
# arguments follow from them (grid() below).
VARIANTS = {
    "embedding": {"t8c1024w4": dict(TOK=8, COLS=1024, WARPS=4),
                  "t16c1024w8": dict(TOK=16, COLS=1024, WARPS=8),
                  "t8c512w4": dict(TOK=8, COLS=512, WARPS=4),
                  "t32c256w4": dict(TOK=32, COLS=256, WARPS=4)},
    "cumsum": {"r1b4096w8": dict(ROWS=1, BLK=4096, WARPS=8),
               "r1b4096w4": dict(ROWS=1, BLK=4096, WARPS=4),
               "r2b2048w8": dict(ROWS=2, BLK=2048, WARPS=8),
               "r4b1024w4": dict(ROWS=4, BLK=1024, WARPS=4)},
    "histogram": {"c1024s8w4": dict(CHUNK=1024, STEPS=8, WARPS=4),
                  "c2048s8w4": dict(CHUNK=2048, STEPS=8, WARPS=4),
                  "c4096s4w8": dict(CHUNK=4096, STEPS=4, WARPS=8),
                  "c2048s32w8": dict(CHUNK=2048, STEPS=32, WARPS=8),
                  "c1024s1w4": dict(CHUNK=1024, STEPS=1, WARPS=4),
                  # One or two warps: the 16 x 16 counts split into 16 x 8
                  # blocks per warp, so the dot runs on mma.sync.
                  "dot_c8192s128w1": dict(CHUNK=8192, STEP=128, WARPS=1, FN="histogram_dot"),
                  "dot_c8192s64w1": dict(CHUNK=8192, STEP=64, WARPS=1, FN="histogram_dot"),
                  "dot_c8192s128w2": dict(CHUNK=8192, STEP=128, WARPS=2, FN="histogram_dot"),
                  "dot_c16384s256w2": dict(CHUNK=16384, STEP=256, WARPS=2, FN="histogram_dot")},
    "dropout": {"c1024w4": dict(CHUNK=1024, WARPS=4),
                "c2048w4": dict(CHUNK=2048, WARPS=4),
                "c4096w8": dict(CHUNK=4096, WARPS=8)},
    "splitk": {"n128k64s8w4": dict(BN=128, BK=64, S=8, WARPS=4),
               "n64k128s8w4": dict(BN=64, BK=128, S=8, WARPS=4),
               "n128k128s4w4": dict(BN=128, BK=128, S=4, WARPS=4),
               "n256k64s8w8": dict(BN=256, BK=64, S=8, WARPS=8),
               "n64k64s16w4": dict(BN=64, BK=64, S=16, WARPS=4)},
    "paged_decode": {"p2w4": dict(P=2, HD=PG_HD, WARPS=4),
                     "p4w4": dict(P=4, HD=PG_HD, WARPS=4),
                     "p4w8": dict(P=4, HD=PG_HD, WARPS=8),
                     "p2w8": dict(P=2, HD=PG_HD, WARPS=8),
                     "p1w4": dict(P=1, HD=PG_HD, WARPS=4),
                     "p1w2": dict(P=1, HD=PG_HD, WARPS=2)},
}
# FN: the template's function when it is not the kernel's own (a variant
# written differently, same arguments).


def function(kernel, v):
    return v.get("FN", kernel)


def defines(kernel, v):
    d = {k: str(x) for k, x in v.items() if k != "FN"}
    if kernel == "splitk":
        d["BK1"] = str(v["BK"] - 1)
    if kernel == "paged_decode":
        d["PT"] = str(16 * v["P"])
    if "STEPS" in v:  # histogram: STEPS chunks per program
        d["PER"] = str(v["CHUNK"] * v["STEPS"])
    return d


def kernel_text(kernel, d):
    """The function @kernel of the template (its comment, signature and
    body up to the first line that is exactly "}"), placeholders filled."""
    lines = open(TEMPLATE).read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("func.func @%s(" % kernel))
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    while start > 0 and lines[start - 1].startswith("//"):
        start -= 1
    text = "\n".join(lines[start:end + 1]) + "\n"
    for k, x in d.items():
        text = text.replace("${%s}" % k, x)
    left = re.findall(r"\$\{[A-Z0-9_]+\}", text)
    if left:
        raise SystemExit("%s: placeholders left: %s" % (kernel, sorted(set(left))))
    return text


def cdiv(a, b):
    return -(-a // b)


# ---- sizes, inputs and references (NumPy; the same code here and there) --

def sizes(kernel, small):
    """The problem size: the issue's, or a small ragged one for the CPU."""
    if kernel == "embedding":
        return (77, 300, 1000) if small else (EMB_T, EMB_D, EMB_V)
    if kernel == "cumsum":
        return (9, 3000) if small else (CS_R, CS_C)
    if kernel == "histogram":
        return (50000, HIST_B) if small else (HIST_N, HIST_B)
    if kernel == "dropout":
        return (10000,) if small else (DROP_N,)
    if kernel == "splitk":
        return (16, 200, 1000) if small else (SK_M, SK_N, SK_K)
    if kernel == "paged_decode":
        return (5, 150, 3, PG_HD) if small else (PG_S, PG_L, PG_H, PG_HD)
    raise KeyError(kernel)


def grid(kernel, v, size):
    if kernel == "embedding":
        t, d, _ = size
        return "%d,%d" % (cdiv(t, v["TOK"]), cdiv(d, v["COLS"]))
    if kernel == "cumsum":
        return "%d" % cdiv(size[0], v["ROWS"])
    if kernel in ("histogram", "dropout"):
        return "%d" % cdiv(size[0], v["CHUNK"] * v.get("STEPS", 1))
    if kernel == "splitk":
        m, n, _ = size
        return "%d,%d,%d" % (cdiv(m, 16), cdiv(n, v["BN"]), v["S"])
    if kernel == "paged_decode":
        return "%d,%d" % (size[0], size[2])
    raise KeyError(kernel)


def make_inputs(kernel, size, d):
    """Writes the inputs of `kernel` at `size` into folder d as .npy files;
    returns (tile-run --arg specs, index of the output argument, output
    file). Fixed seeds."""
    import numpy as np
    rng = np.random.default_rng(19)
    os.makedirs(d, exist_ok=True)

    def save(name, a):
        p = os.path.join(d, name + ".npy")
        np.save(p, a)
        return "npy:" + p

    # Normal f16 values. The sizes hold up to 2^30 of them, which
    # NumPy takes a minute to draw: on the GPU machine torch draws them
    # there (seeded), else they come from a pool of 65536 NumPy draws by
    # random 16-bit indices. Either way the reference reads the same file.
    gpu = None
    if int(np.prod(size)) >= 1 << 24:
        try:
            import torch
            if torch.cuda.is_available():
                gpu = torch.Generator(device="cuda").manual_seed(19)
        except ImportError:
            pass
    pool16 = rng.standard_normal(1 << 16, dtype=np.float32).astype(np.float16)

    def randn16(shape):
        if gpu is not None:
            return torch.randn(shape, device="cuda", dtype=torch.float16, generator=gpu).cpu().numpy()
        return pool16[rng.integers(0, 1 << 16, shape, dtype=np.uint16)]

    if kernel == "embedding":
        t, dim, vocab = size
        table = randn16((vocab, dim))
        ids = rng.integers(0, vocab, t).astype(np.int32)
        return [save("table", table), save("ids", ids),
                "zeros:%dx%dxf16" % (t, dim)], 2
    if kernel == "cumsum":
        r, c = size
        x = rng.standard_normal((r, c), dtype=np.float32)
        return [save("x", x), "zeros:%dx%dxf32" % (r, c)], 1
    if kernel == "histogram":
        n, b = size
        x = rng.integers(0, b, n).astype(np.int32)
        if n < 1 << 20:  # small: some values outside [0, B) too
            x[::97] = -5
            x[::89] = b + 3
        return [save("x", x), "zeros:%dxi32" % b], 1
    if kernel == "dropout":
        n, = size
        x = rng.standard_normal(n, dtype=np.float32)
        return [save("x", x), "zeros:%dxf32" % n, repr(DROP_P), str(DROP_SEED)], 1
    if kernel == "splitk":
        m, n, k = size
        a = randn16((m, k))
        b = randn16((k, n))
        return [save("a", a), save("b", b), "zeros:%dx%dxf32" % (m, n)], 2
    if kernel == "paged_decode":
        s, length, h, hd = size
        pages_per = cdiv(length, 16)
        lens = np.full(s, length, np.int32)
        if s < 16:  # small: ragged lengths, one of a single token
            lens = rng.integers(1, length + 1, s).astype(np.int32)
            lens[0], lens[-1] = length, 1
        pool = s * pages_per + 3
        perm = rng.permutation(pool).astype(np.int32)
        table = perm[:s * pages_per].reshape(s, pages_per).copy()
        for i in range(s):  # entries past a sequence's pages: garbage
            table[i, cdiv(int(lens[i]), 16):] = 1 << 30
        kc = randn16((pool * 16, h * hd))
        vc = randn16((pool * 16, h * hd))
        q = randn16((s, h * hd))
        return [save("q", q), save("k", kc), save("v", vc), save("table", table),
                save("lens", lens), "zeros:%dx%dxf16" % (s, h * hd),
                repr(1.0 / hd ** 0.5)], 5
    raise KeyError(kernel)


def release_gpu_memory():
    """Gives back what torch cached while drawing inputs, for tile-run."""
    if "torch" in sys.modules:
        import torch
        if torch.cuda.is_available():
            torch.cuda.empty_cache()


def load_arg(spec):
    import numpy as np
    return np.load(spec[4:]) if spec.startswith("npy:") else None


def check(kernel, size, args, got, cache=None):
    """got (the tile output) against NumPy: (ok, what). cache (a dict, one
    per kernel and inputs) keeps the inputs and the reference between the
    variants of a kernel."""
    import numpy as np
    cache = {} if cache is None else cache
    if "args" not in cache:
        cache["args"] = [load_arg(x) for x in args]
    a = cache["args"]

    def once(key, make):
        if key not in cache:
            cache[key] = make()
        return cache[key]
    if kernel == "embedding":
        ref = once("ref", lambda: a[0][a[1]])
        bad = int(np.count_nonzero(got.view(np.uint16) != ref.view(np.uint16)))
        return bad == 0, "bit-exact" if bad == 0 else "%d elements differ" % bad
    if kernel == "cumsum":
        x = a[0].astype(np.float64)
        ref = once("ref", lambda: np.cumsum(x, axis=1))
        bound = once("bound", lambda: 1e-5 * np.cumsum(np.abs(x), axis=1) + 1e-5)
        err = np.abs(got.astype(np.float64) - ref)
        bad = int(np.count_nonzero(~(err <= bound)))
        return bad == 0, "max error %.3g (bound 1e-5 * cumsum|x|)%s" % (
            err.max(), "" if bad == 0 else ", %d elements over" % bad)
    if kernel == "histogram":
        x = a[0]
        ref = once("ref", lambda: np.bincount(x[(x >= 0) & (x < size[1])], minlength=size[1]))
        ok = np.array_equal(got.astype(np.int64), ref)
        return ok, "exact" if ok else "%d bins differ" % int(np.count_nonzero(got != ref))
    if kernel == "dropout":
        x, n = a[0], size[0]
        p32 = np.float32(DROP_P)
        scaled = x * (np.float32(1) / (np.float32(1) - p32))
        # Every element is dropped or kept as x * (1 / (1 - p)), about 1 - p of
        # them kept; the mask itself bit for bit against NumPy's Philox on
        # the first and last 2^20 elements (all when small), and on all of
        # them against Triton's tl.rand where torch and Triton are there.
        bits = got.view(np.uint32)
        kept = bits != 0
        shape_ok = bool(np.array_equal(bits[kept], scaled.view(np.uint32)[kept]))
        frac = float(np.count_nonzero(kept)) / n
        m = min(n, 1 << 20)
        idx = np.concatenate([np.arange(m), np.arange(max(m, n - m), n)])
        ref = once("ref", lambda: dropout_reference(x, idx))
        bad = int(np.count_nonzero(bits[idx] != ref.view(np.uint32)))
        what = "%d of %d elements bit-exact against NumPy's Philox; kept %.4f" % (
            len(idx) - bad, len(idx), frac)
        ok = bad == 0 and shape_ok and abs(frac - (1 - DROP_P)) < 0.01
        if n > len(idx):
            tri = once("triton", lambda: triton_dropout(x))
            if isinstance(tri, str):
                what += "; no Triton cross-check (%s)" % tri
            else:
                # The same keep mask; Triton's scale 1 / (1 - p) comes from
                # the approximate div.full.f32 (2 ulp), tile's is rounded
                # correctly.
                tkept = tri.view(np.uint32) != 0
                tbad = int(np.count_nonzero(kept != tkept))
                both = kept & tkept
                vbad = int(np.count_nonzero(
                    np.abs(got[both] - tri[both]) > 2.5e-7 * np.abs(got[both])))
                ok = ok and tbad == 0 and vbad == 0
                what += "; all %d: the keep mask %s Triton's tl.rand dropout's, " \
                        "values %s" % (
                    n, "equal to" if tbad == 0 else "NOT equal to (%d differ)" % tbad,
                    "within 2 ulp" if vbad == 0 else "%d past 2 ulp" % vbad)
        return ok, what
    if kernel == "splitk":
        f64 = lambda i: a[i].astype(np.float64)
        ref = once("ref", lambda: f64(0) @ f64(1))
        bound = once("bound", lambda: 2e-5 * (np.abs(f64(0)) @ np.abs(f64(1))) + 1e-3)
        err = np.abs(got.astype(np.float64) - ref)
        bad = int(np.count_nonzero(~(err <= bound)))
        return bad == 0, "max error %.3g (bound 2e-5 * |A||B|)%s" % (
            err.max(), "" if bad == 0 else ", %d elements over" % bad)
    if kernel == "paged_decode":
        ref = once("ref", lambda: paged_reference(size, a))
        err = np.abs(got.astype(np.float32) - ref)
        bad = int(np.count_nonzero(~(err <= 1e-4 + 4e-3 * np.abs(ref))))
        return bad == 0, "max error %.3g (bound 1e-4 + 4e-3 |ref|)%s" % (
            err.max(), "" if bad == 0 else ", %d elements over" % bad)
    raise KeyError(kernel)


def dropout_reference(x, idx):
    """Dropout of x[idx] with the Philox-4x32-10 stream of
    test/Run/Inputs/v2_ref.py (checked there against Random123)."""
    import numpy as np
    from v2_ref import philox4x32_10, philox_selftest
    philox_selftest()
    z = np.zeros(len(idx), np.uint64)
    w = philox4x32_10(np.uint64(DROP_SEED & 0xFFFFFFFF), np.uint64(DROP_SEED >> 32),
                      idx.astype(np.uint64), z, z, z)[0]
    xi = w.astype(np.uint32).view(np.int32).astype(np.int64)
    u = np.where(xi < 0, -xi - 1, xi).astype(np.float32) * np.float32(4.6566127342e-10)
    p32 = np.float32(DROP_P)
    scale = np.float32(1) / (np.float32(1) - p32)
    return np.where(u > p32, x[idx] * scale, np.float32(0)).astype(np.float32)


def triton_dropout(x):
    """x through bench/peers_v2.py's Triton dropout (tl.rand) on the GPU, or
    why not."""
    try:
        import torch
        import triton
        sys.path.insert(0, os.path.join(SRC, "bench"))
        from peers_v2 import dropout_kernel
        xt = torch.from_numpy(x).cuda()
        yt = torch.empty_like(xt)
        dropout_kernel[(triton.cdiv(len(x), 1024),)](xt, yt, len(x), DROP_P, DROP_SEED,
                                                     CHUNK=1024, num_warps=4)
        return yt.cpu().numpy()
    except Exception as e:
        return "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")


def paged_reference(size, a):
    """softmax(q K^T * scale) V per sequence and head in f32, K and V
    gathered through the block table."""
    import numpy as np
    q, kc, vc, table, lens = a[0], a[1], a[2], a[3], a[4]
    s, _, h, hd = size
    scale = np.float32(1.0 / hd ** 0.5)
    ref = np.zeros((s, h * hd), np.float32)
    for i in range(s):
        n = int(lens[i])
        pages = table[i, :cdiv(n, 16)]
        rows = (pages[:, None] * 16 + np.arange(16)[None, :]).reshape(-1)[:n]
        k = kc[rows].astype(np.float32).reshape(n, h, hd).transpose(1, 0, 2)
        v = vc[rows].astype(np.float32).reshape(n, h, hd).transpose(1, 0, 2)
        qh = q[i].astype(np.float32).reshape(h, hd, 1)
        sc = np.matmul(k, qh)[:, :, 0] * scale              # h x n
        sc -= sc.max(axis=1, keepdims=True)
        p = np.exp(sc)
        p /= p.sum(axis=1, keepdims=True)
        ref[i] = np.matmul(p[:, None, :], v)[:, 0, :].reshape(-1)
    return ref


def moved_bytes(kernel, size):
    """Bytes read + written that the kernel must move."""
    if kernel == "embedding":
        t, d, _ = size
        return 2 * t * d * 2 + t * 4
    if kernel == "cumsum":
        return 2 * size[0] * size[1] * 4
    if kernel == "histogram":
        return size[0] * 4 + size[1] * 4
    if kernel == "dropout":
        return 2 * size[0] * 4
    if kernel == "splitk":
        m, n, k = size
        return k * n * 2 + m * k * 2 + m * n * 4
    if kernel == "paged_decode":
        s, length, h, hd = size
        return 2 * s * length * h * hd * 2 + 2 * s * h * hd * 2 + s * cdiv(length, 16) * 4 + s * 4
    raise KeyError(kernel)


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def run_tile(tile_run, target, source, kernel, g, args, out_idx, out_path, bench=None):
    """One tile-run; returns (ok, output array or None, bench line, text)."""
    import numpy as np
    cmd = [tile_run, source, "--target", target, "--grid", g]
    if target == "cpu":
        cmd += ["--kernel", kernel]
    for x in args:
        cmd += ["--arg", x]
    cmd += ["--out", "%d=%s" % (out_idx, out_path)]
    if bench:
        cmd += ["--bench", "--warmup", str(bench[0]), "--iters", str(bench[1])]
    try:
        r = sh(cmd, timeout=300)
    except subprocess.TimeoutExpired:
        return False, None, None, "$ %s\nkilled after 300 s" % " ".join(shlex.quote(w) for w in cmd)
    text = r.stdout + r.stderr
    if r.returncode:
        return False, None, None, "$ %s\n%s" % (" ".join(shlex.quote(w) for w in cmd), text)
    line = next((l for l in text.splitlines() if l.startswith("bench:")), None)
    return True, np.load(out_path), line, text


# ---- here: packages and the CPU check ----------------------------------

def tool(build, name):
    """BUILD/name, or name on PATH when BUILD has none (lit runs it so)."""
    import shutil
    p = os.path.join(build, name)
    return p if os.path.exists(p) else (shutil.which(name) or p)


def prepare(build, out):
    tile_opt, tile_run = tool(build, "tile-opt"), tool(build, "tile-run")
    os.makedirs(out, exist_ok=True)
    cases, failed = [], 0
    for kernel, variants in VARIANTS.items():
        small = sizes(kernel, True)
        d = os.path.join(out, "small", kernel)
        args, oi = make_inputs(kernel, small, d)
        for vname, v in variants.items():
            name = "%s_%s" % (kernel, vname)
            mlir = os.path.join(out, name + ".mlir")
            fn = function(kernel, v)
            open(mlir, "w").write(kernel_text(fn, defines(kernel, v)))
            pkg = os.path.join(out, name + ".tpkg")
            r = sh([tile_opt, mlir, "--tile-compile", "--emit=package",
                    "--kernel=" + fn, "-o", pkg])
            if r.returncode:
                print("FAIL %s: does not compile: %s" % (name, r.stderr.strip()))
                failed += 1
                continue
            ok, got, _, text = run_tile(tile_run, "cpu", mlir, fn, grid(kernel, v, small),
                                        args, oi, os.path.join(d, name + ".cpu.npy"))
            if ok:
                ok, what = check(kernel, small, args, got)
            else:
                what = text.strip()
            print("%s %s (CPU, %s): %s" % ("ok  " if ok else "FAIL", name,
                                           "x".join(map(str, small)), what))
            failed += not ok
            cases.append({"kernel": kernel, "variant": vname, "name": name,
                          "package": name + ".tpkg",
                          "grid": grid(kernel, v, sizes(kernel, False)), "defines": v})
    shutil_rm(os.path.join(out, "small"))
    json.dump(cases, open(os.path.join(out, "cases.json"), "w"), indent=1)
    total = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    print("%d variants in %s/cases.json (%.1f MiB)%s" % (
        len(cases), out, total / 2**20, "; %d FAILED" % failed if failed else ""))
    return 1 if failed else 0


def shutil_rm(p):
    import shutil
    shutil.rmtree(p, ignore_errors=True)


def small(d, tile_run):
    """The run's path (inputs, tile-run, checks) at the small sizes on the
    CPU, on the prepared .mlir files: what `run` does on the GPU, minus
    the timing."""
    cases = json.load(open(os.path.join(d, "cases.json")))
    bad = 0
    pattern = os.environ.get("TILE_V2_CASES", ".")
    for c in cases:
        if not re.search(pattern, c["name"]):
            continue
        size = sizes(c["kernel"], True)
        sd = os.path.join(d, "small-run", c["kernel"])
        args, oi = make_inputs(c["kernel"], size, sd)
        ok, got, _, text = run_tile(tile_run, "cpu", os.path.join(d, c["name"] + ".mlir"),
                                    function(c["kernel"], c["defines"]),
                                    grid(c["kernel"], c["defines"], size),
                                    args, oi, os.path.join(sd, "out.npy"))
        what = text.strip()
        if ok:
            if os.environ.get("TILE_V2_CORRUPT") == "1":
                # One element off by one: every check must notice.
                got.flat[got.size // 2] += 1
            ok, what = check(c["kernel"], size, args, got)
        print("%s %s: %s" % ("ok  " if ok else "FAIL", c["name"], what))
        bad += not ok
    shutil_rm(os.path.join(d, "small-run"))
    return 1 if bad else 0


# ---- there: the GPU run --------------------------------------------------

BARS = {  # case: (what the issue asks, test on the row)
    "embedding": ">=0.85 copy, >=1.0x F.embedding",
    "cumsum": ">=1.0x torch.cumsum and tl.cumsum",
    "histogram": ">=1.0x torch.bincount",
    "dropout": ">=1.0x F.dropout",
    "splitk": ">=1.0x Triton (same algorithm)",
    "paged_decode": ">=0.7 copy",
}


def run(tile_run, d):
    d = os.path.abspath(d)
    cases = json.load(open(os.path.join(d, "cases.json")))
    scratch = os.environ.get("TILE_V2_SCRATCH", "/tmp/tile-v2-speed")
    logdir = os.environ.get("OUT") or scratch
    os.makedirs(logdir, exist_ok=True)
    pattern = os.environ.get("TILE_V2_CASES", ".")
    warmup, iters = int(os.environ.get("TILE_V2_WARMUP", "10")), int(os.environ.get("TILE_V2_ITERS", "50"))
    tile_rows, failures = [], 0
    start = time.time()
    log = open(os.path.join(logdir, "tile_v2.jsonl"), "w")
    # TILE_V2_SMALL=1: the small sizes (a test of this script off the GPU,
    # with a tile-run that stands in for the GPU one).
    small_sizes = os.environ.get("TILE_V2_SMALL") == "1"
    for kernel in VARIANTS:
        if not re.search(pattern, kernel):
            continue
        size = sizes(kernel, small_sizes)
        t0 = time.time()
        idir = os.path.join(scratch, kernel)
        args, oi = make_inputs(kernel, size, idir)
        release_gpu_memory()
        cache = {}
        print("== %s %s (inputs in %.1f s; %.0f s into the run)" % (
            kernel, "x".join(map(str, size)), time.time() - t0, time.time() - start), flush=True)
        for c in cases:
            if c["kernel"] != kernel:
                continue
            out_path = os.path.join(idir, "out.npy")
            g = grid(kernel, c["defines"], size)
            ok, got, line, text = run_tile(tile_run, "cuda", os.path.join(d, c["package"]),
                                           kernel, g, args, oi, out_path,
                                           bench=(warmup, iters))
            what = text.strip()
            if ok:
                t1 = time.time()
                ok, what = check(kernel, size, args, got, cache)
                what += " (checked in %.1f s)" % (time.time() - t1)
            m = line and re.search(r"median ([0-9.]+) us, min ([0-9.]+) us, max ([0-9.]+) us", line)
            regs = line and re.search(r"\(([0-9]+) registers, ([0-9]+)\+([0-9]+) bytes", line)
            entry = "aligned" if "aligned entry" in text else "generic"
            row = {"case": kernel, "impl": "tile", "config": c["variant"], "ok": ok,
                   "check": what, "grid": g, "entry": entry,
                   "bytes": moved_bytes(kernel, size)}
            if m and ok:
                row.update(median_us=float(m.group(1)), min_us=float(m.group(2)),
                           max_us=float(m.group(3)))
            if regs:
                row["registers"] = int(regs.group(1))
            print("%s %s: %s; %s; %s" % ("ok  " if ok else "FAIL", c["name"], what,
                                         line or "(not timed)", entry), flush=True)
            failures += not ok
            tile_rows.append(row)
            log.write(json.dumps(row) + "\n")
            log.flush()
            if os.path.exists(out_path):
                os.remove(out_path)
        shutil_rm(idir)
    log.close()

    print("== peers (bench/peers_v2.py: torch, Triton, copy; %.0f s into the run)" % (
        time.time() - start), flush=True)
    peers_log = os.path.join(logdir, "peers_v2.jsonl")
    cmd = [sys.executable, os.path.join(SRC, "bench", "peers_v2.py"),
           "--warmup", str(warmup), "--iters", str(iters), "--cases", pattern]
    if small_sizes:
        cmd.append("--small")
    with open(peers_log, "w") as f:
        try:
            r = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE, text=True, timeout=420)
            if r.returncode:
                print("peers_v2.py: exit %d (a Triton kernel failed its check or to "
                      "compile: its row says which):\n%s" % (r.returncode, r.stderr[-3000:]))
        except subprocess.TimeoutExpired:
            print("peers_v2.py killed after 420 s; the rows it wrote are kept")
    peers = [json.loads(l) for l in open(peers_log) if l.strip().startswith("{")]
    for p in peers:
        print("%-13s %-8s %-22s %s" % (p["case"], p["impl"], p.get("config", ""),
                                      "%.1f us" % p["median_us"] if "median_us" in p
                                      else p.get("error", "")))
    table(tile_rows, peers, small_sizes)
    print("(%.0f s in all)" % (time.time() - start))
    return 1 if failures else 0


def table(tile_rows, peers, small_sizes=False):
    copy = next((p for p in peers if p["case"] == "copy" and "median_us" in p), None)
    copy_gbps = copy["bytes"] / copy["median_us"] / 1e3 if copy else None

    def best(rows):
        rows = [r for r in rows if "median_us" in r and r.get("ok", True)]
        return min(rows, key=lambda r: r["median_us"]) if rows else None

    print("\n| case | tile best (of variants) | tile us | GB/s | TFLOP/s | of copy | torch us | x torch | Triton us | x Triton | bar | holds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    # One row per algorithm, against Triton's same algorithm. Both
    # histograms count each program's values first and add 256 bins per
    # program, as tl.histogram does: the atomic per value because tile
    # counts atomics into a static 256-bin memref in shared memory
    # (Triton's tl.atomic_add per value, which goes to global memory, is
    # listed below the table), histogram_dot in tensor-core registers.
    rows = [(k, k, lambda r: True, "triton") for k in VARIANTS if k != "histogram"]
    rows[2:2] = [("histogram", "histogram", lambda r: not r["config"].startswith("dot_"),
                  "triton-histogram"),
                 ("histogram (dot)", "histogram", lambda r: r["config"].startswith("dot_"),
                  "triton-histogram")]
    for label, kernel, pick, triton_impl in rows:
        mine = [r for r in tile_rows if r["case"] == kernel and pick(r)]
        if not mine:
            continue
        t = best(mine)
        torch_ = best([p for p in peers if p["case"] == kernel and p["impl"] == "torch"])
        triton = best([p for p in peers if p["case"] == kernel and p["impl"] == triton_impl])
        size = sizes(kernel, small_sizes)
        if not t:
            print("| %s | none correct | - | - | - | - | - | - | - | - | %s | no |" % (label, BARS[kernel]))
            continue
        us = t["median_us"]
        gbps = t["bytes"] / us / 1e3
        frac = gbps / copy_gbps if copy_gbps else None
        tf = 2.0 * size[0] * size[1] * size[2] / us / 1e6 if kernel == "splitk" else None
        xt = torch_["median_us"] / us if torch_ else None
        xtr = triton["median_us"] / us if triton else None
        holds = {
            "embedding": frac is not None and xt is not None and frac >= 0.85 and xt >= 1.0,
            "cumsum": xt is not None and xtr is not None and xt >= 1.0 and xtr >= 1.0,
            "histogram": xt is not None and xt >= 1.0,
            "dropout": xt is not None and xt >= 1.0,
            "splitk": xtr is not None and xtr >= 1.0,
            "paged_decode": frac is not None and frac >= 0.7,
        }[kernel]
        f = lambda x, fmt: fmt % x if x is not None else "-"
        # The one-hot dot is another algorithm of the histogram, whose bar
        # its best variant answers (the row above).
        verdict = "(other algorithm)" if label != kernel else "yes" if holds else "NO"
        print("| %s | %s | %.1f | %.0f | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            label, t["config"], us, gbps, f(tf, "%.1f"), f(frac, "%.2f"),
            f(torch_ and torch_["median_us"], "%.1f"), f(xt, "%.2f"),
            f(triton and triton["median_us"], "%.1f"), f(xtr, "%.2f"), BARS[kernel],
            verdict))
    if copy:
        print("copy: %.1f us for %d bytes read + written, %.0f GB/s" % (
            copy["median_us"], copy["bytes"], copy_gbps))
    print("(x torch, x Triton > 1: tile is faster; Triton: its best config of the same algorithm)")
    for kernel in VARIANTS:
        t = best([r for r in tile_rows if r["case"] == kernel])
        others = {p["impl"] for p in peers if p["case"] == kernel} - {"torch", "triton", "triton-histogram"}
        if kernel == "histogram":
            others.add("triton")  # an atomic per value into global memory
        for impl in sorted(others):
            o = best([p for p in peers if p["case"] == kernel and p["impl"] == impl])
            if o:
                print("%s: %s (%s) %.1f us%s" % (kernel, impl, o["config"], o["median_us"],
                                                ", tile x %.2f" % (o["median_us"] / t["median_us"]) if t else ""))
    print("\nall tile variants:")
    for r in tile_rows:
        print("  %-28s %s %s" % (r["case"] + "_" + r["config"],
                                 "%.1f us" % r["median_us"] if "median_us" in r else "-",
                                 "ok" if r["ok"] else "FAILED: " + r["check"][:200]))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "prepare":
        sys.exit(prepare(os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "run":
        sys.exit(run(sys.argv[2], sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "small":
        sys.exit(small(os.path.abspath(sys.argv[2]), sys.argv[3]))
    else:
        print(__doc__)
        sys.exit(2)
