#!/usr/bin/env python3
"""Reduces a kernel that disagrees with the reference interpreter to a
small one that still does (issue 35, item 3: delta debugging over ops and
shapes), for a regression test.

  reduce.py KERNEL.mlir --kernel NAME --grid G --arg SPEC ... --build B
            [-o OUT.mlir]
      B: cpu, or sm_90a / sm_80 / sm_90a+options on a GPU machine
         (campaign.py's build names; +options takes the seed's options
         from --seed N)
  reduce.py --seed N --build B [-o OUT.mlir]
      the kernel gen.py makes from seed N, launched as it says

It works on the text gen.py writes (one op a line, results %vN) and keeps
a change when the build still disagrees with the interpreter (a
"mismatch", not an invalid kernel or a crash):
- an op's result replaced by one of its operands (the same type, or the
  verifier refuses the change and it is dropped), the op deleted; a loop
  replaced by its initial values;
- an op whose result nobody uses deleted, and a store deleted;
- the grid cut to one program along each axis, and each array's
  dimensions halved.
It repeats until no change is kept, then prints the kernel and the
compare.py arguments that launch it.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

RESULT = re.compile(r"^\s*(%v\d+)(?::\d+)? = ")
VALUE = re.compile(r"%v\d+")


class Reducer:
    def __init__(self, worker, build, options):
        self.worker, self.build, self.options = worker, build, options
        self.tries = 0

    def fails(self, lines, argv):
        """Whether the build still disagrees with the interpreter."""
        self.tries += 1
        text = "".join(lines)
        for label, outcome, _ in self.worker.check(
                text, argv, [(self.build, self.options)]):
            if label == self.build and outcome == "mismatch":
                return True
        return False

    # -- op edits ------------------------------------------------------

    def block_end(self, lines, i):
        """The index of the line closing the region that opens at line i."""
        depth = 0
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            if depth == 0 and j > i:
                return j
        return len(lines) - 1

    def uses(self, lines, name, start):
        pattern = re.compile(re.escape(name) + r"(?!\d)")
        return any(pattern.search(l) for l in lines[start:])

    def replace(self, lines, name, by, start):
        pattern = re.compile(re.escape(name) + r"(?!\d)")
        return lines[:start] + [pattern.sub(by, l) for l in lines[start:]]

    def candidates(self, lines):
        """Smaller versions of lines, last ops first."""
        for i in range(len(lines) - 1, 0, -1):
            line = lines[i]
            m = RESULT.match(line)
            if "scf.for" in line and m:
                end = self.block_end(lines, i)
                inits = re.findall(r"= (%v\d+)[,)]",
                                   line.split("iter_args", 1)[-1])
                if len(inits) == 1:
                    rest = lines[:i] + lines[end + 1:]
                    yield self.replace(rest, m.group(1), inits[0], i)
                continue
            if m:
                name = m.group(1)
                if not self.uses(lines, name, i + 1):
                    yield lines[:i] + lines[i + 1:]
                    continue
                operands = VALUE.findall(line.split("=", 1)[1])
                for by in dict.fromkeys(operands):
                    rest = lines[:i] + lines[i + 1:]
                    yield self.replace(rest, name, by, i)
            elif '"tile.store' in line or '"tile.atomic' in line or \
                    '"tile.scatter' in line:
                yield lines[:i] + lines[i + 1:]

    # -- launch edits ----------------------------------------------------

    def smaller_launches(self, argv):
        g = argv.index("--grid") + 1
        grid = argv[g].split(",")
        for d, n in enumerate(grid):
            if n != "1":
                yield argv[:g] + [",".join(grid[:d] + ["1"] + grid[d + 1:])] \
                    + argv[g + 1:]
        for i, w in enumerate(argv):
            m = re.fullmatch(r"(\w+):([\dx]+)x(\w+)(:seed=\d+)?", w)
            if i == 0 or argv[i - 1] != "--arg" or not m:
                continue
            dims = [int(x) for x in m.group(2).split("x")]
            for d, n in enumerate(dims):
                if n > 1:
                    less = dims[:d] + [(n + 1) // 2] + dims[d + 1:]
                    yield argv[:i] + ["%s:%sx%s%s" % (
                        m.group(1), "x".join(map(str, less)), m.group(3),
                        m.group(4) or "")] + argv[i + 1:]

    def reduce(self, lines, argv):
        if not self.fails(lines, argv):
            raise SystemExit("reduce.py: the kernel does not disagree on "
                             "%s to begin with" % self.build)
        changed = True
        while changed:
            changed = False
            for smaller in self.candidates(lines):
                if self.fails(smaller, argv):
                    lines, changed = smaller, True
                    break
            if changed:
                continue
            for smaller in self.smaller_launches(argv):
                if self.fails(lines, smaller):
                    argv, changed = smaller, True
                    break
        return lines, argv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel_file", nargs="?")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--kernel")
    ap.add_argument("--grid")
    ap.add_argument("--arg", action="append", default=[])
    ap.add_argument("--build", default="cpu")
    ap.add_argument("-o", dest="out")
    a = ap.parse_args()
    import campaign
    import gen
    if a.seed is not None:
        text, argv = gen.generate(a.seed)
    elif a.kernel_file and a.kernel and a.grid:
        text = open(a.kernel_file).read()
        argv = ["--kernel", a.kernel, "--grid", a.grid]
        for spec in a.arg:
            argv += ["--arg", spec]
    else:
        ap.error("give --seed N, or KERNEL.mlir with --kernel and --grid")
    worker = campaign.Worker(a.build != "cpu", True)
    builds = dict(worker.builds(a.seed or 0))
    if a.build not in builds:
        ap.error("--build %s: this machine runs %s" % (
            a.build, ", ".join(builds)))
    r = Reducer(worker, a.build, builds[a.build])
    before = text.splitlines(True)
    lines, argv = r.reduce(before, argv)
    body = [l for l in lines if not l.startswith("//")]
    out = ("// Reduced by test/difftest/reduce.py (%s, %d tries) from %d to "
           "%d lines; it disagrees with the interpreter there when run as\n"
           "// compare.py %s\n" % (a.build, r.tries, len(before), len(body),
                                   " ".join(argv))) + "".join(body)
    if a.out:
        with open(a.out, "w") as f:
            f.write(out)
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
