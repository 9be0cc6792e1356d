#!/usr/bin/env python3
"""gen2, the random kernel generator's fifth version (issue 35, item 2:
"v2 ops and 3-D shapes"). gen.py hands it every seed from FIRST_SEED
(100000) on; seeds below keep the fourth version's kernels, which docs
and tests cite by number.

From a seed, one kernel that:
- works on f32, f16, bf16, i32, i64, i16 or i8 tiles of rank 1, 2 or 3;
- runs on a 3-D grid (up to 12 programs), each program's block picked by
  program_id along all three axes, folded together with num_programs
  where the tile has fewer dimensions than the grid;
- loads its inputs plainly, with padding, or under random masks
  (load_masked), from ragged memrefs at offsets shifted past either end;
- then goes through one to four stages, each picked from what fits the
  value at hand: elementwise chains (float math, integer shifts and
  divisions at their edges), reductions of any kind broadcast back (often
  of a negated integer tile, `0 - x`, then max/min: the shape of the
  ptxas bug of seed 11498), scans of every kind along every axis, forward
  and reverse, reshape/expand_dims/broadcast/trans chains (3-D
  permutations too), gathers with out-of-range indices, a scalar detour
  through f64 (floats) or i64 (integers) with a kernel argument, a masked
  loop over x (gen.masked_loop, rank 1 and 2), and chained dots (f16,
  bf16, f32 at tf32 or ieee, i8: a dot of a dot's result, with softmax or
  integer epilogues, sometimes a K loop), whose result is its own output;
- and ends each result in a sink: a store, a store_masked under a random
  mask, a scatter at distinct indices (permuted, some out of range, some
  masked off with -1), atomic_rmw of every kind the spec lists for i32,
  i64 and f32 (add, max, min, umax, umin, and, or, xor, xchg), or
  atomic_cas.

From F8_SEED (200000) on, the sixth version: besides, stages that round
a float value to f8E4M3FN or f8E5M2 (truncf, sometimes scaled toward
saturation or the subnormals), pick it against an f8 constant or a
loaded f8 tile, change its codes through i8 bitcasts (NaN and inf codes
among them), store or scatter it as f8, and extend it back; i8 values
read as f8 codes; dots with f8 inputs (e4m3 and e5m2, mixed; K from 32,
since K = 16 does not compile for the GPU) into f32, chained through an
f8 second dot; and atomic_rmw/atomic_cas of f16 and bf16 values as they
are (kept 70% of the time; else extended to f32 as before). Seeds below
F8_SEED give the kernels they gave before.

From ALIGNED_SEED (700000) on, the ninth version: half the kernels get
every memref of rank 2 or 3 with its innermost size a multiple of 16
elements (still ragged against the tiles), so every row starts 16 bytes
apart and the GPU launches the kernel's aligned entry (NAME__aligned16:
TMA copies, vectorized accesses) rather than the generic one, which
random sizes almost always picked before (a kernel's every memref must
qualify). No other choice changes.

From LONG_PRODUCT_SEED (720000) on, the tenth version: a float product
(reduce or scan, kind mul) multiplies factors 1 + c tanh(x) whose every
partial product, in any order, stays within 2^-E..2^E (E = 10 for f16,
60 for f32 and bf16) along the tile's longest dimension. tanh(x) + 0.5
kept 512 factors within (-0.5, 1.5), whose partial products overflow or
flush as the order of multiplication decides (seed 700146: the
interpreter, the CPU and the GPU gave three answers, all allowed).

From CAUSAL_SEED (740000) on, the eleventh version: a matmul loop
(k_loop) sometimes ends at min(K, (program_id(a) + 1) * BK) along axis 0
or 1, as causal attention's loop does, so its programs run different
numbers of iterations and the GPU compile starts the heaviest first
(tile-order-programs: blocks take their programs in another order).

From NAN_CODE_SEED (780000) on, the twelfth version: f8 codes changed
through i8 (stage_f8's xor) are made canonical first, every NaN code
becoming 0x7F, since a NaN's sign and payload are open (numerics.md,
"Casts"), and the xor turns them into finite values: seed 740076's
-inf times 0 was a negative NaN in NumPy and on the CPU and a positive
one on the GPU, so its e4m3 code 0xFF or 0x7F, xor 1, stored -448 or 448.

From RED_SEED (900000) on, the thirteenth version: an atomic at distinct
addresses leaves what each element found unstored two times in five, so
its result is unused and the GPU lowers it as reductions (`red`); most
of those (seven in ten) are relaxed, with indices neither permuted nor
masked, so affine in the element's coordinates: they take the
unpredicated path where a thread's elements are all in bounds (docs/
gpu.md). Before, every unused-result atomic repeated its addresses
through a hash or a fold, never affine.

From ROW_SEED (1200000) on, the fourteenth version: a matmul loop
(k_loop) adds, two times in five, a row of its accumulator's type to the
product each step, loaded per step as a [1][N] tile (as attention's
backward loads a row of log-sum-exps per key block) from a memref of its
own whose box moves with the loop: the kind of load a loop of TMA dots
may stage beside its tiles (docs/performance.md, 2026-11-30).

From ROUNDED_DIVISION_SEED (1400000) on, the fifteenth version: integer
chains may also divide rounding up or down (ceildivsi, floordivsi,
ceildivui), by any operand, zero and -1 included: numerics.md settled
their edges on 2026-11-30 (they follow divsi and divui).

What the spec leaves open is kept out of what is compared: a scatter's
indices never repeat (where two name one address, which lands is
unspecified); atomics repeat their addresses, within a tile and across
programs, only for kinds whose final memory does not depend on the order
(not xchg, not cas), and then what each element found is not stored; where
the indices are distinct in the whole launch, what each found is stored
too. Float atomic adds land in any order: campaign.py's rounding envelope
covers them.
"""
import random

import gen as gen1

FIRST_SEED = 100000
# Seeds from F8_SEED on (the generator's sixth version) also round values
# to f8 and back, run dots on f8 inputs (e4m3 and e5m2, mixed too) and
# keep f16 and bf16 values as they are for atomics; seeds below make the
# kernels they made before, bit for bit (every choice the new features
# draw is behind State.v6).
F8_SEED = 200000
# From EXACT_ROUNDING_SEED on (the seventh version), a floor or ceil drawn
# for a value of exp or tanh, or computed from one in the same stage, is
# absf instead: those functions are exact only to some ulp (numerics.md),
# and a step function turns one ulp into a whole unit (seed 317187: tanh
# of about 9 is 1.0 by libm and 0.99999994 by tile's CPU path, so its
# floor was 1 or 0, and a product of 16 rows amplified it). No other
# choice changes: seeds below make the kernels they made before.
EXACT_ROUNDING_SEED = 400000
# From KMAJOR_SEED on (the eighth version), a matmul loop (k_loop) may
# load B as [N][K] and transpose it, the K-major form wgmma reads fp8 and
# tf32 in (so fp8 loops run on fp8 wgmma, promoting each block's sum
# onto the carried accumulator: tileDotPromotesF8), and an fp8 dot may
# ask for precision = "fast". Seeds below make the kernels they made
# before.
KMAJOR_SEED = 500000
# From ALIGNED_SEED on (the ninth version), half the kernels round the
# innermost size of each memref of rank 2 or 3 up to a multiple of 16
# elements (State.aligned), so the GPU runs their aligned entries. Seeds
# below make the kernels they made before.
ALIGNED_SEED = 700000
# From LONG_PRODUCT_SEED on (the tenth version), float products keep every
# partial product within 2^-E..2^E, E from PRODUCT_EXPONENT (bounded).
LONG_PRODUCT_SEED = 720000
PRODUCT_EXPONENT = {"f16": 10, "f32": 60, "bf16": 60}
# From CAUSAL_SEED on (the eleventh version), a matmul loop's end may grow
# with a program id (k_loop).
CAUSAL_SEED = 740000
# From NAN_CODE_SEED on (the twelfth version), NaN f8 codes are made 0x7F
# before an xor changes them (stage_f8); no choice changes.
NAN_CODE_SEED = 780000
# From RED_SEED on (the thirteenth version), distinct-address atomics may
# leave their results unused (reductions with affine indices).
RED_SEED = 900000
# From ROW_SEED on (the fourteenth version), a matmul loop may add a row
# loaded per step.
ROW_SEED = 1200000
# From ROUNDED_DIVISION_SEED on (the fifteenth version), integer chains may
# divide rounding up or down (ceildivsi, floordivsi, ceildivui), whose
# edges numerics.md settled on 2026-11-30 (by 0: -1; by -1: -x).
ROUNDED_DIVISION_SEED = 1400000
# From BOUNDED_EXP_SEED on (the sixteenth version), an elementwise exp
# takes tanh of its operand first, so it stays within [1/e, e]: exp of a
# value in the hundreds (a product of a row sum) made terms near f32's
# largest, and an f32 dot of them overflowed or not as its order of
# summation decided, which the spec leaves open (seed 1647933: the
# interpreter -3.1e38, tile's CPU path -inf). No other choice changes.
BOUNDED_EXP_SEED = 3200000
# From ATTENTION_SEED on (the seventeenth version), half of stage_dots's
# draws are an attention loop over key blocks (attention_loop): S = Q K^T
# per block, an online softmax with its rescale or a plain exp with none
# (the product then accumulates onto the carried value itself), P V
# summed across the loop: the form tile-overlap-softmax rotates, which no
# kernel before it had (its product-dropping bug of 2026-12-01 went
# unseen). No other choice changes: seeds below make the kernels they
# made before.
ATTENTION_SEED = 3500000
# From BACKWARD_SEED on (the eighteenth version), a further share of
# stage_dots's draws is attention's backward over query blocks
# (backward_loop): four dots a step, one of which (dP^T = V dO^T) reads
# no other, the loop tile-overlap-softmax's co-issue reorders. No other
# choice changes: seeds below make the kernels they made before.
BACKWARD_SEED = 3800000
# From PRODUCER_SEED on (the nineteenth version), three kernels in ten
# are the size TileToGPU's warp specialization takes on sm_90a: their
# first stage is an attention or backward loop of 128 rows (64 or 128
# wide, blocks of 64 or 128), on 8 warps, with every memref's rows 16
# bytes apart (the aligned entry), so the producer warpgroup copies the
# loop's tiles, Q or K and V before it (prologue loads) and the rotated
# loop's last V after it (trailing loads), none of which a kernel before
# it reached. At 128 wide the scale is 1/8 (exp of f16 P stays finite).
# No other choice changes: seeds below make the kernels they made
# before.
PRODUCER_SEED = 4100000
# From SCALE_SIGN_SEED on (the twentieth version), half of the attention
# loops take their scores' scale as an f32 argument, negative half of
# those: tile-fold-exp then runs the loop in two versions by the scale's
# sign (the row maximum of the unscaled scores where it is positive), of
# which the argument picks one; the running maximum is then an output of
# its own. No other choice changes: seeds below make the kernels they made
# before.
SCALE_SIGN_SEED = 4300000
# The smallest |code| (code & 0x7F) of an f8 NaN: e4m3fn has one NaN code
# per sign, e5m2 three (exponent all ones, mantissa not zero).
F8_NAN_MAGNITUDE = {"f8E4M3FN": 0x7F, "f8E5M2": 0x7D}
ALIGN_ELEMENTS = 16
F8 = ["f8E4M3FN", "f8E5M2"]
# tile-run's (and compare.py's) names of the f8 types in argument specs.
SPEC_TYPE = {"f8E4M3FN": "f8e4m3", "f8E5M2": "f8e5m2"}

