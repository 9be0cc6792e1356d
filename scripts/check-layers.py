#!/usr/bin/env python3
"""Checks that each source file includes only from its own layer and the
layers below it (docs/architecture.md):

  lib/Support  ->  lib/IR  ->  dialect  ->  lib/Analysis  ->  lib/Transforms
  ->  lib/Conversion  ->  lib/Passes  ->  lib/Target  ->  lib/Execution
  ->  lib/Tuning  ->  c-api

with lib/Runtime (the runtime library: no MLIR) beside them over
lib/Support alone, used from lib/Target up, and lib/Tooling (the tools'
flags, .npy files and input generators) over lib/Runtime, which no
library may use (packages are written there and
loaded from the tools and the C API); include/tile-c/Runtime.h is the
runtime's public header, Version.h (generated) a constant anyone may read,
and the other public headers (include/tile-c/*.h) those of c-api. tools/,
test/, fuzz/ and examples/ may include anything. Prints each wrong-way include with its
file and line; exit status 1 if there is one.

With --objects BUILD it also reads the object files of a build (the
layers' object libraries, CMakeFiles/tile_*.dir, and tile_runtime's)
with nm and checks every call and reference between them the same way: a
function a layer may not use is caught even where it was declared by
hand rather than included.

  scripts/check-layers.py [REPO] [--objects BUILD]
"""
import glob
import os
import re
import subprocess
import sys

ORDER = ["lib/Support", "lib/IR", "dialect", "lib/Analysis", "lib/Transforms",
         "lib/Conversion", "lib/Passes", "lib/Target", "lib/Execution",
         "lib/Tuning", "c-api"]
RUNTIME = "lib/Runtime"
TOOLING = "lib/Tooling"  # the tools' helpers: over Runtime, used by none


def layer_of(path):
    """The layer a repository path belongs to, or None (no rule)."""
    if path == "include/tile-c/Version.h":
        return "lib/Support"
    if path == "include/tile-c/Runtime.h":
        return RUNTIME
    if path.startswith("include/tile-c/"):
        return "c-api"
    for l in ORDER + [RUNTIME, TOOLING]:
        if path.startswith(l + "/"):
            return l
    return None


def allowed(src, dst):
    if src is None or dst is None or src == dst:
        return True
    if dst == TOOLING:
        return False
    if src == TOOLING:
        return dst in (RUNTIME, "lib/Support")
    if src == RUNTIME:
        return dst == "lib/Support"
    if dst == RUNTIME:
        return ORDER.index(src) >= ORDER.index("lib/Target")
    return ORDER.index(dst) <= ORDER.index(src)


def symbols(obj, flag):
    """The global symbols an object file defines (flag --defined-only) or
    leaves undefined (--undefined-only)."""
    r = subprocess.run(["nm", "-P", flag, obj], capture_output=True,
                       text=True, check=True)
    out = set()
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and (flag == "--undefined-only" or
                                parts[1] in "TDBRVWtdbr" and parts[1].isupper()):
            out.add(parts[0])
    return out


def check_objects(repo, build):
    """Wrong-way references between the layers' object files (those of
    sources the repository still has: a build keeps objects of moved
    files)."""
    objects = {}
    for obj in glob.glob(os.path.join(build, "CMakeFiles", "tile_*.dir", "**",
                                      "*.c.o"), recursive=True):
        rel = obj.split(".dir" + os.sep, 1)[1][:-2]
        if layer_of(rel) and os.path.exists(os.path.join(repo, rel)):
            objects[rel] = obj
    defined = {}
    for rel, obj in objects.items():
        for sym in symbols(obj, "--defined-only"):
            defined[sym] = rel
    bad = 0
    for rel, obj in sorted(objects.items()):
        src = layer_of(rel)
        for sym in sorted(symbols(obj, "--undefined-only")):
            home = defined.get(sym)
            if home and not allowed(src, layer_of(home)):
                print(f"{rel}: uses {sym}, defined in {home} "
                      f"({layer_of(home)}), a layer it may not use")
                bad += 1
    print(f"check-layers: {len(objects)} object files, {bad} wrong-way "
          "reference(s)")
    return bad


def main():
    args = sys.argv[1:]
    build = None
    if "--objects" in args:
        i = args.index("--objects")
        build = args[i + 1]
        del args[i:i + 2]
    repo = args[0] if args else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    bad = 0
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    for top in ORDER + [RUNTIME, TOOLING, "include/tile-c"]:
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
    if build:
        bad += check_objects(repo, build)
    return 1 if bad else 0


sys.exit(main())
