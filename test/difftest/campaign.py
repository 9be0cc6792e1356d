#!/usr/bin/env python3
"""Long differential campaigns in one process per core (issue 35, item 4):
for each seed, gen.py's kernel runs in the reference interpreter
(interp.py), on tile's CPU path and, with --gpu, on the GPU as sm_90a
code, sm_80 code (PTX the driver compiles for the GPU at hand) and sm_90a
code under compile options drawn from the seed (gpu.option_variation);
every memref is compared with the interpreter's.

Unlike run.py and gpu.py, which start tile-opt, tile-run and mlir-opt
once per kernel, everything here stays in process: the kernels compile and
run through the tile Python package (its CPU path JIT-compiles in
process; GPU arrays are torch tensors), and the interpreter's generic form
comes from the package's parser (`tile._compiler.generic`: upstream
MLIR's parser and printer with tile's IRDL dialect, what mlir-opt
--irdl-file prints; no pass of tile's runs). So a machine with Python,
NumPy, torch and the package (the lent GPU's) runs the whole campaign on
all of its cores and GPUs.

  campaign.py --start S --count N [--jobs J] [--gpu] [--seconds T]
              [--keep DIR]
prints each disagreement as it is found (seed, build, argument, first
element), keeps its kernel and a note under --keep, and ends with a
summary line per build:

  campaign: cpu: 1000 kernels agree, 0 mismatch, 0 invalid, 3 unsupported

"rounding" is a float result of a kernel with sums that the exact sums
miss but that lies as close to them as the interpreter's results move
when every sum, function and fp8 dot is rounded up and down by the most
the spec allows, all at once or each alone with their moves added
(interp.ROUNDING, compare.rounding_envelopes: cancellation in a dot,
then a loop that doubles it), and counts as agreeing. "invalid" is a kernel tile refuses (the generator is wrong,
or tile is), "over-asked" an option-varied build tile refuses for the
stage count the variation asked (a shared-memory error; over_asked),
"unsupported" one the interpreter does not cover yet, "hang" a GPU launch
with no result after HANG_SECONDS (its process says so and exits; the
campaign goes on without it); a launch that faults (CUDA's error is
sticky) is an "error" of its seed alone, its process ending the same way.
--seconds stops handing out seeds
after T seconds and reports the kernels done (a lent machine's command has
a time limit); seeds still running HANG_SECONDS + 15 s after that (+
HANG_SECONDS when shorter) are reported "unfinished" and not counted, so
the summary comes out before the command's limit. A compile (or a GPU's
first launch, which loads the module: the driver compiles sm_80's PTX
then) taking over SLOW_SECONDS is reported "slow" with its time: a kernel
that compiles for tens of seconds is a finding too (seed 701416: 55k
lines of PTX). Exit status 1 on any mismatch or invalid kernel.
"""
import argparse
import contextlib
import multiprocessing as mp
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from compare import ENVELOPED, tolerance  # noqa: E402

# A build of CPU-only campaigns, for kernels that divide by a splat: the
# CPU path on the IR after tile-numerics{chip=sm_90a} (Worker.check).
GPU_NUMERICS = "cpu+sm_90a-numerics"
DIVISIONS = ("arith.divsi", "arith.divui", "arith.remsi", "arith.remui",
             "arith.ceildiv", "arith.floordiv")

# A GPU launch of a generated kernel takes milliseconds; one still running
# after this long waits on a barrier that never completes (a setmaxnreg
# asking for more registers than the block has was one) and would hold
# its process, and the campaign, until the machine's time limit.
HANG_SECONDS = float(os.environ.get("DIFFTEST_HANG_SECONDS", 60))
# A launch of a generic entry first has the driver compile its PTX: about
# a second for most kernels alone, 68-84 s for some one-warp builds of
# attention kernels (seeds 4300057, 4300069), and over a minute for
# others beside fifteen busy processes (seeds 4300503, 4300677: each ran
# in 0.1 ms alone). That much more for it before a launch is a hang.
JIT_SECONDS = float(os.environ.get("DIFFTEST_JIT_SECONDS", 150))
# A generated kernel compiles in about a second (campaigns' summaries).
SLOW_SECONDS = float(os.environ.get("DIFFTEST_SLOW_SECONDS", 20))
# A seed with no result this long after it was handed out lost its
# process some other way (a seed waits behind at most four others; on
# the GPU, a first launch may compile PTX for JIT_SECONDS more).
LOST_SECONDS = 5 * HANG_SECONDS