FLOATS = ["f32", "f16", "bf16"]
INTS = ["i32", "i64", "i16", "i8"]
BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}
# Weights of the element types: bf16 kernels need torch on the CPU path
# (numpy has no bf16), so fewer of them.
TYPES = [("f32", 4), ("f16", 2), ("bf16", 1), ("i32", 4), ("i64", 2),
         ("i16", 1), ("i8", 2)]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf",
                "maxnumf", "minnumf"]
FLOAT_UNARY = [("arith", "negf"), ("math", "absf"), ("math", "floor"),
               ("math", "ceil"), ("math", "exp"), ("math", "tanh"),
               ("math", "sqrt")]
INT_BINARY = ["addi", "subi", "muli", "maxsi", "minsi", "maxui", "minui",
              "andi", "ori", "xori"]
# Edges numerics.md defines: division by zero and by -1, shifts by the
# width or more (the amount read as unsigned, so negative ones too).
INT_EDGY = ["divsi", "remsi", "divui", "remui", "shli", "shrsi", "shrui"]
INT_ROUNDED_DIVISION = ["ceildivsi", "floordivsi", "ceildivui"]
REDUCE_FLOAT = ["add", "mul", "max", "min", "maxnum", "minnum"]
REDUCE_INT = ["add", "mul", "max", "min", "maxnum", "minnum", "and", "or",
              "xor"]
ATOMIC_FLOAT = ["add", "max", "min", "xchg"]
ATOMIC_INT = ["add", "max", "min", "umax", "umin", "and", "or", "xor",
              "xchg"]
# Kinds whose final memory is the same in every order of the updates.
ORDER_FREE = {"add", "max", "min", "umax", "umin", "and", "or", "xor"}
MAX_PROGRAMS = 12


def tensor(shape, t):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), t)


def memref(rank, t):
    return "memref<%sx%s>" % ("x".join(["?"] * rank), t)


def is_float(t):
    return t in FLOATS


def prod(xs):
    n = 1
    for x in xs:
        n *= x
    return n


class Val:
    """An SSA value: its name, and its shape ([] for a scalar) and element
    type."""

    def __init__(self, name, shape, t):
        self.name, self.shape, self.t = name, list(shape), t

    @property
    def ty(self):
        return tensor(self.shape, self.t) if self.shape else self.t

    @property
    def rank(self):
        return len(self.shape)


class Kernel(gen1.Kernel):
    """The kernel being written: its lines and arguments, and emitters that
    return Vals. fresh() and emit() are gen.Kernel's, so gen.masked_loop
    writes into it too."""

    def __init__(self, rng):
        super().__init__(rng)
        self.args, self.specs = [], []
        self.pids, self.nprogs = {}, {}
        self.linear_pid = None

    def arg(self, name, ty, spec):
        self.args.append("%%%s: %s" % (name, ty))
        self.specs.append(spec)
        return "%" + name

    def op(self, text, shape, t):
        v = self.fresh()
        self.emit("%s = %s" % (v, text))
        return Val(v, shape, t)

    # scalars of type index
    def index(self, n):
        return self.op("arith.constant %d : index" % n, [], "index")

    def iop(self, name, a, b):
        return self.op("arith.%s %s, %s : index" % (name, a.name, b.name),
                       [], "index")

    def pid(self, axis):
        if axis not in self.pids:
            self.pids[axis] = self.op(
                '"tile.program_id"() {axis = %d : i32} : () -> index' % axis,
                [], "index")
        return self.pids[axis]

    def nprog(self, axis):
        if axis not in self.nprogs:
            self.nprogs[axis] = self.op(
                '"tile.num_programs"() {axis = %d : i32} : () -> index'
                % axis, [], "index")
        return self.nprogs[axis]

    def fold(self, axes):
        """pid(a0) + num_programs(a0) * (pid(a1) + ...): distinct for every
        program of the grid along those axes."""
        v = self.pid(axes[-1])
        for a in reversed(axes[:-1]):
            v = self.iop("addi", self.pid(a),
                         self.iop("muli", self.nprog(a), v))
        return v

    def linear(self):
        """The program's number in grid order, x fastest."""
        if self.linear_pid is None:
            self.linear_pid = self.fold([0, 1, 2])
        return self.linear_pid

    # tiles
    def const(self, value, shape, t):
        return self.op("arith.constant dense<%s> : %s"
                       % (value, tensor(shape, t)), shape, t)

    def scalar_const(self, value, t):
        return self.op("arith.constant %s : %s" % (value, t), [], t)

    def range(self, n):
        return self.op('"tile.range"() {start = 0 : i32, end = %d : i32} : '
                       '() -> %s' % (n, tensor([n], "i32")), [n], "i32")

    def splat(self, s, shape):
        return self.op('"tile.splat"(%s) : (%s) -> %s'
                       % (s.name, s.t, tensor(shape, s.t)), shape, s.t)

    def expand(self, v, axis):
        shape = v.shape[:axis] + [1] + v.shape[axis:]
        return self.op('"tile.expand_dims"(%s) {axis = %d : i32} : (%s) -> %s'
                       % (v.name, axis, v.ty, tensor(shape, v.t)), shape, v.t)

    def broadcast(self, v, shape):
        if v.shape == list(shape):
            return v
        return self.op('"tile.broadcast"(%s) : (%s) -> %s'
                       % (v.name, v.ty, tensor(shape, v.t)), shape, v.t)

    def reshape(self, v, shape):
        return self.op('"tile.reshape"(%s) : (%s) -> %s'
                       % (v.name, v.ty, tensor(shape, v.t)), shape, v.t)

    def trans(self, v, perm):
        shape = [v.shape[p] for p in perm]
        return self.op('"tile.trans"(%s) {permutation = array<i32: %s>} : '
                       '(%s) -> %s' % (v.name, ", ".join(map(str, perm)),
                                       v.ty, tensor(shape, v.t)), shape, v.t)

    def reduce(self, v, axis, kind):
        shape = v.shape[:axis] + v.shape[axis + 1:]
        out = Val("", shape, v.t)
        return self.op('"tile.reduce"(%s) {axis = %d : i32, kind = "%s"} : '
                       '(%s) -> %s' % (v.name, axis, kind, v.ty, out.ty),
                       shape, v.t)

    def binary(self, name, a, b):
        return self.op("arith.%s %s, %s : %s" % (name, a.name, b.name, a.ty),
                       a.shape, a.t)

    def cmp(self, kind, pred, a, b):
        return self.op("arith.%s %s, %s, %s : %s"
                       % (kind, pred, a.name, b.name, a.ty), a.shape, "i1")

    def select(self, m, a, b):
        return self.op("arith.select %s, %s, %s : %s, %s"
                       % (m.name, a.name, b.name, m.ty, a.ty), a.shape, a.t)

    def cast(self, v, t):
        """v converted to element type t by the natural arith cast."""
        if v.t == t:
            return v
        out = Val("", v.shape, t)
        if v.t in F8 or t in F8:
            # f8 converts only by extf and truncf, to and from floats.
            if v.t in F8 and t not in FWIDTH:
                return self.cast(self.cast(v, "f32"), t)
            if t in F8 and v.t not in FWIDTH:
                return self.cast(self.cast(v, "f32"), t)
            name = "truncf" if t in F8 else "extf"
            return self.op("arith.%s %s : %s to %s"
                           % (name, v.name, v.ty, out.ty), v.shape, t)
        if is_float(v.t) or v.t == "f64":
            if is_float(t) or t == "f64":
                if FWIDTH[t] == FWIDTH[v.t]:  # f16 <-> bf16: through f32
                    return self.cast(self.cast(v, "f32"), t)
                name = "extf" if FWIDTH[t] > FWIDTH[v.t] else "truncf"
            else:
                name = "fptosi"
        elif is_float(t) or t == "f64":
            name = "sitofp"
        else:
            name = "extsi" if BITS[t] > BITS[v.t] else "trunci"
        return self.op("arith.%s %s : %s to %s" % (name, v.name, v.ty, out.ty),
                       v.shape, t)

    def index_to_i32(self, s):
        return self.op("arith.index_cast %s : index to i32" % s.name, [],
                       "i32")

    def lane(self, shape, d):
        """An i32 tile of `shape` holding each element's index along d."""
        v = self.range(shape[d])
        for _ in range(d):
            v = self.expand(v, 0)
        while v.rank < len(shape):
            v = self.expand(v, v.rank)
        return self.broadcast(v, shape)

    def flat(self, shape):
        """Each element's row-major linear index in `shape` (i32)."""
        v, stride = None, 1
        for d in reversed(range(len(shape))):
            lane = self.lane(shape, d)
            if stride > 1:
                lane = self.binary("muli", lane,
                                   self.const(stride, shape, "i32"))
            v = lane if v is None else self.binary("addi", v, lane)
            stride *= shape[d]
        return v

    def text(self, seed, num_warps):
        attrs = "tile.kernel"
        if num_warps:
            attrs += ", tile.num_warps = %d : i32" % num_warps
        return ("// Generated by test/difftest/gen.py from seed %d "
                "(gen2.py).\n"
                "func.func @k%d(%s) attributes {%s} {\n%s\n  return\n}\n"
                % (seed, seed, ", ".join(self.args), attrs,
                   "\n".join(self.lines)))


FWIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def spec_type(t):
    """An element type as argument specs spell it."""
    return SPEC_TYPE.get(t, t)


def int_literal(r):
    """A small constant: it fits every integer type, i8 too."""
    return r.randint(-9, 9)


def float_literal(r):
    """A float constant every float type holds closely."""
    return r.choice(["0.5", "-1.25", "2.0", "0.75", "-3.0", "1.0e-3"])


def weighted(r, pairs):
    """One item of [(item, weight)], by weight."""
    total = sum(w for _, w in pairs)
    x = r.uniform(0, total)
    for item, w in pairs:
        x -= w
        if x <= 0:
            return item
    return pairs[-1][0]


# ---- shapes, grid, arguments ------------------------------------------

def choose_shape(r, rank, t):
    """Power-of-two tiles: up to 1024 elements at rank 1, 64x64 at 2, and
    2048 at 3."""
    if rank == 1:
        return [2 ** r.randint(0, 10)]
    if rank == 2:
        if not is_float(t) and r.random() < 0.3:
            # ptxas's VIMNMX3 bug (seed 11498): 64 rows, four a thread.
            return r.choice([[64, 32], [64, 16], [128, 32], [32, 32]])
        if r.random() < 0.3:
            return [2 ** r.randint(4, 6)] * 2
        return [2 ** r.randint(0, 6), 2 ** r.randint(0, 6)]
    while True:
        shape = [2 ** r.randint(0, 4) for _ in range(3)]
        if prod(shape) <= 2048:
            return shape


def choose_grid(r):
    """Up to 3 programs along each axis, MAX_PROGRAMS in all."""
    while True:
        grid = [r.randint(1, 3) for _ in range(3)]
        if prod(grid) <= MAX_PROGRAMS:
            return grid


def array_spec(r, sizes, t, seed):
    """How campaign.py/compare.py make an input: normal floats; integers
    counted up (iota), small (ints) or any bit pattern (bits)."""
    dims = "x".join(map(str, sizes))
    if is_float(t):
        return "randn:%sx%s:seed=%d" % (dims, t, seed)
    kind = r.choice(["iota", "ints", "ints", "bits"])
    if kind == "iota":
        return "iota:%sx%s" % (dims, t)
    return "%s:%sx%s:seed=%d" % (kind, dims, t, seed)


