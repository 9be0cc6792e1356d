#!/usr/bin/env python3
"""Random valid tile kernels for differential testing (issue 35, item 2; a
first slice): from a seed, one kernel of loads (ragged memrefs, offsets
that run past either end, padding), a chain of elementwise ops, maybe a
reduction broadcast back, a transpose, a dot, a loop over blocks of x
under masks of its induction variable, a gather at computed indices
(some out of bounds), and a store or atomic adds at repeating indices,
with the
tile-run arguments and grid that launch it. Every kernel it writes must
pass tile's verifier, or the generator is wrong (run.py reports that as a
generator failure, not a tile bug).

Seeds from 100000 (gen2.FIRST_SEED) on are gen2's, the generator's fifth
version (gen2.py: v2 ops, 3-D tiles and grids, i64/i16/i8, f64 scalars,
chained dots; from 200000, gen2.F8_SEED, the sixth version adds f8
conversions and dots and f16/bf16 atomics); seeds below give the fourth
version's kernels, unchanged, since docs and tests cite them by number.

  gen.py SEED [-o KERNEL.mlir]     prints the compare.py arguments
"""
import argparse
import hashlib
import random
import sys

FLOATS = ["f32", "f16", "bf16"]
INTS = ["i32"]
FLOAT_BINARY = ["addf", "subf", "mulf", "maximumf", "minimumf", "maxnumf",
                "minnumf"]
INT_BINARY = ["addi", "subi", "muli", "maxsi", "minsi", "andi", "ori", "xori"]
FLOAT_UNARY = ["negf", "absf", "floor", "ceil"]
REDUCE_FLOAT = ["add", "max", "min", "maxnum", "minnum"]
REDUCE_INT = ["add", "max", "min", "and", "or", "xor"]


def tensor(shape, t):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), t)


def memref(rank, t):
    return "memref<%sx%s>" % ("x".join(["?"] * rank), t)


class Kernel:
    def __init__(self, rng):
        self.r = rng
        self.lines = []
        self.n = 0

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text):
        self.lines.append("  " + text)


