#!/usr/bin/env python3
"""Where a kernel's warps wait, per SASS instruction, from an ncu report.

  ncu --set full --import-source no -k regex:NAME -c 1 -o rep tile-run ...
  ncu --import rep.ncu-rep --page source --csv --print-source sass > src.csv
  bench/ncu_stalls.py src.csv [--top 40] [--loop LO-HI]

Sums the stall samples (ncu's "Warp Stall Sampling (All Samples)" and
its per-reason columns where the report has them) by opcode, and prints
the instructions with the most samples beside their neighbours, so a
loop's hot spots read as SASS. --loop keeps addresses LO..HI (hex) only.
"""
import argparse
import collections
import csv
import re
import sys


def number(text):
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--loop", help="hex address range LO-HI")
    a = ap.parse_args()
    rows = list(csv.reader(open(a.csv, newline="")))
    head = next(i for i, r in enumerate(rows) if "Source" in r)
    cols = rows[head]
    body = [r for r in rows[head + 1:] if len(r) == len(cols)]
    at = {c: i for i, c in enumerate(cols)}
    addr = next(c for c in cols if "Address" in c)
    total = next(c for c in cols if c.startswith("Warp Stall Sampling (All"))
    reasons = [c for c in cols if c.startswith("stall_") or
               c.startswith("Stall ")]
    lo, hi = 0, 1 << 62
    if a.loop:
        lo, hi = (int(x, 16) for x in a.loop.split("-"))
    insts = []
    for r in body:
        try:
            pc = int(r[at[addr]], 16)
        except ValueError:
            continue
        if lo <= pc <= hi:
            insts.append((pc, r[at["Source"]].strip(), r))
    all_samples = sum(number(r[at[total]]) for _, _, r in insts) or 1
    print("columns:", ", ".join(cols))
    by_op = collections.Counter()
    by_reason = collections.defaultdict(collections.Counter)
    for _, src, r in insts:
        op = re.sub(r"^@!?U?P\w+\s+", "", src).split(" ")[0]
        by_op[op] += number(r[at[total]])
        for c in reasons:
            by_reason[c][op] += number(r[at[c]])
    print(f"\n{len(insts)} instructions, {all_samples:.0f} samples")
    print("\nby opcode (share of all samples):")
    for op, n in by_op.most_common(25):
        print(f"  {op:28s} {100 * n / all_samples:5.1f}%")
    if reasons:
        print("\nby stall reason:")
        sums = {c: sum(by_reason[c].values()) for c in reasons}
        for c in sorted(sums, key=sums.get, reverse=True)[:12]:
            if sums[c] > 0:
                tops = ", ".join(f"{op} {100 * n / all_samples:.1f}%"
                                 for op, n in by_reason[c].most_common(4))
                print(f"  {c:40s} {100 * sums[c] / all_samples:5.1f}%  ({tops})")
    print(f"\nthe {a.top} instructions with most samples:")
    ranked = sorted(insts, key=lambda x: -number(x[2][at[total]]))[:a.top]
    for pc, src, r in sorted(ranked):
        print(f"  {pc:05x} {100 * number(r[at[total]]) / all_samples:5.1f}%  {src}")


if __name__ == "__main__":
    sys.exit(main())