class Worker:
    """One process's state: the package, torch if there is one (else
    ml_dtypes, for bf16 and f8 arrays on the CPU path), and the GPU this
    process launches on."""

    def __init__(self, gpu, variations, ended=None):
        import numpy
        import tile
        import tile._compiler  # noqa: F401 (loaded on a first compile)
        self.np = numpy
        self.tile = tile
        self.variations = variations
        self.torch = None
        try:
            import torch
            self.torch = torch
        except ImportError:
            pass
        self.ml = None
        if self.torch is None:
            try:  # one built for another numpy fails otherwise
                import ml_dtypes
                self.ml = ml_dtypes
            except Exception:
                pass
        self.gpu = gpu and self.torch is not None and \
            self.torch.cuda.is_available()
        if gpu and not self.gpu:
            raise SystemExit("campaign: --gpu without torch and a CUDA GPU")
        self.spent = {}
        # Where a seed whose process ends is reported (a hang, or a
        # launch's fault): (seed, build, outcome, detail).
        self.ended = ended
        self.seed = None

    @contextlib.contextmanager
    def watchdog(self, build, seconds=HANG_SECONDS):
        """Ends this process if the block has not finished after
        `seconds`, saying so (and telling the campaign, which counts the
        seed as a hang): a hung kernel cannot be stopped from its own
        process."""
        import threading

        def fire():
            print("hang: seed %s, %s: no result after %d s"
                  % (self.seed, build, seconds), flush=True)
            if self.ended is not None:
                self.ended.put((self.seed, build, "hang",
                                "no result after %d s" % seconds))
            os._exit(3)
        t = threading.Timer(seconds, fire)
        t.daemon = True
        t.start()
        try:
            yield
        finally:
            t.cancel()

    @contextlib.contextmanager
    def clock(self, stage, slow=None):
        """Adds the block's seconds to self.spent[stage]: where a
        campaign's time goes (the summary's last line). With slow, a
        (build, what) pair, says so when the block takes over
        SLOW_SECONDS."""
        t = time.perf_counter()
        try:
            yield
        finally:
            took = time.perf_counter() - t
            self.spent[stage] = self.spent.get(stage, 0.0) + took
        if slow and took > SLOW_SECONDS:
            print("slow: seed %s, %s: %s took %.1f s"
                  % ((self.seed,) + slow + (took,)), flush=True)

    # -- arrays ----------------------------------------------------------

    # numpy has no bf16 or f8 dtypes; interp keeps them as bits.
    TORCH_TYPES = {"bf16": ("bfloat16", "int16"),
                   "f8e4m3": ("float8_e4m3fn", "uint8"),
                   "f8e5m2": ("float8_e5m2", "uint8")}

    def host(self, arr, dtype):
        """The array for the CPU path: numpy, or a CPU tensor for bf16 and
        f8 (without torch an ml_dtypes array; None without either)."""
        if dtype not in self.TORCH_TYPES:
            return arr.copy()
        typed, raw = self.TORCH_TYPES[dtype]
        if self.torch is None:
            return None if self.ml is None else \
                arr.view(raw).copy().view(getattr(self.ml, typed))
        return self.torch.from_numpy(arr.view(raw).copy()).view(
            getattr(self.torch, typed))

    def bits(self, t, dtype):
        """A result back as interp keeps it (bf16 as uint16 bits, f8 as
        uint8 codes)."""
        if self.torch is not None and isinstance(t, self.torch.Tensor):
            t = t.cpu()
            if dtype in self.TORCH_TYPES:
                raw = self.TORCH_TYPES[dtype][1]
                return t.view(getattr(self.torch, raw)).numpy().view(
                    "uint16" if dtype == "bf16" else "uint8")
            return t.numpy()
        if self.ml is not None and dtype in self.TORCH_TYPES:
            return t.view("uint16" if dtype == "bf16" else "uint8")
        return t

    def device(self, arr, dtype):
        t = self.host(arr, dtype)
        if not isinstance(t, self.torch.Tensor):
            t = self.torch.from_numpy(t)
        return t.cuda()

    # -- one kernel --------------------------------------------------------

    def builds(self, seed):
        """What a seed's kernel runs as: [(label, compile options)], None
        for the CPU path. The CPU path's JIT level (cpu-jit) goes round
        by seed: optimized (LLVM -O2), unoptimized (-O0 throughout, the
        quickest to compile: compiling was most of a kernel's time), the
        default (fast: the IR unoptimized, code generated at LLVM's
        default level), unoptimized again."""
        level = ("optimized", "unoptimized", None, "unoptimized")[seed % 4]
        cpu = {"cpu_jit": level} if level else {}
        # From gen2.ATTENTION_SEED, odd seeds rotate their attention loops
        # (overlap-softmax=true; the CPU's auto leaves them), so the
        # rotated loops run against the interpreter here too.
        import gen2
        if seed >= gen2.ATTENTION_SEED and seed % 2:
            cpu["overlap_softmax"] = "true"
        out = [("cpu", cpu or None)]
        if self.gpu:
            import gpu as gpu_campaign
            out += [("sm_90a", {"chip": "sm_90a"}),
                    ("sm_80", {"chip": "sm_80"})]
            if self.variations:
                opts = dict(o.split("=") for o in
                            gpu_campaign.option_variation(seed).split())
                out.append(("sm_90a+options",
                            dict({"chip": "sm_90a"}, **{
                                k.replace("-", "_"): v
                                for k, v in opts.items()})))
        return out

    def run(self, seed):
        """[(build, outcome, detail)] for one seed."""
        import gen
        self.seed = seed
        text, argv = gen.generate(seed)
        return self.check(text, argv, self.builds(seed), "k%d.mlir" % seed)

    def check(self, text, argv, builds, name="kernel.mlir"):
        """[(build, outcome, detail)] for a kernel's text launched as argv
        (compare.py's --kernel, --grid, --arg and --rtol words) on each
        build."""
        import compare
        import interp
        self.rtol = float(argv[argv.index("--rtol") + 1]) \
            if "--rtol" in argv else None
        kernel = argv[argv.index("--kernel") + 1]
        grid = ([int(g) for g in argv[argv.index("--grid") + 1].split(",")]
                + [1, 1])[:3]
        specs = [argv[i + 1] for i, x in enumerate(argv) if x == "--arg"]
        try:
            arrays, dtypes, scalars = compare.make_arguments(specs)
            args = [arrays[i].copy() if i in arrays
                    else interp.scalar_arg(scalars[i])
                    for i in range(len(specs))]
            with self.clock("interpreter"):
                generic = self.tile._compiler.generic(text, name)
                interp.run_kernel(generic, kernel, grid, args)
        except interp.Unsupported as e:
            return [("all", "unsupported", str(e))]
        except self.tile.CompileError as e:
            return [("all", "invalid", str(e).splitlines()[0])]
        want = {i: args[i] for i in arrays}
        self.envelopes = {}

        def envelopes(patterns=False):
            """compare.rounding_envelopes, computed once each way
            (without and with patterns), on a first disagreement."""
            if patterns not in self.envelopes:
                self.envelopes[patterns] = compare.rounding_envelopes(
                    generic, kernel, grid,
                    lambda: [arrays[i].copy() if i in arrays else x
                             for i, x in enumerate(args)],
                    patterns=patterns)
            return self.envelopes[patterns]
        self.envelope_of = envelopes
        if not self.gpu and "tile.splat" in text and \
                any(d in text for d in DIVISIONS):
            builds = builds + [(GPU_NUMERICS, None)]
        out = []
        for label, options in builds:
            if label == GPU_NUMERICS:
                out.append((label,) + self.cpu_gpu_numerics(
                    text, kernel, grid, specs, arrays, dtypes, scalars,
                    want))
            elif label == "cpu":
                out.append((label,) + self.cpu(text, kernel, grid, specs,
                                                arrays, dtypes, scalars,
                                                want, options or {}))
            else:
                out.append((label,) + self.cuda(text, kernel, grid, specs,
                                                 arrays, dtypes, scalars,
                                                 want, options))
        return out

    def launch_args(self, specs, arrays, dtypes, scalars, place):
        import interp
        got = []
        for i in range(len(specs)):
            if i in arrays:
                got.append(place(arrays[i], dtypes[i]))
            else:
                got.append(interp.scalar_arg(scalars[i]).item())
        return got

    def compare(self, got, arrays, dtypes, want, text):
        """agree, or mismatch and where. A float result of a kernel that
        sums may also lie between the interpreter's results with its sums
        rounded up and down as far as f32 accumulation allows."""
        import compare
        outcome = "agree"
        for i in arrays:
            have = self.bits(got[i], dtypes[i])
            t = tolerance(dtypes[i], text)
            if self.rtol is not None and dtypes[i] in compare.TOL:
                t = self.rtol
            r = compare.differ(want[i], have, dtypes[i], t)
            if r and dtypes[i] in compare.TOL and \
                    any(s in text for s in ENVELOPED):
                for patterns in (False, True):
                    ends = self.envelope_of(patterns)
                    r = compare.differ(want[i], have, dtypes[i], t,
                                       [[run[i] for run in g] for g in ends],
                                       ends.scales[i])
                    if not r:
                        break
                if not r:
                    outcome = "rounding"
            if r:
                return "mismatch", "argument #%d: %s" % (i, r)
        return outcome, ""

    def cpu(self, text, kernel, grid, specs, arrays, dtypes, scalars, want,
            options):
        got = self.launch_args(specs, arrays, dtypes, scalars, self.host)
        if any(g is None for g in got):
            return "unsupported", "bf16/f8 on the CPU path needs torch or ml_dtypes here"
        try:
            with self.clock("cpu compile", ("cpu", "compiling")):
                if os.environ.get("DIFFTEST_PLANT") == "slow":
                    time.sleep(SLOW_SECONDS + 0.5)
                k = self.tile.compile(text, kernel=kernel, target="cpu",
                                      cache=False, **options)
        except self.tile.CompileError as e:
            return "invalid", str(e).splitlines()[0]
        with self.clock("cpu run"), self.watchdog("cpu"):
            # DIFFTEST_PLANT=hang, =crash: a planted hang or a process
            # dying without a word, so a test can see each reported and
            # the campaign go on.
            while os.environ.get("DIFFTEST_PLANT") == "hang":
                time.sleep(1)
            if os.environ.get("DIFFTEST_PLANT") == "crash":
                os._exit(5)
            k[tuple(grid)](*got)
        return self.compare(got, arrays, dtypes, want, text)

    def cpu_gpu_numerics(self, text, kernel, grid, specs, arrays, dtypes,
                         scalars, want):
        """The CPU path on the kernel after tile-numerics{chip=sm_90a}:
        the rewrites only a GPU gets (division by a uniform divisor,
        lib/Transforms/UniformDivision.h) against the interpreter's run of
        the kernel as written, where a campaign has no GPU. The pass runs in
        process (the package's generic()), so no tile-opt is needed."""
        try:
            rewritten = self.tile._compiler.generic(
                text, "kernel.mlir", "tile-numerics", "chip=sm_90a")
        except self.tile.CompileError as e:
            return "error", str(e).strip()
        return self.cpu(rewritten, kernel, grid, specs, arrays, dtypes,
                        scalars, want, {"cpu_jit": "unoptimized"})

    def cuda(self, text, kernel, grid, specs, arrays, dtypes, scalars, want,
             options):
        try:
            with self.clock("gpu compile", (options["chip"], "compiling")):
                k = self.tile.compile(text, kernel=kernel, cache=False,
                                      **options)
        except self.tile.CompileError as e:
            first = str(e).splitlines()[0]
            return ("asked" if over_asked(options, str(e)) else "invalid"), \
                first
        with self.clock("gpu copy in"):
            got = self.launch_args(specs, arrays, dtypes, scalars,
                                   self.device)
        # The first launch loads the module (the driver compiles sm_80's
        # PTX, or a generic entry's, then): its own stage.
        jit = options["chip"] == "sm_80" or not self.aligned(got)
        with self.clock("gpu load and run",
                        (options["chip"], "the first launch")), \
                self.watchdog(options["chip"], HANG_SECONDS +
                              (JIT_SECONDS if jit else 0)):
            k[tuple(grid)](*got)
            self.torch.cuda.synchronize()
        outcome, detail = self.compare(got, arrays, dtypes, want, text)
        if outcome in ("agree", "rounding") and self.aligned(got):
            detail = "aligned entry"
        return outcome, detail

    def aligned(self, got):
        """Whether a launch on these arguments ran the package's aligned
        entry: every memref's base 16-byte aligned, its innermost stride
        1 and size a multiple of 16 bytes, the other strides too (the
        runtime's rule, include/tile-c/Runtime.h)."""
        for t in got:
            if not isinstance(t, self.torch.Tensor):
                continue
            size = t.element_size()
            if t.data_ptr() % 16 or (t.dim() and t.stride(-1) != 1) or \
                    (t.dim() and t.shape[-1] * size % 16) or \
                    any(s * size % 16 for s in t.stride()[:-1]):
                return False
        return True