def masked_loop(k, r, acc0, shape, offs, rank, t, is_float, ty, mty):
    last = shape[-1]
    it = tensor([last], "i32")
    c_last = k.fresh()
    k.emit("%s = arith.constant %d : index" % (c_last, rank - 1))
    n, n32, delta, bound = k.fresh(), k.fresh(), k.fresh(), k.fresh()
    k.emit("%s = memref.dim %%x, %s : %s" % (n, c_last, mty))
    k.emit("%s = arith.index_cast %s : index to i32" % (n32, n))
    k.emit("%s = arith.constant %d : i32" % (delta, r.randint(-last, last)))
    k.emit("%s = arith.addi %s, %s : i32" % (bound, n32, delta))
    start, step = k.fresh(), k.fresh()
    k.emit("%s = arith.constant %d : index" % (start, r.choice([0, 0, 1, last // 2 + 1, 2 * last])))
    k.emit("%s = arith.constant %d : index" % (step, r.choice([last, last, 1, 2 * last, max(1, last // 2)])))
    rg, bv = k.fresh(), k.fresh()
    k.emit('%s = "tile.range"() {start = 0 : i32, end = %d : i32} : () -> %s' % (rg, last, it))
    k.emit('%s = "tile.splat"(%s) : (i32) -> %s' % (bv, bound, it))
    causal = rank == 2 and r.random() < 0.5
    if causal:
        rows_t = tensor([shape[0]], "i32")
        rr, o32, ov, q, q1, qb = (k.fresh() for _ in range(6))
        k.emit('%s = "tile.range"() {start = 0 : i32, end = %d : i32} : () -> %s' % (rr, shape[0], rows_t))
        k.emit("%s = arith.index_cast %s : index to i32" % (o32, offs[0]))
        k.emit('%s = "tile.splat"(%s) : (i32) -> %s' % (ov, o32, rows_t))
        k.emit("%s = arith.addi %s, %s : %s" % (q, rr, ov, rows_t))
        k.emit('%s = "tile.expand_dims"(%s) {axis = 1 : i32} : (%s) -> %s'
               % (q1, q, rows_t, tensor([shape[0], 1], "i32")))
        k.emit('%s = "tile.broadcast"(%s) : (%s) -> %s'
               % (qb, q1, tensor([shape[0], 1], "i32"), tensor(shape, "i32")))
    res, j, acc = k.fresh(), k.fresh(), k.fresh()
    k.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {"
           % (res, j, start, n, step, acc, acc0, ty))
    tl, j32, jv, key, m = (k.fresh() for _ in range(5))
    k.emit('  %s = "tile.load"(%%x, %s) : (%s, %s) -> %s'
           % (tl, ", ".join(offs[:-1] + [j]), mty, ", ".join(["index"] * rank), ty))
    k.emit("  %s = arith.index_cast %s : index to i32" % (j32, j))
    k.emit('  %s = "tile.splat"(%s) : (i32) -> %s' % (jv, j32, it))
    k.emit("  %s = arith.addi %s, %s : %s" % (key, rg, jv, it))
    pred = r.choice(["slt", "sle", "sgt", "sge"])
    a, b = (key, bv) if r.random() < 0.7 else (bv, key)
    k.emit("  %s = arith.cmpi %s, %s, %s : %s" % (m, pred, a, b, it))
    mask = m
    if rank == 2:
        m1, mb = k.fresh(), k.fresh()
        k.emit('  %s = "tile.expand_dims"(%s) {axis = 0 : i32} : (%s) -> %s'
               % (m1, m, tensor([last], "i1"), tensor([1, last], "i1")))
        k.emit('  %s = "tile.broadcast"(%s) : (%s) -> %s'
               % (mb, m1, tensor([1, last], "i1"), tensor(shape, "i1")))
        mask = mb
    if causal:
        k1, kb, below, both = (k.fresh() for _ in range(4))
        k.emit('  %s = "tile.expand_dims"(%s) {axis = 0 : i32} : (%s) -> %s'
               % (k1, key, it, tensor([1, last], "i32")))
        k.emit('  %s = "tile.broadcast"(%s) : (%s) -> %s'
               % (kb, k1, tensor([1, last], "i32"), tensor(shape, "i32")))
        k.emit("  %s = arith.cmpi %s, %s, %s : %s"
               % (below, r.choice(["sle", "slt"]), kb, qb, tensor(shape, "i32")))
        k.emit("  %s = arith.andi %s, %s : %s" % (both, mask, below, tensor(shape, "i1")))
        mask = both
    sel, nxt = k.fresh(), k.fresh()
    k.emit("  %s = arith.select %s, %s, %s : %s, %s"
           % (sel, mask, tl, acc, tensor(shape, "i1"), ty))
    k.emit("  %s = arith.%s %s, %s : %s"
           % (nxt, r.choice(["addf", "maximumf"] if is_float else ["addi", "maxsi"]),
              acc, sel, ty))
    k.emit("  scf.yield %s : %s" % (nxt, ty))
    k.emit("}")
    return res


def generate(seed):
    """The kernel text and compare.py arguments of a seed (gen2's from
    gen2.FIRST_SEED on)."""
    import gen2
    if seed >= gen2.FIRST_SEED:
        return gen2.generate(seed)
    return generate_v1(seed)


def generate_v1(seed):
    r = random.Random(seed)
    k = Kernel(r)
    t = r.choice(FLOATS + INTS)
    is_float = t in FLOATS
    rank = r.choice([1, 2, 2])
    if rank == 1:
        shape = [2 ** r.randint(0, 10)]
    elif r.random() < 0.35:  # square: transposes and dots
        shape = [2 ** r.randint(4, 6)] * 2
    else:
        shape = [2 ** r.randint(0, 6), 2 ** r.randint(0, 6)]
    grid = [r.randint(1, 3) for _ in range(rank)] + [1] * (3 - rank)
    # Memref sizes: about the grid's extent, ragged, sometimes smaller.
    sizes = [max(1, g * s + r.randint(-s, s)) for g, s in zip(grid, shape)]
    shift = [r.choice([0, 0, 1, -1, s // 2]) for s in shape]
    args = ["%x: " + memref(rank, t), "%y: " + memref(rank, t),
            "%out: " + memref(rank, t)]
    specs = ["randn:%sx%s:seed=%d" % ("x".join(map(str, sizes)), t, seed * 3 + i)
             if is_float else
             "iota:%sx%s" % ("x".join(map(str, sizes)), t) for i in range(2)]
    specs.append("zeros:%sx%s" % ("x".join(map(str, sizes)), t))
    # Offsets: program id times the block, shifted.
    offs = []
    for d in range(rank):
        pid, blk, o = k.fresh(), k.fresh(), k.fresh()
        k.emit('%s = "tile.program_id"() {axis = %d : i32} : () -> index'
               % (pid, d))
        k.emit("%s = arith.constant %d : index" % (blk, shape[d]))
        k.emit("%s = arith.muli %s, %s : index" % (o, pid, blk))
        if shift[d]:
            sh, o2 = k.fresh(), k.fresh()
            k.emit("%s = arith.constant %d : index" % (sh, shift[d]))
            k.emit("%s = arith.addi %s, %s : index" % (o2, o, sh))
            o = o2
        offs.append(o)
    ty = tensor(shape, t)
    mty = memref(rank, t)
    idx = ", ".join(["index"] * rank)
    vals = []
    for name in ("%x", "%y"):
        v = k.fresh()
        pad = ""
        if r.random() < 0.3:
            pad = " {padding = %s : %s}" % (
                r.choice(["1.0", "-2.5"]) if is_float else str(r.randint(-3, 3)), t)
        k.emit('%s = "tile.load"(%s, %s)%s : (%s, %s) -> %s'
               % (v, name, ", ".join(offs), pad, mty, idx, ty))
        vals.append(v)
    # A chain of elementwise ops.
    for _ in range(r.randint(1, 5)):
        v = k.fresh()
        if is_float and r.random() < 0.25:
            op = r.choice(FLOAT_UNARY)
            a = r.choice(vals)
            dialect = "arith" if op == "negf" else "math"
            k.emit("%s = %s.%s %s : %s" % (v, dialect, op, a, ty))
        else:
            op = r.choice(FLOAT_BINARY if is_float else INT_BINARY)
            a, b = r.choice(vals), r.choice(vals)
            k.emit("%s = arith.%s %s, %s : %s" % (v, op, a, b, ty))
        vals.append(v)
    result = vals[-1]
    # A reduction along an axis, broadcast back.
    if rank == 2 and r.random() < 0.4:
        axis = r.randint(0, 1)
        kind = r.choice(REDUCE_FLOAT if is_float else REDUCE_INT)
        red_shape = [shape[1 - axis]]
        red, ex, bc = k.fresh(), k.fresh(), k.fresh()
        k.emit('%s = "tile.reduce"(%s) {axis = %d : i32, kind = "%s"} : (%s) -> %s'
               % (red, result, axis, kind, ty, tensor(red_shape, t)))
        ex_shape = list(shape)
        ex_shape[axis] = 1
        k.emit('%s = "tile.expand_dims"(%s) {axis = %d : i32} : (%s) -> %s'
               % (ex, red, axis, tensor(red_shape, t), tensor(ex_shape, t)))
        k.emit('%s = "tile.broadcast"(%s) : (%s) -> %s'
               % (bc, ex, tensor(ex_shape, t), ty))
        s = k.fresh()
        op = "addf" if is_float else "addi"
        k.emit("%s = arith.%s %s, %s : %s" % (s, op, result, bc, ty))
        result = s
    # A transpose of a square tile.
    if rank == 2 and shape[0] == shape[1] and r.random() < 0.3:
        tr = k.fresh()
        k.emit('%s = "tile.trans"(%s) {permutation = array<i32: 1, 0>} : (%s) -> %s'
               % (tr, result, ty, ty))
        result = tr
    # A dot of the square tile with itself (f16/bf16 -> f32, f32 tf32).
    if (rank == 2 and shape[0] == shape[1] and shape[0] >= 16 and
            t in ("f16", "bf16", "f32") and r.random() < 0.6):
        acc_t = "f32"
        accty = tensor(shape, acc_t)
        z, d = k.fresh(), k.fresh()
        k.emit("%s = arith.constant dense<0.0> : %s" % (z, accty))
        k.emit('%s = "tile.dot"(%s, %s, %s) : (%s, %s, %s) -> %s'
               % (d, result, vals[0], z, ty, ty, accty, accty))
        if t != "f32":
            c = k.fresh()
            k.emit("%s = arith.truncf %s : %s to %s" % (c, d, accty, ty))
            d = c
        result = d
    # Rank 1: sometimes gather x at computed indices (some out of bounds:
    # padding), and sometimes end with atomic adds into out at indices
    # that repeat (every addition lands) instead of a store.
    if rank == 1 and r.random() < 0.3:
        n = shape[0]
        rg, kc, ix, g = k.fresh(), k.fresh(), k.fresh(), k.fresh()
        it = tensor(shape, "i32")
        k.emit('%s = "tile.range"() {start = 0 : i32, end = %d : i32} : () -> %s'
               % (rg, n, it))
        k.emit("%s = arith.constant dense<%d> : %s" % (kc, r.choice([1, 2, 3, 7]), it))
        k.emit("%s = arith.muli %s, %s : %s" % (ix, rg, kc, it))
        if r.random() < 0.5:
            xc, ix2 = k.fresh(), k.fresh()
            k.emit("%s = arith.constant dense<%d> : %s" % (xc, r.randint(1, 5), it))
            k.emit("%s = arith.xori %s, %s : %s" % (ix2, ix, xc, it))
            ix = ix2
        k.emit('%s = "tile.gather"(%%x, %s) : (%s, %s) -> %s'
               % (g, ix, mty, it, ty))
        s2 = k.fresh()
        op = "addf" if is_float else "addi"
        k.emit("%s = arith.%s %s, %s : %s" % (s2, op, result, g, ty))
        result = s2
    # A loop over x's last dimension from a start to its end, adding
    # blocks of x where a mask holds: the key offset against a bound
    # (random predicate and side), sometimes with a causal-style row mask
    # (andi); tile-split-loops splits such loops, the interpreter does not.
    if r.random() < 0.35:
        result = masked_loop(k, r, result, shape, offs, rank, t, is_float, ty, mty)
    if rank == 1 and t in ("i32", "f32") and r.random() < 0.3:
        n = shape[0]
        it = tensor(shape, "i32")
        rg, m, ix = k.fresh(), k.fresh(), k.fresh()
        k.emit('%s = "tile.range"() {start = 0 : i32, end = %d : i32} : () -> %s'
               % (rg, n, it))
        k.emit("%s = arith.constant dense<%d> : %s" % (m, r.choice([1, 3, 5, 16]), it))
        k.emit("%s = arith.remsi %s, %s : %s" % (ix, rg, m, it))
        old = k.fresh()
        k.emit('%s = "tile.atomic_rmw"(%s, %%out, %s) {kind = "add"} : (%s, %s, %s) -> %s'
               % (old, result, ix, ty, mty, it, ty))
    else:
        k.emit('"tile.store"(%s, %%out, %s) : (%s, %s, %s) -> ()'
               % (result, ", ".join(offs), ty, mty, idx))
    text = ("// Generated by test/difftest/gen.py from seed %d.\n"
            "func.func @k%d(%s) attributes {tile.kernel} {\n%s\n  return\n}\n"
            % (seed, seed, ", ".join(args), "\n".join(k.lines)))
    argv = ["--kernel", "k%d" % seed, "--grid",
            ",".join(map(str, grid[:max(rank, 1)]))]
    for s in specs:
        argv += ["--arg", s]
    return text, argv


def seeds_hash(start, count):
    """The sha256 of seeds start.. start+count-1's kernels and arguments:
    what a generator change must leave alone for the seeds that tests and
    docs/difftest.md cite to name the same kernels (seeds.test)."""
    h = hashlib.sha256()
    for seed in range(start, start + count):
        text, argv = generate(seed)
        h.update(text.encode())
        h.update(" ".join(argv).encode())
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--hash", type=int, metavar="COUNT",
                    help="print the sha256 of COUNT seeds' kernels from "
                    "SEED instead")
    a = ap.parse_args()
    if a.hash:
        print("seeds %d..%d: %s" % (a.seed, a.seed + a.hash - 1,
                                    seeds_hash(a.seed, a.hash)))
        return
    text, argv = generate(a.seed)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(" ".join(argv), file=sys.stderr)


if __name__ == "__main__":
    main()
