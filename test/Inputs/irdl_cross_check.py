#!/usr/bin/env python3
"""Every valid tile file we ship must parse with upstream mlir-opt given only
dialect/tile.irdl.mlir, and must be accepted by tile-opt too.

Valid files: examples/*.mlir, bench/**/*.mlir, the ```mlir blocks of docs/*.md, and the
test/**/*.mlir files that expect neither diagnostics nor a failing exit.
A file that is invalid on purpose (or a template with ${NAME} holes) says
"irdl-cross-check: skip" in a comment, with the reason; a file whose
${NAME} holes are parameters of its `// tile.tune` lines is checked with
each at its first value (its default, docs/dialect.md "Tuning spaces"). Prints one line per
file and exits 1 if any is rejected.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

src, mlir_opt, tile_opt = sys.argv[1], sys.argv[2], sys.argv[3]
irdl = os.path.join(src, "dialect", "tile.irdl.mlir")


def is_valid_test(text):
    """A test file is meant to be valid unless it expects diagnostics or
    expects tile-opt to fail."""
    if "expected-error" in text or "irdl-cross-check: skip" in text:
        return False
    for line in text.splitlines():
        if "RUN:" in line and ("not " in line or "--verify-diagnostics" in line
                               or "exit-code" in line or "exit_code" in line):
            return False
        if "CHECK" in line and "error:" in line:
            return False
    return True


def tune_defaults(path, tmp):
    """The file with its tile.tune parameters at their first values, or
    the file itself when it has none."""
    text = open(path, encoding="utf-8", errors="replace").read()
    if "${" not in text:
        return path
    values = {}
    for line in text.splitlines():
        m = re.match(r"\s*//\s*tile\.tune(?:\s*@\S+)?\s*:(.*)", line)
        for item in m.group(1).split() if m else []:
            name, _, listed = item.partition("=")
            values.setdefault(name, listed.split(",")[0])
    text = re.sub(r"\$\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), text)
    out = os.path.join(tmp, "tuned-%d.mlir" % abs(hash(path)))
    with open(out, "w") as f:
        f.write(text)
    return out


def shipped_files(tmp):
    for folder in ("examples", "bench"):
        for path in sorted(glob.glob(os.path.join(src, folder, "**", "*.mlir"), recursive=True)):
            if "irdl-cross-check: skip" in open(path, encoding="utf-8").read():
                continue
            yield os.path.relpath(path, src), tune_defaults(path, tmp)
    for path in sorted(glob.glob(os.path.join(src, "test", "**", "*.mlir"), recursive=True)):
        if not is_valid_test(open(path, encoding="utf-8", errors="replace").read()):
            continue
        yield os.path.relpath(path, src), tune_defaults(path, tmp)
    for doc in sorted(glob.glob(os.path.join(src, "docs", "*.md"))):
        text = open(doc, encoding="utf-8").read()
        for i, block in enumerate(re.findall(r"```mlir\n(.*?)```", text, re.S)):
            if "func.func" not in block or "expected-error" in block:
                continue  # fragments of a kernel, not a whole one
            path = os.path.join(tmp, "%s.%d.mlir" % (os.path.basename(doc), i))
            with open(path, "w") as f:
                f.write(block)
            yield "%s (mlir block %d)" % (os.path.relpath(doc, src), i), path


failed = 0
count = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, path in shipped_files(tmp):
        count += 1
        for tool, cmd in (("mlir-opt", [mlir_opt, "--irdl-file=" + irdl]),
                          ("tile-opt", [tile_opt])):
            r = subprocess.run(cmd + ["--split-input-file", path, "-o", os.devnull],
                               capture_output=True, text=True)
            if r.returncode != 0:
                failed += 1
                print("REJECTED by %s: %s\n%s" % (tool, name, r.stderr))
        print("ok: %s" % name)
print("checked %d files, %d rejections" % (count, failed))
sys.exit(1 if failed or count == 0 else 0)