class State:
    """What stages share: the kernel, the input box (the tile shape and
    each program's offsets into x and y), and the results waiting for a
    sink."""

    def __init__(self, seed):
        self.seed = seed
        self.k = Kernel(random.Random(seed))
        self.r = self.k.r
        self.outputs = []  # Vals each to end in a sink
        self.nspec = 0
        self.v6 = seed >= F8_SEED  # f8, 16-bit float atomics
        self.v7 = seed >= EXACT_ROUNDING_SEED  # no floor/ceil of exp, tanh
        self.v8 = seed >= KMAJOR_SEED  # K-major B in loops, fast fp8 dots
        # Rows 16 bytes apart in every memref: the aligned entry.
        self.aligned = seed >= ALIGNED_SEED and self.r.random() < 0.5
        self.v10 = seed >= LONG_PRODUCT_SEED  # products within range
        self.v11 = seed >= CAUSAL_SEED  # loops that grow with a program id
        self.v12 = seed >= NAN_CODE_SEED  # one NaN code before an xor
        self.v13 = seed >= RED_SEED  # distinct atomics' results unused
        self.v14 = seed >= ROW_SEED  # a row per step in matmul loops
        self.v15 = seed >= ROUNDED_DIVISION_SEED  # ceildiv and floordiv
        self.v16 = seed >= BOUNDED_EXP_SEED  # exp of tanh, never large
        self.v17 = seed >= ATTENTION_SEED  # attention loops
        self.v18 = seed >= BACKWARD_SEED  # attention's backward loops
        # Warp-specialized attention (v19): the first loop is big, the
        # kernel on 8 warps, its memrefs aligned (big_done: drawn).
        self.big = seed >= PRODUCER_SEED and self.r.random() < 0.3
        self.v20 = seed >= SCALE_SIGN_SEED  # a scale known at run time
        self.big_done = False
        if self.big:
            self.aligned = True

    def inner(self, sizes):
        """sizes with the innermost rounded up to ALIGN_ELEMENTS when the
        kernel's memrefs are aligned (rank 2 and 3; a rank-1 memref has
        no row to align)."""
        if self.aligned and len(sizes) >= 2:
            sizes = list(sizes)
            sizes[-1] = -(-sizes[-1] // ALIGN_ELEMENTS) * ALIGN_ELEMENTS
        return sizes

    def spec_seed(self):
        self.nspec += 1
        return self.seed * 16 + self.nspec

    def new_arg(self, prefix, sizes, t, spec=None):
        name = "%s%d" % (prefix, len(self.k.args))
        self.k.arg(name, memref(len(sizes), t),
                   spec or array_spec(self.r, sizes, t, self.spec_seed()))
        return "%" + name


def place_blocks(st, rank, grid):
    """Each tile dimension's block number, from program ids: rank 3 takes
    one grid axis per dimension (in a random order), rank 2 folds a third
    axis into its first dimension, rank 1 folds all three (num_programs
    strides them). Returns the block Vals and each dimension's count."""
    k, r = st.k, st.r
    axes = [0, 1, 2]
    r.shuffle(axes)
    if rank == 3:
        groups = [[a] for a in axes]
    elif rank == 2:
        groups = [[axes[0], axes[2]], [axes[1]]]
    else:
        groups = [axes]
    blocks = [k.fold(g) for g in groups]
    counts = [prod(grid[a] for a in g) for g in groups]
    return blocks, counts


def box(st, blocks, counts, shape, shift=True):
    """Memref sizes (ragged: a block's worth more or less than the blocks
    cover) and each program's offsets: its block times the tile, shifted
    past either end sometimes."""
    k, r = st.k, st.r
    sizes, offs = [], []
    for b, n, s in zip(blocks, counts, shape):
        sizes.append(max(1, n * s + r.randint(-s, s)))
        o = k.iop("muli", b, k.index(s))
        sh = r.choice([0, 0, 0, 1, -1, s // 2]) if shift else 0
        if sh:
            o = k.iop("addi", o, k.index(sh))
        offs.append(o)
    return st.inner(sizes), offs


def out_box(st, shape):
    """A memref for a result of `shape` and this program's offsets into it:
    the input box when the shape is the input's (half the time), else
    the program's grid-order number picks a block along dimension 0."""
    k, r = st.k, st.r
    if list(shape) == st.shape and r.random() < 0.5:
        return list(st.sizes), st.offs
    return box(st, [k.linear()] + [k.index(0)] * (len(shape) - 1),
               [st.nprog] + [1] * (len(shape) - 1), shape)


def load(st, mem, shape, t, offs):
    """A tile of mem at offs: plain, with padding, or under a random mask."""
    k, r = st.k, st.r
    pad = ""
    if r.random() < 0.3:
        pad = " {padding = %s : %s}" % (
            r.choice(["1.0", "-2.5", "0xFC00" if t == "f16" else "-0.5"])
            if is_float(t) else str(int_literal(r)), t)
    idx = ", ".join(["index"] * len(shape))
    names = ", ".join(o.name for o in offs)
    if r.random() < 0.3:
        m = random_mask(st, shape)
        return k.op('"tile.load_masked"(%s, %s, %s)%s : (%s, %s, %s) -> %s'
                    % (mem, m.name, names, pad, memref(len(shape), t), m.ty,
                       idx, tensor(shape, t)), shape, t)
    return k.op('"tile.load"(%s, %s)%s : (%s, %s) -> %s'
                % (mem, names, pad, memref(len(shape), t), idx,
                   tensor(shape, t)), shape, t)


# ---- masks and indices ------------------------------------------------

def hash_bits(st, shape):
    """A random-looking i32 tile from each element's linear index and the
    program's number (a multiplicative hash, wrapping)."""
    k, r = st.k, st.r
    lin = k.flat(shape)
    p = k.splat(k.index_to_i32(k.linear()), shape)
    h = k.binary("addi", lin, k.binary("muli", p, k.const(7919, shape, "i32")))
    h = k.binary("muli", h, k.const(r.choice([-1640531535, 1103515245,
                                              -2048144789]), shape, "i32"))
    return k.binary("xori", h, k.binary("shrui", h, k.const(
        r.randint(11, 17), shape, "i32")))


def random_mask(st, shape):
    """An i1 tile of `shape`: hashed bits, a lane compared with a bound, or
    two such joined."""
    k, r = st.k, st.r
    how = r.choice(["hash", "hash", "lane", "both"])
    if how in ("hash", "both"):
        h = hash_bits(st, shape)
        bits = k.binary("andi", h, k.const(r.choice([1, 3, 7]), shape, "i32"))
        m = k.cmp("cmpi", r.choice(["ne", "eq"]), bits,
                  k.const(0, shape, "i32"))
        if how == "hash":
            return m
    d = r.randrange(len(shape))
    lane = k.lane(shape, d)
    bound = k.const(r.randint(0, shape[d]), shape, "i32")
    m2 = k.cmp("cmpi", r.choice(["slt", "sge", "ne"]), lane, bound)
    if how == "lane":
        return m2
    return k.binary(r.choice(["andi", "ori", "xori"]), m, m2)


def permute(st, lane, n):
    """A bijection of [0, n) applied to an i32 tile of values in [0, n)."""
    k, r = st.k, st.r
    shape = lane.shape
    how = r.choice(["same", "xor", "mul", "reverse"])
    if how == "xor" and n > 1:
        return k.binary("xori", lane, k.const(r.randrange(n), shape, "i32"))
    if how == "mul" and n > 1:
        odd = k.const(2 * r.randrange(n) + 1, shape, "i32")
        return k.binary("andi", k.binary("muli", lane, odd),
                        k.const(n - 1, shape, "i32"))
    if how == "reverse":
        return k.binary("subi", k.const(n - 1, shape, "i32"), lane)
    return lane


def base_tile(st, offset, shape):
    """An index scalar as an i32 tile."""
    return st.k.splat(st.k.index_to_i32(offset), shape)


def distinct_indices(st, shape, plain=False):
    """A target memref and index tiles naming a distinct address for every
    element of every program (permuted within the program's block; some
    out of range past the ragged edges, some masked off with -1), for
    scatters and for atomics whose results are kept; `plain`: neither
    permuted nor masked (affine in the element's coordinates)."""
    k, r = st.k, st.r
    if r.random() < 0.5:  # one index tile into a rank-1 memref
        n = prod(shape)
        sizes, offs = out_box(st, [n]) if r.random() < 0.5 else \
            box(st, [k.linear()], [st.nprog], [n])
        lin = k.flat(shape) if plain else permute(st, k.flat(shape), n)
        idx = [k.binary("addi", lin, base_tile(st, offs[0], shape))]
    else:  # one per dimension of a memref of the tile's rank
        sizes, offs = box(st, [k.linear()] + [k.index(0)] * (len(shape) - 1),
                          [st.nprog] + [1] * (len(shape) - 1), shape)
        idx = [k.binary("addi", k.lane(shape, d) if plain else
                        permute(st, k.lane(shape, d), shape[d]),
                        base_tile(st, offs[d], shape))
               for d in range(len(shape))]
    if not plain and r.random() < 0.5:
        m = random_mask(st, shape)
        d = r.randrange(len(idx))
        idx[d] = k.select(m, idx[d], k.const(-1, shape, "i32"))
    return sizes, wide_indices(st, idx)


def repeating_indices(st, shape):
    """Index tiles that repeat, within the tile and across programs (a
    hash modulo a few bins, or the linear index folded), into a small
    memref; some out of range."""
    k, r = st.k, st.r
    rank = r.choice([1, 1, 2])
    sizes, idx = [], []
    for _ in range(rank):
        bins = r.choice([1, 2, 3, 5, 8, 17])
        if r.random() < 0.5:
            h = k.binary("andi", hash_bits(st, shape),
                         k.const(0x7FFFFFFF, shape, "i32"))
        else:
            h = k.flat(shape)
        i = k.binary("remsi", h, k.const(bins + r.choice([0, 0, 1]), shape,
                                         "i32"))
        if r.random() < 0.3:
            i = k.binary("subi", i, k.const(1, shape, "i32"))
        idx.append(i)
        sizes.append(bins)
    return sizes, wide_indices(st, idx)


def wide_indices(st, idx):
    """Index tiles as they are (i32) or extended to i64, all alike."""
    if st.r.random() < 0.3:
        return [st.k.cast(i, "i64") for i in idx]
    return idx


# ---- stages -------------------------------------------------------------

def combine(st, a, b):
    """a and b (one shape and type) joined elementwise."""
    ops = ["addf", "subf", "maximumf", "mulf"] if is_float(a.t) else \
        ["addi", "subi", "xori", "maxsi"]
    return st.k.binary(st.r.choice(ops), a, b)


def operand(st, cur):
    """Something of cur's shape and type to combine with it: an input
    tile when the shapes agree, a constant, or cur itself."""
    k, r = st.k, st.r
    if cur.shape == st.shape and cur.t == st.t and r.random() < 0.6:
        return r.choice(st.inputs)
    if r.random() < 0.5:
        return k.const(float_literal(r) if is_float(cur.t) else
                       int_literal(r), cur.shape, cur.t)
    return cur


def stage_elementwise(st, cur):
    """One to four elementwise ops, each on cur or an earlier one of them,
    with an input tile, a constant or itself."""
    k, r = st.k, st.r
    vals = [cur]
    for _ in range(r.randint(1, 4)):
        a = r.choice(vals)
        if is_float(cur.t):
            if r.random() < 0.3:
                dialect, name = r.choice(FLOAT_UNARY)
                inexact = getattr(a, "inexact", False)
                if st.v7 and inexact and name in ("floor", "ceil"):
                    name = "absf"
                if st.v16 and name == "exp":
                    a = k.op("math.tanh %s : %s" % (a.name, a.ty), a.shape,
                             a.t)
                v = k.op("%s.%s %s : %s" % (dialect, name, a.name, a.ty),
                         a.shape, a.t)
                v.inexact = inexact or name in ("exp", "tanh")
            else:
                name = r.choice(FLOAT_BINARY)  # drawn before the operand
                b = operand(st, a)
                v = k.binary(name, a, b)
                v.inexact = getattr(a, "inexact", False) or \
                    getattr(b, "inexact", False)
        else:
            edgy = INT_EDGY + (INT_ROUNDED_DIVISION if st.v15 else [])
            name = r.choice(INT_BINARY + edgy if r.random() < 0.4
                            else INT_BINARY)
            b = operand(st, a)
            if name.startswith("sh") and r.random() < 0.6:
                # Mostly shifts within the width; the rest past it.
                b = k.binary("andi", b, k.const(BITS[a.t] - 1, a.shape, a.t))
            v = k.binary(name, a, b)
        vals.append(v)
    return vals[-1]


def negated(st, cur):
    """0 - x (or -x): the ptxas bug's shape, kept common."""
    k = st.k
    if is_float(cur.t):
        return k.op("arith.negf %s : %s" % (cur.name, cur.ty), cur.shape,
                    cur.t)
    return k.binary("subi", k.const(0, cur.shape, cur.t), cur)


def stage_reduce(st, cur):
    """A reduction along an axis, broadcast back and joined to the tile
    (a rank-1 tile reduces to a scalar and is splat back)."""
    k, r = st.k, st.r
    src = cur
    if r.random() < (0.6 if not is_float(cur.t) else 0.3):
        src = negated(st, cur)
    kinds = REDUCE_FLOAT if is_float(cur.t) else REDUCE_INT
    if src is not cur and r.random() < 0.7:
        kind = r.choice(["max", "min"])
    else:
        kind = r.choice(kinds)
    if kind == "mul" and is_float(cur.t):
        src = bounded(st, src)
    axis = r.randrange(cur.rank)
    red = k.reduce(src, axis, kind)
    if cur.rank == 1:
        back = k.splat(red, cur.shape)
    else:
        back = k.broadcast(k.expand(red, axis), cur.shape)
    return combine(st, src if r.random() < 0.5 else cur, back)


def bounded(st, v):
    """A float tile squashed for a product along any of its dimensions.
    Before LONG_PRODUCT_SEED, tanh plus a half: (-0.5, 1.5), which long
    products leave in ways orders of rounding decide. From it, 1 + c tanh
    with (1 - c)^-n = 2^E for the longest dimension n, so that no partial
    product of n factors overflows or flushes."""
    k = st.k
    t = k.op("math.tanh %s : %s" % (v.name, v.ty), v.shape, v.t)
    if not st.v10:
        half = k.const("0.5", v.shape, v.t)
        return k.binary("addf", t, half)
    n = max(v.shape)
    c = min(0.5, 1 - 2.0 ** (-PRODUCT_EXPONENT[v.t] / n))
    scaled = k.binary("mulf", t, k.const("%.8f" % c, v.shape, v.t))
    return k.binary("addf", scaled, k.const("1.0", v.shape, v.t))


def stage_scan(st, cur):
    """A scan of a random kind along a random axis, forward or reverse, of
    cur (negated sometimes), kept or joined to cur."""
    k, r = st.k, st.r
    kind = r.choice(REDUCE_FLOAT if is_float(cur.t) else REDUCE_INT)
    axis = r.randrange(cur.rank)
    src = negated(st, cur) if r.random() < 0.3 else cur
    if kind == "mul" and is_float(cur.t):
        src = bounded(st, src)
    rev = ", reverse" if r.random() < 0.5 else ""
    s = k.op('"tile.scan"(%s) {axis = %d : i32, kind = "%s"%s} : (%s) -> %s'
             % (src.name, axis, kind, rev, src.ty, src.ty), src.shape, src.t)
    return s if r.random() < 0.5 else combine(st, s, cur)


def random_shape(r, count, rank):
    """A power-of-two shape of `rank` dimensions holding `count`."""
    e = count.bit_length() - 1
    cuts = sorted(r.randint(0, e) for _ in range(rank - 1))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [e])]
    return [2 ** p for p in parts]


def stage_shapes(st, cur):
    """A chain of reshape, expand_dims + broadcast, reduce and trans; half
    the time reshaped back to where it started."""
    k, r = st.k, st.r
    start = cur
    for _ in range(r.randint(1, 3)):
        how = r.choice(["reshape", "expand", "trans"])
        if how == "reshape":
            cur = k.reshape(cur, random_shape(r, prod(cur.shape),
                                              r.randint(1, 3)))
        elif how == "expand" and cur.rank < 3 and prod(cur.shape) <= 1024:
            axis = r.randint(0, cur.rank)
            e = k.expand(cur, axis)
            n = r.choice([1, 2, 4])
            shape = list(e.shape)
            shape[axis] = n
            b = k.broadcast(e, shape)
            if r.random() < 0.5:  # and folded away again
                kind = r.choice(["max", "min", "add"] if not is_float(cur.t)
                                else ["max", "min", "maxnum"])
                cur = k.reduce(b, axis, kind)
            else:
                cur = b
        elif how == "trans" and cur.rank >= 2:
            perm = list(range(cur.rank))
            while perm == list(range(cur.rank)):
                r.shuffle(perm)
            cur = k.trans(cur, perm)
    if cur.shape != start.shape and prod(cur.shape) == prod(start.shape) \
            and r.random() < 0.5:
        cur = k.reshape(cur, start.shape)
        if cur.t == start.t:
            cur = combine(st, cur, start)
    return cur


def stage_trans(st, cur):
    """A transpose by a random permutation other than the identity."""
    k, r = st.k, st.r
    perm = list(range(cur.rank))
    while perm == list(range(cur.rank)):
        r.shuffle(perm)
    return k.trans(cur, perm)


def stage_gather(st, cur):
    """x gathered at hashed indices of cur's shape, each dimension's modulo
    its size plus two, less one: -1 and size name nothing (padding)."""
    k, r = st.k, st.r
    idx = []
    for d in range(len(st.shape)):
        h = k.binary("andi", hash_bits(st, cur.shape),
                     k.const(0x7FFFFFFF, cur.shape, "i32"))
        dim = k.op("memref.dim %%x, %s : %s"
                   % (k.index(d).name, memref(len(st.shape), st.t)), [],
                   "index")
        n = k.binary("addi", k.splat(k.index_to_i32(dim), cur.shape),
                     k.const(2, cur.shape, "i32"))
        i = k.binary("subi", k.binary("remsi", h, n),
                     k.const(1, cur.shape, "i32"))
        idx.append(i)
    idx = wide_indices(st, idx)
    pad = ""
    if r.random() < 0.4:
        pad = " {padding = %s : %s}" % (
            "-2.0" if is_float(st.t) else "-7", st.t)
    g = k.op('"tile.gather"(%%x, %s)%s : (%s, %s) -> %s'
             % (", ".join(i.name for i in idx), pad, memref(len(st.shape),
                                                            st.t),
                ", ".join(i.ty for i in idx), tensor(cur.shape, st.t)),
             cur.shape, st.t)
    return combine(st, k.cast(g, cur.t), cur)


def stage_masked_load(st, cur):
    """y again, under a random mask (padding where it is false)."""
    v = load(st, "%y", st.shape, st.t, st.offs)
    return combine(st, cur, v)


def stage_scalar(st, cur):
    """A detour through a scalar: the tile reduced to one value (reshaped
    to rank 1 first), then f64 (floats) or i64 (integers) arithmetic with
    a kernel argument, converted back and splat."""
    k, r = st.k, st.r
    flat = cur if cur.rank == 1 else k.reshape(cur, [prod(cur.shape)])
    kind = r.choice(["max", "min", "add"])
    s = k.reduce(flat, 0, kind)
    if is_float(cur.t):
        wide = k.cast(s, "f64")
        a = Val(k.arg("alpha%d" % len(k.args), "f64",
                      r.choice(["0.3", "-1.7", "2.5", "0.00001"])), [], "f64")
        w = k.op("arith.mulf %s, %s : f64" % (wide.name, a.name), [], "f64")
        w = k.op("arith.addf %s, %s : f64" % (
            w.name, k.scalar_const("1.0e-01", "f64").name), [], "f64")
        back = k.cast(w, cur.t)
    else:
        wide = k.cast(s, "i64")
        a = Val(k.arg("beta%d" % len(k.args), "i64",
                      str(r.choice([3, -7, 1 << 33, -(1 << 40)]))), [], "i64")
        w = k.op("arith.%s %s, %s : i64" % (r.choice(["muli", "addi", "xori"]),
                                           wide.name, a.name), [], "i64")
        back = k.cast(w, cur.t)
    return combine(st, cur, k.splat(back, cur.shape))


def stage_loop(st, cur):
    """gen.py's masked loop over x's last dimension (rank 1 and 2)."""
    k, r = st.k, st.r
    ty = tensor(cur.shape, cur.t)
    name = gen1.masked_loop(k, r, cur.name, cur.shape,
                            [o.name for o in st.offs], cur.rank, cur.t,
                            is_float(cur.t), ty, memref(cur.rank, cur.t))
    return Val(name, cur.shape, cur.t)


def stage_f8(st, cur):
    """(v6) cur rounded to an f8 format (truncf: to nearest even,
    saturating, NaN kept; scaled first, sometimes, toward saturation or
    the subnormals), sometimes picked against an f8 constant or a loaded
    f8 tile under a random mask, its codes sometimes changed through i8
    (bitcast, xor, bitcast back: other codes, NaN and inf among them),
    sometimes an output of its own, then extended back and joined with
    cur. An i8 cur is read as f8 codes (bitcast), extended and converted
    back (fptosi: saturating, NaN to 0)."""
    k, r = st.k, st.r
    f8 = r.choice(F8)
    if cur.t == "i8":
        v = k.op("arith.bitcast %s : %s to %s"
                 % (cur.name, cur.ty, tensor(cur.shape, f8)), cur.shape, f8)
        return combine(st, cur, k.cast(k.cast(v, r.choice(FLOATS)), "i8"))
    x = cur
    if r.random() < 0.3:
        x = k.binary("mulf", x, k.const(r.choice(["64.0", "1.0e-3",
                                                  "3.0e+04", "-0.125"]),
                                        x.shape, x.t))
    v = k.cast(x, f8)
    if r.random() < 0.3:
        if r.random() < 0.5:
            other = k.const(r.choice(["0.3", "-1.5", "0.0", "-0.0",
                                      "1.0e-2"]), v.shape, f8)
        else:
            other = load_f8(st, v.shape, f8)
        v = k.select(random_mask(st, v.shape), v, other)
    if r.random() < 0.25:
        b = k.op("arith.bitcast %s : %s to %s"
                 % (v.name, v.ty, tensor(v.shape, "i8")), v.shape, "i8")
        if st.v12:
            b = canonical_nan_codes(k, b, f8)
        b = k.binary("xori", b, k.const(r.choice([1, 7, 64, -128]), v.shape,
                                        "i8"))
        v = k.op("arith.bitcast %s : %s to %s"
                 % (b.name, b.ty, tensor(v.shape, f8)), v.shape, f8)
    if r.random() < 0.3:
        st.outputs.append(v)
    return combine(st, cur, k.cast(v, cur.t))


def canonical_nan_codes(k, b, f8):
    """The i8 codes b of f8 values with every NaN code made 0x7F (draws
    nothing from the generator's random stream)."""
    magnitude = k.binary("andi", b, k.const(0x7F, b.shape, "i8"))
    nan = k.cmp("cmpi", "sge", magnitude,
                k.const(F8_NAN_MAGNITUDE[f8], b.shape, "i8"))
    return k.select(nan, k.const(0x7F, b.shape, "i8"), b)


def load_f8(st, shape, f8):
    """An f8 tile of a new memref at this program's block (padding the
    largest code, sometimes)."""
    k, r = st.k, st.r
    sizes, offs = box(st, [k.linear()] + [k.index(0)] * (len(shape) - 1),
                      [st.nprog] + [1] * (len(shape) - 1), shape)
    mem = st.new_arg("e", sizes, f8, "randn:%sx%s:seed=%d" % (
        "x".join(map(str, sizes)), spec_type(f8), st.spec_seed()))
    pad = " {padding = %s : %s}" % (r.choice(["0x7E", "0xFB", "-0.5"]), f8) \
        if r.random() < 0.5 else ""
    return k.op('"tile.load"(%s, %s)%s : (%s, %s) -> %s'
                % (mem, ", ".join(o.name for o in offs), pad,
                   memref(len(shape), f8), ", ".join(["index"] * len(shape)),
                   tensor(shape, f8)), shape, f8)


def stages_for(st, cur):
    """The stages that fit cur, with weights."""
    out = [(stage_elementwise, 3), (stage_reduce, 3), (stage_scan, 3),
           (stage_shapes, 2), (stage_gather, 1), (stage_scalar, 1)]
    if st.v6 and (is_float(cur.t) or cur.t == "i8"):
        out.append((stage_f8, 2))
    if cur.rank >= 2:
        out.append((stage_trans, 1))
    if cur.shape == st.shape and cur.t == st.t:
        out.append((stage_masked_load, 1))
        if cur.rank <= 2 and st.r.random() < 0.5:
            out.append((stage_loop, 1))
    return out


# ---- chained dots -------------------------------------------------------

def dot_type(st):
    """The first dot's input type: the kernel's where a dot takes it (v6:
    an f8 format, a quarter of the time)."""
    if st.v6 and st.r.random() < 0.25:
        return st.r.choice(F8)
    if st.t in ("f16", "bf16", "f32", "i8"):
        return st.t
    return st.r.choice(["f16", "i8", "f32"])


def other_f8(st, t):
    """B's type for A's t: t, or for f8 either format (they mix)."""
    return st.r.choice(F8) if t in F8 else t


def dot(st, a, b, acc, precision=None):
    """a b + acc."""
    k = st.k
    attr = ' {precision = "%s"}' % precision if precision else ""
    return k.op('"tile.dot"(%s, %s, %s)%s : (%s, %s, %s) -> %s'
                % (a.name, b.name, acc.name, attr, a.ty, b.ty, acc.ty,
                   acc.ty), acc.shape, acc.t)


def zeros(st, shape, t):
    """A zero accumulator."""
    return st.k.const("0.0" if t in FLOATS else "0", shape, t)


def dot_operand(st, rows, cols, t, transposed=False):
    """A [rows, cols] tile of a new memref (loaded as [cols, rows] and
    transposed, as attention's K is, when `transposed`), this program's
    block of rows: ragged edges pad with zeros."""
    k = st.k
    shape = [cols, rows] if transposed else [rows, cols]
    sizes, offs = box(st, [k.linear(), k.index(0)], [st.nprog, 1], shape)
    mem = st.new_arg("d", sizes, t, dot_spec(st, sizes, t))
    v = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
             % (mem, offs[0].name, offs[1].name, memref(2, t),
                tensor(shape, t)), shape, t)
    return k.trans(v, [1, 0]) if transposed else v