WORKER = None


def start(counter, ngpu, gpu, variations, ended):
    global WORKER
    with counter.get_lock():
        index = counter.value
        counter.value += 1
    if gpu and ngpu:
        os.environ["CUDA_VISIBLE_DEVICES"] = str(index % ngpu)
    WORKER = Worker(gpu, variations, ended)


def replay_cases(test):
    """[(name, text, argv)] of a lit test's compare.py lines (`%{cmp}
    FILE --kernel ...`, as test/difftest/difftest.test has them): the
    same kernels and arguments for the campaign's builds, so a GPU runs
    the checks CI runs on the CPU. A `sed -e 's/${X}/V/g; /P/d' IN > OUT`
    line before them fills a kernel's parameters; lines planting a bug
    (DIFFTEST_PLANT) are not replayed, nor a line's --tile-file (a pass's
    output the CPU ran): the builds compile the kernel file themselves."""
    import re
    import shlex
    here = os.path.dirname(os.path.abspath(test))
    src = os.path.dirname(os.path.dirname(HERE))
    made = {}  # %t files a sed line wrote: their text
    out = []
    for line in open(test):
        # A line checking for other than agreement (a failed assert, a
        # print) has a FileCheck prefix of its own.
        if "RUN:" not in line or "DIFFTEST_PLANT" in line or \
                "--check-prefix" in line:
            continue
        line = line.split("RUN:", 1)[1].split("|")[0].strip()
        line = line.replace("%S", here).replace("%tile_src", src)
        words = shlex.split(line)
        if words[:2] == ["sed", "-e"] and ">" in words:
            text = "".join(open(f).read()
                           for f in words[3:words.index(">")])
            for cmd in words[2].split(";"):
                cmd = cmd.strip()
                m = re.fullmatch(r"s/(.*)/(.*)/g", cmd)
                if m:
                    text = text.replace(m.group(1), m.group(2))
                elif re.fullmatch(r"/.*/d", cmd):
                    text = "".join(x for x in text.splitlines(True)
                                   if cmd[1:-2] not in x)
            made[words[words.index(">") + 1]] = text
        elif words[:1] == ["%{cmp}"]:
            argv = []
            for w in words[2:]:  # --arg=V as two words
                argv += w.split("=", 1) if w.startswith("--arg=") else [w]
            if "--tile-file" in argv:  # each build compiles the kernel
                i = argv.index("--tile-file")
                del argv[i:i + 2]
            text = made.get(words[1]) or open(words[1]).read()
            out.append(("%s %s" % (os.path.basename(words[1]),
                                   " ".join(argv)), text, argv))
    return out


