#!/usr/bin/env python3
"""Checks that each source file includes only from its own layer and the
layers below it (docs/architecture.md):

  lib/Support  ->  lib/IR  ->  dialect  ->  lib/Analysis  ->  lib/Transforms
  ->  lib/Conversion  ->  lib/Passes  ->  lib/Target  ->  lib/Execution
  ->  c-api

with lib/Runtime (the runtime library: no MLIR) beside them over
lib/Support alone, used from lib/Target up (packages are written there and
loaded from the tools and the C API); include/tile-c/Runtime.h is the
runtime's public header, Version.h (generated) a constant anyone may read,
and the other public headers (include/tile-c/*.h) those of c-api. tools/,
test/, fuzz/ and examples/ may include anything. Prints each wrong-way include with its
file and line; exit status 1 if there is one.

  scripts/check-layers.py [REPO]
"""
import os
import re
import sys

ORDER = ["lib/Support", "lib/IR", "dialect", "lib/Analysis", "lib/Transforms",
         "lib/Conversion", "lib/Passes", "lib/Target", "lib/Execution", "c-api"]
RUNTIME = "lib/Runtime"


def layer_of(path):
    """The layer a repository path belongs to, or None (no rule)."""
    if path == "include/tile-c/Version.h":
        return "lib/Support"
    if path == "include/tile-c/Runtime.h":
        return RUNTIME
    if path.startswith("include/tile-c/"):
        return "c-api"
    for l in ORDER + [RUNTIME]:
        if path.startswith(l + "/"):
            return l
    return None


def allowed(src, dst):
    if src is None or dst is None or src == dst:
        return True
    if src == RUNTIME:
        return dst == "lib/Support"
    if dst == RUNTIME:
        return ORDER.index(src) >= ORDER.index("lib/Target")
    return ORDER.index(dst) <= ORDER.index(src)


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    bad = 0
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    for top in ORDER + [RUNTIME, "include/tile-c"]:
        for dirpath, _, files in os.walk(os.path.join(repo, top)):
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, f), repo)
                src = layer_of(path)
                for n, line in enumerate(open(os.path.join(repo, path)), 1):
                    m = include.match(line)
                    if not m:
                        continue
                    target = m.group(1)
                    if target.startswith("tile-c/"):
                        target = "include/" + target
                    dst = layer_of(target)
                    if not allowed(src, dst):
                        print(f"{path}:{n}: {src} includes {target} ({dst}), "
                              "a layer it may not use")
                        bad += 1
    print(f"check-layers: {bad} wrong-way include(s)")
    return 1 if bad else 0


sys.exit(main())