def dot_spec(st, sizes, t):
    """A dot operand's input: normal floats, any i8."""
    dims = "x".join(map(str, sizes))
    if t == "i8":
        return "bits:%sxi8:seed=%d" % (dims, st.spec_seed())
    return "randn:%sx%s:seed=%d" % (dims, spec_type(t), st.spec_seed())


def k_loop(st, m, kdim, n, t, acc, tb=None):
    """acc + A B over K blocks in an scf.for (a matmul's loop), A (of t)
    and B (of tb, else t) from new memrefs whose K extent is ragged."""
    k, r = st.k, st.r
    tb = tb or t
    bk = kdim
    steps = r.randint(1, 3)
    total = steps * bk + r.randint(-bk // 2, bk // 2)
    if st.aligned:
        total = st.inner([1, total])[1]
    asz = [st.nprog * m, total]
    kmajor = st.v8 and r.random() < 0.5
    bsz = [n, total] if kmajor else [total, n]
    am = st.new_arg("d", asz, t, dot_spec(st, asz, t))
    bm = st.new_arg("d", bsz, tb, dot_spec(st, bsz, tb))
    rows = None
    if st.v14 and acc.t in ("f32", "i32") and r.random() < 0.4:
        rows = st.new_arg("d", st.inner([1, total + n]), acc.t)
    row = k.iop("muli", k.linear(), k.index(m))
    c0, c1, step = k.index(0), k.index(1), k.index(bk)
    kend = k.op("memref.dim %s, %s : %s" % (am, c1.name, memref(2, t)), [],
                "index")
    if st.v11 and r.random() < 0.3:
        # Causal-shaped: program i along the axis runs min(K, (i + 1) BK).
        grows = k.iop("muli", k.iop("addi", k.pid(r.choice([0, 1])), c1),
                      step)
        kend = k.iop("minui", kend, grows)
    res, kk, a0 = k.fresh(), k.fresh(), k.fresh()
    k.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {"
           % (res, kk, c0.name, kend.name, step.name, a0, acc.name, acc.ty))
    ta = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
              % (am, row.name, kk, memref(2, t), tensor([m, bk], t)),
              [m, bk], t)
    # B's box, [N][K] and transposed when K-major.
    shape, offs = ([n, bk], (c0.name, kk)) if kmajor else \
        ([bk, n], (kk, c0.name))
    tb = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
              % ((bm,) + offs + (memref(2, tb), tensor(shape, tb))),
              shape, tb)
    if kmajor:
        tb = k.trans(tb, [1, 0])
    d = dot(st, ta, tb, Val(a0, acc.shape, acc.t), precision(st, t))
    if rows:
        # This step's row: [1][N] at column kk of its memref (past the end
        # on a ragged last step: zeros).
        rl = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
                  % (rows, c0.name, kk, memref(2, acc.t),
                     tensor([1, n], acc.t)), [1, n], acc.t)
        d = k.binary("addi" if acc.t == "i32" else "addf", d,
                     k.broadcast(rl, acc.shape))
    k.emit("  scf.yield %s : %s" % (d.name, d.ty))
    k.emit("}")
    return Val(res, acc.shape, acc.t)