def replay(test, gpu):
    """Runs replay_cases(test) on the CPU path and, with gpu, as sm_90a
    and sm_80 code; prints each case's outcomes; exit status 1 on any
    disagreement."""
    w = Worker(gpu, False)
    builds = [("cpu", None)]
    if w.gpu:
        builds += [("sm_90a", {"chip": "sm_90a"}),
                   ("sm_80", {"chip": "sm_80"})]
    bad = 0
    cases = replay_cases(test)
    for name, text, argv in cases:
        w.seed = name.split()[0]
        try:
            results = w.check(text, argv, builds, name.split()[0])
        except Exception:
            results = [("all", "error", traceback.format_exc(limit=3))]
        for build, outcome, detail in results:
            if outcome not in ("agree", "rounding"):
                bad += outcome != "unsupported"
                print("%s: %s: %s: %s" % (outcome, build, name,
                                          detail.strip().splitlines()[-1]
                                          if detail.strip() else ""))
    print("replay: %d cases of %s on %s: %d disagree"
          % (len(cases), os.path.basename(test),
             ", ".join(b for b, _ in builds), bad))
    return 1 if bad else 0


def over_asked(options, message):
    """Whether a GPU build's refusal is the option variation's own ask: a
    stage count given as a number whose stages the chip's shared memory
    cannot hold (tile's located "needs N bytes of shared memory" error).
    Counted as "asked", not invalid: a user asking that gets the same
    error. num-stages=auto's own refusals stay invalid (seeds 4300787
    and 4300876 were tile's defects)."""
    stages = (options or {}).get("num_stages", "auto")
    return stages != "auto" and "bytes of shared memory" in message and \
        "for pipeline stages" in message


