#!/usr/bin/env python3
"""Finds lit RUN lines that wrap a command in test/Inputs/exit-code.py but
whose FileCheck prefix never checks the `exit code:` line it prints: such a
test passes whether the tool exits 0, 1 or 2. Prints FILE:LINE: PREFIX for
each; exit status 1 if there is one.

  scripts/check-exit-codes.py [REPO]
"""
import os
import re
import sys

repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))
bad = 0
for dirpath, _, files in os.walk(os.path.join(repo, "test")):
    for f in sorted(files):
        if not f.endswith((".test", ".mlir")):
            continue
        path = os.path.join(dirpath, f)
        lines = open(path, errors="replace").read().split("\n")
        for i, line in enumerate(lines):
            if "RUN:" not in line or "exit-code.py" not in line:
                continue
            if "| FileCheck" not in line:
                # Output kept in a file; a later RUN line checks it with
                # some prefix: look for that prefix's exit code check.
                later = " ".join(l for l in lines[i + 1:i + 3] if "RUN:" in l)
                m = re.search(r"--check-prefix[= ](\S+)", later)
            else:
                m = re.search(r"--check-prefix[= ](\S+)", line)
            prefix = m.group(1) if m else "CHECK"
            pat = re.compile(r"\b" + re.escape(prefix) + r"(-NEXT|-SAME)?:.*exit code")
            if not any(pat.search(l) for l in lines):
                print("%s:%d: %s never checks the exit code" %
                      (os.path.relpath(path, repo), i + 1, prefix))
                bad += 1
print("check-exit-codes: %d unchecked" % bad)
sys.exit(1 if bad else 0)