def precision(st, t):
    """An f32 dot's precision attribute (none: tf32), an fp8 one's (none:
    promoted sums, or "fast"; from KMAJOR_SEED), or none at all."""
    if t in F8 and st.v8:
        return st.r.choice([None, None, "fast"])
    if t != "f32":
        return None
    return st.r.choice([None, "tf32", "ieee"])


def softmax_rows(st, s):
    """exp(s - rowmax(s)) and its row sums: attention's epilogue."""
    k = st.k
    m = k.broadcast(k.expand(k.reduce(s, 1, "max"), 1), s.shape)
    p = k.op("math.exp %s : %s" % (k.binary("subf", s, m).name, s.ty),
             s.shape, s.t)
    return p, k.reduce(p, 1, "add")


def open_loop(k, lo, hi, step, carried):
    """Opens `res:N = scf.for iv = lo to hi step step` carrying the Vals
    `carried`; the caller emits the body, its yield and the closing
    brace. Returns res's name, the induction variable's and the body's
    iter_args as Vals."""
    names = [k.fresh() for _ in carried]
    res, iv = k.fresh(), k.fresh()
    k.emit("%s:%d = scf.for %s = %s to %s step %s iter_args(%s) -> (%s) {"
           % (res, len(carried), iv, lo.name, hi.name, step.name,
              ", ".join("%s = %s" % (n, v.name) for n, v in zip(names, carried)),
              ", ".join(v.ty for v in carried)))
    return res, iv, [Val(n, v.shape, v.t) for n, v in zip(names, carried)]


def loop_sizes(st):
    """An attention loop's rows, width and block (16, 32 or 64 each) and
    whether it is the nineteenth version's big one (the first of a big
    kernel: 128 rows, 64 or 128 wide, blocks of 64 or 128)."""
    r = st.r
    sizes = [r.choice([16, 32, 64]) for _ in range(3)]
    big = st.big and not st.big_done
    if big:
        sizes = [128, r.choice([64, 128]), r.choice([64, 128])]
        st.big_done = True
    return sizes + [big]


def loop_scale(st, big, d):
    """The scores' scale: 1/8 or 1/4, 1/8 for a big loop 128 wide (exp of
    its f16 P stays finite)."""
    scale = st.r.choice(["0.125", "0.25"])
    return "0.125" if big and d == 128 else scale