def cuda_fault(error):
    """Whether `error` is a fault of a GPU launch (an illegal instruction
    or address, a trap): CUDA's error is then sticky, and every later
    launch of the process fails with it."""
    return "CUDA error" in str(error) or \
        type(error).__name__ == "AcceleratorError"


def one(seed):
    """(seed, results, seconds by stage) for one seed. A GPU fault ends
    the process after saying so (as a hang does), so that the seeds after
    it run in a fresh one and the campaign names the kernel that faulted,
    not the ones its process would have run next."""
    WORKER.spent = {}
    try:
        with WORKER.clock("all"):
            if os.environ.get("DIFFTEST_PLANT") == "cuda-fault":
                raise RuntimeError("CUDA error: an illegal instruction was "
                                   "encountered (planted)")
            results = WORKER.run(seed)
    except Exception as e:  # a crash of the runner or of a launch: say it
        detail = traceback.format_exc(limit=3)
        if cuda_fault(e) and WORKER.ended is not None:
            WORKER.ended.put((seed, "all", "error",
                              "%s (the process ends: a CUDA error is "
                              "sticky)" % str(e).splitlines()[0]))
            os._exit(4)
        results = [("all", "error", detail)]
    return seed, results, WORKER.spent


def gpu_count():
    try:
        import subprocess
        r = subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                           text=True)
        return len([x for x in r.stdout.splitlines() if x.startswith("GPU")])
    except OSError:
        return 0