def attention_loop(st, cur):
    """Attention over a ragged K and V of its own (v17): for each block of
    BN keys, S = Q K_j^T scaled (keys past the end masked to -inf half the
    time), then either the online softmax (the running row maximum m, P =
    exp(S - m), the sum and the accumulator rescaled by exp(m_old - m)) or
    P = exp(S) with no maximum and no rescale, and acc = dot(P, V_j, acc)
    with P rounded to the inputs' type; O = acc / sum after the loop, an
    output of its own (f32). Exp of scores of at most a few units: the
    inputs are normal and the scale 1/8 or 1/4."""
    k, r = st.k, st.r
    t = r.choice(["f16", "f16", "bf16"])
    m, d, bn, big = loop_sizes(st)
    q = dot_operand(st, m, d, t)
    lk = r.randint(1, 3) * bn + r.randint(-bn // 2, bn // 2)
    sizes = st.inner([lk, d])
    km = st.new_arg("d", sizes, t, dot_spec(st, sizes, t))
    vm = st.new_arg("d", sizes, t, dot_spec(st, sizes, t))
    rescale, masked = r.random() < 0.5, r.random() < 0.5
    scale = loop_scale(st, big, d)
    scale_arg = None
    if st.v20 and r.random() < 0.5:
        value = scale if r.random() < 0.5 else "-" + scale
        scale_arg = Val(k.arg("scale%d" % len(k.args), "f32", value), [],
                        "f32")
    c0, step = k.index(0), k.index(bn)
    kend = k.op("memref.dim %s, %s : %s" % (km, c0.name, memref(2, t)), [],
                "index")
    carried = [zeros(st, [m], "f32"), zeros(st, [m, d], "f32")]
    if rescale:
        carried.insert(0, k.const("0xFF800000", [m], "f32"))
    res, j, args = open_loop(k, c0, kend, step, carried)
    acc, l = args[-1], args[-2]
    tk = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
              % (km, j, c0.name, memref(2, t), tensor([bn, d], t)), [bn, d], t)
    s = dot(st, q, k.trans(tk, [1, 0]), zeros(st, [m, bn], "f32"))
    s = k.binary("mulf", s, k.splat(scale_arg, s.shape) if scale_arg
                 else k.const(scale, s.shape, "f32"))
    if masked:
        jv = k.splat(k.index_to_i32(Val(j, [], "index")), [bn])
        valid = k.cmp("cmpi", "slt", k.binary("addi", k.range(bn), jv),
                      k.splat(k.index_to_i32(kend), [bn]))
        s = k.select(k.broadcast(k.expand(valid, 0), s.shape), s,
                     k.const("0xFF800000", s.shape, "f32"))
    if rescale:
        mi = args[0]
        mx = k.binary("maximumf", mi, k.reduce(s, 1, "max"))
        p = k.op("math.exp %s : %s" % (k.binary(
            "subf", s, k.broadcast(k.expand(mx, 1), s.shape)).name, s.ty),
            s.shape, "f32")
        alpha = k.op("math.exp %s : %s" % (k.binary("subf", mi, mx).name,
                                           mi.ty), mi.shape, "f32")
        l = k.binary("mulf", l, alpha)
        acc = k.binary("mulf", acc, k.broadcast(k.expand(alpha, 1),
                                                acc.shape))
        first = [mx]
    else:
        p = k.op("math.exp %s : %s" % (s.name, s.ty), s.shape, "f32")
        first = []
    l = k.binary("addf", l, k.reduce(p, 1, "add"))
    tv = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
              % (vm, j, c0.name, memref(2, t), tensor([bn, d], t)), [bn, d], t)
    acc = dot(st, k.cast(p, t), tv, acc)
    out = first + [l, acc]
    k.emit("  scf.yield %s : %s" % (", ".join(v.name for v in out),
                                    ", ".join(v.ty for v in out)))
    k.emit("}")
    n = len(carried)
    lf = Val("%s#%d" % (res, n - 2), [m], "f32")
    accf = Val("%s#%d" % (res, n - 1), [m, d], "f32")
    o = k.binary("divf", accf, k.broadcast(k.expand(lf, 1), accf.shape))
    st.outputs.append(o)
    if scale_arg and rescale:
        # The running maximum too, stored as it is: O does not depend on it
        # (softmax is the same against any reference), the maximum tells
        # which version of the loop ran wrongly (c max(x) is the minimum
        # for c < 0).
        sink_store(st, Val("%s#0" % res, [m], "f32"))
    return cur


def backward_loop(st, cur):
    """Attention's backward for one block of N keys over query blocks of
    BM (v18), as dK/dV's kernel runs it: per step S^T = K Q_i^T scaled,
    P^T = exp(S^T - lse_i) with a row of log-sum-exps per query, dV +=
    P^T dO_i, dP^T = V dO_i^T, dS^T = P^T (dP^T - delta_i), dK += dS^T
    Q_i; dK and dV (f32) are outputs. Q, dO, lse and delta are ragged
    memrefs of their own (padding past the end: zeros, whose terms add
    nothing)."""
    k, r = st.k, st.r
    t = r.choice(["f16", "f16", "bf16"])
    n, d, bm, big = loop_sizes(st)
    kb = dot_operand(st, n, d, t)
    vb = dot_operand(st, n, d, t)
    lq = r.randint(1, 3) * bm + r.randint(-bm // 2, bm // 2)
    sizes = st.inner([lq, d])
    qm = st.new_arg("d", sizes, t, dot_spec(st, sizes, t))
    dom = st.new_arg("d", sizes, t, dot_spec(st, sizes, t))
    rows = st.inner([1, lq])
    lsem = st.new_arg("d", rows, "f32", dot_spec(st, rows, "f32"))
    deltam = st.new_arg("d", rows, "f32", dot_spec(st, rows, "f32"))
    scale = loop_scale(st, big, d)
    c0, step = k.index(0), k.index(bm)
    qend = k.op("memref.dim %s, %s : %s" % (qm, c0.name, memref(2, t)), [],
                "index")
    carried = [zeros(st, [n, d], "f32"), zeros(st, [n, d], "f32")]
    res, i, (dk, dv) = open_loop(k, c0, qend, step, carried)

    def block(mem, shape, ty):
        return k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
                    % (mem, i, c0.name, memref(2, ty), tensor(shape, ty)),
                    shape, ty)

    def row(mem):
        v = k.op('"tile.load"(%s, %s, %s) : (%s, index, index) -> %s'
                 % (mem, c0.name, i, memref(2, "f32"),
                    tensor([1, bm], "f32")), [1, bm], "f32")
        return k.broadcast(v, [n, bm])

    qi, doi = block(qm, [bm, d], t), block(dom, [bm, d], t)
    sT = dot(st, kb, k.trans(qi, [1, 0]), zeros(st, [n, bm], "f32"))
    sT = k.binary("mulf", sT, k.const(scale, sT.shape, "f32"))
    pT = k.op("math.exp %s : %s" % (k.binary("subf", sT, row(lsem)).name,
                                    sT.ty), sT.shape, "f32")
    dv = dot(st, k.cast(pT, t), doi, dv)
    dpT = dot(st, vb, k.trans(doi, [1, 0]), zeros(st, [n, bm], "f32"))
    dsT = k.binary("mulf", pT, k.binary("subf", dpT, row(deltam)))
    dk = dot(st, k.cast(dsT, t), qi, dk)
    k.emit("  scf.yield %s, %s : %s, %s" % (dk.name, dv.name, dk.ty, dv.ty))
    k.emit("}")
    st.outputs.append(Val("%s#0" % res, [n, d], "f32"))
    st.outputs.append(Val("%s#1" % res, [n, d], "f32"))
    return cur


def stage_dots(st, cur):
    """Two dots, the second of the first's result (attention's P V after
    Q K^T), with epilogues; the result is an output of its own, and joins
    cur too when their shapes and types agree. From ATTENTION_SEED, half
    the time an attention loop instead (attention_loop); from
    BACKWARD_SEED, before that, two times in five a backward loop
    (backward_loop)."""
    k, r = st.k, st.r
    if st.big and not st.big_done:  # v19: the big loop, first
        return (backward_loop if r.random() < 0.4 else attention_loop)(st, cur)
    if st.v18 and r.random() < 0.4:
        return backward_loop(st, cur)
    if st.v17 and r.random() < 0.5:
        return attention_loop(st, cur)
    t = dot_type(st)
    # The first dot accumulates in f32 (i32): an f16 accumulator's
    # rounding, amplified by a softmax and a second dot, is more than the
    # comparison's rounding envelope can bound (interp.ROUNDING).
    acc_t = "i32" if t == "i8" else "f32"
    sizes = [16, 32, 64]
    # f8 dots with K = 16 do not compile for the GPU (docs/difftest.md):
    # K (the first dot's, and n, the second's) from 32.
    ks = [32, 64] if t in F8 else sizes
    if cur.rank == 2 and cur.t == t and min(cur.shape) >= 16 and \
            max(cur.shape) <= 64 and r.random() < 0.7:
        a = cur
        m, kd = cur.shape
    else:
        # From KMAJOR_SEED, fp8 rows mostly 64: four warps' wgmma block.
        ms = [64, 64, 32, 16] if st.v8 and t in F8 else sizes
        m, kd = r.choice(ms), r.choice(ks)
        a = None
    n, e = r.choice(ks), r.choice(sizes)
    acc0 = zeros(st, [m, n], acc_t)
    # From KMAJOR_SEED, fp8 more often in a loop, where its sums promote.
    if a is None and r.random() < (0.6 if st.v8 and t in F8 else 0.3):
        s = k_loop(st, m, kd, n, t, acc0, other_f8(st, t))
    else:
        if a is None:
            a = dot_operand(st, m, kd, t)
        b = dot_operand(st, kd, n, other_f8(st, t),
                        transposed=r.random() < 0.5)
        s = dot(st, a, b, acc0, precision(st, t))
    # Epilogue of the first dot, then the second dot's left operand.
    rowsum = None
    if acc_t == "i32":
        s = k.binary("addi", s, k.const(r.randint(-50, 50), s.shape, "i32"))
        s = k.binary(r.choice(["shrsi", "maxsi"]), s,
                     k.const(r.randint(0, 4), s.shape, "i32"))
        p_t = "i8"
    else:
        s = k.binary("mulf", s, k.const(r.choice(["0.125", "0.5", "1.0"]),
                                        s.shape, acc_t))
        if r.random() < 0.6:
            s, rowsum = softmax_rows(st, s)
        p_t = t if t != "f32" else r.choice(["f32", "f16"])
    p = k.cast(s, p_t)
    v = dot_operand(st, n, e, other_f8(st, p_t))
    acc2_t = "i32" if p_t == "i8" else r.choice(["f32", "f32", "f16"]) \
        if p_t in ("f16", "bf16") else "f32"
    o = dot(st, p, v, zeros(st, [m, e], acc2_t), precision(st, p_t))
    if rowsum is not None:
        # Normalized in f32, as attention does: an f16 row sum's rounding
        # can flip by an ulp where the sums differ in their last bits, and
        # a ratio of two sums is outside the rounding envelope.
        l = k.broadcast(k.expand(rowsum, 1), o.shape)
        o = k.cast(k.binary("divf", k.cast(o, "f32"), l), acc2_t)
    st.outputs.append(o)
    if o.shape == cur.shape and o.t == cur.t:
        return combine(st, cur, o)
    return cur