def keep(dirname, seed, build, outcome, detail):
    import gen
    os.makedirs(dirname, exist_ok=True)
    text, argv = gen.generate(seed)
    with open(os.path.join(dirname, "k%d.mlir" % seed), "w") as f:
        f.write(text)
    with open(os.path.join(dirname, "k%d.txt" % seed), "a") as f:
        f.write("%s %s: %s\ncompare.py k%d.mlir %s\n"
                % (build, outcome, detail, seed, " ".join(argv)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--count", type=int)
    ap.add_argument("--replay", metavar="TEST",
                    help="the compare.py lines of a lit test instead of "
                    "seeds")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--no-variations", dest="variations",
                    action="store_false")
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--keep")
    a = ap.parse_args()
    if a.replay:
        return replay(a.replay, a.gpu)
    if a.count is None:
        ap.error("--count or --replay is required")
    ngpu = gpu_count() if a.gpu else 0
    began = time.time()
    counts = {}

    def tally(build, what):
        counts.setdefault(build, {}).setdefault(what, 0)
        counts[build][what] += 1
    spent = {}
    done = 0
    bad = 0
    lost_seconds = LOST_SECONDS + (JIT_SECONDS if a.gpu else 0)
    ctx = mp.get_context("spawn")  # no CUDA state inherited across fork
    counter = ctx.Value("i", 0)
    ended = ctx.SimpleQueue()
    with ctx.Pool(a.jobs, start,
                  (counter, ngpu, a.gpu, a.variations, ended)) as p:
        seeds = iter(range(a.start, a.start + a.count))
        pending = []
        # Hand out seeds a few per worker at a time, so --seconds stops
        # with little left in flight.
        while True:
            while len(pending) < 4 * a.jobs:
                if a.seconds and time.time() - began > a.seconds:
                    break
                seed = next(seeds, None)
                if seed is None:
                    break
                pending.append((seed, p.apply_async(one, (seed,)),
                                time.time()))
            if not pending:
                break
            pending[0][1].wait(1)
            # A hung seed's process is gone (the pool starts another):
            # its result never comes.
            lost = set()
            # So is a seed whose launch faulted (cuda_fault): its process
            # said so and ended.
            while not ended.empty():
                seed, build, outcome, detail = ended.get()
                lost.add(seed)
                done += 1
                bad += 1
                tally(build, outcome)
                if outcome != "hang":
                    print("%s: seed %d, %s: %s" % (outcome, seed, build,
                                                   detail), flush=True)
                if a.keep:
                    keep(a.keep, seed, build, outcome, detail)
            still = []
            for seed, r, sent in pending:
                if seed in lost:
                    continue
                if not r.ready() and time.time() - sent > lost_seconds:
                    # Its process died without a word (a crash in the
                    # compiler or the driver): the pool never says so.
                    done += 1
                    bad += 1
                    tally("all", "error")
                    detail = "no result after %d s: its process died" \
                        % lost_seconds
                    print("error: seed %d, all: %s" % (seed, detail),
                          flush=True)
                    if a.keep:
                        keep(a.keep, seed, "all", "error", detail)
                    continue
                if not r.ready():
                    still.append((seed, r, sent))
                    continue
                seed, results, took = r.get()
                done += 1
                for stage, t in took.items():
                    spent[stage] = spent.get(stage, 0.0) + t
                for build, outcome, detail in results:
                    tally(build, outcome)
                    if detail == "aligned entry":
                        tally(build, "aligned")
                    if outcome in ("mismatch", "invalid", "error", "hang"):
                        bad += 1
                        print("%s: seed %d, %s: %s"
                              % (outcome, seed, build,
                                 detail.strip().splitlines()[-1]),
                              flush=True)
                        if a.keep:
                            keep(a.keep, seed, build, outcome, detail)
                if done % 1000 == 0:
                    print("... %d kernels in %.0f s, %d disagreements"
                          % (done, time.time() - began, bad), flush=True)
            pending = still
            if a.seconds and pending and time.time() - began > \
                    a.seconds + HANG_SECONDS + min(15, HANG_SECONDS):
                # Past any hang's report: what still runs would hold the
                # summary past the command's limit.
                for seed, r, sent in pending:
                    tally("all", "unfinished")
                    print("unfinished: seed %d: still running %.0f s after "
                          "--seconds; not counted"
                          % (seed, time.time() - began - a.seconds),
                          flush=True)
                pending = []
    took = time.time() - began
    print("campaign: seeds %d..%d asked, %d kernels run in %.0f s with %d "
          "processes%s" % (a.start, a.start + a.count - 1, done, took, a.jobs,
                           ", %d GPUs" % ngpu if a.gpu else ""))
    for build, c in sorted(counts.items()):
        print("campaign: %s: %d agree (%d within rounding), %d mismatch, "
              "%d invalid, %d error, %d unsupported%s"
              % (build, c.get("agree", 0) + c.get("rounding", 0),
                 c.get("rounding", 0), c.get("mismatch", 0),
                 c.get("invalid", 0), c.get("error", 0),
                 c.get("unsupported", 0),
                 (", %d hang" % c["hang"] if c.get("hang") else "") +
                 (", %d over-asked" % c["asked"] if c.get("asked") else "") +
                 (", %d unfinished" % c["unfinished"]
                  if c.get("unfinished") else "") +
                 (" (%d agreeing on the aligned entry)" % c.get("aligned", 0)
                  if build.startswith("sm_") else "")))
    if done and spent:
        # Seconds per kernel in each process, summed over processes: what
        # a faster campaign must cut.
        print("campaign: seconds per kernel: " + ", ".join(
            "%s %.3f" % (stage, t / done)
            for stage, t in sorted(spent.items(), key=lambda x: -x[1])))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