# ---- sinks --------------------------------------------------------------

def sink_store(st, v):
    """A store of v, or a store_masked under a random mask."""
    k = st.k
    sizes, offs = out_box(st, v.shape)
    mem = st.new_arg("out", sizes, v.t, "zeros:%sx%s" % (
        "x".join(map(str, sizes)), spec_type(v.t)))
    idx = ", ".join(["index"] * v.rank)
    names = ", ".join(o.name for o in offs)
    if st.r.random() < 0.35:
        m = random_mask(st, v.shape)
        k.emit('"tile.store_masked"(%s, %s, %s, %s) : (%s, %s, %s, %s) -> ()'
               % (v.name, mem, m.name, names, v.ty, memref(v.rank, v.t),
                  m.ty, idx))
    else:
        k.emit('"tile.store"(%s, %s, %s) : (%s, %s, %s) -> ()'
               % (v.name, mem, names, v.ty, memref(v.rank, v.t), idx))


def sink_scatter(st, v):
    """v scattered to distinct addresses, some out of range or masked."""
    k = st.k
    sizes, idx = distinct_indices(st, v.shape)
    mem = st.new_arg("out", sizes, v.t, "zeros:%sx%s" % (
        "x".join(map(str, sizes)), spec_type(v.t)))
    k.emit('"tile.scatter"(%s, %s, %s) : (%s, %s, %s) -> ()'
           % (v.name, mem, ", ".join(i.name for i in idx), v.ty,
              memref(len(sizes), v.t), ", ".join(i.ty for i in idx)))


def atomic_value(st, v):
    """v in an element type atomics take: f32 for floats, i32 or i64 for
    integers."""
    if is_float(v.t):
        if st.v6 and v.t in ("f16", "bf16") and st.r.random() < 0.7:
            return v  # f16/bf16 atomics, each sum rounded to v.t
        return st.k.cast(v, "f32")
    if v.t in ("i32", "i64"):
        return v
    return st.k.cast(v, st.r.choice(["i32", "i64"]))


def memory_order(st):
    """Random sem and scope attributes of an atomic (or none)."""
    r = st.r
    attrs = []
    if r.random() < 0.3:
        attrs.append('sem = "%s"' % r.choice(["relaxed", "acquire",
                                              "release", "acq_rel"]))
    if r.random() < 0.3:
        attrs.append('scope = "%s"' % r.choice(["cta", "gpu", "sys"]))
    return attrs


def keep_found(st, found):
    """What each element of an atomic found, stored where it can be
    compared (only when the addresses are distinct in the launch)."""
    sizes, offs = box(st, [st.k.linear()] + [st.k.index(0)] *
                      (found.rank - 1), [st.nprog] + [1] * (found.rank - 1),
                      found.shape, shift=False)
    mem = st.new_arg("found", sizes, found.t, "zeros:%sx%s" % (
        "x".join(map(str, sizes)), found.t))
    st.k.emit('"tile.store"(%s, %s, %s) : (%s, %s, %s) -> ()'
              % (found.name, mem, ", ".join(o.name for o in offs), found.ty,
                 memref(found.rank, found.t),
                 ", ".join(["index"] * found.rank)))


def sink_atomic(st, v):
    """atomic_rmw of a random kind: at repeating addresses for the kinds
    whose result does not depend on the order (what each found is then
    not kept), at distinct ones otherwise (and kept)."""
    k, r = st.k, st.r
    v = atomic_value(st, v)
    kind = r.choice(ATOMIC_FLOAT if is_float(v.t) else ATOMIC_INT)
    repeat = kind in ORDER_FREE and r.random() < 0.6
    # v13: results unused (reductions), mostly relaxed and at addresses
    # affine in the coordinates (no permutation, no -1 mask).
    drop = not repeat and st.v13 and r.random() < 0.4
    plain = drop and r.random() < 0.7
    sizes, idx = repeating_indices(st, v.shape) if repeat else \
        distinct_indices(st, v.shape, plain)
    spec = "randn" if is_float(v.t) else r.choice(["ints", "bits", "iota"])
    mem = st.new_arg("acc", sizes, v.t, "%s:%sx%s:seed=%d" % (
        spec, "x".join(map(str, sizes)), v.t, st.spec_seed()))
    order = ['sem = "relaxed"'] if plain else memory_order(st)
    attrs = ", ".join(['kind = "%s"' % kind] + order)
    found = k.op('"tile.atomic_rmw"(%s, %s, %s) {%s} : (%s, %s, %s) -> %s'
                 % (v.name, mem, ", ".join(i.name for i in idx), attrs, v.ty,
                    memref(len(sizes), v.t), ", ".join(i.ty for i in idx),
                    v.ty), v.shape, v.t)
    if not repeat and not drop:
        keep_found(st, found)


def sink_cas(st, v):
    """atomic_cas at distinct addresses, comparing with what is there (a
    gather of the same addresses) changed in some elements, so some swap
    and some do not."""
    k, r = st.k, st.r
    v = atomic_value(st, v)
    sizes, idx = distinct_indices(st, v.shape)
    spec = "randn" if is_float(v.t) else r.choice(["ints", "iota"])
    mem = st.new_arg("acc", sizes, v.t, "%s:%sx%s:seed=%d" % (
        spec, "x".join(map(str, sizes)), v.t, st.spec_seed()))
    names = ", ".join(i.name for i in idx)
    itys = ", ".join(i.ty for i in idx)
    there = k.op('"tile.gather"(%s, %s) : (%s, %s) -> %s'
                 % (mem, names, memref(len(sizes), v.t), itys, v.ty),
                 v.shape, v.t)
    one = k.const("1.0" if is_float(v.t) else "1", v.shape, v.t)
    moved = k.binary("addf" if is_float(v.t) else "addi", there, one)
    cmp = k.select(random_mask(st, v.shape), there, moved)
    attrs = memory_order(st)
    found = k.op('"tile.atomic_cas"(%s, %s, %s, %s)%s : (%s, %s, %s, %s) -> %s'
                 % (cmp.name, v.name, mem, names,
                    " {%s}" % ", ".join(attrs) if attrs else "", v.ty, v.ty,
                    memref(len(sizes), v.t), itys, v.ty), v.shape, v.t)
    keep_found(st, found)


def sink(st, v):
    """v's end: a store, scatter, atomic or compare-and-swap, sometimes a
    second one too, each into a memref of its own."""
    r = st.r
    if v.t in F8:  # no atomics on f8
        r.choice([sink_store, sink_store, sink_scatter])(st, v)
        return
    how = weighted(r, [(sink_store, 4), (sink_scatter, 2), (sink_atomic, 3),
                       (sink_cas, 1)])
    how(st, v)
    if r.random() < 0.2:  # a second, to another memref
        r.choice([sink_store, sink_scatter, sink_atomic])(st, v)


# ---- the kernel ---------------------------------------------------------

def generate(seed):
    """The kernel text and compare.py arguments of a seed."""
    st = State(seed)
    k, r = st.k, st.r
    st.t = weighted(r, TYPES)
    rank = weighted(r, [(1, 2), (2, 4), (3, 3)])
    st.shape = choose_shape(r, rank, st.t)
    grid = choose_grid(r)
    st.nprog = prod(grid)
    blocks, counts = place_blocks(st, rank, grid)
    st.sizes, st.offs = box(st, blocks, counts, st.shape)
    x = k.arg("x", memref(rank, st.t),
              array_spec(r, st.sizes, st.t, st.spec_seed()))
    y = k.arg("y", memref(rank, st.t),
              array_spec(r, st.sizes, st.t, st.spec_seed()))
    st.inputs = [load(st, x, st.shape, st.t, st.offs),
                 load(st, y, st.shape, st.t, st.offs)]
    cur = combine(st, *st.inputs)
    for i in range(r.randint(1, 4)):
        choices = stages_for(st, cur)
        if r.random() < 0.15 or (st.big and i == 0):
            choices = [(stage_dots, 1)]
        cur = weighted(r, choices)(st, cur)
    for v in [cur] + st.outputs:
        sink(st, v)
    num_warps = r.choice([None, None, 1, 2, 4, 8])
    if st.big_done:
        num_warps = 8
    argv = ["--kernel", "k%d" % seed, "--grid", ",".join(map(str, grid))]
    for s in k.specs:
        argv += ["--arg", s]
    return k.text(seed, num_warps), argv
